"""The window's longest frame while the computer thinks (issue 21: its own process).

    SDL_VIDEODRIVER=dummy python bench/struggle_think_frame.py [--level hard] [--decisions 30]
        [--size 1920x1080] [--thread]

Plays the Struggle map scene against the computer (the person takes the first option of each
decision) and times every frame (update + draw) while the computer's answer is pending.  By
default the computer thinks in the session's worker process; ``--thread`` wraps the computer
player in a closure, which cannot be sent to a process, so it runs on a thread of the window's
process as before issue 21 — the comparison.  Prints the number of frames timed, mean, p99 and
max wall time, the window thread's own CPU time per frame, and the machine's load (on a shared
machine the frames wait for a core behind the other processes: wall minus CPU).
Goal: no frame over 50 ms at 1080p on a loaded two-core machine.
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


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def run(level: str, decisions: int, size: tuple, thread: bool) -> dict:
    from squabble.framework.clock import NoWaitClock
    from squabble.ui import settings as S
    from squabble.ui.app import SquabbleApp
    from squabble.ui.struggle.scene import StruggleScene
    from squabble.ui.struggle.setup import computer_player, start_struggle
    a = SquabbleApp(clock=NoWaitClock(), test_mode=True, seed=3,
                    settings=S.Settings(sound=0, music=0, anim="instant"), size=size)
    a.to_title()
    start_struggle(a, {"mode": "computer", "human": "USSR", "level": level, "options": {}},
                   seed=3)
    sc = a.stack.find(StruggleScene)
    if thread:
        sc.session.chooser = lambda state, lv, seed: computer_player(state, lv, seed)
    frames, cpus, answered, first = [], [], 0, None
    t_end = time.monotonic() + 600
    while answered < decisions and time.monotonic() < t_end and not sc.session.over:
        if a.stack.top is sc and sc.human_turn() and sc.choices is not None:
            sc.commit(0)
        before = sc.thinker
        t0, c0 = time.perf_counter(), time.thread_time()
        a.step()
        ms = (time.perf_counter() - t0) * 1000
        cpu = (time.thread_time() - c0) * 1000
        if before is None and sc.thinker is None:
            continue
        if first is None:       # the frame that asked first (it starts the worker process)
            first = ms
        else:
            frames.append(ms)
            cpus.append(cpu)
        if before is not None and sc.thinker is not before:
            answered += 1
    return {"frames": frames, "cpu": cpus, "answered": answered, "first": first}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--thread", action="store_true")
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    r = run(args.level, args.decisions, size, args.thread)
    f = r["frames"]
    where = "a thread of the window's process" if args.thread else "the worker process"
    print(f"{args.level} thinking in {where}, {args.size}, {r['answered']} computer decisions, "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if f:
        print(f"{len(f)} frames while it thought: mean {sum(f) / len(f):.1f} ms, "
              f"p99 {pct(f, 0.99):.1f} ms, max {max(f):.1f} ms; the first asking frame "
              f"(it starts the worker) {r['first']:.1f} ms")
        c = r["cpu"]
        print(f"the window's own thread's CPU time per frame: mean {sum(c) / len(c):.1f} ms, "
              f"p99 {pct(c, 0.99):.1f} ms, max {max(c):.1f} ms (wall minus CPU: waiting for a "
              f"core{'' if not args.thread else ' or for the thinking thread'})")


if __name__ == "__main__":
    main()
