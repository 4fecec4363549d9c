"""Colour measures for readability: WCAG contrast between two colours, and how a colour looks
to a viewer with protanopia, deuteranopia or tritanopia (the severity-1.0 matrices of Machado,
Oliveira and Fernandes, "A Physiologically-based Model for Simulation of Color Vision
Deficiency", IEEE TVCG 2009, applied in linear RGB), and the CIELAB distance between two
colours (CIE 1976 ΔE*ab) to say whether two things still look different."""

from __future__ import annotations

from functools import lru_cache

#: Machado 2009, severity 1.0, linear RGB in, linear RGB out
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
KINDS = tuple(MACHADO)


def to_linear(v: float) -> float:
    v /= 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def luminance(c) -> float:
    """WCAG relative luminance of an sRGB colour (r, g, b) in 0..255."""
    r, g, b = (to_linear(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(c, kind: str) -> tuple:
    """``c`` as a viewer with ``kind`` (a key of MACHADO) sees it; "normal" leaves it."""
    if kind == "normal":
        return tuple(c[:3])
    m = MACHADO[kind]
    lin = [to_linear(v) for v in c[:3]]
    return tuple(to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))


def lab(c) -> tuple:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (to_linear(v) for v in c[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a, b) -> float:
    """CIE 1976 colour difference of two sRGB colours (about 2.3: just noticeable; 20 and more:
    plainly different at a glance)."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def worst_delta_e(a, b) -> tuple[float, str]:
    """The smallest colour difference of ``a`` and ``b`` over normal vision and the three
    simulated deficiencies, and the vision it is smallest for."""
    return min((delta_e(simulate(a, k), simulate(b, k)), k) for k in ("normal",) + KINDS)


def mix(a, b, k: float) -> tuple:
    """``a`` moved a fraction ``k`` (0..1) of the way to ``b``."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a[:3], b[:3]))


@lru_cache(maxsize=512)
def _readable(fg, bg, ratio: float = 4.5) -> tuple:
    """``fg`` itself if it reads at ``ratio`` against ``bg``; else ``fg`` moved the least way
    toward white or black (whichever gets there; black when neither does) that does."""
    fg = tuple(fg[:3])
    if contrast(fg, bg) >= ratio:
        return fg
    for k in range(1, 21):
        for end in ((255, 255, 255), (0, 0, 0)):
            c = mix(fg, end, k / 20)
            if contrast(c, bg) >= ratio:
                return c
    return (0, 0, 0) if luminance(bg) > 0.18 else (255, 255, 255)


@lru_cache(maxsize=512)
def _backdrop_for(fg, bg, ratio: float = 4.5) -> tuple:
    """``bg`` itself if ``fg`` reads on it at ``ratio``; else ``bg`` darkened (for light text)
    or lightened (for dark text) the least way that makes it read."""
    bg = tuple(bg[:3])
    if contrast(fg, bg) >= ratio:
        return bg
    end = (0, 0, 0) if luminance(fg) > luminance(bg) else (255, 255, 255)
    for k in range(1, 21):
        c = mix(bg, end, k / 20)
        if contrast(fg, c) >= ratio:
            return c
    return end


def readable(fg, bg, ratio: float = 4.5) -> tuple:
    return _readable(tuple(fg[:3]), tuple(bg[:3]), ratio)


def backdrop_for(fg, bg, ratio: float = 4.5) -> tuple:
    return _backdrop_for(tuple(fg[:3]), tuple(bg[:3]), ratio)
