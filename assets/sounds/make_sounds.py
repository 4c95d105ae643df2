"""Makes the turn timer's two sounds (`tilegames timer`): `warning.wav`, two short soft beeps
when 10 seconds are left, and `alert.wav`, three louder falling tones when the time is up.

They are generated rather than recorded so that their licence is this repository's and anyone
can change them: run `python assets/sounds/make_sounds.py` and commit the WAV files it writes
beside itself. Standard library only (wave, math, struct): 16-bit mono, 22050 Hz.
"""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def tone(frequency: float, seconds: float, volume: float) -> list[float]:
    """A sine tone with 10 ms fades at both ends, so it starts and stops without a click."""
    count = int(RATE * seconds)
    fade = int(RATE * 0.01)
    samples = []
    for i in range(count):
        envelope = min(1.0, i / fade, (count - 1 - i) / fade)
        samples.append(volume * envelope * math.sin(2 * math.pi * frequency * i / RATE))
    return samples


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def write(name: str, samples: list[float]) -> Path:
    path = HERE / name
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", round(s * 32767)) for s in samples))
    return path


def main() -> None:
    warning = tone(880, 0.12, 0.4) + silence(0.08) + tone(880, 0.12, 0.4)
    alert = tone(1046.5, 0.25, 0.7) + silence(0.05) + tone(784, 0.25, 0.7) + silence(0.05) + tone(523.25, 0.45, 0.7)
    for path in (write("warning.wav", warning), write("alert.wav", alert)):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
