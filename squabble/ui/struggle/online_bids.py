"""Secret bids for sides in an online Twilight Struggle game (issue 52; rules 3.2.2): the couch's
bid screen (ui/struggle/setup.py ``BidScene``: the side wanted, the extra influence offered)
sends the bid to the server, then waits for the friend's; the map opens with the sides the bids
gave.  Until the friend joins, the screen waits for that.  Nothing here waits on the network.
The online wing opens it through the game's entry (``entry.online_prelude``) and gives it what
to do once the bids are in (``enter(update)``: keep the seat, open the map); it imports nothing
of the online wing."""

from __future__ import annotations

from squabble.framework.layout import text, text_block
from squabble.framework.widgets import Button
from squabble.ui import theme as T
from squabble.ui.struggle.setup import BidScene


def outcome_words(update: dict) -> str:
    """The sides and the handicap the bids gave, for this seat."""
    b = update.get("bidding") or {}
    hc = b.get("handicap")
    words = f"The bids are in: you play the {update['seat']}."
    if hc:
        words += f" The {hc['side']} places {hc['influence']} extra influence after the set-up."
    return words


class OnlineBidScene(BidScene):
    """This seat's secret bid, sent to the server; then "Waiting for your friend's bid"."""
    name = "online_bid"

    def __init__(self, app, link, update: dict, enter, code=None):
        self.link, self.last, self.enter, self.code = link, update, enter, code
        self.future = None           # the bid on its way (a Future of the server's reply)
        super().__init__(app, 0, None)
        self.subtitle = "Secret: your friend sees it only once both bids are in"

    @property
    def seat(self) -> str:
        return self.last.get("seat") or self.link.seat

    def phase(self) -> str:
        """"join" (the friend has not joined), "bid", or "wait" (this seat's bid is in)."""
        if self.last.get("open_seat"):
            return "join"
        if self.future is not None or self.seat in self.last["bidding"].get("bid", []):
            return "wait"
        return "bid"

    def friend_has_bid(self) -> bool:
        bid = (self.last.get("bidding") or {}).get("bid", [])
        return any(s != self.seat for s in bid)

    def build(self):
        if self.phase() == "bid":
            super().build()
            self.buttons.append(Button("leave", "Leave (the game is kept)", (490, 476, 300, 44),
                                       self.leave))
            self.set_buttons(list(self.buttons))
            return
        self.set_buttons([Button("leave", "Back to Play online (the game is kept)",
                                 (420, 500, 440, 50), self.leave)])

    def back(self):
        self.leave()

    def leave(self):
        """Back to Play online; the seat is kept (Your online games opens it again)."""
        self.link.close()
        self.app.to_online()

    def _done(self):
        self.future = self.link.request("bid", self.bid["side"], self.bid["number"])
        self.build()

    def update(self, dt):
        super().update(dt)
        if self.future is not None and self.future.done():
            try:
                self.future.result()
            except Exception as e:   # noqa: BLE001 - one sentence; the bid may be sent again
                from squabble.online.client import ClientError
                self.future = None
                self.app.toast(str(e) if isinstance(e, ClientError) else
                               f"The bid did not reach the server ({type(e).__name__}): send "
                               "it again.", 6.0)
                self.build()
                return
        before = self.phase()
        for m in self.link.take():
            if m.get("type") == "update" and m.get("game_id") == self.last.get("game_id") \
                    and m.get("version", -1) >= self.last.get("version", -1):
                self.last = m
        if not (self.last.get("bidding") or {}).get("open") and \
                self.last.get("state") is not None:
            self._open()
            return
        if self.phase() != before:
            self.build()

    def _open(self):
        """The bids are in: keep the seat under its side and open the map."""
        self.enter(self.last)
        self.app.toast(outcome_words(self.last), 8.0)

    def wake_in(self):
        return 1 / 10

    def draw(self, surf):
        phase = self.phase()
        super().draw(surf)
        L = self.app.layout
        if phase == "bid":
            text_block(surf, "The side you want, and the extra influence you would let the "
                       "other side place to get it. The higher bid for a side wins it; the "
                       "loser of the bid receives the winner's number (rules 3.2.2).",
                       L.font(18), T.MUTED, L.r(290, 150, 700, 56), align="center")
            if self.friend_has_bid():   # public: who has bid, never what
                text(surf, "Your friend has sealed a bid: the sides are settled once yours is "
                     "in.", L.font(20, True), T.GOLD, L.p(640, 560), "center")
            return
        if phase == "join":
            code = self.last.get("code") or self.code or ""
            words = "Waiting for your friend to join"
            more = (f"Give them the invitation code {code}. Then each of you bids in secret "
                    "for a side.")
        else:
            dots = "." * (1 + int(self.t * 3) % 3)
            words = "Waiting for your friend's bid" + dots
            more = ("Your bid is sealed on the server. The game is kept there: you may leave "
                    "and come back (Play online, Your online games).")
        text(surf, words, L.font(32, True), T.TEXT, L.p(640, 300), "center")
        text_block(surf, more, L.font(20), T.MUTED, L.r(290, 350, 700, 80), align="center")
