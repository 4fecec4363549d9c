"""The mouse shows what the focus shows (issue 57, item 6): hovering an amber option button
showed no risk sentence; only the keyboard's focus did."""

import pygame

from squabble.ui.struggle import warnings as W
from tests.struggle.struggle_helpers import action_round_state, choose
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _last_round_uses(app):
    """The USSR's last action round at 0 MilOps, Socialist Governments played: its uses are
    option buttons, the ones that are no coup amber (a MilOps shortfall)."""
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, action_round=6, defcon=3)
    st, _ = choose(st, mode="play", card=7)
    sc.session.state = st
    sc.session.look.viewer = "USSR"
    sc.flow.phase = "await"
    D.step(app, 3)
    assert D.top(app) is sc and sc.session.decision()["kind"] == "play_mode"
    app.draw()
    return sc


def _move(app, lp):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.layout.p(*lp), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app, 2)


def test_hovering_an_amber_button_says_its_risk_as_the_focus_does(app):
    sc = _last_round_uses(app)
    amber = [b for b in sc._buttons if b.name.startswith("opt")
             and W.flag(sc.session.decision()["options"][int(b.name[3:])]) == "risk"]
    assert amber
    b = amber[0]
    sentence = sc.session.decision()["options"][int(b.name[3:])]["risk"]
    _move(app, (5, 715))                 # nowhere: nothing is said
    assert not sc.focus.visible and sc.pointed_sentences() == []
    x, y, w, h = b.rect
    _move(app, (x + w / 2, y + h / 2))   # the mouse on the amber button
    assert not sc.focus.visible
    assert sc.pointed_sentences() == [("risk", sentence)]
    app.draw()
    assert sc.warning_strip is not None  # the strip at the map's top says it
    words = D.drawn_texts(app, W)
    assert any(sentence[:40] in t for t in words), words
    _move(app, (5, 715))                 # and goes when the mouse leaves
    assert sc.pointed_sentences() == []
