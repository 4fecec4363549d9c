"""The easy level: a casual player.

It plays the same evaluation as the normal level but noisily, as a person who half-counts:
in phase 2 it picks cards by their average worth against whatever the opponent might do (no
thought about being predictable) with a lot of noise; elsewhere it follows a noisy version of the
normal scores, sometimes forgets to counter, and now and then plays a card on a whim.
"""

from __future__ import annotations

from squabble.ai import heuristic as H
from squabble.games.squabble import engine as E

WHIM = 0.15          # chance of an unconsidered choice
TEMP_PLAY = 0.15     # noise on phase 2 plays (values are win-probability-like, -1..1)
TEMP_OTHER = 0.1
FORGET_COUNTER = 0.35


def easy_choice(s: dict, side: str, rng) -> int:
    opts = E.options(s)
    kind = s["pending"]["kind"]
    if rng.random() < WHIM:
        return rng.randrange(len(opts))
    if kind == "play":
        mine, theirs, rows, _ = H.play_matrix(s, side)
        sg = H.SGN[side]
        by = {m: sg * sum(r) / len(r) for m, r in zip(mine, rows)}
        scores = [by[o] for o in opts]
        return H.sample(rng, H.softmax(scores, TEMP_PLAY))
    if kind == "counter" and rng.random() < FORGET_COUNTER:
        return len(opts) - 1  # "pass" is always last
    _, scores = H.decision_scores(s, side)
    return H.sample(rng, H.softmax(scores, TEMP_OTHER))
