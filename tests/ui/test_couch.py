"""The couch set-up and teaching: new game asks before replacing a save, the set-up remembers,
the Rules overlay carries the rulings and the notice, and the first-game guide."""

import subprocess
import sys

import pygame

from tests.ui import driver as D
from tests.ui.test_play import start
from squabble.framework.confirm import ConfirmScene
from squabble.ui import couch_prefs
from squabble.ui.menus import TitleScene
from squabble.ui.squabble.scenes import NOTICE, RulesScene, SetupScene
from squabble.ui.rulings_text import RULINGS
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES


def test_new_game_asks_before_replacing_a_saved_game(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    D.decide_mouse(app, 0)
    saved = SQUABBLE_SAVES.load()[0]
    assert saved is not None
    app.to_title()
    D.new_game(app)
    D.menu_click(app, "start")
    assert isinstance(D.top(app), ConfirmScene), "a new game silently replaced the saved game"
    D.key(app, pygame.K_RETURN)                  # the focused answer is the safe one
    assert isinstance(D.top(app), SetupScene)
    assert SQUABBLE_SAVES.load()[0] == saved
    D.menu_click(app, "start")
    D.click(app, D.button_pos(D.top(app), "yes"))
    assert D.table_of(app) is not None and D.table_of(app) is not tb


def test_setup_remembers_the_last_choices(app):
    start(app, "hotseat", "USA", events=True)
    app.to_title()
    D.new_game(app)
    s = D.top(app)
    assert isinstance(s, SetupScene)
    assert (s.opts["mode"], s.opts["human"], s.opts["events"]) == ("hotseat", "USA", True)


def test_prefs_survive_a_damaged_file(data_dir):
    (data_dir / "couch.json").write_text('{"setup": {"mode": "chess", "human": 3}, "guide": "x"}')
    assert couch_prefs.last_setup({"mode": "computer", "human": "USSR"}) == \
        {"mode": "computer", "human": "USSR"}
    assert couch_prefs.guide_on() is True
    (data_dir / "couch.json").write_text("not json")
    assert couch_prefs.guide_on() is True


def test_rules_overlay_has_the_rulings_the_notice_and_scrolls_by_whole_rows(app):
    D.key(app, pygame.K_F1)
    r = D.top(app)
    assert isinstance(r, RulesScene)
    D.step(app, 2)
    rows = [line for _k, line, _x in r.rows()]
    joined = " ".join(rows)
    for title, _body in RULINGS:
        assert title in rows
    assert len(RULINGS) == 14
    assert "trademarks of their publishers" in joined and "unofficial fan" in joined
    assert "docs/rulings.md" not in joined
    for _ in range(200):
        D.key(app, pygame.K_DOWN)
    assert r.first + r._visible() >= len(rows)     # the end is reachable
    D.key(app, pygame.K_ESCAPE)
    assert isinstance(D.top(app), TitleScene)
    assert NOTICE.startswith("Twilight Squabble and Twilight Struggle are trademarks")


def test_the_built_in_rulings_match_docs_rulings_md():
    r = subprocess.run([sys.executable, "tools/rulings_text.py", "--check"], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout


def test_first_game_guide_hints_once_and_is_off_after_a_first_game(app):
    assert couch_prefs.guide_on()
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb.guide.hint is not None and tb.guide.hint[0].startswith("Play two cards")
    D.key(app, pygame.K_h)                       # dismissed, and never blocking
    assert tb.guide.hint is None
    D.decide_mouse(app, 0)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert "play" in tb.guide.seen
    D.play_to_end(app, D.decide_mouse, lambda a: None)
    assert not couch_prefs.guide_on()
    # asked for again in set-up
    D.menu_click(app, "title")
    D.new_game(app)
    s = D.top(app)
    assert s.opts["guide"] is False
    D.menu_click(app, "guide")
    assert s.opts["guide"] is True
    D.menu_click(app, "start")
    if isinstance(D.top(app), ConfirmScene):
        D.click(app, D.button_pos(D.top(app), "yes"))
    assert couch_prefs.guide_on() and D.table_of(app).guide


def test_result_reads_the_balance_as_the_track_does():
    from squabble.ui.squabble.scenes import track_words
    assert track_words(-3) == "Russia 2"      # the red space marked 2, next to Russia's cloud
    assert track_words(1) == "America 4"
    assert track_words(0) == "DEFCON 5"


def test_struggle_setup_remembers_the_last_choices_and_survives_odd_values(app, data_dir):
    from tests.ui import struggle_driver as SD
    SD.start(app, "hotseat", "USA", optional=True, ccw=True)
    app.to_title()
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    s = D.top(app)
    assert s.name == "struggle_setup"
    assert (s.opts["mode"], s.opts["human"], s.opts["optional"], s.opts["ccw"]) == \
        ("hotseat", "USA", True, True)
    # a handicap (a tuple on screen, a list in JSON) comes back as the same choice
    couch_prefs.remember_setup({"handicap": ("USA", 3)}, key="struggle_setup",
                               choices={"handicap": (None, ("USA", 3))})
    assert couch_prefs.last_setup({"handicap": None}, key="struggle_setup",
                                  choices={"handicap": (None, ("USA", 3))}) == \
        {"handicap": ("USA", 3)}
    # a value no longer offered is dropped; the Squabble set-up's memory is untouched
    (data_dir / "couch.json").write_text(
        '{"struggle_setup": {"handicap": ["USA", 99], "mode": 1}, "setup": {"mode": "hotseat"}}')
    app.to_title()
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    s = D.top(app)
    assert s.opts["handicap"] is None and s.opts["mode"] == "computer"
    assert couch_prefs.last_setup({"mode": "computer"}) == {"mode": "hotseat"}
