"""Small text helpers for messages about what a player or a file wrote.

GCG files and file names come from anywhere, so a message that echoes them goes through
`shown`: shortened, and with every character that is not printable escaped, so an escape
sequence in a file cannot repaint the terminal and a byte that was not UTF-8 (a lone
surrogate from the file system) cannot make `print` fail. (tilegames/core/inputs.py is growing
the same helper for every command; this one can give way to it once it is in.)
"""

from __future__ import annotations


def shown(text: str, limit: int = 60) -> str:
    """`text` as safe to print in a one-line message: escaped and at most about `limit` long."""
    out: list[str] = []
    for char in text[: limit + 1]:
        if char.isprintable():
            out.append(char)
        elif 0xDC80 <= ord(char) <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{ord(char) - 0xDC00:02x}")
        elif ord(char) < 0x100:
            out.append(f"\\x{ord(char):02x}")
        elif ord(char) < 0x10000:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    if len(text) > limit:
        return "".join(out[:limit]) + "…"
    return "".join(out)


def lower_first(text: str) -> str:
    """A sentence made to continue a message (`line 3: "8P" is not a square…`)."""
    return text[:1].lower() + text[1:]
