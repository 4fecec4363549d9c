"""The window's frames while the computer thinks, on a loaded machine (issues 19 and 21).

    SDL_VIDEODRIVER=dummy python bench/struggle_think_frame.py [--level hard] [--decisions 12]
        [--size 1920x1080] [--load N] [--thread]

Plays the Struggle map scene against the computer (the person takes the first option of each
decision) with the real 60 fps clock, so the window sleeps between frames as it does on a
desktop, and times every frame while the computer's answer is pending.  A frame's time runs
from the moment it was due (the end of the sleep it asked for: the clock's 1/60 s, or the
scene's ``wake_in`` while at rest) to the end of its work: it includes waking late and waiting
for a core, which is what a person sees as a stall.  By default the computer thinks in the
session's worker process; ``--thread`` wraps the computer player in a closure, which cannot be
sent to a process, so it runs on a thread of the window's process as before issue 21.

``--load N`` (default: one per core) starts N busy processes (``yes`` into /dev/null, or a
Python loop where there is no ``yes``) at the bench's own priority for the whole run and stops
them at the end.  Prints how it loaded the machine, then max, p99, p50 and the count of frames
over 50 ms, for all frames and for the frames that drew, the window thread's CPU time per frame,
and the frame that asked first (it starts the worker process); then, for each of the computer's
decisions, the highest share of its work the thinking indicator showed and how many different
shares it showed (0: the chooser said nothing, or answered before a frame saw it).
Goal: no frame over 50 ms at 1080p on a loaded two-core machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from squabble.userdata import scratch_data_dir  # noqa: E402

scratch_data_dir("squabble-bench-")   # one folder for the run and its workers, removed at its end


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def start_load(n: int) -> list:
    """``n`` busy processes at this process's priority (stopped by ``stop_load``)."""
    yes = shutil.which("yes")
    cmd = [yes] if yes else [sys.executable, "-c", "while True: pass"]
    return [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(n)]


def stop_load(procs: list) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(5)
        except subprocess.TimeoutExpired:
            p.kill()


def paced_clock():
    """The window's real clock, noting when each frame was due (see the module's doc)."""
    from squabble.framework.clock import RealClock

    class PacedClock(RealClock):
        due = last = 0.0
        _wait_end = None

        def tick(self):
            now = time.perf_counter()
            if self._wait_end is not None:      # it slept at rest: due when that sleep ended
                now = min(now, self._wait_end)
                self._wait_end = None
            self.due = max(now, self.last + 1 / self.fps) if self.last else now
            dt = super().tick()
            self.last = time.perf_counter()
            self.late = self.last - self.due
            return dt

        def wait(self, seconds):
            self.work_end = time.perf_counter()
            self._wait_end = self.work_end + seconds
            evs = super().wait(seconds)
            if evs:
                self._wait_end = None
            return evs
    return PacedClock()


def run(level: str, decisions: int, size: tuple, thread: bool) -> dict:
    from squabble.ui import settings as S
    from squabble.ui.app import WindowApp
    from squabble.ui.struggle.scene import StruggleScene
    from squabble.ui.struggle.setup import computer_player, start_struggle
    clock = paced_clock()
    a = WindowApp(clock=clock, attract_after=None, seed=3,
                    settings=S.Settings(sound=0, music=0, anim="instant"), size=size)
    a.to_title()
    start_struggle(a, {"mode": "computer", "human": "USSR", "level": level, "options": {}},
                   seed=3)
    sc = a.stack.find(StruggleScene)
    if thread:
        sc.session.chooser = lambda state, lv, seed: computer_player(state, lv, seed)
    frames, drawn, cpus, late, answered, first = [], [], [], [], 0, None
    shares, shown = [], []   # the indicator's share: each thought's last, and all it showed
    t_end = time.monotonic() + 240
    while answered < decisions and time.monotonic() < t_end and not sc.session.over:
        if a.stack.top is sc and sc.human_turn() and sc.choices is not None:
            sc.commit(0)
        before, n_drawn = sc.thinker, a.frames_drawn
        c0 = time.thread_time()
        clock.work_end = None
        a.step()
        end = clock.work_end or time.perf_counter()
        ms = (end - clock.due) * 1000
        cpu = (time.thread_time() - c0) * 1000
        if before is None and sc.thinker is None:
            continue
        if sc.thinker is not None and sc.thinker is before:
            shown.append(sc.thinker.progress)
        if first is None:       # the frame that asked first (it starts the worker process)
            first = (ms, cpu)
        else:
            frames.append(ms)
            cpus.append(cpu)
            late.append(clock.late * 1000)
            if a.frames_drawn != n_drawn:
                drawn.append(ms)
        if before is not None and sc.thinker is not before:
            answered += 1
            shares.append((max(shown, default=0.0), len(set(shown) - {0.0})))
            shown = []
    return {"frames": frames, "drawn": drawn, "cpu": cpus, "late": late, "answered": answered,
            "first": first, "shares": shares}


def summary(xs: list) -> str:
    return (f"max {max(xs):.1f} ms, p99 {pct(xs, 0.99):.1f} ms, p50 {pct(xs, 0.5):.1f} ms, "
            f"{sum(1 for x in xs if x > 50)} over 50 ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard")
    ap.add_argument("--decisions", type=int, default=12)
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--load", type=int, default=None,
                    help="busy processes to start beside the window (default: one per core)")
    ap.add_argument("--thread", action="store_true")
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    n_load = os.cpu_count() or 1 if args.load is None else args.load
    load = start_load(n_load)
    try:
        time.sleep(1.0)
        before = os.getloadavg()[0]
        r = run(args.level, args.decisions, size, args.thread)
        after = os.getloadavg()[0]
    finally:
        stop_load(load)
    where = "a thread of the window's process" if args.thread else "the worker process"
    print(f"{args.level} thinking in {where}, {args.size}, {r['answered']} computer decisions")
    print(f"load: {n_load} busy processes ({'yes' if shutil.which('yes') else 'python loop'} "
          f"> /dev/null, niceness {os.nice(0) if hasattr(os, 'nice') else 0}, as the window's) on "
          f"{os.cpu_count()} cores; load average {before:.1f} at the start, {after:.1f} at the end")
    f = r["frames"]
    if f:
        print(f"{len(f)} frames while it thought: {summary(f)}")
        if r["drawn"]:
            print(f"  {len(r['drawn'])} of them drew the window: {summary(r['drawn'])}")
        c = r["cpu"]
        print(f"  the window thread's CPU time per frame: max {max(c):.1f} ms, p99 {pct(c, 0.99):.1f} ms "
              f"(the rest of a frame's time is waiting: to wake, for a core)")
        w = r["late"]
        print(f"  of which waking late (from when the frame was due to when its clock woke): "
              f"max {max(w):.1f} ms, p99 {pct(w, 0.99):.1f} ms")
        print(f"the first asking frame (it starts the worker process): {r['first'][0]:.1f} ms "
              f"(its CPU time {r['first'][1]:.1f} ms)")
    if r["shares"]:
        print("the thinking indicator, each decision (its highest share shown, the different "
              "shares shown): " + ", ".join(f"{100 * m:.0f}% ({k})" for m, k in r["shares"]))


if __name__ == "__main__":
    main()
