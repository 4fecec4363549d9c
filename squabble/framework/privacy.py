"""Who may look right now: the one privacy rule of couch play, for every game.

A side's hidden cards may be drawn face up only while that side confirmed the last hand-off and no
public step has happened since (docs: shared design, "Who may look"). The session owns one
``LookRule``; scenes ask it, and tests check every face-up draw against it, never against what a
scene believes about the screen.
"""

from __future__ import annotations


class LookRule:
    """Tracks the side that may look at its secrets right now (``None``: nobody, a public screen)."""

    def __init__(self, solo: str | None = None) -> None:
        # ``solo``: one person plays against the computer; the computer never looks at the
        # screen, so that person's side may always look (there is never a hand-off).
        self.solo = solo
        self.viewer: str | None = solo
        self.handoffs = 0  # hand-offs confirmed so far (a test can tell two private turns apart)
        self.last_handoff: str | None = None  # the side that confirmed the latest hand-off
        self.other_decided = False  # another side decided since the latest hand-off
        # the side the screen is lent to for one look (the coach on a public decision): the
        # look ends when it is given back, not at that side's next decision
        self.lent: str | None = None

    def handoff_confirmed(self, side: str) -> None:
        """The player of ``side`` confirmed the hand-off screen: the screen is theirs."""
        self.viewer = side
        self.handoffs += 1
        self.last_handoff = side
        self.other_decided = False
        self.lent = None

    def lend(self, side: str) -> None:
        """The player of ``side`` confirmed a hand-off for one look (the coach's): the screen is
        theirs until ``give_back`` (or a public step, whichever comes first)."""
        self.handoff_confirmed(side)
        self.lent = side

    def give_back(self, side: str, keep: bool = False) -> None:
        """The look lent to ``side`` is over: the screen is nobody's again (against the computer:
        the one person's).  ``keep``: the side decides in private now, so the screen stays theirs
        as after an ordinary hand-off."""
        if self.lent != side:
            return
        self.lent = None
        if not keep and self.viewer == side:
            self.viewer = self.solo

    def decided(self, side: str) -> None:
        """``side`` committed a decision (in private or in the open)."""
        if side != self.last_handoff:
            self.other_decided = True

    def again(self, side: str) -> bool:
        """The hand-off about to be shown goes back to the player who had the latest one, and
        nobody else decided since (a public step or an undo between two private decisions of
        the same side).  After another side's private screen, or another side's decision in
        the open, the screen really passes: not "again"."""
        return self.last_handoff == side and not self.other_decided

    def public_step(self) -> None:
        """A decision was committed or a public beat is shown: from now on nobody's secrets
        (against the computer: still only the one person's own)."""
        self.viewer = self.solo

    def cover(self) -> None:
        """A menu covered the screen (the pause menu): whoever comes back to it may be the other
        player, so nobody's secrets until the next hand-off (against the computer: the one
        person's own, as ever).  ``last_handoff`` stays: the hand-off after the menu is that
        side's again."""
        self.viewer = self.solo

    def may_look(self, side: str | None) -> bool:
        return side is not None and side == self.viewer

    def needs_handoff(self, side: str, private: bool) -> bool:
        """A private decision of ``side`` starts with a hand-off unless that side has the screen
        since its last hand-off with no public step in between."""
        return private and self.viewer != side and self.solo is None
