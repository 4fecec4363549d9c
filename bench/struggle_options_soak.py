"""A soak of random Twilight Struggle games with the three optional rules on.

    python bench/struggle_options_soak.py [--games N] [--reload-every K]

Every game is played with random legal choices (careful: no coup at DEFCON 2, scoring cards
played at once, so most games run long) under the test set-up, with ``designer_realignment``,
``space_race_optional_roll`` and ``reveal_held_cards`` on (optional cards in every other game).
Every K steps (1 by default) the state goes through a JSON round trip and ``validate``; the
invariants are checked after every step.  Prints how games ended and how often each rule came up.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.games import struggle  # noqa: E402
from squabble.games.logline import data_of, kind_of  # noqa: E402
sys.path.insert(0, str(Path(__file__).resolve().parent))
from struggle_games import pick as _careful_pick  # noqa: E402

OPTIONS = {"designer_realignment": True, "space_race_optional_roll": True,
           "reveal_held_cards": True}


def pick(state, options, rnd):
    """A careful random player: bench/struggle_games.py's (no coup at DEFCON 2, scoring first)."""
    return _careful_pick(state, options, rnd, True)


def play(seed: int, reload_every: int, tally: Counter) -> dict:
    st = struggle.new_game(seed, dict(OPTIONS, optional_cards=seed % 2 == 1))
    rnd = random.Random(seed)
    steps = 0
    log: list = []
    while st["winner"] is None:
        d = struggle.decision(st)
        modes = {o.get("mode") for o in d["options"] if o.get("country")}
        tally["mixed decisions"] += {"influence", "realign"} <= modes
        i = pick(st, d["options"], rnd)
        if steps % reload_every == 0:
            loaded = json.loads(json.dumps(st))
            msg = struggle.validate(loaded)
            assert msg is None, (seed, steps, msg)
            st, lines = struggle.apply(loaded, i)
            log += lines
        else:
            struggle.apply_in_place(st, i, log)
        steps += 1
        msg = struggle.check_invariants(st)
        assert msg is None, (seed, steps, msg)
    for line in log:
        k = kind_of(line)
        if k == "realign":
            d = data_of(line)
            assert d["loser"] in (None, d["enemy"]), str(line)
            tally["realignments"] += 1
        elif k in ("space_no_roll", "held_cards", "space"):
            tally[k] += 1
    tally["steps"] += steps
    return st


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--reload-every", type=int, default=1)
    a = ap.parse_args()
    tally: Counter = Counter()
    ends: Counter = Counter()
    t0 = time.perf_counter()
    for seed in range(a.games):
        st = play(3000 + seed, a.reload_every, tally)
        ends[st["end_reason"]] += 1
    dt = time.perf_counter() - t0
    print(f"{a.games} games with the optional rules on, reloaded every {a.reload_every} step(s): "
          f"{dt:.1f} s ({dt / a.games:.2f} s a game), {tally['steps']} steps")
    print("ends:", dict(ends.most_common()))
    print("rules seen:", {k: tally[k] for k in ("mixed decisions", "realignments", "space",
                                                 "space_no_roll", "held_cards")})


if __name__ == "__main__":
    main()
