"""Following the other side's moves (a part the Struggle map scene holds): the beats of a decision the
person at the screen did not make (the computer's, or on one couch the other player's) are shown
at a readable pace, each country pulsing with its +n / −n, and every country whose influence
the other side changed keeps a change badge until the person decides.  A key or a click skips
to the next decision (the badges stay)."""

from __future__ import annotations

from squabble.games.struggle.data import ENEMY
from squabble.ui.struggle.map_markers import draw_change_badges

#: seconds an influence beat of the other side stays before the next (at normal speed)
READABLE = 0.55
PULSE = 0.9          # the map's pulse of a change (map_view._Anim)


class FollowOpponent:
    """``changes[side]``: country -> {"USA": net, "USSR": net} made by ``side``'s enemy since
    ``side`` last decided.  ``hurry``: the person skipped the other side's turn (the rest of
    it at once); ``following``: the beat shown last is the other side's (its pause is a
    readable one)."""

    def __init__(self, session):
        self.session = session
        # kept in the game's ``Session.ui`` (saved with it): a game continued shows its badges
        ui = session.ui if isinstance(getattr(session, "ui", None), dict) else {}
        saved = ui.get("badges") or {}
        self.changes = {side: dict(saved.get(side) or {}) for side in ("USA", "USSR")}
        ui["badges"] = self.changes
        self.hurry = False
        self.following = False
        self._unsaved = False

    @staticmethod
    def mark_beats(beats, by: str) -> None:
        """Note who decided each beat (``by``) as the beats are queued."""
        for b in beats:
            b.by = by
            b.last = b is beats[-1]

    def decided(self, side: str) -> None:
        """``side`` decided: its badges are read and go (and a skip of the other side's turn
        is over)."""
        read = bool(self.changes[side])
        self.changes[side] = {}
        self.hurry = False
        if read:            # the autosave of this decision still holds them
            self._save()

    def watcher_of(self, by) -> str | None:
        """The side following a beat decided by ``by`` (None: ``by``'s own beat, or unknown)."""
        if by is None or self.session.controller(by) == "human" and self.session.mode != "hotseat":
            return None
        return ENEMY[by]

    def note_beat(self, beat, before: dict) -> None:
        """Add the influence a beat changed to the watcher's badges."""
        self._note(beat, before)
        if getattr(beat, "last", False) and self._unsaved:
            self._save()       # the decision's badges are all noted: keep them with the game

    def _note(self, beat, before: dict) -> None:
        """The side that made the change is the line's ``by`` when it names one (an event's lines
        name the side that resolved it: the other side's event in one's own play is the other
        side's change), else the side that decided."""
        data = getattr(beat, "data", None) or {}
        who = self.watcher_of(data.get("by") or getattr(beat, "by", None))
        a, b = before.get("influence") or {}, beat.state.get("influence") or {}
        if who is None or a is b:
            return
        for c, now in b.items():
            was = a.get(c)
            if was is None or was == now:
                continue
            acc = self.changes[who].setdefault(c, {"USA": 0, "USSR": 0})
            for side in ("USA", "USSR"):
                acc[side] += now.get(side, 0) - was.get(side, 0)
            if not any(acc.values()):
                del self.changes[who][c]
            self._unsaved = True

    def beat_pause(self, beat, more: bool, speed: float) -> float:
        """How long an influence beat stays: readable for the other side's (the last one, no
        ``more`` after it, until its pulse ends), brisk for one's own."""
        self.following = bool(self.watcher_of(getattr(beat, "by", None)))
        if not self.following:
            return 0.12 * speed
        if self.hurry:       # skipped: the rest of the turn at once
            return 0.0
        return (READABLE if more else PULSE) * speed

    def _save(self) -> None:
        """The autosave was written when the decision was made, before its beats noted their
        badges: write it again with them, so a window closed now keeps them."""
        self._unsaved = False
        s = self.session
        saver = getattr(s, "saver", None)     # (a session that saves nothing has none)
        if saver is None or s.mode == "demo" or s.over:
            return
        try:
            saver(s)
        except Exception:      # a full disk must not stop the game (the saver reports it)
            pass

    def badge_side(self) -> str | None:
        """Whose badges are on screen: the person's side against the computer, on one couch the
        side deciding now."""
        if self.session.mode == "computer":
            return self.session.setup["human"]
        d = self.session.decision()
        return d["player"] if d is not None and self.session.mode == "hotseat" else None

    def draw_change_badges(self, surf, map_view) -> None:
        side = self.badge_side()
        if side and self.changes.get(side):
            draw_change_badges(map_view, surf, self.changes[side])
