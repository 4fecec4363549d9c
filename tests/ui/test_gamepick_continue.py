"""Each game's save is reachable (issue 57, item 5): with a Squabble game saved last, the
title's Continue and the game pick gave no way to the Twilight Struggle game still on disk.
The game pick shows a Continue beside each game that has a save, and the title's hint names the
other game saved."""

import os
import time

import pygame

from squabble import userdata
from squabble.ui import gamepick, menus
from squabble.ui.games import GAMES
from squabble.ui.struggle.scene import StruggleScene
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _both_saved(app):
    """A Struggle game saved, then a Squabble game saved after it (the newest)."""
    sc = SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    struggle_state = sc.session.state
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "title")
    assert D.top(app).name == "title"
    D.new_game(app, "squabble")
    assert D.top(app).name == "setup"
    D.menu_click(app, "start")
    assert D.run_until(app, lambda: D.waiting_for_human(app), 4000)
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "title")
    assert D.top(app).name == "title"
    assert GAMES["squabble"].SAVES.exists() and GAMES["struggle"].SAVES.exists()
    old = time.time() - 100
    os.utime(userdata.path(GAMES["struggle"].SAVES.file), (old, old))
    return struggle_state


def test_the_game_pick_continues_each_game_saved(app):
    struggle_state = _both_saved(app)
    title = D.top(app)
    title.build()
    assert title.button("continue").hint == gamepick.save_hint("squabble")   # the newest
    assert GAMES["struggle"].LABEL in title.also_saved   # the other save is named
    assert title.also_saved in D.drawn_texts(app, menus)
    D.menu_click(app, "new")
    pick = D.top(app)
    assert pick.name == "gamepick"
    for g in ("squabble", "struggle"):
        b = pick.button(f"continue_{g}")
        assert b is not None and b.enabled and b.label == "Continue", g
        assert b.hint == gamepick.save_hint(g)
    D.menu_click(app, "continue_struggle")
    sc = SD.scene(app)
    assert isinstance(sc, StruggleScene)
    assert sc.session.state == struggle_state


def test_a_game_with_no_save_has_no_continue(app):
    D.menu_click(app, "new")
    pick = D.top(app)
    assert pick.name == "gamepick"
    assert all(pick.button(f"continue_{g}") is None for g in GAMES)
