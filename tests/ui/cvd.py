"""Colour-vision deficiency, simulated: sRGB colours as people with protanopia, deuteranopia or
tritanopia see them (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear RGB),
and the CIE76 colour difference (ΔE*ab in CIELAB, D65) between two colours. Pure arithmetic, for
the palette tests; no dependency."""

from __future__ import annotations

import math

Matrix = tuple[tuple[float, float, float], ...]
RGB = tuple[int, int, int]

SIMULATIONS: dict[str, Matrix] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def seen(rgb: RGB, deficiency: str) -> tuple[float, float, float]:
    """The colour as CIELAB, as seen with `deficiency` (a key of SIMULATIONS)."""
    matrix = SIMULATIONS[deficiency]
    lin = [linear(c) for c in rgb]
    r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB, deficiency: str = "normal") -> float:
    return math.dist(seen(a, deficiency), seen(b, deficiency))
