"""The people's card prior (issue 21, "plays like people"): which of its cards a person plays
now and which it keeps for later in the turn, learned from the real games by
``bench/struggle_people_prior.py`` (a conditional logit over the cards the person went on to
play that turn).  The weights are in ``struggle_people_weights``; this module names the
features both the fitting and hard's prior (ai/struggle_prior.py) use.
"""

from __future__ import annotations

from squabble.games.struggle import data as D

def phase_of(ar: int) -> str:
    """The phase of a card choice: the headline (action round 0), action rounds 1-2, or 3+."""
    return "headline" if ar == 0 else "AR1-2" if ar <= 2 else "AR3+"


def kind_of(card: int, side: str) -> str:
    """What ``card`` is to ``side``: "scoring", "own", "enemy" or "neutral"."""
    c = D.CARDS[card]
    if c["scoring"]:
        return "scoring"
    if c["side"] == side:
        return "own"
    if c["side"] == D.ENEMY[side]:
        return "enemy"
    return "neutral"


def features(card: int, side: str, ar: int) -> tuple:
    """The prior's features of ``side`` choosing ``card`` in action round ``ar`` (0: headline)."""
    ph = phase_of(ar)
    return (("kind", kind_of(card, side), D.CARDS[card]["ops"] or 0, ph),
            ("card", card, side, "headline" if ar == 0 else "action"))


def score(weights: dict, card: int, side: str, ar: int) -> float:
    """The prior's log-odds of ``card`` (only differences between cards of one choice mean
    anything)."""
    return sum(weights.get(f, 0.0) for f in features(card, side, ar))
