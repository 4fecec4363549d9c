"""The expert level of the Twilight Struggle computer player.  How it thinks: docs/ai-struggle.md.

Expert is hard's search given a wider look where it matters: a card choice is valued over
twice as many deals of the hidden cards (determinizations of the side's view, never the true
hidden cards), and no deal's lucky win outweighs the others.  Ordinary decisions (the targets of
operations, an event's choices) are hard's, at hard's cost: a card choice is where a game is won
or lost, and the targets that follow are played out inside its look anyway.

How much it spends on a card choice (``budget``):

* **a card to play**: ``PLAY``: the first look over up to 12 deals within 20,000 engine steps,
  and no deep look (``samples`` 0).  Hard spends its budget mostly on a first look over a few
  deals and finishes its deep look rarely; a longer deep look (``DEEP``, the first design) picked
  hard's card on 44 of 57 choices and was not stronger.  The wide look disagrees with hard on a
  third of card choices;
* **a decision that matters** (``matters``: a headline, the turn's last two action rounds, a
  scoring card in the hand, DEFCON 2): ``MATTER`` times as many engine steps and deals;
* ``expert_long`` (the Options setting "Expert thinks longer"): ``LONG`` times all of it.

``win_cap``: a look's value of an option on one deal counts at most this much (50) in the mean
over deals.  A win is worth ``WIN`` (1,000) in a play-out, so one deal in seventeen where the
play-out's enemy blunders into DEFCON 1 would outweigh every other deal: uncapped, expert
headlined Grain Sales to Soviets at DEFCON 3 so (``bench/results/struggle_expert_wide.jsonl``,
seed 6200018605) and lost to the enemy's coup at DEFCON 2.  A loss keeps its full weight (a
risk the side runs itself).

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
PLAY = dict(first_deals=12, first_work=20000, top=4, samples=0, work=16000, rounds=3,
            total=24000, win_cap=50)
#: the first design (a deep look over 8 deals at the best 4): it picked hard's card on 44 of 57
#: choices and scored 0 of 3 against hard; kept to compare (``--play`` of the match bench)
DEEP = dict(first_deals=6, first_work=8000, top=4, samples=8, work=16000, rounds=3,
            total=24000, win_cap=None)
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
