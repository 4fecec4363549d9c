"""After pause → Resume → hand-off the table is drawn as it was before the pause (issue 57,
item 9): the staged cards were drawn back in the hand while "Play face down" was lit, until the
next input invited a wrong click."""

import pygame

from squabble.framework.handoff import HandOffScene
from tests.ui import driver as D
from tests.ui.test_play import start


def _places(tb, cards):
    return {c: tuple(round(v) for v in tb.model.sprites[c].rect) for c in cards}


def test_the_staged_cards_stay_staged_through_pause_resume_and_the_handoff(app):
    tb = start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is tb
    dec = tb.session.decision()
    opt = dec["options"][0]
    staged = [c for c in (opt.get("bop"), opt.get("space")) if c]
    for c in staged:
        D.click(app, D.card_pos(tb, c))
    assert set(staged) <= tb.staging.staged_cards()
    D.step(app, 30)                                  # settled on the table
    before = _places(tb, staged)
    want = {c: tuple(round(v) for v in tb.zones.zone_rects()[c]) for c in staged}
    assert before == want
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "resume")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    D.step(app, 30)                                  # no input since the hand-off
    assert D.top(app) is tb and tb.flow.phase == "human"
    assert _places(tb, staged) == before, "the staged cards were drawn back in the hand"
