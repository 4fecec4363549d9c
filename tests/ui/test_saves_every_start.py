"""Everything the window saves, it can load (issue 50, items 1, 2 and 21): every kind of
Twilight Struggle game the set-up screen starts (the lesson, each set-up option, hot-seat,
against each level, bidding for sides) is saved at once and Continue resumes it; Learn to play
asks before it replaces a saved game; a finished game's save is removed when the game ends and
is never called damaged."""

import random

import pygame
import pytest

from squabble.games import registry
from squabble.framework.session import Session
from squabble.ui import gamepick, savegame
from squabble.ui.struggle import saves
from squabble.ui.struggle.setup import OPTIONAL_RULES, StruggleScene, StruggleSetupScene
from squabble.framework.handoff import HandOffScene
from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.ui.struggle.saves import SAVES as STRUGGLE_SAVES

BASE = {"mode": "computer", "human": "USSR", "level": "easy", "optional": False, "ccw": False,
        "handicap": None, "guide": False} | {k: False for k in OPTIONAL_RULES}
STARTS = ([("lesson", {})]
          + [(f"computer {lv} {side}", {"level": lv, "human": side})
             for lv in ("easy", "normal", "hard", "expert") for side in ("USSR", "USA")]
          + [("hot-seat", {"mode": "hotseat"}), ("optional cards", {"optional": True}),
             ("Chinese Civil War", {"ccw": True}), ("handicap USSR 3", {"handicap": ("USSR", 3)}),
             ("handicap USA 6", {"handicap": ("USA", 6)}), ("guide", {"guide": True}),
             ("bidding", {"mode": "hotseat", "handicap": "bid"})]
          + [(k, {k: True}) for k in OPTIONAL_RULES])


def _start(app, name, opts):
    setup = StruggleSetupScene(app)
    app.stack.push(setup)
    setup.opts.update(BASE | opts)
    setup.build()
    if name == "lesson":
        D.menu_click(app, "learn")
    else:
        D.menu_click(app, "start")
    if D.top(app).name == "confirm":       # the save of the start before: replace it
        SD.click_yes(app)
    if opts.get("handicap") != "bid":
        return
    for bid in ({"side": "USSR", "number": 2}, {"side": "USA", "number": 0}):
        assert isinstance(D.top(app), HandOffScene)   # the hand-off before a bid
        D.top(app)._confirm()
        assert D.top(app).name == "struggle_bid"
        D.top(app).bid = dict(bid)
        D.top(app)._done()


@pytest.mark.parametrize("name,opts", STARTS, ids=[n for n, _ in STARTS])
def test_every_game_the_window_starts_is_saved_and_continues(app, name, opts):
    app.seed = 5
    _start(app, name, opts)
    sc = SD.scene(app)
    assert sc is not None, name
    started = sc.session
    raw, problem = STRUGGLE_SAVES.read()
    assert problem is None and raw is not None, problem
    assert gamepick.has_save() and "damaged" not in gamepick.save_hint()
    app.to_title()
    gamepick.continue_any(app)
    again = SD.scene(app)
    assert isinstance(again, StruggleScene), getattr(D.top(app), "message", "")
    assert again.session.state == started.state and again.session.setup == started.setup
    assert again.tutor.on == (name == "lesson")
    assert not list(savegame.userdata.path("x", create=False).parent.glob("*.bad*.json"))


def test_a_lesson_saved_in_play_continues_where_it_was(app):
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    D.menu_click(app, "learn")
    sc = SD.scene(app)
    s = sc.session
    for _ in range(3):                      # a few steps of starting influence
        assert D.run_until(app, lambda: SD.waiting(app), 20000)
        SD.decide_keys(app, sc.tutor.path(s.state)[0])
    assert D.run_until(app, lambda: SD.waiting(app), 20000)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
    D.menu_click(app, "title")             # Esc → Save and quit
    assert D.top(app).name == "title"
    assert "damaged" not in gamepick.save_hint()
    gamepick.continue_any(app)
    again = SD.scene(app)
    assert isinstance(again, StruggleScene), getattr(D.top(app), "message", "")
    assert again.tutor.on and again.tutor.step()[0].startswith("1 ")
    assert again.session.state == s.state
    assert again.session.state["influence"]["Poland"]["USSR"] == 3   # the lesson's 3 points


def test_learn_to_play_asks_before_it_replaces_a_saved_game(app):
    SD.start(app, seed=3)
    before = (savegame.userdata.path(saves.FILE, create=False)).read_text()
    app.to_title()
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    D.menu_click(app, "learn")
    assert D.top(app).name == "confirm"
    assert D.top(app).title == StruggleSetupScene.REPLACE[0]
    D.menu_click(app, "no")              # keep the saved game
    assert D.top(app).name == "struggle_setup" and SD.scene(app) is None
    assert savegame.userdata.path(saves.FILE, create=False).read_text() == before
    D.menu_click(app, "learn")
    SD.click_yes(app)
    assert SD.scene(app) is not None and SD.scene(app).tutor.on


def _finished_session(seed=12):
    s = Session.new(registry.get("struggle"), {"mode": "hotseat", "human": "USSR",
                                                "level": "normal", "options": {}},
                    seed, saver=saves.write)
    rnd = random.Random(1)
    while not s.over:
        s.apply(rnd.randrange(len(s.decision()["options"])))
    return s


def test_a_finished_struggle_game_leaves_no_save(data_dir):
    s = _finished_session()
    assert s.over and not saves.exists()
    assert not gamepick.has_save()


def test_a_finished_save_is_never_called_damaged(app, data_dir):
    """A save written by an older build (or a crash) that holds a finished game: the title
    offers nothing, calls nothing damaged, and nothing is set aside."""
    s = _finished_session()
    STRUGGLE_SAVES.write(s.state, s.setup, [])     # as the old saver left it
    assert saves.exists()
    assert not gamepick.has_save()
    assert gamepick.save_hint() == "No saved game yet."
    assert not saves.exists() and not list(data_dir.glob("*.bad*.json"))
    STRUGGLE_SAVES.write(s.state, s.setup, [])
    gamepick.continue_any(app)
    assert "damaged" not in getattr(D.top(app), "message", "")
    assert "over" not in getattr(D.top(app), "message", "")
    assert not list(data_dir.glob("*.bad*.json"))
    STRUGGLE_SAVES.write(s.state, s.setup, [])
    assert saves.load() == (None, None, [], "")
