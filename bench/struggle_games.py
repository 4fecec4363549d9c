"""Random complete Twilight Struggle games per second (one core).

    python bench/struggle_games.py [--games N] [--seconds S] [--careful]

Each game is played with uniformly random legal choices through ``apply_in_place`` (the fast path
of the engine).  ``--careful`` avoids coups at DEFCON 2 and plays scoring cards at once, so most
games run the full ten turns.  Until every card's event exists the games use the engine's *test
set-up* (cards whose event is missing are only used for operations or the Space Race); the script
says so in its output.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.games import struggle  # noqa: E402
from squabble.games.struggle.data import CARDS  # noqa: E402


def pick(state, options, rnd, careful):
    if careful:
        good = []
        for i, o in enumerate(options):
            if o.get("mode") == "coup" and state["defcon"] <= 2:
                continue
            if o.get("mode") == "play" and CARDS.get(o.get("card"), {}).get("scoring"):
                return i
            good.append(i)
        if good:
            return rnd.choice(good)
    return rnd.randrange(len(options))


def play(seed: int, careful: bool):
    state = struggle.new_game(seed)
    rnd = random.Random(seed)
    steps = 0
    while state["winner"] is None:
        options = state["pending"]["options"]
        struggle.apply_in_place(state, pick(state, options, rnd, careful))
        steps += 1
    return state, steps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    ap.add_argument("--seconds", type=float, default=0, help="play for this long instead")
    ap.add_argument("--careful", action="store_true", help="avoid obvious losses: longer games")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    games = steps = turns = 0
    ends: dict = {}
    while True:
        state, n = play(games, args.careful)
        games += 1
        steps += n
        turns += state["turn"]
        ends[state["end_reason"]] = ends.get(state["end_reason"], 0) + 1
        elapsed = time.perf_counter() - start
        if (args.seconds and elapsed >= args.seconds) or (not args.seconds and games >= args.games):
            break
    print(f"{games} random {'careful ' if args.careful else ''}games in {elapsed:.2f} s: "
          f"{games / elapsed:.1f} games/s, {steps / games:.0f} decisions and "
          f"{turns / games:.1f} turns a game, {steps / elapsed:.0f} decisions/s")
    print("endings: " + ", ".join(f"{k}: {v}" for k, v in sorted(ends.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
