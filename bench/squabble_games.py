"""Random complete Twilight Squabble games per second on one core (run by hand).

    python bench/squabble_games.py [--games N] [--events]

Uses the engine's fast path (tuple options, apply in place), no invariant checks: the figure is
the speed of the rules themselves, which the computer opponent's rollouts depend on.
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.games.squabble import engine as E  # noqa: E402


def run(games: int, events: bool, seed: int = 1) -> float:
    pick = random.Random(seed)
    start = time.perf_counter()
    decisions = 0
    for g in range(games):
        s = E.new_game(g, {"events": events})
        while s["winner"] is None:
            opts = E.options(s)
            E.apply_option(s, opts[pick.randrange(len(opts))])
            decisions += 1
    elapsed = time.perf_counter() - start
    print(f"events {'on ' if events else 'off'}: {games} games in {elapsed:.2f} s = "
          f"{games / elapsed:,.0f} games/s ({decisions / games:.1f} decisions a game)")
    return games / elapsed


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--events", action="store_true", help="only the Event-deck variant")
    a = ap.parse_args()
    if a.events:
        run(a.games, True)
    else:
        run(a.games, False)
        run(a.games, True)
