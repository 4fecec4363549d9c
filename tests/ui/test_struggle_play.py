"""Complete Twilight Struggle games through the real window: against the computer by mouse,
hot-seat by keyboard, hot-seat by two gamepads."""

import random

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.handoff import HandOffScene
from squabble.games.struggle.data import CARDS


def chooser(seed):
    """Random legal choices, shy of coups (random coups end most games at DEFCON 1 in turn 2)
    and playing scoring cards first (a scoring card held at the end of a turn loses)."""
    rnd = random.Random(seed)

    def choose(d):
        scoring = [i for i, o in enumerate(d["options"])
                   if o.get("mode") == "play" and CARDS.get(o.get("card"), {}).get("scoring")]
        if scoring:
            return scoring[0]
        calm = [i for i, o in enumerate(d["options"]) if o.get("mode") not in ("coup",)]
        return rnd.choice(calm) if calm and rnd.random() < 0.9 else rnd.randrange(len(d["options"]))
    return choose


def test_full_struggle_game_vs_computer_by_mouse(app):
    sc = SD.start(app, "computer", "USA", level="easy")
    counts = SD.play_to_end(app, SD.decide_mouse, lambda a: None, chooser(3))
    res = D.top(app)
    assert res.name == "struggle_result"
    assert res.session.state["winner"] in ("USA", "USSR", "draw")
    assert counts["handoffs"] == 0 and counts["decisions"] >= 8
    # the computer decided too (through squabble.ai, on its worker thread)
    assert res.session.decisions > counts["decisions"]
    D.menu_click(app, "title")
    assert D.top(app).name == "title"


def test_full_hotseat_struggle_game_by_keyboard(app):
    SD.start(app, "hotseat", "USSR")

    def handoff(a):
        D.key(a, pygame.K_RETURN)

    counts = SD.play_to_end(app, SD.decide_keys, handoff, chooser(5))
    assert D.top(app).name == "struggle_result"
    assert counts["handoffs"] >= 2


def test_full_hotseat_struggle_game_by_two_gamepads(app):
    SD.start(app, "hotseat", "USSR")
    ids = {"USSR": 10, "USA": 11}
    # each pad speaks once so it gets its seat (player 1, the USSR, is seat 0)
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USSR"])
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USA"])

    def handoff(a):
        side = D.top(a).title.split("'")[0]
        D.pad(a, pygame.CONTROLLER_BUTTON_A, ids[SD.scene(a).session.other(side)])
        assert isinstance(D.top(a), HandOffScene), "the other player's pad confirmed a hand-off"
        D.pad(a, pygame.CONTROLLER_BUTTON_A, ids[side])

    def decide(a, i):
        side = SD.scene(a).session.decision()["player"]
        SD.decide_pad(a, i, ids[side])

    # chooser(19): a whole game of two turns, set-up to the result screen (80 decisions, 20
    # hand-offs); chooser(3)'s four turns (246 decisions, 59 hand-offs) took three times as
    # long and routed the same buttons to the same seats
    counts = SD.play_to_end(app, decide, handoff, chooser(19))
    assert D.top(app).name == "struggle_result"
    assert counts["handoffs"] >= 10 and counts["decisions"] >= 60


def test_the_other_sides_pad_cannot_decide(app):
    SD.start(app, "hotseat", "USSR")
    ids = {"USSR": 20, "USA": 21}
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USSR"])
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USA"])
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    sc = SD.scene(app)
    assert sc.session.decision()["player"] == "USSR"   # set-up: the USSR places first
    assert isinstance(D.top(app), HandOffScene)        # seeing its hand, in private
    assert D.run_until(app, lambda: D.top(app).ready)
    D.pad(app, pygame.CONTROLLER_BUTTON_A, ids["USA"])
    assert isinstance(D.top(app), HandOffScene), "the other player's pad confirmed a hand-off"
    D.pad(app, pygame.CONTROLLER_BUTTON_A, ids["USSR"])
    assert D.run_until(app, lambda: SD.waiting(app), 2000) and D.top(app) is sc
    before = sc.session.decisions
    for _ in range(3):
        D.pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, ids["USA"])
        D.pad(app, pygame.CONTROLLER_BUTTON_A, ids["USA"])
    assert sc.session.decisions == before
    D.pad(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, ids["USSR"])
    D.pad(app, pygame.CONTROLLER_BUTTON_A, ids["USSR"])
    assert sc.session.decisions == before + 1
