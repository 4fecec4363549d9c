"""The first-game guide of Twilight Struggle (a part the map scene holds): one short note the
first time each kind of decision comes in a game, in plain words, never blocking (a click on
its x closes it; it goes by itself once that decision is made).  On while the couch's guide is
on (``couch_prefs.guide_on``: until a first game is finished, then when asked for in the
set-up).  The kinds it has spoken of are saved with the game (``Session.ui``)."""

from __future__ import annotations

from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.ui import theme

GUIDE = {
    "setup_influence": (
        "Starting influence",
        "Place your starting influence one point at a time on the lit countries. A side "
        "controls a country when its influence beats the enemy's there by at least the "
        "country's stability (the number in the disc)."),
    "headline": (
        "Headline",
        "Both sides pick a card in secret. Both are shown together, and the card with more Ops "
        "has its event first (the USA's on a tie). The China Card cannot be headlined."),
    "action_card": (
        "An action round",
        "Play one card from your hand (lit). Your own side's and neutral cards give their event "
        "or their Ops; an enemy card's event happens even when you use its Ops."),
    "play_mode": (
        "Event, Ops or Space Race",
        "Event: do what the card says. Ops: place influence, realign or make one coup. Space "
        "Race: a die roll to advance your marker (the card's event never happens then)."),
    "ops_kind": (
        "Spending the Ops",
        "All the Ops of one card go to one kind: influence, realignment rolls, or one coup."),
    "influence": (
        "Placing influence",
        "Place in or next to countries where you already have influence. The lit number is the "
        "cost: a point in a country the enemy controls costs 2."),
    "coup_target": (
        "A coup",
        "Die + Ops − 2 × stability: that many enemy points go, the rest become yours. A coup in "
        "a battleground (crimson name) lowers DEFCON by one, and your MilOps rise by the Ops."),
    "realign_target": (
        "Realignment",
        "Both sides roll a die: +1 for each adjacent country one controls, +1 for more "
        "influence there, +1 next to one's superpower. The loser loses the difference; "
        "nothing is placed."),
    "space": (
        "Space Race",
        "The card's Ops must reach the box's need; roll within the range shown to advance. "
        "The first to reach a box gets its VP."),
    "discard": (
        "Discarding",
        "The event asks you to give up cards: the lit ones are those it allows."),
}
GUIDE_R = (934, 526, 342, 104)   # over the log's older lines: no target under it


class StruggleGuide:
    """``on``: the guide speaks this game; ``seen``: the decision kinds it has spoken of;
    ``note``: (kind, title, text) on screen, or None."""

    def __init__(self, on: bool, memo: dict | None = None):
        """``memo``: the game's ``Session.ui``; its ``"guide"`` (the kinds already spoken of)
        is read here and kept up to date, so it is saved with the game and a game continued
        does not repeat a note."""
        self.on, self.note = on, None
        self.memo = memo if memo is not None else {}
        self.seen = set(self.memo.get("guide") or ())

    def for_kind(self, kind) -> None:
        """A decision of ``kind`` is shown to the person: its note, the first time."""
        if self.note is not None and self.note[0] != kind:
            self.note = None
        if self.on and kind in GUIDE and kind not in self.seen:
            self.seen.add(kind)
            self.memo["guide"] = sorted(self.seen, key=str)
            self.note = (kind, *GUIDE[kind])

    def click(self, lp) -> bool:
        x, y, w, h = GUIDE_R
        if self.note is not None and x + w - 28 <= lp[0] < x + w and y <= lp[1] < y + 24:
            self.note = None
            return True
        return False

    def draw(self, surf, L) -> None:
        """The note (the scene draws it only on a person's turn with no moment on screen)."""
        if self.note is None:
            return
        _kind, title, body = self.note
        x, y, w, h = GUIDE_R
        panel(surf, L, GUIDE_R, colour=(30, 34, 52), edge=(140, 180, 255), alpha=255)
        head = "FIRST-GAME GUIDE · " + title
        text(surf, head, fit_font(L, head, w - 40, 15, True), (170, 200, 255), L.p(x + 8, y + 5))
        text(surf, "x", L.font(18, True), theme.TEXT, L.p(x + w - 12, y + 12), "center")
        text_block(surf, body, L.font(15), theme.TEXT, L.r(x + 8, y + 26, w - 16, h - 30))
