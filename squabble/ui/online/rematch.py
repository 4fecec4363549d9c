"""The rematch on an online game's result screen (issue 52): who asked, said in one sentence.

The server makes the rematch (sides swapped) for the first seat that asks and tells every client
of the finished game who asked (the update's ``rematch_asked``).  ``RematchOffer`` keeps the
finished game's line open under the result screen (the game's own line, handed over by the
session, or a new one that resumes the seat), so the screen says "Your friend asks for a
rematch" the moment the friend asks, and after this player's Rematch "Waiting for your friend to
accept the rematch" until the friend does; then the window opens the new game by itself.  Both
games' result screens use it (``menu_scene.ResultMenuScene``); nothing here knows a game's
rules."""

from __future__ import annotations

from squabble.framework.layout import text
from squabble.online.ratings import shown
from squabble.ui import theme as T

OTHER = {"USA": "USSR", "USSR": "USA"}


def change_words(update: dict | None, seat: str | None) -> str:
    """What a finished rated game's result screen says of the ratings ("" when unrated or not
    yet known)."""
    change = (update or {}).get("rating_change")
    if not isinstance(change, dict) or not change:
        return ""
    try:
        mine = change.get(seat)
        other = next((v for s, v in change.items() if s != seat), None)
        if mine is None:          # a spectator: both sides
            return "Ratings: " + " · ".join(f"{s} {shown(v)}" for s, v in sorted(change.items()))
        words = f"Your rating: {shown(mine)}"
        return words + (f" (your friend's: {shown(other)})" if other else "")
    except (TypeError, ValueError):
        return ""

# the states, in the order a rematch goes through them
NONE = "none"            # nobody asked yet
FRIEND = "friend"        # the friend asks; this player has not answered
WAITING = "waiting"      # this player asked; the friend has not yet
STARTED = "started"      # both asked: the rematch is on
OPENING = "opening"      # the window is opening the new game


class RematchOffer:
    """The rematch of ``session``'s finished game, as the result screen shows and asks it.
    ``side_name(side)``: the side in the game's voice ("Russia", "the USSR")."""

    def __init__(self, app, session, side_name=lambda side: f"the {side}"):
        self.app = app
        self.game_id = session.game_id
        self.seat = session.seat
        self.side_name = side_name
        old = session.link
        self.url = old.url
        self.credential = old.credential
        msg = session.update_msg
        last = old.last
        if last and last.get("game_id") == self.game_id and \
                last.get("version", -1) >= msg.get("version", 0):
            msg = last            # (the newest the line received, shown or not)
        self.asked = set(msg.get("rematch_asked") or [])
        self.rematch_id = msg.get("rematch")
        self.rating = msg.get("rating_change")   # a rated game's {side: [before, after]}
        self.asking = None        # the Future of this player's ask
        self.opening = None       # the Future of the new game's resume
        self.waited = False       # this window saw its own ask wait for the friend
        self.handed = False       # the line went to the new game's scene
        self.shown = self.state   # the state the screen's buttons were built for
        self.deal = None          # the deal's check (ui/online/deal.py), on a line of the game
        if not old.closed:
            self.link = session.hand_over_line()
            from squabble.ui.online.deal import DealCheck
            self.deal = DealCheck(self.link, self.game_id)
        else:                     # the game's line is gone: a new one takes the seat again
            from squabble.online.link import Link
            self.link = Link(self.url)
            self.link.request("resume", self.game_id, self.credential)

    # -- the state ---------------------------------------------------------------------------
    @property
    def state(self) -> str:
        if self.opening is not None:
            return OPENING
        me = self.seat in self.asked or self.asking is not None
        friend = OTHER[self.seat] in self.asked
        if me and friend:
            return STARTED
        return WAITING if me else FRIEND if friend else NONE

    def sentence(self, t: float = 0.0) -> tuple[str, tuple]:
        """The one sentence the result screen shows, and its colour."""
        st = self.state
        you = self.side_name(self.seat_next)
        if st == FRIEND:
            return (f"Your friend asks for a rematch, sides swapped: press Rematch to accept and "
                    f"play {you}."), T.GOLD
        if st == WAITING:
            dots = "." * (1 + int(t * 3) % 3)
            return f"Waiting for your friend to accept the rematch{dots}", T.TEXT
        if st == STARTED:
            return "The rematch is on (sides swapped): press Rematch to play it.", T.GOLD
        if st == OPENING:
            return "Opening the rematch…", T.TEXT
        return f"Rematch asks your friend for another game, sides swapped (you play {you}).", \
            T.MUTED

    @property
    def seat_next(self) -> str:
        return OTHER[self.seat]

    def hint(self) -> str:
        """A second, quieter line: how to leave while waiting."""
        if self.state == WAITING:
            return ("You may leave: the rematch waits on the server, and Play online, Your "
                    "online games brings you back.")
        return ""

    # -- each frame --------------------------------------------------------------------------
    def update(self) -> bool:
        """Take what the line received; open the new game once both asked after this window's
        ask.  True when the state changed since the last call (the screen rebuilds its
        buttons)."""
        for msg in self.link.take():
            if msg.get("type") == "update" and msg.get("game_id") == self.game_id:
                asked = msg.get("rematch_asked")
                if isinstance(asked, list):
                    self.asked = {s for s in asked if s in OTHER}
                self.rematch_id = msg.get("rematch") or self.rematch_id
                self.rating = msg.get("rating_change") or self.rating
        if self.deal is not None:
            self.deal.poll()
        fut = self.asking
        if fut is not None and fut.done():
            self.asking = None
            try:
                reply = fut.result()
                self.rematch_id = reply.get("game_id") or self.rematch_id
                self.asked.add(self.seat)
            except Exception as e:   # noqa: BLE001 - one sentence, nothing lost
                self._failed(e)
        if self.state == WAITING:
            self.waited = True
        elif self.state == STARTED and self.waited and self.rematch_id and self.asking is None:
            self._open()
        if self.opening is not None and self.opening.done():
            self._opened()
        changed, self.shown = self.state != self.shown, self.state
        return changed

    def press(self) -> None:
        """The result screen's Rematch: ask (accepting the friend's ask), or open the rematch
        already agreed."""
        st = self.state
        if st in (NONE, FRIEND):
            self.waited = True        # (accepting: the new game opens once the answer comes)
            self.asking = self.link.request("ask_rematch")
        elif st == STARTED and self.rematch_id:
            self._open()

    def _open(self):
        if self.opening is None:
            self.opening = self.link.take_seat("resume", self.rematch_id, self.credential)

    def _opened(self):
        from squabble.ui.online.seats import keep_seat, newest_update
        fut, self.opening = self.opening, None
        try:
            _, update = fut.result()
        except Exception as e:   # noqa: BLE001
            self._failed(e)
            return
        update = newest_update(self.link, update)
        keep_seat(self.app, self.link, self.url, update.get("code"))   # the rematch's own code
        self.handed = True
        app = self.app
        app.open_online(self.link, update)

    def _failed(self, e):
        from squabble.online.client import ClientError
        self.app.toast(str(e) if isinstance(e, ClientError) else
                       "The rematch could not be asked now: the line reconnects by itself; "
                       "press Rematch again.", 6.0)

    def close(self) -> None:
        """The result screen left: its line closes, unless the new game took it."""
        if not self.handed:
            self.link.close()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf, L, y: float, t: float, width: float = 1100) -> None:
        """The sentence centred at logical height ``y`` (and the hint under it)."""
        from squabble.framework.layout import fit_font
        words, colour = self.sentence(t)
        font = fit_font(L, words, width, 22, True)
        text(surf, words, font, colour, L.p(640, y), "center", shadow=(0, 0, 0))
        hint = self.hint()
        if hint:
            text(surf, hint, fit_font(L, hint, width, 17), T.MUTED, L.p(640, y + 24), "center")
        rating = change_words({"rating_change": self.rating}, self.seat)
        words, colour = "", T.GOLD
        if self.deal is not None:   # the deal's check, under the rematch
            words = self.deal.words
            colour = T.GOLD if self.deal.verified else T.MUTED if not self.deal.done else T.TEXT
            if rating and self.deal.verified:
                words = "Deal verified"     # (the long sentence, short beside the ratings)
        if rating:                  # a rated game: "Your rating: 1512 → 1528" (issue 60)
            words = f"{words} · {rating}" if words else rating
        if words:
            text(surf, words, fit_font(L, words, width, 17, bool(rating)), colour,
                 L.p(640, y + (48 if hint else 24)), "center")
