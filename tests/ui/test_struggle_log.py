"""The log panel keeps the whole game and scrolls: mouse wheel, Page Up / End, and the focus
(Tab to the log, then up / down, also on a pad)."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _shown(sc, app):
    L = app.layout
    lines = sc.log.wrapped(L)
    rows = sc.log.rows(L)
    end = len(lines) - sc.log.scroll
    return lines[max(0, end - rows):end]


def _play(app, sc, n):
    from tests.ui.test_struggle_play import chooser
    choose = chooser(4)
    for _ in range(n):
        assert D.run_until(app, lambda: SD.waiting(app) or sc.session.over)
        if sc.session.over or D.top(app) is not sc:
            break
        sc.commit(choose(sc.session.decision()))
    assert D.run_until(app, lambda: SD.waiting(app) or sc.session.over)


def test_the_log_keeps_the_whole_game(app):
    from squabble.framework.session import Beat
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    first = sc.log.lines[0]
    sc.flow.start_beats([Beat(f"USSR places 1 USSR influence in Austria ({i}).",
                              sc.session.state, "note", {}) for i in range(700)])
    for _ in range(5000):
        if not sc.flow.beats:
            break
        sc.update(1 / 60)
    assert not sc.flow.beats
    assert sc.log.lines[0] == first and len(sc.log.lines) > 700


def test_the_log_scrolls_by_wheel_keys_and_focus(app):
    sc = SD.start(app, "computer", "USSR")
    _play(app, sc, 40)
    app.draw()
    newest = _shown(sc, app)
    assert len(sc.log.wrapped(app.layout)) > sc.log.rows(app.layout)
    pos = app.layout.p(1100, 620)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                         precise_x=0.0, precise_y=1.0, touch=False, which=0))
    pygame.mouse.set_pos(pos) if pygame.display.get_init() else None
    # the app reads the wheel at the mouse position: post a motion there first
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                         precise_x=0.0, precise_y=1.0, touch=False, which=0))
    D.step(app)
    assert sc.log.scroll > 0 and _shown(sc, app) != newest
    D.key(app, pygame.K_END)
    assert sc.log.scroll == 0 and _shown(sc, app) == newest
    D.key(app, pygame.K_PAGEUP)
    assert sc.log.scroll > 0
    D.key(app, pygame.K_HOME)
    assert _shown(sc, app)[0][0] == sc.log.wrapped(app.layout)[0][0]   # the game's first line
    D.key(app, pygame.K_END)
    # the focus: Tab to the log, then up on the pad
    SD._focus_to(app, lambda: D.key(app, pygame.K_TAB), "log")
    D.pad(app, pygame.CONTROLLER_BUTTON_DPAD_UP, 0)
    assert sc.log.scroll > 0
    D.key(app, pygame.K_DOWN)
    assert sc.log.scroll == 0
