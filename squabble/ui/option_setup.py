"""The new-game set-up screen both games use: option rows that change with left/right or a click
("Opponent:  <  Against the computer  >"), a start button, Back, and a note under them.

A game's set-up gives the scene its rows and what a start does (``on_start(opts)``); a subclass
may add its note, a check that disables the start and whether a saved game would be replaced.
The scene draws the rows, cycles their values, asks before replacing a saved game and keeps the
focus on the row being changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from squabble.framework.confirm import ConfirmScene
from squabble.framework.layout import text_block
from squabble.framework.widgets import Button
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene


@dataclass
class OptionRow:
    """One row: ``opts[key]`` cycles through ``values``."""
    key: str
    label: str | Callable[[dict], str]           # the words before the value (or fn(opts))
    values: list
    words: Callable[[Any], str] = str            # the value's words
    enabled: Callable[[dict], bool] | None = None
    reason: str = ""                             # why the row is disabled


def on_off(value) -> str:
    return "On" if value else "Off"


def opponent_rows(side_words=str, levels=("easy", "normal", "hard")) -> list[OptionRow]:
    """The rows both games start with: the opponent (the computer or a second player on this
    screen), the side the (first) player takes, and the computer's ``levels``."""
    return [
        OptionRow("mode", "Opponent", ["computer", "hotseat"],
                  lambda m: "Against the computer" if m == "computer"
                  else "Two players, this screen"),
        OptionRow("human", lambda o: "You play" if o["mode"] == "computer" else "Player 1 plays",
                  ["USSR", "USA"], side_words),
        OptionRow("level", "Computer level", list(levels),
                  enabled=lambda o: o["mode"] == "computer",
                  reason="Two players on this screen: no computer."),
    ]


class OptionSetupScene(MenuScene):
    """Rows of options, then start and Back (layout in logical 1280x720 units)."""
    ROW_X, ROW_W, ROW_H, ROW_GAP, TOP = 340, 600, 56, 64, 150
    START_GAP, START_H, BACK_H = 16, 60, 50
    NOTE_FONT, NOTE_RECT = 19, (340, 612, 600, 70)
    START_LABEL = "Start"
    #: the question asked before a new game replaces a saved one: (title, words)
    REPLACE = ("Replace the saved game?", "A game is saved and can be continued from the title. "
               "Starting a new game replaces it for good.")

    def __init__(self, app, opts: dict, rows: list[OptionRow],
                 on_start: Callable[[dict], None], message: str = ""):
        self.opts = opts
        self.rows = rows
        self.on_start = on_start
        super().__init__(app)
        self.message = message

    # -- what a game's set-up may add
    def check_start(self, start: Button) -> None:
        """Disable ``start`` (with a reason) when the options cannot start a game."""

    def saved_game_exists(self) -> bool:
        return False

    def note(self) -> str:
        return ""

    # -- the screen
    def build(self):
        o = self.opts
        specs = self.rows
        buttons = []
        for i, r in enumerate(specs):
            label = r.label(o) if callable(r.label) else r.label
            b = Button(r.key, f"{label}:  <  {r.words(o[r.key])}  >",
                       (self.ROW_X, self.TOP + i * self.ROW_GAP, self.ROW_W, self.ROW_H),
                       self._cycle(r.key, r.values), kind="row",
                       # a row too short for a readable second line leaves it to the footer
                       hint="left/right arrows or click to change" if self.ROW_H >= 44 else "")
            if r.enabled is not None:
                b.enabled = bool(r.enabled(o))
                b.reason = r.reason
            buttons.append(b)
        y = self.TOP + len(specs) * self.ROW_GAP + self.START_GAP
        start = Button("start", self.START_LABEL, (490, y, 300, self.START_H), self._start,
                       colour=(40, 110, 70))
        self.check_start(start)
        buttons.append(start)
        buttons.append(Button("back", "Back", (490, y + self.START_H + 8, 300, self.BACK_H),
                              self.back))
        old = self.focus.current.name if self.focus.current else None
        self.set_buttons(buttons)
        if old:
            b = self.button(old)
            if b:
                self.focus.focus(b)

    def _cycle(self, key, values):
        def f(d):
            # a remembered value no longer offered starts the cycle from the first one
            i = values.index(self.opts[key]) if self.opts[key] in values else 0
            self.opts[key] = values[(i + d) % len(values)]
            self.build()
        return f

    def _start(self):
        self.start_asking(lambda: self.on_start(self.opts))

    def start_asking(self, start: Callable[[], None]) -> None:
        """``start()`` a new game, first asking when it would replace a saved one (every way the
        screen starts a game goes through here)."""
        if self.saved_game_exists():
            # a new game would silently replace the saved one: ask first (safe answer first)
            title, words = self.REPLACE
            self.app.stack.push(ConfirmScene(self.app, title, words, "Start a new game",
                                             "Keep the saved game", on_yes=start))
            return
        start()

    def draw(self, surf):
        super().draw(surf)
        note = self.note()
        if note:
            L = self.app.layout
            text_block(surf, note, L.font(self.NOTE_FONT), T.TEXT, L.r(*self.NOTE_RECT),
                       align="center")
