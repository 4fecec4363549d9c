"""A state as one side could believe it to be: the cards hidden from it (the enemy's hand, the
draw pile, an enemy headline not yet shown) dealt again from a seed.  The computer player
searches such copies (``squabble.ai.struggle_eval.determinize``), and the decision's warnings
and risks are worked out on them (describe.py), so that nothing computed for a side reads a
card it may not see.
"""

from __future__ import annotations

import marshal
import random

from squabble import rng

from .data import ENEMY
from .query import hidden_from


def redeal(state: dict, side: str, seed: int) -> dict:
    """A full state consistent with ``view(state, side)``: the cards hidden from ``side``
    (``query.hidden_from``) dealt again from ``seed`` (a copy; the state is left untouched)."""
    hidden = hidden_from(state, side)   # the privacy rule, held once (query)
    enemy = ENEMY[side]
    Dt = marshal.loads(marshal.dumps(state))
    for f in Dt["stack"]:
        # what an event's or a task's call started from (engine.run_resumable), kept to check a
        # loaded save: it holds the real hands, and nothing in play reads it
        f.pop("resume", None)
    rnd = random.Random(seed * 7919 + 17)
    hidden_hand = any(c in hidden for c in state["hands"][enemy])
    hl = state.get("headline") or {}
    hidden_hl = isinstance(hl.get(enemy), int) and hl[enemy] in hidden
    pool = list(state["deck"])
    # cards the enemy showed at the last held-card reveal (reveal_held_cards option), still in
    # its hand: public, so they stay where they are
    shown = set((state.get("held_shown") or {}).get(enemy, ())) & set(state["hands"][enemy]) \
        if hidden_hand else set()
    if hidden_hand:
        pool += [c for c in state["hands"][enemy] if c not in shown]
    if hidden_hl:
        pool.append(hl[enemy])
    pool.sort()
    rnd.shuffle(pool)
    if hidden_hl:
        new = pool.pop()
        Dt["table"].remove(hl[enemy])
        Dt["table"].append(new)
        Dt["headline"][enemy] = new
    if hidden_hand:
        n = len(state["hands"][enemy]) - len(shown)
        Dt["hands"][enemy] = sorted(pool[:n] + list(shown))
        pool = pool[n:]
    Dt["deck"] = pool
    Dt["rng"] = rng.seed_value(rnd.getrandbits(62))
    Dt["dice"] = []
    return Dt
