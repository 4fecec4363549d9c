"""Issue 22's leftovers on the Squabble table: a toast ran over the log column, and once, in
hot-seat, after Enter on "Take a token" the picture stayed unchanged until the next key.

The redraw tests run the real frame loop with a clock that, each time the loop rests (sleeps on
the event queue because nothing moves), draws the picture again off-screen and compares it with
the one on screen: a difference is a change that would wait, invisible, for the next event."""

from __future__ import annotations

import threading
import time

import pygame

from squabble.framework.clock import NoWaitClock
from squabble.framework.handoff import HandOffScene
from squabble.ui.squabble.layout import RIGHT
from squabble.ui.struggle.hand_row import WIDE_R
from squabble.ui.struggle.log_panel import LOG_R
from squabble.ui.struggle.panels import BUTTONS_R
from tests.squabble_helpers import turn_start
from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_privacy import forced_pass, play_script
from tests.ui.test_squabble_previews import table_at

LONG = ("Nothing to take back: undo stops at a die roll, a card draw, a revealed card or the "
        "other side's decision.")


def pixels(surf, rect):
    return pygame.image.tobytes(surf.subsurface(rect), "RGB")


# ---- toasts ---------------------------------------------------------------------------------

def test_a_toast_on_the_squabble_table_leaves_the_log_column_alone(app):
    table_at(app, turn_start(era=1), "USSR")
    D.step(app, 3)
    col = app.layout.r(RIGHT)
    before = pixels(app.screen, col)
    app.toast(LONG)
    D.step(app)
    assert app.toast_box(LONG)[0].colliderect(app.screen.get_rect())   # it is shown...
    assert not app.toast_box(LONG)[0].colliderect(col)                 # ...left of the column
    assert pixels(app.screen, col) == before       # the turn order and the log stay readable


def test_a_toast_keeps_its_whole_text_inside_the_table_at_any_size(app):
    table_at(app, turn_start(era=1), "USSR")
    for size in ((1280, 720), (960, 540), (1920, 1080)):
        app.set_window_size(size)
        D.step(app)
        r, font, lines = app.toast_box(LONG + " " + LONG)
        assert len(lines) >= 2 and all(font.size(ln)[0] <= r.w for ln in lines)
        assert not r.colliderect(app.layout.r(RIGHT)) and app.screen.get_rect().contains(r)


def test_a_toast_on_a_menu_covers_none_of_its_buttons(app):
    """Enter on the title's disabled Continue raised its reason over the Quit button (seen in a
    real window on a first start): a menu's toast goes in a band clear of every button."""
    from squabble.ui.menus import ControlsScene, OptionsScene
    from squabble.ui.online.menus import OnlineScene
    assert D.top(app).name == "title"
    title = D.top(app)
    cont = title.button("continue")
    assert not cont.enabled          # no save yet: its reason is what the toast says
    title.activate(cont)
    D.step(app)
    checked = []
    for make in (None, OptionsScene, ControlsScene, OnlineScene):
        if make is not None:
            app.stack.push(make(app))
            D.step(app)
        scene = D.top(app)
        for msg in (cont.reason, "Saved."):
            r = app.toast_box(msg)[0]
            assert app.screen.get_rect().contains(r)
            for b in scene.buttons:
                assert not r.colliderect(app.layout.r(b.rect)), (scene.name, b.name, msg)
        checked.append(scene.name)
    assert len(checked) == 4


def test_a_struggle_toast_covers_neither_the_hand_the_choices_nor_the_log(app):
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    r = app.toast_box(LONG)[0]
    for area in (LOG_R, WIDE_R, BUTTONS_R):
        assert not r.colliderect(app.layout.r(area)), area


# ---- a change always reaches the screen -----------------------------------------------------

class RestWatch(NoWaitClock):
    """A no-wait clock that checks, at every rest of the frame loop, that the screen shows what
    a fresh drawing would (scenes with a slow animation of their own are not compared: they are
    drawn every ``frame_every`` seconds by design)."""

    def __init__(self):
        super().__init__()
        self.app = None
        self.rests = 0
        self.stale: list = []

    def wait(self, seconds):
        app = self.app
        if app is None or any(s.frame_every is not None for s in app.stack.visible()):
            return []
        self.rests += 1
        shown = app.screen.copy()
        layers = {}
        for sc in app.stack.visible():       # cached layers are drawn again too
            sc = getattr(sc, "drawer", sc)    # (the Squabble table's are its drawer's)
            if isinstance(getattr(sc, "_layers", None), dict):
                layers[sc], sc._layers = sc._layers, {}
        app.draw()
        for sc, kept in layers.items():
            sc._layers = kept
        if pixels(shown, shown.get_rect()) != pixels(app.screen, app.screen.get_rect()):
            self.stale.append((app.frame, app.stack.top.name,
                               getattr(app.stack.top, "mode", "")))
        app.screen.blit(shown, (0, 0))
        return []


def watch(app, monkeypatch=None) -> RestWatch:
    """Check every rest from now on; with ``monkeypatch``, each key, click or pad press of the
    driver is followed by a few frames without input, so the loop comes to rest between them
    as it does between a person's presses."""
    w = RestWatch()
    w.app = app
    app.clock = w
    if monkeypatch is not None:
        step = D.step
        monkeypatch.setattr(D, "step", lambda a, n=1: step(a, n + 6))
    return w


def test_after_enter_on_take_a_token_in_hot_seat_the_next_frame_shows_it(app, monkeypatch):
    tb = play_script(app, None, upto=2)        # era 1: both played; America reached space 1
    for _ in range(8):
        assert D.run_until(app, lambda: D.waiting_for_human(app))
        if isinstance(D.top(app), HandOffScene):
            D.key(app, pygame.K_RETURN)
        elif not forced_pass(app, tb.session.decision()):     # the counter step: "OK"
            break
    dec = tb.session.decision()
    assert dec["kind"] == "take_token" and dec["player"] == "USA"
    had = tb.display["tokens"]["USA"]
    w = watch(app, monkeypatch)
    drawn = app.frames_drawn
    D._focus_to(app, lambda: D.key(app, pygame.K_TAB), "yes")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                         scancode=0))
    drawn = app.frames_drawn
    app.step()                                  # the frame that handles Enter draws the change
    assert app.frames_drawn == drawn + 1
    assert tb.session.state["tokens"]["USA"] == had + 1
    # no other event from here on: every rest shows the latest picture, to the next hand-off
    for _ in range(600):
        app.step()
        if isinstance(D.top(app), HandOffScene) or (tb.flow.phase == "human" and not tb.animating()):
            break
    assert tb.display["tokens"]["USA"] == had + 1
    assert w.rests > 0 and w.stale == [], w.stale


def test_a_hot_seat_game_by_keys_never_rests_on_a_stale_picture(app, monkeypatch):
    """Every rest of three eras of the scripted couch game (keys, hand-offs, beats, moments,
    banners) shows what a fresh drawing would."""
    app.settings.anim = "fast"
    w = watch(app, monkeypatch)
    play_script(app, None)
    assert w.rests > 20 and w.stale == [], w.stale


def test_the_coachs_answer_is_drawn_when_it_comes_without_another_key(app, monkeypatch):
    """The hint is worked out on a thread: its answer must replace "The coach is thinking…" on
    screen as soon as it comes, not when the mouse next moves."""
    from squabble.ui.struggle import coach
    go = threading.Event()

    def slow_hint(state, side, seed, k=3):
        go.wait(10)                 # the answer comes while the screen rests
        return [{"index": 0, "label": "Place it here", "reasons": ["Because."]}]

    monkeypatch.setattr(coach, "_hint_fn", lambda: slow_hint)
    sc = SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    w = watch(app, monkeypatch)
    D.key(app, pygame.K_h)
    assert sc.coach.hint_lines == ["The coach is thinking…"]
    rests = w.rests
    D.step(app, 10)
    assert w.rests > rests and w.stale == []      # resting, the panel says it is thinking
    go.set()
    while sc.coach.job is not None and sc.coach.job["result"] is None:
        time.sleep(0.01)
    D.step(app, 10)
    assert sc.coach.hint_lines[0] == "1. Place it here"
    assert w.stale == [], "the coach's answer waited for the next event"


def test_a_struggle_game_against_the_computer_never_rests_on_a_stale_picture(app, monkeypatch):
    """The computer's answers, beats and moments at the normal pace, a person's clicks: every
    rest of the first turns shows what a fresh drawing would."""
    app.settings.anim = "fast"
    SD.start(app, "computer", "USSR", level="easy")
    w = watch(app, monkeypatch)
    sc = SD.scene(app)
    for _ in range(25):
        assert D.run_until(app, lambda: SD.waiting(app), 20000)
        SD.decide_mouse(app, 0)
    assert sc.session.state["turn"] >= 1
    assert w.rests > 10 and w.stale == [], w.stale


def _menu_over_toast_check(app, crosses=True):
    """Backspace with nothing to undo raises a toast; Esc opens the pause menu: the menu is drawn
    over the toast, and every button of it looks the same as with no toast at all (issue 50,
    item 8).  ``crosses``: the toast's place crosses a button (the pixel check is not empty)."""
    D.key(app, pygame.K_BACKSPACE)
    assert app._toast[1] > 0 and "Nothing to take back" in app._toast[0]
    D.key(app, pygame.K_ESCAPE)
    menu = D.top(app)
    assert "pause" in menu.name and app._toast[1] > 0
    order = []
    draw_toast, draw_menu = app._draw_toast, menu.draw
    app._draw_toast = lambda *a: (order.append("toast"), draw_toast(*a))
    menu.draw = lambda surf: (order.append("menu"), draw_menu(surf))
    app.draw()
    del app._draw_toast, menu.draw
    assert order == ["toast", "menu"], order
    with_toast = app.screen.copy()
    saved, app._toast = app._toast, ("", 0.0)
    app.draw()
    app._toast = saved
    overlap = False
    for b in menu.buttons:
        r = app.layout.r(b.rect).inflate(-2 * app.layout.s(8), 0)   # not the round corners
        overlap = overlap or r.colliderect(app.toast_box(saved[0])[0])
        assert pixels(with_toast, r) == pixels(app.screen, r), f"the toast hides {b.label!r}"
    assert overlap or not crosses      # the toast's place does cross a button: the check is not empty


def test_a_toast_never_hides_the_struggle_pause_menu(app):
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    assert not SD.scene(app).session.can_undo()
    _menu_over_toast_check(app)


def test_a_toast_never_hides_the_squabble_pause_menu(app):
    tb = table_at(app, turn_start(era=1), "USSR")
    assert not tb.session.can_undo()
    _menu_over_toast_check(app, crosses=False)     # it crossed the pause menu's panel


def test_a_toast_raised_on_a_menu_shows_over_it_and_outlives_it(app):
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    D.key(app, pygame.K_ESCAPE)
    menu = D.top(app)
    app.toast("Saved.")
    assert app._toast_layer(app.stack.visible()) == len(app.stack.visible()) - 1
    app.stack.remove(menu)            # its scene gone: the toast is drawn on top of the rest
    assert app._toast_layer(app.stack.visible()) == len(app.stack.visible()) - 1
