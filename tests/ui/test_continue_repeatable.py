"""A game against the computer continued from its autosave goes on exactly as the game played
straight through (issue 50, item 22): the computer's seed comes from the position, never from
something the save leaves out (it once came from a count of decisions that started at 0 again
after Continue, so Twilight Struggle saved at decision 60 ended differently).

First, at every decision of whole games (both games, every level): the session Continue builds
from the autosave of that moment holds the same state and asks the computer the same question
(state, level, seed) as the session played straight through; the computer here is a stand-in
whose choice follows the seed, so the game itself depends on every seed.  Then the real
computer players of every level, in the window: played straight through, and stopped, continued
and played on, they end in the same state."""

import json
import random

import pytest

from squabble.framework.session import Session
from squabble.games import registry
from squabble.ui.squabble import game as SG
from squabble.ui.struggle import saves
from squabble.ui.struggle import setup as ST
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES

LEVELS = ("easy", "normal", "hard")


def canon(state) -> str:
    return json.dumps(state, sort_keys=True)


def setup_of(game, level):
    if game == "squabble":
        return {"mode": "computer", "human": "USSR", "level": level, "events": True}
    return {"mode": "computer", "human": "USSR", "level": level,
            "options": {"reveal_held_cards": True, "space_race_optional_roll": True}}


def stand_in(asked):
    """A computer player whose choice follows the seed; it notes each question it is asked.
    (A closure: the session runs it on a thread, the question exactly as a worker gets it.)"""
    def choose(state, level, seed):
        asked.append((canon(state), level, seed))
        n = len(registry.get(state["game"]).decision(state)["options"])
        return random.Random(f"{level} {seed}").randrange(n)
    return choose


def new_game(game, level, seed, chooser):
    if game == "squabble":
        s = SG.new_session(setup_of(game, level), seed)
        SG.save(s)
    else:
        s = Session.new(registry.get("struggle"), setup_of(game, level), seed,
                        saver=saves.write, chooser=ST.computer_player)
        saves.write(s)
    s.chooser = chooser
    return s


def continued(game, chooser):
    """The session the window's Continue makes from the autosave on disk."""
    if game == "squabble":
        state, setup, log, problem = SQUABBLE_SAVES.load()
        assert not problem, problem
        setup["events"] = bool(state["options"]["events"])   # as app.continue_game
        s = SG.resume_session(state, setup, log)
    else:
        state, setup, log, problem = saves.load()
        assert not problem, problem
        s = ST.resume_session(state, setup, log)
    s.chooser = chooser
    return s


def answer(s, asked):
    t = s.think()
    i = t.wait(60)
    assert t.error == "" and i is not None
    return i, asked[-1]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game, seeds, limit", [("squabble", (3, 4, 5), 200),
                                                ("struggle", (5,), 160)])
def test_continue_at_any_decision_asks_the_computer_what_straight_play_asks(
        data_dir, game, seeds, limit, level):
    computer = 0
    for seed in seeds:
        asked, asked_again = [], []
        s = new_game(game, level, seed, stand_in(asked))
        rnd = random.Random(seed)
        n = 0
        while not s.over and n < limit:
            c = continued(game, stand_in(asked_again))   # Continue at this decision
            assert canon(c.state) == canon(s.state), n
            d = s.decision()
            if s.controller(d["player"]) == "computer":
                i, question = answer(s, asked)
                j, again = answer(c, asked_again)
                assert again == question and j == i, f"game {seed}, decision {n}"
                computer += 1
            else:
                i = rnd.randrange(len(d["options"]))
            s.apply(i)
            n += 1
        assert s.over or n == limit
    assert computer >= 25


# -- the real computer players, in the window --------------------------------------------------

def play(s, rnd, start, stop):
    n = start
    while n < stop and not s.over:
        d = s.decision()
        if s.controller(d["player"]) == "computer":
            t = s.think()
            i = t.wait(300)
            assert t.error == "", t.error
        else:
            i = rnd(n).randrange(len(d["options"]))
        s.apply(i)
        n += 1
    return n


def start(app, game, level, seed):
    if game == "squabble":
        app.start("squabble", setup_of(game, level), seed=seed)
        return app.session
    return ST.start_struggle(app, setup_of(game, level), seed=seed)


def resume(app, game):
    if game == "squabble":
        app.continue_game("squabble")
        return app.session
    assert ST.continue_struggle(app)
    return app.stack.top.flow.session


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game, seed, total, stop", [("squabble", 9, 40, 17),
                                                    ("struggle", 5, 44, 30)])
def test_the_computer_plays_the_same_game_after_continue(app, game, seed, total, stop, level):
    """(Twilight Struggle: the person places the USSR's influence, the computer the USA's
    (hard by people's openings), then both headline and play action rounds, the computer
    searching; the game is stopped in turn 1's action rounds.)"""
    def person(n):
        return random.Random(seed * 7919 + n)   # the person's n-th choice

    straight = start(app, game, level, seed)
    assert play(straight, person, 0, total) == total or straight.over
    end = canon(straight.state)

    stopped = start(app, game, level, seed)
    k = play(stopped, person, 0, stop)
    assert k == stop and not stopped.over
    again = resume(app, game)
    assert again is not stopped and again.decisions == 0   # a fresh session, as after a restart
    play(again, person, k, total)
    assert canon(again.state) == end
