"""An online game in the window (issue 52): the same table or map scene as against the computer,
on a ``framework.remote.RemoteSession`` (one seat; the other side is the friend, waited for like a
computer thinking, its moves arriving as beats).  What differs by game comes from the game's
entry (``ui/<game>/entry.py``: its set-up, its view from the wire, its sides' names, its scene);
this module names no game."""

from __future__ import annotations

from squabble.framework.remote import RemoteSession
from squabble.games import registry
from squabble.ui import games


def session_for(link, update: dict) -> RemoteSession:
    """The window's session of the game ``update`` shows (the server's first update for this
    seat)."""
    entry = games.get(update["game"])
    opts = (update["state"].get("options") or {}) if isinstance(update.get("state"), dict) else {}
    setup = {"level": "normal", "online": {"pace": update.get("pace", "live")}}
    setup.update(entry.online_setup(opts if isinstance(opts, dict) else {}))
    return RemoteSession(registry.get(entry.NAME), link, update, setup,
                         from_wire=entry.from_wire, side_name=entry.side_name,
                         lost_on_time=entry.lost_on_time)


class MoveAlert:
    """A window in the background whose player it is to move (issue 59): its title says so
    ("Your move — Twilight Struggle") and a short sound plays (settings ``move_alert``); the
    title comes back once the window has the focus again."""

    def __init__(self, app, label: str):
        self.app, self.label = app, label
        self.kept_title: str | None = None

    @staticmethod
    def focused() -> bool:
        import pygame
        return bool(pygame.key.get_focused())

    def your_move(self) -> None:
        if self.focused() or not getattr(self.app.settings, "move_alert", True):
            return
        import pygame
        if self.kept_title is None:
            self.kept_title = pygame.display.get_caption()[0]
        pygame.display.set_caption(f"Your move — {self.label}")
        self.app.sounds.play("select")

    def tick(self) -> None:
        if self.kept_title is not None and self.focused():
            import pygame
            pygame.display.set_caption(self.kept_title)
            self.kept_title = None


def open_game(app, link, update: dict, after=None):
    """Put the game's scene on screen (replacing every screen); returns the scene.  ``after()``:
    where the result screen's button leads (Play online)."""
    session = session_for(link, update)
    entry = games.get(update["game"])
    session.alert = MoveAlert(app, entry.LABEL)
    other = session.other(session.seat or "USA")
    # (first: a finished game's result screen shows its last moves, not this line)
    if session.watching:
        session.log.insert(0, f"Watching an online game: {entry.side_name('USA')} against "
                              f"{entry.side_name('USSR')} (you decide nothing).")
    else:
        session.log.insert(0, f"Online game: you play {entry.side_name(session.seat)}; your "
                              f"friend plays {entry.side_name(other)}.")
    app.demo = False
    scene = entry.online_scene(app, session)
    app.stack.replace_all(scene)
    return scene
