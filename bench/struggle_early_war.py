"""The early war of one level against another: games of a match played only to the end of turn
``--turns`` (default 3), the VP then, for a quick screen of a change before a whole match.

    python bench/struggle_early_war.py --games 40                  # hard (USA) vs normal (USSR)
    python bench/struggle_early_war.py --match hard:normal --side USA --start 40 --games 40

Game k is game 2k of ``bench/struggle_ai.py --seed S --match A:B`` (the games where A is the
USA; with ``--side USSR``, game 2k + 1), so a screen's seeds are those of the match.  Each line
is a game: its number, the VP at the start of turn ``--turns`` + 1 from A's side (a game that
ended sooner counts +20 won, -20 lost), and the seconds it took.  The summary gives the mean and
how many games A lost before the end.  Run it at two commits (two worktrees) on the same games
and compare game by game: the games start alike, so the difference has a far smaller spread than
either result (issue 21: a paired standard error of about 1 VP on 33 games,
where a whole match needs 200 games to tell 5 points of winning share).  Hard runs on one
process (``squabble.ai.pool``), so two screens can run side by side on two cores.  Run by hand;
results go to docs/ai-struggle.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.pool as P  # noqa: E402
from struggle_mcts import choose_level  # noqa: E402  (this folder's)
from squabble.ai.tournament import (  # noqa: E402
    STRUGGLE_LEVELS as LEVELS, match_game, play_struggle_game)


class _TurnOver(Exception):
    def __init__(self, vp):
        super().__init__()
        self.vp = vp


def early_game(levels: dict, seed: int, turns: int) -> int:
    """VP (USA minus USSR) when turn ``turns`` + 1 begins, or +20 / -20 if the game ended."""
    def choose(st, level, s):
        if st["turn"] > turns:
            raise _TurnOver(st["vp"])
        return choose_level(st, level, s)
    try:
        r = play_struggle_game(levels, seed, None, choose)
    except _TurnOver as e:
        return e.vp
    return 0 if r["winner"] is None else (20 if r["winner"] == "USA" else -20)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", default="hard:normal", help="A:B, the level screened first")
    ap.add_argument("--side", default="USA", choices=("USA", "USSR"), help="A's side")
    ap.add_argument("--seed", type=int, default=3000, help="the match's seed")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--turns", type=int, default=3, help="play to the end of this turn (1-9)")
    a = ap.parse_args(argv)
    parts = a.match.split(":")
    if len(parts) != 2 or any(p not in LEVELS for p in parts):
        ap.error(f"--match takes two of {', '.join(LEVELS)} as A:B, not {a.match!r}")
    if not 1 <= a.turns <= 9 or a.games < 1 or a.start < 0:
        ap.error("--turns is 1-9, --games at least 1, --start at least 0")
    P.WORKERS = 1
    sign = 1 if a.side == "USA" else -1
    vps = []
    for k in range(a.start, a.start + a.games):
        g = 2 * k + (0 if a.side == "USA" else 1)
        _, levels, game_seed = match_game(parts[0], parts[1], a.seed, g)
        t0 = time.perf_counter()
        vp = sign * early_game(levels, game_seed, a.turns)
        vps.append(vp)
        print(f"game {k} (match game {g}): {vp:+d} VP for {parts[0]}  "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    lost = sum(v <= -20 for v in vps)
    print(f"{parts[0]} as the {a.side} against {parts[1]}, {len(vps)} games to the end of turn "
          f"{a.turns}: mean {sum(vps) / len(vps):+.2f} VP, lost before the end {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
