"""Every screen of both games as players with colour-vision deficiencies see it (issue 57,
item 12): each screen of the readability tour (tests/ui/screen_tour.py) is saved with its
protanopia, deuteranopia and tritanopia simulations (Machado 2009, severity 1, the matrices in
squabble/framework/vision.py) as one 2 × 2 sheet: normal top left, protanopia top right,
deuteranopia bottom left, tritanopia bottom right.

    SDL_VIDEODRIVER=dummy python tools/colour_vision.py [outdir] [WIDTHxHEIGHT]

Or, for pictures already taken:  python tools/colour_vision.py --files OUTDIR A.png B.png ...
"""

from __future__ import annotations

import os
import sys

from shot_harness import OUT  # (first: the headless set-up)

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from squabble.framework.vision import KINDS, MACHADO  # noqa: E402


def simulate_array(rgb: np.ndarray, kind: str) -> np.ndarray:
    """An (w, h, 3) uint8 picture as seen with ``kind``."""
    v = rgb.astype(np.float64) / 255.0
    lin = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    out = lin @ np.array(MACHADO[kind]).T
    out = np.clip(out, 0.0, 1.0)
    srgb = np.where(out <= 0.0031308, out * 12.92, 1.055 * out ** (1 / 2.4) - 0.055)
    return np.round(srgb * 255).astype(np.uint8)


def sheet(surface: pygame.Surface) -> pygame.Surface:
    """The picture and its three simulations, each at half size, in a 2 × 2 sheet."""
    w, h = surface.get_size()
    rgb = pygame.surfarray.array3d(surface)
    out = pygame.Surface((w, h))
    for i, kind in enumerate(("normal",) + KINDS):
        pic = rgb if kind == "normal" else simulate_array(rgb, kind)
        small = pygame.transform.smoothscale(pygame.surfarray.make_surface(pic), (w // 2, h // 2))
        out.blit(small, ((i % 2) * (w // 2), (i // 2) * (h // 2)))
    return out


def _save(img, path):
    pygame.image.save(img, path)
    print("wrote", path)


def main(argv) -> int:
    if argv[:1] == ["--files"]:
        out, files = argv[1], argv[2:]
        os.makedirs(out, exist_ok=True)
        for f in files:
            name = os.path.splitext(os.path.basename(f))[0]
            _save(sheet(pygame.image.load(f)), os.path.join(out, f"cvd-{name}.png"))
        return 0
    from tests.ui.driver import new_app
    from tests.ui.screen_tour import tour
    size = tuple(int(v) for v in argv[1].split("x")) if len(argv) > 1 else (1280, 720)
    os.makedirs(OUT, exist_ok=True)
    app = new_app(size=size)
    for name in tour(app):
        _save(sheet(app.screen), os.path.join(OUT, f"cvd-{name}.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
