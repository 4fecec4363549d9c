"""Twilight Struggle computer player: win rates (95% Wilson intervals), how the games ended, and
time per decision.

    python bench/struggle_ai.py                                   # the matches of issue 14
    python bench/struggle_ai.py --games 40 --match easy:normal --match hard:greedy
    python bench/struggle_ai.py --games 100 --jobs 2 --match hard:normal   # on two cores

    python bench/struggle_ai.py --games 10 --workers 1 --match hard_tree:hard
    python bench/struggle_ai.py --games 128 --start 72 --seed 3000 --match hard:normal  # the rest

Each match alternates sides (game g: the first level plays the USA when g is even), full games
from ``new_game(seed)``; one process (one core), or with ``--jobs N`` the match's games split
into N parts played side by side in N processes and added up (the same games and results as one
process: each game's seed is its number in the match).  ``--start K`` begins at game K of the
match, so a long match can be played in parts on other days or machines and still be the same
games as one run (the progress lines number the games in the whole match).  Levels: easy,
normal, hard, greedy (the careful one-ply baseline), greedy_old (the issue-14 baseline, for
calibration), hard_tree (the tree search over whole action rounds, being measured against hard)
and random.  ``--workers N``: the processes of hard's and hard_tree's searches (default: one
per core).  The times are CPU times of the process that plays: hard's search
processes are not counted (bench/struggle_cores.py measures hard's wall time per decision).
Progress goes to stderr; Ctrl-C prints what was measured so far.  Run by hand; results go to
docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
from squabble.ai.tournament import (  # noqa: E402
    STRUGGLE_LEVELS, merge_struggle_results, struggle_match, struggle_report)
from struggle_mcts import choose_level  # noqa: E402  (this folder's: every level and hard_tree)

#: the tournament's levels, and the older levels kept to measure the new ones against
LEVELS = STRUGGLE_LEVELS + ("greedy_old", "hard_tree")
DEFAULT = ["normal:greedy", "hard:greedy", "hard:normal", "easy:normal", "normal:random"]


def _progress(line):
    print(line, file=sys.stderr, flush=True)


def _part(job):
    first, second, games, seed, start, quiet, workers = job
    P.WORKERS = workers
    return struggle_match(first, second, games, seed=seed, out=None,
                          progress=None if quiet else _progress, start=start,
                          choose=choose_level)


def _in_parts(first, second, a):
    """The match's games in ``a.jobs`` contiguous parts, one process each, then added up."""
    import multiprocessing
    n = max(1, min(a.jobs, a.games))
    bounds = [a.start + a.games * k // n for k in range(n + 1)]
    jobs = [(first, second, bounds[k + 1] - bounds[k], a.seed, bounds[k], a.quiet, a.workers)
            for k in range(n)]
    with multiprocessing.Pool(n) as pool:
        # Ctrl-C reaches every process of the group: each part stops and returns the games it
        # finished (struggle_match), while this process waits for them instead of stopping
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            parts = pool.map(_part, jobs)
        finally:
            signal.signal(signal.SIGINT, old)
    return merge_struggle_results(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0,
                    help="number of the first game to play in the match (default 0)")
    ap.add_argument("--quiet", action="store_true", help="no progress line per game")
    ap.add_argument("--jobs", type=int, default=1, help="processes to split each match into")
    ap.add_argument("--workers", type=int, default=None,
                    help="hard's search processes (default: one per core)")
    ap.add_argument("--match", action="append",
                    help="FIRST:SECOND levels (" + ", ".join(LEVELS) + "); repeatable")
    a = ap.parse_args()
    if a.workers is not None and a.workers < 1:
        ap.error("--workers must be at least 1")
    if a.start < 0 or a.games < 1:
        ap.error("--start must be 0 or more and --games at least 1")
    P.WORKERS = a.workers
    for m in a.match or DEFAULT:
        first, _, second = m.partition(":")
        if first not in LEVELS or second not in LEVELS:
            ap.error(f"bad match {m!r}: levels are {', '.join(LEVELS)}")
        if a.jobs > 1:
            res = _in_parts(first, second, a)
            struggle_report(res, print)
        else:
            res = struggle_match(first, second, a.games, seed=a.seed, out=print,
                                 progress=None if a.quiet else _progress, start=a.start,
                                 choose=choose_level)
        print(flush=True)
        if res["interrupted"]:
            return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
