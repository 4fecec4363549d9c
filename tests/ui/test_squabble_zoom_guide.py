"""A zoom leaves when its card leaves; a hint leaves with its phase (issue 57, item 10): on the
waiting window the zoom panel kept an old card over the log where the friend's moves arrive,
and the first-game guide kept the previous phase's hint."""

import random

import pygame

from squabble.ui.squabble import drawing
from squabble.ui.squabble.guide import GUIDE
from tests.ui import driver as D
from tests.ui.test_play import start

#: the phase of each decision a hint is about (the rules' phases: 2 play, 3 agents, 4 tokens,
#: 6 counter, 8 the Space Race, 9 tokens for the next era)
KIND_PHASE = {"play": 2, "replace": 3, "tokens": 4, "counter": 6, "shift": 8, "take_tokens": 9}


def _topic(hint):
    return next(k for k, v in GUIDE.items() if v == hint)


def _zoomed(app):
    return "ZOOM (hover or focus a card)" in D.drawn_texts(app, drawing)


def _move(app, lp):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.layout.p(*lp), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app, 2)


def test_the_zoom_leaves_when_its_card_leaves(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: tb.flow.phase == "human" and D.top(app) is tb)
    opt = tb.session.decision()["options"][0]
    card = opt["bop"]
    x, y, w, h = tb.model.sprites[card].rect
    _move(app, (x + w / 2, y + h / 2))
    assert tb.model.hover == card and _zoomed(app)          # the card under the pointer
    tb.commit(0)                                           # played: it leaves the hand
    for _ in range(200):
        D.step(app)
        if tb.flow.phase == "human":
            break
        assert not _zoomed(app) or tb.model.sprites[card].rect == (x, y, w, h), \
            "the zoom kept a card that left the pointer"
    assert not _zoomed(app) or tb.zones.card_at(tb.model.mouse) == tb.model.hover


def test_a_hint_leaves_with_its_phase_through_games(app):
    """A game against the computer at a normal pace, its moves sometimes skipped (a key during
    the beats shows the rest at once, as the friend's moves online may arrive): whenever a
    hint is on the table, it is its phase's."""
    app.settings.anim = "fast"
    tb = start(app, "computer", "USSR")
    assert tb.guide.on
    pick = random.Random(4)
    shown = set()
    for _ in range(3000):
        D.step(app)
        if tb.session.over or D.top(app) is not tb and D.top(app).name == "result":
            break
        if tb.guide.hint is not None and not tb.model.moment:
            topic = _topic(tb.guide.hint)
            phase = topic if isinstance(topic, int) else KIND_PHASE[topic]
            assert phase == tb.model.shown_phase, (topic, tb.model.shown_phase)
            shown.add(topic)
        if tb.flow.phase == "beats" and pick.random() < 0.2:
            tb.flow.skip_beats()
        if tb.flow.phase == "human" and D.top(app) is tb:
            tb.commit(pick.randrange(len(tb.session.decision()["options"])))
    assert len(shown) >= 3, shown
