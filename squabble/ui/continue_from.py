"""Continue from here: a new couch game from a replay's position, or from a couch game in
progress (its pause menu), with a friend or the computer as either side at a chosen level,
started through the game's entry (``ui/games.py``)."""

from __future__ import annotations

from squabble import records
from squabble.framework.layout import text
from squabble.framework.widgets import Button
from squabble.ui import games
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene


class CouchPosition:
    """A couch game in progress as Continue from here reads a position (a replay's model has
    the same four parts): its game, its options, where it is, a copy of its state."""

    def __init__(self, session):
        self.game = session.game.name
        self.state = session.state
        options = session.setup.get("options") or self.state.get("options") or {}
        self.rec = {"options": dict(options)}

    def where(self) -> str:
        st = self.state
        if self.game == "struggle":
            from squabble.games import registry
            kind = (registry.get(self.game).decision(st) or {}).get("kind")
            ar = st.get("action_round")
            return f"Turn {st.get('turn')}, " + (
                "set-up" if kind == "setup_influence" else f"action round {ar}" if ar else
                "headline phase")
        from squabble.games.squabble.engine import PHASE_NAMES
        return f"Era {st.get('era')}, phase {st.get('phase')}: " \
               f"{PHASE_NAMES.get(st.get('phase'), '')}"

    def position_for_new_game(self) -> dict:
        from squabble.games import registry
        return registry.get(self.game).copy(self.state)


def continue_couch_game(app, session) -> None:
    """The pause menu's Continue from here: the choice of players for the position now."""
    app.stack.push(ContinueScene(app, CouchPosition(session), back_label="Back to the game"))


class ContinueScene(MenuScene):
    """Continue from here: who plays the new couch game from the replay's position."""
    name = "continue_from"
    title = "Continue from here"

    def __init__(self, app, model, back_label: str = "Back to the replay"):
        self.model = model
        self.back_label = back_label
        self.level = getattr(app.settings, "level", "normal")
        if self.level not in ("easy", "normal", "hard"):
            self.level = "normal"
        super().__init__(app)

    @property
    def subtitle(self):
        return f"{records.TITLES[self.model.game]} · {self.model.where()}: a new game"

    def build(self):
        rows = [("friend", "With a friend on this couch", lambda: self.start("hotseat", "USSR")),
                ("as_ussr", "Against the computer, as the USSR",
                 lambda: self.start("computer", "USSR")),
                ("as_usa", "Against the computer, as the USA",
                 lambda: self.start("computer", "USA"))]
        out = [Button(n, lab, (390, 190 + i * 64, 500, 54), act) for i, (n, lab, act)
               in enumerate(rows)]
        out.append(Button("level", f"Computer level: {self.level}", (390, 190 + 3 * 64, 500, 54),
                          self.change_level, kind="row"))
        out.append(Button("back", self.back_label, (490, 190 + 4 * 64 + 10, 300, 50),
                          self.back))
        self.set_buttons(out)

    def change_level(self, d: int = 1):
        levels = ("easy", "normal", "hard")
        self.level = levels[(levels.index(self.level) + d) % 3]
        cur = self.focus.current
        self.build()
        if cur is not None and self.button(cur.name):
            self.focus.focus(self.button(cur.name))

    def start(self, mode: str, human: str) -> None:
        m = self.model
        setup = {"mode": mode, "human": human, "level": self.level,
                 "options": dict(m.rec.get("options") or {})}
        games.get(m.game).continue_from(self.app, m.position_for_new_game(), setup)

    def draw(self, surf):
        super().draw(surf)
        if games.get(self.model.game).SAVES.exists():
            L = self.app.layout
            text(surf, "The new game replaces this game's saved game (its autosave).",
                 L.font(18), T.MUTED, L.p(640, 560), "center")
