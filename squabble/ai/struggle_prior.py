"""Hard's card-choice prior (issue 21, "plays like people"): small hand-written adjustments to
the values hard's search gives the options of a decision, for what its evaluation cannot see.
How it is used: docs/ai-struggle.md, "Plays like people".

* **Dump a dangerous enemy card to the Space Race.** Choosing the use of an enemy card of 3 or
  more ops that may go to the Space Race, the attempt gets ``SPACE_DUMP`` VP per op: its event
  is one the enemy picked to hurt, and the play-out values only what it does in this action
  (a Muslim Revolution played for operations costs two countries for good; people space it).
"""

from __future__ import annotations

from squabble.games.struggle import data as D

#: VP per op added to the Space Race attempt of an enemy card of at least DUMP_OPS ops
SPACE_DUMP = 0.6
DUMP_OPS = 3


def adjust(state, vals):
    """``vals`` ({option index: value} of the pending decision) with the prior added."""
    p = state["pending"]
    opts = p["options"]
    me = p["player"]
    out = dict(vals)
    for i in vals:
        o = opts[i]
        if o.get("mode") != "space":
            continue
        card = o.get("card")
        if card is None:
            card = _card_in_play(state)
        if card is None:
            continue
        c = D.CARDS[card]
        if c["side"] == D.ENEMY[me] and (c["ops"] or 0) >= DUMP_OPS:
            out[i] = vals[i] + SPACE_DUMP * c["ops"]
    return out


def _card_in_play(state):
    """The card whose use is being chosen (the top frame naming one), or None."""
    for f in reversed(state.get("stack") or []):
        if isinstance(f.get("card"), int):
            return f["card"]
    return None
