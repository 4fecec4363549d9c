"""Undo in the Struggle window (issue 20: "Nothing to take back" right after clicking a card;
by Board Game Arena's policy a card choice is taken back until its use reveals or rolls
something)."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _to_action_card(app, sc):
    s = sc.session
    for _ in range(200):
        assert D.run_until(app, lambda: SD.waiting(app))
        if s.describe()["kind"] == "action_card" and s.decision()["player"] == "USSR":
            return
        sc.commit(0)
    raise AssertionError("no action round for the USSR")


def test_a_card_choice_is_taken_back_before_anything_is_revealed(app):
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    _to_action_card(app, sc)
    state = s.state
    card = s.decision()["options"][1]["card"]
    SD.decide_mouse(app, 1)
    assert D.run_until(app, lambda: SD.waiting(app))
    assert s.describe()["kind"] == "play_mode" and card not in s.state["hands"]["USSR"]
    assert any(b.name == "undo" for b in sc._buttons), "no Undo button after a card choice"
    D.key(app, pygame.K_BACKSPACE)
    assert s.state == state and card in s.state["hands"]["USSR"]
    assert D.run_until(app, lambda: SD.waiting(app))
    assert s.describe()["kind"] == "action_card"


def test_a_space_race_roll_stops_the_take_back(app):
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    for _ in range(20):
        _to_action_card(app, sc)
        SD.decide_mouse(app, 0)
        assert D.run_until(app, lambda: SD.waiting(app))
        space = [i for i, o in enumerate(s.decision()["options"]) if o.get("mode") == "space"]
        if s.describe()["kind"] == "play_mode" and space:
            SD.decide_mouse(app, space[0])
            assert D.run_until(app, lambda: SD.waiting(app) or s.over)
            assert not s.can_undo("USSR"), "a die roll could be taken back"
            return
        sc.commit(0)
    raise AssertionError("no Space Race attempt came")
