"""F1 and the title's Rules open the rules of the game in front: on the title the last pick
(issue 50, item 12: they opened Twilight Squabble's after a pick of Twilight Struggle)."""

import pygame

from tests.ui import driver as D
from squabble.ui import gamepick


def _title(app):
    app.to_title()
    D.step(app, 2)
    assert D.top(app).name == "title"


def test_the_titles_rules_are_the_last_picked_games(app):
    gamepick.remember("struggle")
    _title(app)
    D.menu_click(app, "rules")
    assert D.top(app).name == "struggle_rules"
    app.draw()          # draws Twilight Struggle's rules, and Esc closes them
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "title"
    D.key(app, pygame.K_F1)              # F1 on the title: the same
    assert D.top(app).name == "struggle_rules"
    D.key(app, pygame.K_F1)              # F1 again closes them
    assert D.top(app).name == "title"
    gamepick.remember("squabble")
    _title(app)
    D.menu_click(app, "rules")
    assert D.top(app).name == "rules"


def test_rules_inside_a_game_are_that_games(app):
    from tests.ui import struggle_driver as SD
    gamepick.remember("squabble")        # the last pick says one game, the screen another
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
    app.open_rules()
    assert D.top(app).name == "struggle_rules"
