"""Hard's card-choice prior (issue 21, "plays like people"): adjustments to the values hard's
search gives the options of a decision, for what its evaluation cannot see (one written by
hand, one fitted on the real games).
How it is used: docs/ai-struggle.md, "Plays like people".

* **Dump a dangerous enemy card to the Space Race.** Choosing the use of an enemy card of 3 or
  more ops that may go to the Space Race, the attempt gets ``SPACE_DUMP`` VP per op: its event
  is one the enemy picked to hurt, and the play-out values only what it does in this action
  (a Muslim Revolution played for operations costs two countries for good; people space it).
* **The card people play now.** Choosing a card to play or to headline, each card gets
  ``PEOPLE_W`` VP per unit of the log-odds of the people's prior (ai/struggle_people.py, fitted
  on the real games: which cards people play early in a turn and which they keep for later),
  among the options hard values within ``PEOPLE_MARGIN`` VP of its best; the others are dropped,
  so the prior chooses between options the search finds close, never a clearly worse one.
"""

from __future__ import annotations

from squabble.ai import struggle_people as people
from squabble.ai.struggle_people_weights import WEIGHTS
from squabble.games.struggle import data as D

#: VP per op added to the Space Race attempt of an enemy card of at least DUMP_OPS ops
SPACE_DUMP = 0.6
DUMP_OPS = 3
#: VP per unit of the people's prior's log-odds, on a card choice, among the options within
#: PEOPLE_MARGIN VP of the best (chosen on the games left out of the agreement bench's sample:
#: docs/ai-struggle.md, "The people's card prior")
PEOPLE_W = 2.0
PEOPLE_MARGIN = 1.0


def adjust(state, vals):
    """``vals`` ({option index: value} of the pending decision) with the prior added (on a card
    choice, only the options within PEOPLE_MARGIN of the best are returned)."""
    p = state["pending"]
    opts = p["options"]
    me = p["player"]
    out = dict(vals)
    if PEOPLE_W and any(opts[i].get("mode") in ("play", "headline") for i in vals):
        best = max(vals.values())
        return {i: v + _people(opts[i], me, state) for i, v in vals.items()
                if v >= best - PEOPLE_MARGIN}
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


def _people(o, me, state):
    """The people's prior, in VP, of card option ``o`` of ``me`` (0 for an option naming no
    card); a headline is action round 0 whatever the state's counter says."""
    if o.get("card") is None:
        return 0.0
    ar = 0 if o["mode"] == "headline" else max(1, state["action_round"])
    return PEOPLE_W * people.score(WEIGHTS, o["card"], me, ar)


def _card_in_play(state):
    """The card whose use is being chosen (the top frame naming one), or None."""
    for f in reversed(state.get("stack") or []):
        if isinstance(f.get("card"), int):
            return f["card"]
    return None
