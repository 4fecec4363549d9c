"""Both games' result screens share ResultMenuScene (ui/menu_scene.py): in attract mode a click
returns to the title on its release, so the release never presses a title button."""

import argparse

import pygame

from tests.ui import driver as D
from squabble.framework.clock import NoWaitClock
from squabble.ui.menus import TitleScene
from squabble.ui.squabble.scenes import ResultScene


def test_a_click_on_the_attract_result_goes_to_the_title_and_presses_nothing(data_dir):
    from squabble.ui.app import make_app
    app = make_app(argparse.Namespace(demo=True, seed=5), clock=NoWaitClock(), attract_after=None)
    app.settings.anim = "instant"
    assert D.run_until(app, lambda: isinstance(D.top(app), ResultScene), 20000)
    # where the title's "New game" button is: the click's release must not press it
    probe = TitleScene(app)
    pos = app.layout.p(*[a + b / 2 for a, b in zip(probe.button("new").rect[:2],
                                                       probe.button("new").rect[2:])])
    D.click(app, pos, settle=3)
    assert isinstance(D.top(app), TitleScene), D.top(app).name


def test_keys_and_the_wait_in_attract_mode(data_dir):
    from squabble.ui.app import make_app
    app = make_app(argparse.Namespace(demo=True, seed=5), clock=NoWaitClock(), attract_after=None)
    app.settings.anim = "instant"
    assert D.run_until(app, lambda: isinstance(D.top(app), ResultScene), 20000)
    res = D.top(app)
    assert res.demo
    D.key(app, pygame.K_SPACE)
    assert isinstance(D.top(app), TitleScene)
