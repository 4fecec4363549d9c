"""The Struggle map scene by keyboard (issue 20: after an influence placement the focus moved to
the Undo button while the ring stayed on the country, so the next Enter took the point back)."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def test_three_enters_on_austria_place_three_points(app):
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    assert D.run_until(app, lambda: SD.waiting(app))
    assert s.describe()["kind"] == "setup_influence" and s.decision()["player"] == "USSR"
    before = s.state["influence"]["Austria"]["USSR"]
    SD._focus_to(app, lambda: D.key(app, pygame.K_TAB), "country:Austria")
    for n in (1, 2, 3):
        D.key(app, pygame.K_RETURN)
        assert D.run_until(app, lambda: SD.waiting(app))
        assert s.state["influence"]["Austria"]["USSR"] == before + n, f"Enter {n}"
        assert sc.focus.current.name == "country:Austria"


def test_hotseat_set_up_shows_each_side_its_own_hand_behind_a_hand_off(app):
    from squabble.framework.handoff import HandOffScene
    sc = SD.start(app, "hotseat", "USSR")
    s = sc.session
    for side in ("USSR", "USA"):
        assert D.run_until(app, lambda: SD.waiting(app))
        assert isinstance(D.top(app), HandOffScene), f"{side}'s set-up came with no hand-off"
        assert D.top(app).title.startswith(side)
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
        assert D.run_until(app, lambda: SD.waiting(app)) and D.top(app) is sc
        assert s.describe()["kind"] == "setup_influence" and s.decision()["player"] == side
        hand = sc.hand_cards()
        assert set(s.state["hands"][side]) <= set(hand) and all(sc.may_show_hand(c) for c in hand)
        while s.decision()["player"] == side and s.describe()["kind"] == "setup_influence":
            SD.decide_keys(app, 0)
            assert D.run_until(app, lambda: SD.waiting(app))
            if s.decision()["player"] == side:     # one hand-off for all of a side's set-up
                assert D.top(app) is sc and set(s.state["hands"][side]) <= set(sc.hand_cards())


def test_a_button_with_the_focus_is_drawn_focused(app):
    """Tab to an option button: it is drawn with the focus frame (the focus held last frame's
    Button objects, so no button ever looked focused)."""
    SD.start(app, "computer", "USSR")
    SD.play_to(app, "play_mode")
    SD._focus_to(app, lambda: D.key(app, pygame.K_TAB), "button:opt1")
    seen = []
    from squabble.framework.widgets import Button
    real = Button.draw

    def spy(self, surf, layout, focused=False, t=0.0):
        seen.append((self.name, focused))
        return real(self, surf, layout, focused, t)
    Button.draw = spy
    try:
        app.draw()
    finally:
        Button.draw = real
    assert ("opt1", True) in seen
