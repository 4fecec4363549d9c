"""Twilight Struggle computer player: win rates (95% Wilson intervals), how the games ended, and
time per decision.

    python bench/struggle_ai.py                                   # the matches of issue 14
    python bench/struggle_ai.py --games 40 --match easy:normal --match hard:greedy

Each match alternates sides (game g: the first level plays the USA when g is even), full games
from ``new_game(seed)``, one process (one core).  Levels: easy, normal, hard, greedy (the one-ply
baseline) and random.  Progress goes to stderr; Ctrl-C prints what was measured so far.  Run by
hand; results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai.tournament import STRUGGLE_LEVELS, struggle_match  # noqa: E402

DEFAULT = ["normal:greedy", "hard:greedy", "hard:normal", "easy:normal", "normal:random"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--quiet", action="store_true", help="no progress line per game")
    ap.add_argument("--match", action="append",
                    help="FIRST:SECOND levels (" + ", ".join(STRUGGLE_LEVELS) + "); repeatable")
    a = ap.parse_args()
    for m in a.match or DEFAULT:
        first, _, second = m.partition(":")
        if first not in STRUGGLE_LEVELS or second not in STRUGGLE_LEVELS:
            ap.error(f"bad match {m!r}: levels are {', '.join(STRUGGLE_LEVELS)}")
        prog = None if a.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
        res = struggle_match(first, second, a.games, seed=a.seed, out=print, progress=prog)
        print(flush=True)
        if res["interrupted"]:
            return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
