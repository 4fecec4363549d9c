"""Benchmark of the Twilight Squabble computer players against the targets of issue 4.

Run by hand (not a test), from the repository:  python bench/ai_tournament.py [--games N] [--hard-games N]
(the script puts the repository on sys.path itself). The defaults, 300 games for each match with
hard and 600 for normal vs easy, are the game counts of the README table this script produces;
the whole run takes several minutes on one core.

Targets, each with the Event deck off and on:
  hard beats random >= 95%, hard beats normal >= 60%, normal beats easy >= 60%;
  hard decides in <= 0.3 s median on one core and never takes more than 1 s.
A level's result is its score (wins, a draw counting half) over games with sides alternating;
the 95% interval is Wilson's.  Run it on an otherwise idle core for the timings to mean much.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai.tournament import match, wilson  # noqa: E402

TARGETS = (("hard", "random", 0.95), ("hard", "normal", 0.60), ("normal", "easy", 0.60))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=600,
                   help="games per match without hard (default 600, as in the README table)")
    p.add_argument("--hard-games", type=int, default=300,
                   help="games per match with hard (default 300, as in the README table)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--events", choices=("off", "on", "both"), default="both")
    args = p.parse_args(argv)
    settings = {"off": (False,), "on": (True,), "both": (False, True)}[args.events]
    rows = []
    hard_times: list[dict] = []
    t0 = time.perf_counter()
    for events in settings:
        for a, b, target in TARGETS:
            n = args.hard_games if "hard" in (a, b) else args.games
            res = match(a, b, n, seed=args.seed, events=events)
            print(flush=True)
            w = res["wins"]
            score = (w["a"] + 0.5 * w["draw"]) / n
            lo, hi = wilson(w["a"] + 0.5 * w["draw"], n)
            rows.append((a, b, events, n, score, lo, hi, target, w["draw"]))
            if "hard" in res["times"]:
                hard_times.append(res["times"]["hard"])
    print("Summary (score = wins + draws/2, 95% Wilson interval)")
    ok_all = True
    for a, b, events, n, score, lo, hi, target, draws in rows:
        ok = score >= target
        ok_all &= ok
        print(f"  {a:>6} vs {b:<6} events {'on ' if events else 'off'} {n:>4} games: "
              f"{100 * score:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]  draws {draws:>3}  "
              f"target >= {100 * target:.0f}%  {'met' if ok else 'NOT met'}")
    if hard_times:
        med = max(t["median"] for t in hard_times)
        mx = max(t["max"] for t in hard_times)
        ok = med <= 0.3 and mx < 1.0
        ok_all &= ok
        print(f"  hard time per decision: worst match median {1000 * med:.1f} ms, "
              f"max {1000 * mx:.1f} ms  target median <= 300 ms, max < 1000 ms  "
              f"{'met' if ok else 'NOT met'}")
    print(f"  ({time.perf_counter() - t0:.0f} s in all)")
    return 0 if ok_all else 1


if __name__ == "__main__":
    raise SystemExit(main())
