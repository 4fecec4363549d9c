"""The coach (contract 4): H, pad Y or the Hint button shows the computer player's top options
for the side deciding now, computed from that side's view only; on one couch it is private.

The coach module is stood in for by a stub that names, as its "reasons", every card it was
given: if the scene handed it anything hidden from the side, the panel would name a hidden
card."""

import sys
import types

import pygame
import pytest

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.handoff import HandOffScene
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.describe import hidden_from


@pytest.fixture
def coach(monkeypatch):
    calls = []

    def hint(view_state, side, seed, k=3):
        calls.append((view_state, side))
        seen = []
        for v in view_state["hands"].values():
            if isinstance(v, list):
                seen += v
        if isinstance(view_state["deck"], list):
            seen += view_state["deck"]
        d = view_state["pending"]
        return [{"index": 0, "label": d["options"][0]["label"],
                 "reasons": ["Knows: " + ", ".join(CARDS[c]["name"] for c in seen)]}]
    mod = types.ModuleType("squabble.ai.struggle_hint")
    mod.hint = hint
    monkeypatch.setitem(sys.modules, "squabble.ai.struggle_hint", mod)
    return calls


def _wait_hint(app, sc):
    assert D.run_until(app, lambda: sc.hint_for is not None and sc._hint_job is None, 500)


def _drawn_text(app, sc):
    import squabble.ui.struggle.coach as C
    return " ".join(SD.drawn_texts(app, C))


def test_h_shows_the_hint_from_the_sides_view_only(app, coach):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    D.key(app, pygame.K_h)
    _wait_hint(app, sc)
    view, side = coach[-1]
    assert side == "USSR" and isinstance(view["hands"]["USA"], int)
    shown = _drawn_text(app, sc)
    assert "Coach for the USSR" in shown and "Knows:" in shown
    st = sc.session.state
    for c in hidden_from(st, "USSR"):
        assert CARDS[c]["name"] not in shown, f"the hint showed {CARDS[c]['name']}"
    for c in st["hands"]["USSR"]:
        assert CARDS[c]["name"] in shown            # the stub saw the side's own hand
    D.key(app, pygame.K_h)                          # H again closes it
    assert sc.hint_for is None


def test_the_hint_goes_with_its_decision_and_pad_y_asks(app, coach):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    D.pad(app, pygame.CONTROLLER_BUTTON_Y, 0)
    _wait_hint(app, sc)
    assert sc.hint_lines and sc.hint_lines[0].startswith("1. ")
    SD.decide_mouse(app, 0)
    D.step(app)
    assert sc.hint_for is None


def test_hotseat_hint_is_private_behind_a_hand_off(app, coach):
    sc = SD.start(app, "hotseat", "USSR")
    s = sc.session
    for _ in range(80):           # to a public decision (the play of a card's Ops)
        assert D.run_until(app, lambda: SD.waiting(app))
        if isinstance(D.top(app), HandOffScene):
            assert D.run_until(app, lambda: D.top(app).ready)
            D.key(app, pygame.K_RETURN)
            continue
        if s.describe()["kind"] == "play_mode":
            break
        sc.commit(0)
    assert sc.viewer() is None                     # a public screen
    D.key(app, pygame.K_h)
    assert isinstance(D.top(app), HandOffScene) and not coach
    assert D.run_until(app, lambda: D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    side = s.decision()["player"]
    _wait_hint(app, sc)
    assert coach[-1][1] == side and sc.viewer() == side
    shown = _drawn_text(app, sc)
    for c in hidden_from(s.state, side):
        assert CARDS[c]["name"] not in shown
    assert "Coach for the" in shown
    # the screen turns public again (the decision is made): the hint is gone
    sc.commit(0)
    D.step(app)
    assert sc.hint_for is None and "Coach for the" not in _drawn_text(app, sc)
