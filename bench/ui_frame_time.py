"""Frame time of the Twilight Squabble table at its busiest moments (headless).

    SDL_VIDEODRIVER=dummy python bench/ui_frame_time.py [--size 1920x1080]

Plays computer-vs-human games at normal animation speed (the human always takes the first
option) and times every frame (events + update + draw + flip).  Prints ms/frame for the
steady table, the moments (Agent reveal, counter, Space Race, Event), cards flying between
eras, and the Mushroom Cloud, and the worst of these: the figure to compare with 16.7 ms (60 fps).
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
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--games", type=int, default=3)
    a = ap.parse_args()
    w, h = (int(x) for x in a.size.lower().split("x"))

    import pygame
    from squabble.framework.clock import NoWaitClock
    from squabble.ui import settings as S
    from squabble.ui.app import SquabbleApp
    from squabble.ui.table import TableScene

    buckets: dict[str, list[float]] = {}
    for g in range(a.games):
        app = SquabbleApp(clock=NoWaitClock(), test_mode=True, seed=40 + g, size=(w, h),
                          settings=S.Settings(sound=0, music=0, anim="normal"))
        app.start_game({"mode": "computer", "human": "USSR", "level": "normal",
                        "events": True})
        for _ in range(30000):
            tb = app.stack.find(TableScene)
            if tb is None:
                break
            if app.stack.top is tb and tb.mode == "human":
                tb._commit(0)
            kind = "table"
            if tb.cloud_t is not None:
                kind = "mushroom cloud"
            elif tb.moment:
                kind = f"moment: {tb.moment['kind']}"
            elif any(sp.motion.moving for sp in tb.sprites.values()):
                kind = "cards moving"
            elif tb.banner:
                kind = "phase banner"
            t0 = time.perf_counter()
            app.step()
            buckets.setdefault(kind, []).append((time.perf_counter() - t0) * 1000)
        pygame.quit()

    print(f"Twilight Squabble UI frame time at {w}x{h} ({a.games} games, normal animation):")
    worst = ("", 0.0)
    for kind, ms in sorted(buckets.items()):
        ms.sort()
        mean = sum(ms) / len(ms)
        p95 = ms[int(len(ms) * 0.95)]
        print(f"  {kind:18s} {mean:6.2f} ms/frame mean, {p95:6.2f} ms 95th percentile "
              f"({len(ms)} frames)")
        if mean > worst[1]:
            worst = (kind, mean)
    print(f"busiest moment: {worst[0]}: {worst[1]:.2f} ms/frame "
          f"({1000 / worst[1]:.0f} fps possible; the game runs at 60)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
