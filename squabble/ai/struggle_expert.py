"""The expert level of the Twilight Struggle computer player.  How it thinks: docs/ai-struggle.md.

Expert is hard's search given more of everything where a decision matters: more deals of the
hidden cards (determinizations of the side's view, never the true hidden cards) in both looks,
and a budget that leaves the deep look room to finish its deals.  Ordinary decisions (the
targets of operations, an event's choices) are hard's, at hard's cost: a card choice is where a
game is won or lost, and the targets that follow are played out inside its look anyway.

How much it spends on a card choice (``budget``):

* **a card to play**: ``PLAY``: the first look over up to 6 deals within 8,000 engine steps,
  then the deep look (the next three action rounds played out) at the best 4 options over up to
  8 deals within 16,000 more.  Hard's own budget is spent mostly by its first look, so its deep
  look rarely finishes more than one deal (often none); expert's finishes two to eight;
* **a decision that matters** (``matters``: a headline, the turn's last two action rounds, a
  scoring card in the hand, DEFCON 2): ``MATTER`` times as many engine steps and deals;
* ``expert_long`` (the Options setting "Expert thinks longer"): ``LONG`` times all of it.

``win_cap`` (a design being tried, not shipped): a look's value of an option on one deal counts
at most this much in the mean over deals.  A win is worth ``WIN`` (1,000) in a play-out, so one
deal in seventeen where the play-out's enemy blunders into DEFCON 1 outweighs every other deal:
expert, looking once over 17 deals, headlined Grain Sales to Soviets at DEFCON 3 so (a game of
``bench/results/struggle_expert_wide.jsonl``, seed 6200018605) and lost to the enemy's coup at
DEFCON 2.  A loss keeps its full weight (a risk the side runs itself).

Budgets count engine steps, never the clock: the same view and seed give the same choice, on any
machine.  ``progress`` (set by the window's worker process) is told the share of the decision's
work done, for the thinking indicator.
"""

from __future__ import annotations

import collections

from squabble.ai.struggle_eval import _rounds_left
from squabble.games.struggle import data as D

#: the sizes of hard's two looks (``struggle._hard_looks``; hard's own: ``struggle.hard_budget``)
#: and ``win_cap``: a deal's value of an option counted at most this much (None: no cap; below)
Budget = collections.namedtuple(
    "Budget", "first_deals first_work top samples work rounds total win_cap", defaults=(None,))

#: the levels this module plays: expert, and expert given LONG times its budget
LEVELS = ("expert", "expert_long")
#: a card choice's budget: (first_deals, first_work, top, samples, work, rounds, total), the
#: fields of ``Budget``
PLAY = dict(first_deals=6, first_work=8000, top=4, samples=8, work=16000, rounds=3,
            total=24000)
#: a decision that matters gets this many times the engine steps and deals
MATTER = 1.4
#: "expert_long" (the Options setting): this many times everything
LONG = 3.0
#: told (done, total) engine steps while expert thinks (the window's worker sets it)
progress = None


def matters(state, me) -> bool:
    """True for a decision worth more of the time: a headline, the last two action rounds of
    the side's turn, a scoring card in its hand, DEFCON 2."""
    p = state["pending"]
    modes = {o["mode"] for o in p["options"]}
    if "headline" in modes:
        return True
    if state["defcon"] <= 2:
        return True
    if any(D.CARDS[c]["scoring"] for c in state["hands"][me]):
        return True
    return state["action_round"] > 0 and _rounds_left(state, me) <= 2


def is_card_choice(state) -> bool:
    opts = state["pending"]["options"]
    return bool(opts) and opts[0]["mode"] in ("play", "headline")


def budget(state, me, level):
    """The ``Budget`` of expert's looks at this decision, or None for hard's own (an
    ordinary decision: not a card choice)."""
    if not is_card_choice(state):
        return None
    scale = (MATTER if matters(state, me) else 1.0) * (LONG if level == "expert_long" else 1.0)
    b = {k: (v if k in ("top", "rounds", "win_cap") else int(round(v * scale)))
         for k, v in PLAY.items()}
    return Budget(**b)
