"""Add up a Twilight Struggle match played in parts, and compare two versions on the same games.

    python bench/struggle_ai.py --seed 3000 --match hard:normal --start 100 --games 50 2> a.log
    python bench/struggle_ai.py --seed 3000 --match hard:normal --start 150 --games 50 2> b.log
    python bench/struggle_tally.py a.log b.log                      # the 100 games as one report
    python bench/struggle_tally.py a.log b.log --start 100 --games 200   # ... and what is missing
    python bench/struggle_tally.py new/*.log --against old/*.log    # game by game, same games

Reads the progress lines bench/struggle_ai.py writes to stderr (one per finished game, numbered
in the whole match, so parts run on other days, machines or cores add up, and a part stopped
midway counts the games it finished).  Prints, for each match in the logs, the report
bench/struggle_ai.py prints (wins with 95% Wilson intervals, by side, how the games ended;
not the times, which the progress lines do not carry) and the numbers of the games counted.
``--against`` reads the same match from other logs (an older commit on the same seed) and
compares the games both have: how many the first level won in each, the games that flipped
either way, by side, and the two-sided sign test of the flips.  The logs must be of one seed:
the lines do not say which (a game with two different results is refused with a message).
"""

from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble.ai.tournament import (  # noqa: E402
    read_struggle_progress, struggle_report, struggle_results_from)


def spans(numbers) -> str:
    """1-based game numbers as ranges: [0, 1, 2, 5] -> '1-3, 6'."""
    runs: list = []
    for g in sorted(numbers):
        if runs and g == runs[-1][1] + 1:
            runs[-1][1] = g
        else:
            runs.append([g, g])
    return ", ".join(f"{lo + 1}" if lo == hi else f"{lo + 1}-{hi + 1}" for lo, hi in runs) or "none"


def sign_test(up: int, down: int) -> float:
    """Two-sided exact sign test of ``up`` flips one way against ``down`` the other."""
    n = up + down
    if n == 0:
        return 1.0
    k = min(up, down)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(a: str, b: str, new: dict, old: dict, out=print) -> None:
    """The games both ``new`` and ``old`` have ({game: (winner, reason, turn)}), paired."""
    both = sorted(set(new) & set(old))
    out(f"  against the other logs, on the {len(both)} games both have:")
    if not both:
        return
    for label, games in (("all", both), ("as the USA", [g for g in both if g % 2 == 0]),
                         ("as the USSR", [g for g in both if g % 2 == 1])):
        won_new = sum(new[g][0] == "a" for g in games)
        won_old = sum(old[g][0] == "a" for g in games)
        up = sum(new[g][0] == "a" and old[g][0] != "a" for g in games)
        down = sum(old[g][0] == "a" and new[g][0] != "a" for g in games)
        out(f"    {label:<12} {a} won {won_new} of {len(games)} here, {won_old} there; "
            f"{up} won here only, {down} there only (sign test p = {sign_test(up, down):.2f})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="stderr of bench/struggle_ai.py runs (parts of a match)")
    ap.add_argument("--against", nargs="+", default=[], metavar="LOG",
                    help="logs of the same match from other code, compared game by game")
    ap.add_argument("--start", type=int, default=None,
                    help="count only games from this one (as bench/struggle_ai.py numbers them)")
    ap.add_argument("--games", type=int, default=None,
                    help="with --start: this many games, and say which of them are missing")
    a = ap.parse_args(argv)
    if (a.start is not None and a.start < 0) or (a.games is not None and a.games < 1):
        ap.error("--start must be 0 or more and --games at least 1")
    try:
        here = _read(a.logs)
        there = _read(a.against) if a.against else {}
    except (OSError, UnicodeDecodeError, ValueError) as e:
        print(f"struggle_tally: {e}", file=sys.stderr)
        return 2
    if not here:
        print("struggle_tally: no progress line of a finished game in "
              + ", ".join(a.logs), file=sys.stderr)
        return 2
    lo = a.start or 0
    hi = lo + a.games if a.games else None
    for (first, second), games in sorted(here.items()):
        games = {g: r for g, r in games.items() if g >= lo and (hi is None or g < hi)}
        struggle_report(struggle_results_from(first, second, games), print)
        print(f"  games counted: {spans(games)}")
        if hi is not None:
            print(f"  missing of games {lo + 1}-{hi}: {spans(set(range(lo, hi)) - set(games))}")
        if a.against:
            old = {g: r for g, r in there.get((first, second), {}).items()
                   if g >= lo and (hi is None or g < hi)}
            compare(first, second, games, old, print)
        print()
    return 0


def _read(paths) -> dict:
    lines = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            lines += f.read().splitlines()
    return read_struggle_progress(lines)


if __name__ == "__main__":
    raise SystemExit(main())
