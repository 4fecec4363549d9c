"""Finished games: the kept game records (``squabble/records.py``), newest first, each opened on
the replay screen (``replay_scene.py``)."""

from __future__ import annotations

from squabble import records
from squabble.framework.widgets import Button
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
                              hint=f"{k.sides} · {k.length}" +
                              (f" · {k.deal}" if k.deal else "")))
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
