"""Random games of each game round-trip record -> replay -> the same final state (issue 60).

Run by hand (not a test), from the repository:  python bench/records_roundtrip.py [--games N]
(default 200 of each game).  Each game is played with random legal choices through the framework
session on one couch, so the record is the one the window keeps (in a scratch data folder);
the record is read back from its file, re-played with ``records.replay`` and the final state's
digest compared with the game's.  Prints, for each game, the games verified, the decisions and
record sizes, and the replay time per game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from squabble import userdata  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    userdata.scratch_data_dir()
    from squabble import records
    from squabble.framework.session import Session
    from squabble.games import registry
    failed = 0
    for game in ("squabble", "struggle"):
        adapter = registry.get(game)
        ok = decisions = size = 0
        replay_s = 0.0
        for g in range(args.games):
            seed = args.seed + g
            s = Session.new(adapter, {"mode": "hotseat", "human": "USSR", "options": {}}, seed)
            r = random.Random(seed)
            while not s.over:
                s.apply(r.randrange(len(s.decision()["options"])))
            rec, why = records.read(s.kept_record)
            t = time.perf_counter()
            got = records.replay(rec, keep_steps=False) if rec else None
            replay_s += time.perf_counter() - t
            if got is not None and got.ok and records.digest(got.final) == records.digest(s.state):
                ok += 1
            else:
                failed += 1
                print(f"  {game} seed {seed}: {why or got.message}")
            decisions += len(rec["moves"]) if rec else 0
            size += os.path.getsize(s.kept_record)
        n = max(1, args.games)
        print(f"{game}: {ok}/{args.games} verified with the same final state; "
              f"{decisions / n:.0f} decisions and {size / n / 1024:.1f} KB a record on average; "
              f"replay {1000 * replay_s / n:.0f} ms a game")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
