"""The shared option-row set-up screen (ui/option_setup.py) that both games' set-ups are made of."""

import pygame

from tests.ui import driver as D
from squabble.ui.option_setup import OptionRow, OptionSetupScene, on_off


class _Setup(OptionSetupScene):
    name = "test_setup"
    title = "A set-up"
    START_LABEL = "Go"

    def __init__(self, app, saved=False):
        self.saved = saved
        self.started = []
        rows = [OptionRow("colour", "Colour", ["red", "green", "blue"]),
                OptionRow("fast", "Fast", [False, True], on_off),
                OptionRow("size", lambda o: f"Size ({o['colour']})", [1, 2, 3], str,
                          enabled=lambda o: not o["fast"], reason="Fast games have one size.")]
        super().__init__(app, {"colour": "red", "fast": False, "size": 2}, rows,
                         lambda opts: self.started.append(dict(opts)))

    def check_start(self, start):
        if self.opts["colour"] == "blue":
            start.enabled, start.reason = False, "No blue games."

    def saved_game_exists(self):
        return self.saved

    def note(self):
        return f"A {self.opts['colour']} game."


def _push(app, **kw):
    s = _Setup(app, **kw)
    app.stack.push(s)
    D.step(app)
    return s


def test_rows_cycle_both_ways_and_keep_the_focus(app):
    s = _push(app)
    assert [b.name for b in s.buttons] == ["colour", "fast", "size", "start", "back"]
    assert s.button("colour").label == "Colour:  <  red  >"
    assert s.button("size").label == "Size (red):  <  2  >"
    s.focus.focus(s.button("colour"))
    D.key(app, pygame.K_RIGHT)
    assert s.opts["colour"] == "green" and s.button("size").label == "Size (green):  <  2  >"
    D.key(app, pygame.K_LEFT)
    D.key(app, pygame.K_LEFT)
    assert s.opts["colour"] == "blue"                 # wraps round
    assert s.focus.current is s.button("colour")      # rebuilt, focus kept on the row


def test_a_disabled_row_and_start_say_why(app):
    s = _push(app)
    s.opts["fast"] = True
    s.build()
    size = s.button("size")
    assert not size.enabled and size.reason == "Fast games have one size."
    s.opts["colour"] = "blue"
    s.build()
    assert not s.button("start").enabled
    D.menu_click(app, "start")
    assert s.started == []


def test_start_asks_before_replacing_a_saved_game(app):
    s = _push(app, saved=True)
    D.menu_click(app, "start")
    assert D.top(app).name == "confirm" and s.started == []
    x, y, w, h = D.top(app).yes.rect
    D.click(app, app.layout.p(x + w / 2, y + h / 2))
    assert s.started == [{"colour": "red", "fast": False, "size": 2}]
    s2 = _push(app, saved=False)
    D.menu_click(app, "start")
    assert s2.started == [{"colour": "red", "fast": False, "size": 2}]


def test_a_value_no_longer_offered_restarts_the_cycle(app):
    s = _push(app)
    s.opts["size"] = 9
    s.button("size").action(1)
    assert s.opts["size"] == 2
