"""The online server's durability soak (issue 52; run by hand): kill -9 the server at random
moments during live games, many times, and check after each kill and at the end that every game
is at its last acknowledged move, the clients came back by themselves and nothing was applied
twice (tests/online_helpers.py ``kill_soak``; the test suite runs the same with 20 kills).

    python bench/online_soak.py [--kills 120] [--seed 0]
"""

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.online_helpers import kill_soak  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kills", type=int, default=120)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    t = time.perf_counter()
    total = {"kills": 0, "moves": 0, "reconnects": 0}
    rounds = 0
    while total["kills"] < args.kills:
        with tempfile.TemporaryDirectory() as d:
            out = kill_soak(d, kills=min(20, args.kills - total["kills"]),
                            seed=args.seed + rounds)
        rounds += 1
        for k in total:
            total[k] += out[k]
        print(f"round {rounds}: {out}", flush=True)
    print(f"{total['kills']} kill -9s in {rounds} rounds, {total['moves']} moves stored, "
          f"{total['reconnects']} reconnections, {time.perf_counter() - t:.0f} s: every "
          f"acknowledged move kept, none applied twice", flush=True)


if __name__ == "__main__":
    main()
