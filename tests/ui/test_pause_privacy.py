"""Issue 50 item 15: Resume from the pause menu over a private hot-seat screen goes back behind
the hand-off (the session's look rule: a covered screen is nobody's), in both games."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_play import start
from squabble.framework.cards import FACE_UP
from squabble.framework.handoff import HandOffScene
from squabble.games.squabble.cards import CARDS


def _faces_of(side):
    return [k for _, k in FACE_UP.entries if k in CARDS and CARDS[k].side == side]


def test_squabble_resume_over_a_private_screen_goes_back_behind_the_handoff(app):
    tb = start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is tb and tb.session.look.viewer == "USSR"
    dec = tb.session.decision()
    bop = dec["options"][0]["bop"]
    D.click(app, D.card_pos(tb, bop))                 # a pick staged before the pause
    assert bop in tb.staging.staged_cards()
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "pause"
    assert tb.session.viewer() is None             # the paused screen is nobody's
    FACE_UP.clear()
    FACE_UP.enabled = True
    try:
        D.menu_click(app, "resume")
        D.step(app, 5)
        assert isinstance(D.top(app), HandOffScene), "Resume showed the cards with no hand-off"
        assert tb.session.viewer() is None
        assert _faces_of("USSR") == []              # no Russian card face drawn meanwhile
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
        D.step(app, 2)
        assert D.top(app) is tb and tb.session.viewer() == "USSR"
        assert tb.flow.phase == "human" and tb.session.decision() is dec
        assert bop in tb.staging.staged_cards()    # the staged pick was kept
        assert _faces_of("USSR")                    # the owner sees the hand again
    finally:
        FACE_UP.enabled = False
        FACE_UP.clear()


def test_squabble_pause_against_the_computer_needs_no_handoff(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "resume")
    D.step(app, 3)
    assert D.top(app) is tb and tb.flow.phase == "human"


def test_struggle_resume_over_a_private_screen_goes_back_behind_the_handoff(app):
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert D.top(app) is sc and sc.session.viewer() == "USSR"
    sc.open_pause()
    D.step(app, 2)
    assert D.top(app).name == "struggle_pause"
    assert sc.session.viewer() is None
    D.menu_click(app, "resume")
    D.step(app, 5)
    assert isinstance(D.top(app), HandOffScene), "Resume showed the hand with no hand-off"
    assert sc.session.viewer() is None
    assert D.run_until(app, lambda: D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert D.top(app) is sc and sc.session.viewer() == "USSR"
