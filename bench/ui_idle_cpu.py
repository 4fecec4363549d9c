"""CPU cost of an idle Twilight Squabble table: a real 60 fps window loop, nothing moving.

    SDL_VIDEODRIVER=dummy python bench/ui_idle_cpu.py [--seconds 10] [--size 1280x720]

Starts a game against the computer, waits until the table waits for the player (no animation
left), then runs the real frame loop (RealClock at 60 fps) for the given seconds and prints the
process CPU time spent as a share of one core.  Run by hand; not a test.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["SQUABBLE_DATA_DIR"] = tempfile.mkdtemp(prefix="squabble-bench-")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--size", default="1280x720")
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.lower().split("x"))

    from squabble.framework.clock import NoWaitClock, RealClock
    from squabble.ui import settings as S
    from squabble.ui.app import SquabbleApp
    from squabble.ui.squabble.table import TableScene

    app = SquabbleApp(clock=NoWaitClock(), test_mode=True, seed=7, size=(w, h),
                      settings=S.Settings(sound=0, music=0, anim="normal"))
    app.start_game({"mode": "computer", "human": "USSR", "level": "normal", "events": True})
    tb = app.stack.find(TableScene)
    for _ in range(20000):  # play out the opening beats without waiting
        if app.stack.top is tb and tb.mode == "human" and not tb.banner and not tb.moment:
            break
        app.step()
    for _ in range(120):     # let every sprite settle
        app.step()
    app.clock = RealClock(60)
    frames0 = app.frame
    c0, t0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - t0 < a.seconds:
        app.step()
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    print(f"idle table {w}x{h}: {app.frame - frames0} frames in {wall:.1f} s, "
          f"CPU {cpu:.2f} s = {100 * cpu / wall:.1f}% of one core")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
