"""Find the ``assets/`` folder from a source checkout, an installed wheel or a PyInstaller bundle."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def assets_root() -> Path:
    here = Path(__file__).resolve().parent
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:  # PyInstaller one-file executable: data unpacked beside the code
        candidates += [Path(bundle) / "squabble" / "assets", Path(bundle) / "assets"]
    candidates += [
        here / "assets",          # installed wheel: assets/ is packaged as squabble.assets
        here.parent / "assets",   # source checkout: top-level assets/
    ]
    for c in candidates:
        if (c / "squabble" / "cards.json").is_file():
            return c
    raise FileNotFoundError(
        "The game's assets folder was not found (looked in: "
        + ", ".join(str(c) for c in candidates) + "). Reinstall the game.")


def asset_path(*parts: str) -> Path:
    """Path of one asset file, e.g. ``asset_path("squabble", "cards.json")``."""
    return assets_root().joinpath(*parts)
