"""Calibrate the greedy baseline against the computer player as it was before issue 14.

    git archive ac297a3 | tar -x -C /tmp/s3-old
    python bench/struggle_calibrate.py --old /tmp/s3-old/squabble/ai/struggle.py --games 40

Loads the old ``struggle.py`` (the AI module only; the rules engine is today's) under another
name and plays its ``--old-level`` (normal) against today's ``--new-level`` (greedy), sides
alternating, with the same bookkeeping as ``squabble tournament``: wins with 95% Wilson
intervals and how each game ended.  Issue 14 measured the old normal at 33/60 (55%) against its
own greedy player, losing mostly at DEFCON 1: the baseline written here should take a real share
of games from it too.  Run by hand; results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai import struggle as NEW  # noqa: E402
from squabble.ai import tournament as T  # noqa: E402


def load_old(path):
    spec = importlib.util.spec_from_file_location("old_struggle_ai", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="path of the old squabble/ai/struggle.py")
    ap.add_argument("--old-level", default="normal")
    ap.add_argument("--new-level", default="greedy")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args()
    old = load_old(a.old)
    oname, nname = f"old {a.old_level}", a.new_level

    def choose(st, name, s):      # the tournament's game loop, with the old module for "old ..."
        if name == oname:
            return old.choose_struggle(st, a.old_level, s)
        return NEW.choose_struggle(st, a.new_level, s)
    wins = {oname: 0, nname: 0, "draw": 0}
    reasons: dict = {}
    times: dict = {}
    n = 0
    try:
        for g in range(a.games):
            o_side, levels, game_seed = T.match_game(oname, nname, a.seed, g)
            r = T.play_struggle_game(levels, game_seed, times, choose=choose)
            w, why = r["winner"], r["reason"]
            who = "draw" if w == "draw" else (oname if w == o_side else nname)
            wins[who] += 1
            k = f"{who} won: {why}" if who != "draw" else "draw"
            reasons[k] = reasons.get(k, 0) + 1
            n += 1
            print(f"  game {g + 1}/{a.games}: {k} (turn {r['turn']}, old as {o_side}); "
                  f"{oname} {wins[oname]}, {nname} {wins[nname]}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print(f"Interrupted after {n} games.")
    if not n:
        return 1
    print(f"{oname} vs {nname}: {n} games, sides alternating")
    for k in (oname, nname, "draw"):
        lo, hi = T.wilson(wins[k], n)
        print(f"  {k:<12} {wins[k]:>4}  {100 * wins[k] / n:5.1f}%  95% CI [{100 * lo:5.1f}%, "
              f"{100 * hi:5.1f}%]")
    print("  how the games ended:")
    for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"    {v:>4}  {k}")
    for lvl, ts in sorted(times.items()):
        print(f"  CPU time per decision, {lvl}: mean {1000 * sum(ts) / len(ts):.1f} ms, p99 "
              f"{1000 * T.percentile(ts, 0.99):.1f} ms, max {1000 * max(ts):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
