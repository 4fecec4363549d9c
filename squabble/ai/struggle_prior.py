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
    """``vals`` ({option index: value} of the pending decision) with the prior added: a card
    choice gets the people's prior (:func:`card_choice`), the use of a card the Space Race dump
    (:func:`space_dump`)."""
    choice = card_choice_of(state, vals)
    if choice is None:
        return space_dump(state, vals)
    return card_choice(vals, *choice)


def card_choice_of(state, options):
    """(cards: {option: card or None}, side, action round: 0 for the headline) of the pending
    decision when ``options`` (its option indices) are a choice of the card to play or to
    headline, else None."""
    p = state["pending"]
    opts = p["options"]
    modes = {opts[i].get("mode") for i in options}
    if not modes & {"play", "headline"}:
        return None
    ar = 0 if "headline" in modes else max(1, state["action_round"])
    return {i: opts[i].get("card") for i in options}, p["player"], ar


def card_choice(vals, cards, me, ar, weights=WEIGHTS, w=None, margin=None):
    """The values of a card choice of ``me`` in action round ``ar`` (0: the headline) with the
    people's prior: ``w`` (default PEOPLE_W) VP per unit of its log-odds added to each option
    naming a card (``cards``: {option index: card or None}), and only the options within
    ``margin`` (default PEOPLE_MARGIN) VP of the best kept.  The bench tries other weights and
    settings on hard's dumped values with it (bench/struggle_people_prior.py --sweep)."""
    w = PEOPLE_W if w is None else w
    margin = PEOPLE_MARGIN if margin is None else margin
    if not w:
        return dict(vals)
    best = max(vals.values())
    return {i: v + (w * people.score(weights, cards[i], me, ar) if cards[i] is not None else 0.0)
            for i, v in vals.items() if v >= best - margin}


def space_dump(state, vals):
    """``vals`` with ``SPACE_DUMP`` VP per op added to the Space Race attempt of a dangerous
    enemy card (the card of the option, or the card whose use is being chosen)."""
    me = state["pending"]["player"]
    opts = state["pending"]["options"]
    out = dict(vals)
    for i in vals:
        o = opts[i]
        if o.get("mode") != "space":
            continue
        card = o.get("card")
        if card is None:   # the card whose use is being chosen, as the decision says it
            card = (state["pending"].get("context") or {}).get("card")
        if card is None:
            continue
        c = D.CARDS[card]
        if c["side"] == D.ENEMY[me] and (c["ops"] or 0) >= DUMP_OPS:
            out[i] = vals[i] + SPACE_DUMP * c["ops"]
    return out

