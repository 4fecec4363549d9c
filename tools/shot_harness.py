"""The headless harness the screenshot tools share (screenshots.py, struggle_screenshots.py,
struggle_map_shots.py): importing it first makes the window headless (dummy video and audio), puts
the user data in a throw-away folder so no real save or setting is read or changed, and lets the
tools import ``squabble`` from this checkout.  Then:

- ``OUT``: the folder the shots go to (the tool's first argument, else docs/screenshots);
- ``app_(anim, seed)``: a window app at the title, sound off, frames not waited for;
- ``steps(a, n)`` / ``until(a, pred, limit)``: run frames;
- ``shot(a, name)``: draw the window and save it as OUT/name; ``save(surface, name)`` for a
  surface drawn by hand.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from squabble.userdata import scratch_data_dir  # noqa: E402

scratch_data_dir("squabble-shots-")   # one folder for the run and its workers, removed at its end

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join("docs", "screenshots")


def app_(anim="normal", seed=7):
    from squabble.framework.clock import NoWaitClock
    from squabble.ui import settings as S
    from squabble.ui.app import WindowApp
    a = WindowApp(clock=NoWaitClock(), attract_after=None, seed=seed,
                    settings=S.Settings(sound=0, music=0, anim=anim))
    a.to_title()
    return a


def steps(a, n):
    for _ in range(n):
        a.step()


def until(a, pred, limit=40000) -> bool:
    """Run frames until ``pred()`` holds (True) or ``limit`` frames have passed (False)."""
    for _ in range(limit):
        if pred():
            return True
        a.step()
    return False


def shot(a, name) -> str:
    path = os.path.join(OUT, name)
    a.draw()
    a.save_screenshot(path)
    print("wrote", path)
    return path


def save(surface, name) -> str:
    import pygame
    path = os.path.join(OUT, name)
    pygame.image.save(surface, path)
    print("wrote", path)
    return path
