"""Frame time of the whole Struggle map scene (map, tracks, hand, choices, log, a moment).

    SDL_VIDEODRIVER=dummy python bench/struggle_scene_frame_time.py [--frames 300]

Plays a game against the computer into turn 2 (influence on the map, cards in hand, a long log),
then times full frames (update + draw) at 1280x720, 1920x1080 and 3840x2160: once while a
decision waits with its targets lit, once with a coup moment on screen.  Prints mean and p99 of
wall time and of the process's CPU time (the fair figure on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from squabble.userdata import scratch_data_dir  # noqa: E402

scratch_data_dir("squabble-bench-")   # one folder for the run and its workers, removed at its end

from squabble.framework.clock import NoWaitClock  # noqa: E402
from squabble.ui import settings as S  # noqa: E402
from squabble.ui.app import WindowApp  # noqa: E402


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def scene(a):
    from squabble.ui.struggle.scene import StruggleScene
    return a.stack.find(StruggleScene)


def waiting(a):
    sc = scene(a)
    return sc is not None and a.stack.top is sc and sc.human_turn() and sc.choices is not None


def run(size, frames):
    from squabble.ui.struggle.moments import moment_for
    from squabble.ui.struggle.setup import start_struggle
    a = WindowApp(clock=NoWaitClock(), attract_after=None, seed=3,
                    settings=S.Settings(sound=0, music=0, anim="instant"), size=size)
    a.to_title()
    start_struggle(a, {"mode": "computer", "human": "USSR", "level": "easy", "options": {}},
                   seed=3)
    for _ in range(20000):
        if waiting(a):
            sc = scene(a)
            if sc.session.state["turn"] >= 2 and sc.choices.by_country:
                break
            d = sc.session.decision()
            i = next((k for k, o in enumerate(d["options"]) if o.get("mode") == "influence"), 0)
            sc.commit(i)
        a.step()
    sc = scene(a)
    out = {}
    for label in ("targets lit", "coup moment"):
        if label == "coup moment":
            sc.moment = moment_for("coup", {"side": "USSR", "country": "Iran", "ops": 3, "die": 4,
                                            "mod": 0, "stability": 2, "result": 3, "removed": 1,
                                            "placed": 2, "enemy": "USA"}, "")
            sc.moment.duration = 1e9
        wall, cpu = [], []
        for _ in range(frames):
            t0, c0 = time.perf_counter(), time.process_time()
            a.step()
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        out[label] = (sum(cpu) / len(cpu), pct(cpu, 0.99), sum(wall) / len(wall), pct(wall, 0.99))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    args = ap.parse_args()
    for size in ((1280, 720), (1920, 1080), (3840, 2160)):
        for label, (cm, cp, wm, wp) in run(size, args.frames).items():
            print(f"{size[0]}x{size[1]} {label:12s} CPU mean {cm:5.1f} ms p99 {cp:5.1f} ms · "
                  f"wall mean {wm:5.1f} ms p99 {wp:5.1f} ms")


if __name__ == "__main__":
    main()
