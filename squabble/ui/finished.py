"""Finished games: the kept game records (``squabble/records.py``), newest first, each opened on
the replay screen; and "Continue from here", a new couch game from a replay's position."""

from __future__ import annotations

from squabble import records
from squabble.framework.layout import text
from squabble.framework.widgets import Button
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene

PER_PAGE = 7


def open_record(app, path) -> bool:
    """The replay screen of the record at ``path``; a record that cannot be replayed says why in
    one sentence (a toast) and nothing opens."""
    from squabble.ui.replay_model import ReplayModel
    from squabble.ui.replay_scene import ReplayScene
    rec, why = records.read(path)
    if rec is None:
        app.toast(why, 6)
        return False
    try:
        model = ReplayModel(rec)
    except ValueError as e:
        app.toast(str(e), 6)
        return False
    app.stack.push(ReplayScene(app, model, records.TITLES[rec["game"]]))
    return True


KEEP_LABEL = "Keep the game so far"


def may_keep_so_far(session) -> tuple[bool, str]:
    """(whether a pause menu's "Keep the game so far" may be pressed, why not)."""
    rec = (getattr(session, "ui", None) or {}).get("record")
    if getattr(session, "mode", None) not in ("computer", "hotseat"):
        return False, "Only a game on this computer is kept here."
    if not isinstance(rec, dict) or not rec.get("moves"):
        return False, "Nothing has been decided yet."
    return True, ""


def keep_so_far(app, session) -> None:
    """A game left unfinished is kept only when its player asks: this is the asking (a pause
    menu's button).  The game goes on; the record says it was left unfinished."""
    try:
        kept = records.keep_abandoned(session)
    except OSError as e:
        app.toast(f"The game could not be kept ({e.strerror or type(e).__name__}).", 5)
        return
    if kept is not None:
        app.toast("Kept in Finished games as left unfinished; the game goes on.", 4)


class FinishedGamesScene(MenuScene):
    name = "finished"
    title = "Finished games"

    def __init__(self, app):
        self.page = 0
        self.entries = records.kept()
        super().__init__(app)

    @property
    def subtitle(self):
        n = len(self.entries)
        return "No finished game yet: every game that ends is kept here." if not n else \
            f"{n} game{'s' * (n != 1)}, newest first · Enter replays one"

    def build(self):
        pages = max(1, -(-len(self.entries) // PER_PAGE))
        self.page = min(self.page, pages - 1)
        shown = self.entries[self.page * PER_PAGE:(self.page + 1) * PER_PAGE]
        out = []
        for i, k in enumerate(shown):
            rect = (140, 150 + i * 60, 1000, 54)
            if k.problem:
                out.append(Button(f"rec{i}", k.path.name, rect, None, enabled=False,
                                  reason=k.problem, hint=k.problem))
                continue
            label = f"{records.TITLES[k.game]} · {k.result} · {k.date}"
            out.append(Button(f"rec{i}", label, rect,
                              lambda p=k.path: open_record(self.app, p),
                              hint=f"{k.sides} · {k.length}"))
        y = 150 + PER_PAGE * 60 + 6
        if pages > 1:
            out.append(Button("more", f"More (page {self.page + 1} of {pages})",
                              (340, y, 290, 46), self.next_page))
        out.append(Button("back", "Back", (650 if pages > 1 else 495, y, 290, 46), self.back))
        self.set_buttons(out)

    def next_page(self):
        pages = max(1, -(-len(self.entries) // PER_PAGE))
        self.page = (self.page + 1) % pages
        self.build()

    def on_resume(self):
        self.entries = records.kept()
        cur = self.focus.current.name if self.focus.current else None
        self.build()
        if cur and self.button(cur):
            self.focus.focus(self.button(cur))


class ContinueScene(MenuScene):
    """Continue from here: who plays the new couch game from the replay's position."""
    name = "continue_from"
    title = "Continue from here"

    def __init__(self, app, model):
        self.model = model
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
        out.append(Button("back", "Back to the replay", (490, 190 + 4 * 64 + 10, 300, 50),
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
        from squabble.ui import games
        m = self.model
        setup = {"mode": mode, "human": human, "level": self.level,
                 "options": dict(m.rec.get("options") or {})}
        games.get(m.game).continue_from(self.app, m.position_for_new_game(), setup)

    def draw(self, surf):
        super().draw(surf)
        from squabble.ui import games
        if games.get(self.model.game).SAVES.exists():
            L = self.app.layout
            text(surf, "The new game replaces this game's saved game (its autosave).",
                 L.font(18), T.MUTED, L.p(640, 560), "center")
