"""Engine speed as a ratio to a fixed pure-Python reference loop timed in the same run (run by hand).

    python bench/relative_speed.py [--rounds N] [--games N]

Games per second depend on the machine and on whatever else it runs: the same engine measured
about 6,000 games/s on an idle core and 3,000-3,500 on a busy one (issue 12). This script
alternates rounds of random complete Twilight Squabble games (the engine's fast path, as
bench/squabble_games.py) with rounds of a reference loop (a linear congruential generator
choosing from a list: "one random decision" with no game in it), so both see the same load, and
reports games/s, reference steps/s and their ratio, which moves far less than either alone.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.games.squabble import engine as E  # noqa: E402


def games_per_second(games: int, events: bool, seed: int) -> float:
    pick = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        s = E.new_game(seed * 100_000 + g, {"events": events})
        while s["winner"] is None:
            opts = E.options(s)
            E.apply_option(s, opts[pick.randrange(len(opts))])
    return games / (time.perf_counter() - start)


def reference_steps_per_second(steps: int) -> float:
    options = list(range(7))
    x, total = 12345, 0
    start = time.perf_counter()
    for _ in range(steps):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        total += options[x % len(options)]
    elapsed = time.perf_counter() - start
    assert total >= 0
    return steps / elapsed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=2000, help="games per round (default 2000)")
    ap.add_argument("--steps", type=int, default=2_000_000, help="reference steps per round")
    a = ap.parse_args(argv)
    for events in (False, True):
        g, r = [], []
        for i in range(a.rounds):
            g.append(games_per_second(a.games, events, seed=i + 1))
            r.append(reference_steps_per_second(a.steps))
        mg, mr = statistics.median(g), statistics.median(r)
        print(f"events {'on ' if events else 'off'}: {mg:,.0f} games/s (rounds {min(g):,.0f}-{max(g):,.0f}); "
              f"reference {mr / 1e6:.2f} M steps/s; ratio {mg / (mr / 1e6):,.0f} games per "
              f"million reference steps")
    try:
        print(f"load average: {os.getloadavg()[0]:.2f} (1 min), cores: {os.cpu_count()}")
    except (AttributeError, OSError):
        print(f"cores: {os.cpu_count()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
