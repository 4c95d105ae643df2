"""Where the shipped data lives: `assets/` and `dictionaries/`.

In a checkout they sit at the top of the repository, beside the `tilegames` package; in an
installed wheel they are copied inside the package (`tilegames/assets`, see pyproject.toml).
The installed location wins when both exist.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"The {name}/ folder is missing: tilegames is not installed correctly "
        f"(looked in {_PACKAGE / name} and {_PACKAGE.parent / name})."
    )


def assets_dir() -> Path:
    return _find("assets")


def dictionaries_dir() -> Path:
    return _find("dictionaries")
