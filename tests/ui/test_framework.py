"""The shared framework stays game-agnostic and its pieces behave."""

import ast
import pathlib

import pygame

import squabble.framework as F
from squabble.framework.focus import FocusRing
from squabble.framework.layout import Layout
from squabble.framework.tween import Motion, Stepper, Tween, out_back, out_cubic
from squabble.framework.widgets import Button, fan


def test_framework_imports_no_game_rules():
    root = pathlib.Path(F.__file__).parent
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for n in names:
                assert not n.startswith(("squabble.games", "squabble.ui", "squabble.ai")), \
                    f"{path.name} imports {n}"


def test_layout_scales_and_letterboxes():
    L = Layout((3840, 2160))
    assert L.scale == 3 and L.r(10, 10, 100, 50) == pygame.Rect(30, 30, 300, 150)
    L.resize((1000, 1000))
    assert L.oy > 0 and L.to_logical(L.p(640, 360)) == (640.0, 360.0)


def test_tweens_and_stepper():
    t = Tween(0, 10, 1.0, out_cubic)
    t.update(0.5)
    assert 5 < t.value < 10 and not t.done
    t.update(0.6)
    assert t.value == 10 and t.done
    assert out_back(1.0) == 1.0
    m = Motion((0, 0))
    m.go((10, 0), 0.2)
    m.update(0.1)
    assert 0 < m.values[0] < 10
    m.update(0.2)
    assert m.values == (10.0, 0.0)
    s = Stepper(0, 0.25)
    s.set(2)
    crossed = sum(s.update(0.05) for _ in range(20))
    assert s.pos == 2 and crossed == 2   # one space at a time


def test_focus_moves_spatially_and_fan_fits():
    a = Button("a", "A", (0, 0, 10, 10))
    b = Button("b", "B", (100, 0, 10, 10))
    c = Button("c", "C", (0, 100, 10, 10))
    f = FocusRing()
    f.set_items([a, b, c])
    f.move("right")
    assert f.current is b
    f.move("left")
    f.move("down")
    assert f.current is c
    rects = fan(9, 500, 0, 120, 168, 600)
    assert rects[0][0] >= 200 - 1e-6 and rects[-1][0] + 120 <= 800 + 1e-6


def test_the_focus_comes_back_to_the_options_not_to_what_was_left_while_they_were_gone():
    """Online, while a move is on its way only the log is left to focus; when the next decision
    lights countries again, Enter must reach them (it stayed on the log: keyboard play stalled
    after every move).  A place the player moved to is still kept."""
    x = Button("x", "X", (0, 0, 10, 10))
    y = Button("y", "Y", (100, 0, 10, 10))
    log = Button("log", "Log", (500, 500, 10, 10))
    f = FocusRing()
    f.set_items([log])                  # a game opened before its first decision is read
    f.set_items([x, y, log])
    assert f.current is x
    f.set_items([log])                  # the move in flight: nothing else to focus
    assert f.current is log
    f.set_items([x, y, log])            # the next decision
    assert f.current is x
    f.set_items([x, y, log])
    assert f.current is x               # and it stays there frame after frame
    f.move("right")
    f.set_items([log])
    f.set_items([x, y, log])
    assert f.current is y               # the player's own choice comes back
    f.set_items([log])
    f.focus(log)                        # moved to the log on purpose: it stays there
    f.set_items([x, y, log])
    assert f.current is log


def test_a_long_handoff_message_is_wrapped_inside_the_window(app, monkeypatch):
    """The Struggle hand-off's sentence ("Pass the screen to the USSR player: your starting
    influence to place, seeing your hand, in private. USA: please look away.") ran off both edges
    of a 1280-wide window: every line drawn must fit inside it."""
    from squabble.framework import handoff
    drawn = []
    real = handoff.text

    def record(surf, s, font, *a, **k):
        drawn.append(font.size(s)[0])
        return real(surf, s, font, *a, **k)
    monkeypatch.setattr(handoff, "text", record)
    msg = ("Pass the screen to the USSR player: your starting influence to place, seeing your "
           "hand, in private. USA: please look away.")
    sc = handoff.HandOffScene(app, "USSR's turn", msg, (200, 60, 60), lambda: None)
    surf = app.screen
    sc.draw(surf)
    assert len(drawn) >= 4 and max(drawn) <= surf.get_width() - 40
