"""A long run of the protocol fuzz of ``load`` (tests/test_protocol_fuzz.py), by hand.

    python bench/load_fuzz.py [--game squabble|struggle|both] [--mutants N] [--seed S]

Takes states from seeded random play, mutates each (types, ranges, duplicated / missing / moved
cards, forged pending decisions and event records, deleted keys, a pending left out), loads it
through the protocol in-process, and plays every accepted state to the end with random legal
moves, checking the invariants (every card in one place) at each step.  Prints, per kind of
mutation, how many were tried, accepted, and how many accepted ones failed in play (must be 0),
and every answer that was an internal error instead of a sentence (must be none).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.protocol import Session  # noqa: E402
from tests.test_protocol_fuzz import _play_out, _states, mutate  # noqa: E402


def run(game: str, mutants: int, seed: int) -> int:
    rnd = random.Random(seed)
    states = _states(game, 40 if game == "squabble" else 15, rnd)
    tried, accepted, failed = collections.Counter(), collections.Counter(), collections.Counter()
    internal = []
    start = time.perf_counter()
    for i in range(mutants):
        mutant, kind = mutate(rnd, rnd.choice(states), game)
        tried[kind] += 1
        r = Session().handle_line(json.dumps({"cmd": "load", "state": mutant}))
        if not r["ok"]:
            if r["error"].startswith("Internal error"):
                internal.append(r["error"][:200])
            continue
        accepted[kind] += 1
        try:
            _play_out(game, json.loads(json.dumps(r["state"])), random.Random(i))
        except Exception as e:  # report, do not stop: the count is the result
            failed[kind] += 1
            print(f"  mutant {i} ({kind}) failed in play: {type(e).__name__}: {e}"[:300])
    secs = time.perf_counter() - start
    print(f"{game}: {mutants} mutated states from {len(states)} real ones, {secs:.0f} s; "
          f"{sum(accepted.values())} accepted and played to the end, "
          f"{sum(failed.values())} failed, {len(internal)} internal errors")
    for kind in sorted(tried):
        print(f"  {kind:<10} tried {tried[kind]:>6}  accepted {accepted[kind]:>5}  "
              f"failed {failed[kind]}")
    for e in internal[:10]:
        print("  internal:", e)
    return sum(failed.values()) + len(internal)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("squabble", "struggle", "both"), default="both")
    ap.add_argument("--mutants", type=int, default=10000, help="mutated states per game")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    games = ("squabble", "struggle") if a.game == "both" else (a.game,)
    bad = sum(run(g, a.mutants, a.seed) for g in games)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
