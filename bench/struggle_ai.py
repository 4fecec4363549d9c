"""Twilight Struggle computer player: win rates (95% Wilson intervals) and time per decision.

    python bench/struggle_ai.py                  # normal vs random, hard vs normal, 20 games each
    python bench/struggle_ai.py --games 40 --match easy:normal --jobs 2

Each match alternates sides (game g: the first level plays the USA when g is even).  Games are
full games from ``new_game(seed)``; the random player picks uniformly among the legal options.
Run by hand; results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai.tournament import wilson  # noqa: E402
from squabble.ai.struggle import choose_struggle  # noqa: E402
from squabble.games import struggle as S  # noqa: E402


def play(args):
    seed, first, second = args
    levels = {"USA": first, "USSR": second} if seed % 2 == 0 else {"USA": second, "USSR": first}
    st = S.new_game(seed)
    rnd = random.Random(seed * 7 + 1)
    times = {first: [], second: []}
    while True:
        d = S.decision(st)
        if d is None:
            break
        lv = levels[d["player"]]
        if lv == "random":
            i = rnd.randrange(len(d["options"]))
        else:
            t = time.perf_counter()
            i = choose_struggle(st, lv, rnd.randrange(1 << 30))
            times[lv].append(time.perf_counter() - t)
        S.apply_in_place(st, i)
    first_side = "USA" if seed % 2 == 0 else "USSR"
    return {"first_won": st["winner"] == first_side, "reason": st["end_reason"],
            "turn": st["turn"], "vp": st["vp"], "times": times, "first_side": first_side}


def pct(xs, q):
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def match(first, second, games, jobs, seed0):
    jobs_args = [(seed0 + g, first, second) for g in range(games)]
    t0 = time.time()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            results = list(ex.map(play, jobs_args))
    else:
        results = [play(a) for a in jobs_args]
    wall = time.time() - t0
    wins = sum(r["first_won"] for r in results)
    lo, hi = wilson(wins, games)
    print(f"\n{first} vs {second}: {first} wins {wins}/{games} = {wins / games:.0%} "
          f"(95% CI {lo:.0%}-{hi:.0%}), wall {wall:.0f} s with {jobs} job(s)")
    by_side = {"USA": [0, 0], "USSR": [0, 0]}
    reasons = {}
    for r in results:
        by_side[r["first_side"]][0] += r["first_won"]
        by_side[r["first_side"]][1] += 1
        key = ("won" if r["first_won"] else "lost") + ": " + (r["reason"] or "?").split(":")[0]
        reasons[key] = reasons.get(key, 0) + 1
    print(f"  {first} as USA {by_side['USA'][0]}/{by_side['USA'][1]}, "
          f"as USSR {by_side['USSR'][0]}/{by_side['USSR'][1]}; mean last turn "
          f"{sum(r['turn'] for r in results) / games:.1f}")
    print("  endings (for " + first + "): " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    for lv in (first, second):
        if lv == "random":
            continue
        ts = [t for r in results for t in r["times"][lv]]
        if ts:
            print(f"  {lv}: {len(ts)} decisions, mean {1000 * sum(ts) / len(ts):.1f} ms, "
                  f"p95 {1000 * pct(ts, 0.95):.0f} ms, p99 {1000 * pct(ts, 0.99):.0f} ms, "
                  f"max {1000 * max(ts):.0f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=1,
                    help="worker processes (timings are per decision, so with 2 jobs on 2 cores "
                         "they stay comparable)")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--match", action="append",
                    help="FIRST:SECOND levels (easy, normal, hard, random); repeatable")
    a = ap.parse_args()
    matches = a.match or ["normal:random", "hard:normal"]
    for m in matches:
        first, second = m.split(":")
        match(first, second, a.games, a.jobs, a.seed)


if __name__ == "__main__":
    main()
