"""Where undo stops (Board Game Arena's policy): a decision that rolled a die, drew a card or
revealed hidden information cannot be taken back.  One rule for the couch
(squabble/framework/session.py) and the online server (squabble/online/); it knows the games
only through their registry adapters, and imports none (the framework, which names no game,
uses it)."""

from __future__ import annotations


def kind_of(line) -> str:
    """A log line's kind (the engines give ``LogLine``s: a str with ``kind`` and ``data``)."""
    return getattr(line, "kind", "note")

BARRIER_KINDS = ("die", "draw", "reveal", "coup", "realign", "space")


def barrier(game, sides, before: dict, after: dict, side: str, log: list, played=None) -> bool:
    """True when this decision of ``side`` rolled a die, drew a card or revealed hidden
    information.  The card the decider picked from its own hand (``played``: the option's
    ``card``) is shown by the choice itself, which stays undoable until its use reveals or
    rolls something."""
    if before.get("rng") != after.get("rng"):
        return True
    if "deck" in before and before.get("deck") != after.get("deck"):
        return True
    if any(kind_of(x) in BARRIER_KINDS for x in log):
        return True
    hidden = getattr(game, "hidden_from", None)
    if hidden is not None:
        for who in sides:
            was = set(hidden(before, who))
            now = set(hidden(after, who))
            if who != side and played is not None and played in was:
                was.discard(played)   # the decider's own card, chosen to play
            if was - now:
                return True  # a card hidden from a side is visible to it now (a reveal)
            if now - was:
                return True  # a card nobody knew came into a hand (a draw)
    return False
