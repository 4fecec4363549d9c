"""Hard against core count: wall time per decision and the work done (hard: deals of its two
looks; the tree, hard_tree: search iterations) with 1, 2 and 4 processes, and (with
``--games``) strength against ``--opponent`` at each count.

    python bench/struggle_cores.py                          # hard's time table, workers 1, 2, 4
    python bench/struggle_cores.py --level hard_tree --positions 60 --workers 1,2
    python bench/struggle_cores.py --games 6 --workers 1,2 --opponent normal

The positions are decisions (more than one option) taken along normal-vs-normal games from fixed
seeds, both sides, every ``--every``-th.  Each worker count gets a fresh pool, warmed by one
untimed decision, then answers every position; times are wall-clock (``perf_counter``), so they
include the pool's messages and the machine's other load; beside them the CPU time of the
busiest search process for the tree (which the load does not inflate as much).  Hard's budget
of engine steps is shared out: hard's workers value parts of the options on the same deals,
so more workers decide sooner on about the same deals; the tree's budget is per worker, so more
workers search more iterations in about the same wall time (as long as there are as many cores
as workers).  Run by hand; results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
import squabble.ai.struggle as A  # noqa: E402
import struggle_mcts as M  # noqa: E402  (this folder's)
from squabble.ai.struggle import choose_struggle  # noqa: E402
from squabble.ai.tournament import struggle_match, wilson  # noqa: E402
from squabble.games import struggle as S  # noqa: E402


def positions(n, every, seed):
    out = []
    g = 0
    while len(out) < n:
        st = S.new_game(seed + g)
        rnd = random.Random(seed + g)
        k = 0
        while S.decision(st) is not None and len(out) < n:
            d = S.decision(st)
            if len(d["options"]) > 1:
                if k % every == 0:
                    out.append(_snap(st))
                k += 1
            S.apply_in_place(st, choose_struggle(st, "normal", rnd.randrange(1 << 30)))
        g += 1
    return out


def _snap(st):
    import marshal
    return marshal.loads(marshal.dumps(st))


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def time_table(pos, counts, seed, level):
    work = "deals / decision (first look, second)" if level == "hard" else "iterations / decision"
    print(f"| workers | decisions | mean | median | p95 | p99 | max | {work} "
          "| search CPU per worker: mean, max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for w in counts:
        P.close_pool()
        P.WORKERS = w
        M.choose_level(pos[0], level, seed, workers=w)      # the pool starts: not timed
        times, iters, cpu, deals = [], [], [], []
        for n, st in enumerate(pos):
            info = {}
            t0 = time.perf_counter()
            if level == "hard":
                A.LAST_LOOKS.clear()
                choose_struggle(st, "hard", seed + n)
            else:
                M.choose_hard(st, seed + n, w, info)
            times.append(time.perf_counter() - t0)
            iters.append(info.get("iterations", 0))
            cpu.append(1000 * info.get("cpu", 0.0))
            if A.LAST_LOOKS:
                deals.append((A.LAST_LOOKS["first"], A.LAST_LOOKS["second"]))
        ms = [t * 1000 for t in times]
        if level == "hard":
            done = (f"{sum(d[0] for d in deals) / max(1, len(deals)):.1f}, "
                    f"{sum(d[1] for d in deals) / max(1, len(deals)):.1f}")
            cpu_s = "-"
        else:
            done = f"{sum(iters) / len(iters):.0f}"
            cpu_s = f"{sum(cpu) / len(cpu):.0f} ms, {max(cpu):.0f} ms"
        print(f"| {w} | {len(ms)} | {sum(ms) / len(ms):.0f} ms | {_pct(ms, 0.5):.0f} ms | "
              f"{_pct(ms, 0.95):.0f} ms | {_pct(ms, 0.99):.0f} ms | {max(ms):.0f} ms | "
              f"{done} | {cpu_s} |", flush=True)
    P.WORKERS = None
    P.close_pool()


def strength(counts, games, seed, opponent, level):
    print()
    print(f"| workers | games vs {opponent} | {level} wins | 95% interval |")
    print("|---|---|---|---|")
    for w in counts:
        P.close_pool()
        P.WORKERS = w
        res = struggle_match(level, opponent, games, seed=seed, out=None,
                             progress=lambda line: print(line, file=sys.stderr, flush=True))
        n = res["games"]
        k = res["wins"]["a"] + 0.5 * res["wins"]["draw"]
        lo, hi = wilson(k, n) if n else (0.0, 0.0)
        print(f"| {w} | {n} | {k:g} | {100 * lo:.1f}%-{100 * hi:.1f}% |", flush=True)
        if res["interrupted"]:
            break
    P.WORKERS = None
    P.close_pool()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--workers", default="1,2,4", help="worker counts, comma-separated")
    ap.add_argument("--games", type=int, default=0, help="games against --opponent per count")
    ap.add_argument("--opponent", default="normal")
    ap.add_argument("--level", default="hard", choices=("hard", "hard_tree"))
    a = ap.parse_args()
    try:
        counts = [int(x) for x in a.workers.split(",")]
    except ValueError:
        ap.error("--workers takes counts like 1,2,4")
    if any(c < 1 for c in counts):
        ap.error("--workers takes counts of at least 1")
    if a.level == "hard":
        print(f"{os.cpu_count()} cores; hard's budgets, shared out among the workers by their "
              f"part of the options: first look {A.FIRST_WORK}, second look {A.HARD_WORK} "
              f"engine steps (each worker at most {A.HARD_TOTAL} in a decision)")
    else:
        print(f"{os.cpu_count()} cores; hard_tree's budget per worker: {M.MCTS_WORK} engine "
              f"steps, at most {M.MCTS_ITERS} iterations ({M.PLACE_SHARE:g} of it to place one "
              "point)")
    if a.positions:
        time_table(positions(a.positions, a.every, a.seed), counts, a.seed, a.level)
    if a.games:
        strength(counts, a.games, a.seed, a.opponent, a.level)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
