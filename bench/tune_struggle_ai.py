"""Tune the Twilight Struggle evaluation from play: each candidate value of a weight plays the
current weights (normal level on both sides, sides alternating) and the score is kept.

    python bench/tune_struggle_ai.py --games 20 --out bench/tune_struggle_ai_result.json

For each weight, the candidate values are played one after the other against the current
setting; a candidate that scores above 50% by more than one standard error is adopted before
the next weight is tried (coordinate ascent).  Both players run in one process: the weights are
set on the module before each decision, for the side that decides.  Results (every match, the
weights adopted) go to the JSON file; squabble/ai/struggle.py keeps the adopted values by hand.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import squabble.ai.struggle as A  # noqa: E402
import squabble.ai.struggle_eval as E  # noqa: E402
from squabble.ai.tournament import wilson  # noqa: E402
from squabble.games import struggle as S  # noqa: E402

#: weight name -> candidate values (DANGER_W2: DANGER_W at DEFCON 2)
WEIGHTS = {
    "ENEMY_CARD_W": [0.15, 0.5],
    "DANGER_W2": [1.5, 5.0],
    "TRAP_W": [1.5, 6.0],
    "CLOSE": [0.1, 0.5],
}


def _home(name):
    """The module whose global the player reads (the search or the evaluation)."""
    return E if hasattr(E, name) else A


def get(name):
    if name == "DANGER_W2":
        return E.DANGER_W[2]
    return getattr(_home(name), name)


def put(name, value):
    if name == "DANGER_W2":
        E.DANGER_W[2] = value
    else:
        setattr(_home(name), name, value)


def play(seed, cfg_usa, cfg_ussr):
    st = S.new_game(seed)
    rnd = random.Random(seed)
    while S.decision(st) is not None:
        side = S.decision(st)["player"]
        for k, v in (cfg_usa if side == "USA" else cfg_ussr).items():
            put(k, v)
        S.apply_in_place(st, A.choose_struggle(st, "normal", rnd.randrange(1 << 30)))
    return st["winner"], st["end_reason"]


def duel(cand, base, games, seed0):
    score = 0.0
    for g in range(games):
        usa, ussr = (cand, base) if g % 2 == 0 else (base, cand)
        w, _ = play(seed0 + g, usa, ussr)
        cand_side = "USA" if g % 2 == 0 else "USSR"
        score += 1.0 if w == cand_side else 0.5 if w == "draw" else 0.0
    return score


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--weights", default=",".join(WEIGHTS),
                    help="which weights to try, comma-separated (default: all)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__),
                                                   "tune_struggle_ai_result.json"))
    a = ap.parse_args()
    current = {k: get(k) for k in WEIGHTS}
    log = {"games_per_match": a.games, "start": dict(current), "matches": []}
    t0 = time.time()
    names = [n for n in a.weights.split(",") if n]
    for n in names:
        if n not in WEIGHTS:
            ap.error(f"unknown weight {n!r}: choose from {', '.join(WEIGHTS)}")
    for name in names:
        for v in WEIGHTS[name]:
            cand = dict(current, **{name: v})
            sc = duel(cand, current, a.games, a.seed)
            lo, hi = wilson(sc, a.games)
            se = math.sqrt(0.25 / a.games)
            adopted = sc / a.games > 0.5 + se
            log["matches"].append({"weight": name, "value": v, "against": current[name],
                                   "score": sc, "games": a.games, "ci95": [lo, hi],
                                   "adopted": adopted})
            print(f"{name} = {v} against {current[name]}: {sc}/{a.games} "
                  f"(95% CI {lo:.0%}-{hi:.0%}){' adopted' if adopted else ''}", flush=True)
            if adopted:
                current = cand
        for k, v in current.items():
            put(k, v)
    log["result"] = current
    log["seconds"] = round(time.time() - t0)
    with open(a.out, "w") as f:
        json.dump(log, f, indent=1)
    print("result:", current)


if __name__ == "__main__":
    main()
