"""Options' online page and the name asked on the first online game (issue 59): the display
name and the your-move alert as rows (mouse, keyboard and pad, as every menu), kept in the
settings; the first Create, Join or Host asks for a name once when none is set."""

from __future__ import annotations

import pygame

from squabble.ui import settings as S
from tests.ui import driver as D


def _type(app, word):
    for ch in word:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch,
                                             scancode=0))
    D.step(app)


def test_options_has_an_online_page_with_the_name_and_the_alert(data_dir):
    app = D.new_app()
    D.menu_click(app, "options")
    assert D.top(app).name == "options"
    D.menu_click(app, "online")                                 # the mouse
    page = D.top(app)
    assert page.name == "options_online"
    assert app.settings.move_alert is True
    page.focus.focus(page.button("move_alert"))
    D.key(app, pygame.K_RIGHT)                                  # the keyboard
    assert app.settings.move_alert is False and S.load().move_alert is False
    D.pad(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)              # a pad
    assert app.settings.move_alert is True
    page.focus.focus(page.button("name"))
    D.key(app, pygame.K_RETURN)
    assert D.top(app).name == "online_text"
    _type(app, "<Anna>")                                        # refused: one sentence
    D.key(app, pygame.K_RETURN)
    assert app.settings.display_name == "" and "letters, digits" in app._toast[0]
    assert D.top(app) is page
    D.key(app, pygame.K_RETURN)
    _type(app, "  Anna   Lee ")
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is page
    assert app.settings.display_name == "Anna Lee" and S.load().display_name == "Anna Lee"
    assert any("Anna Lee" in b.label for b in page.buttons)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "options"


def _first_online_visit():
    """A window whose player has no name and was never asked, at Play online."""
    app = D.new_app()
    app.settings.name_asked = False
    app.settings.online_server = "ws://127.0.0.1:9/"
    app.to_online()
    return app


def test_the_first_online_game_asks_the_name_once(data_dir):
    app = _first_online_visit()
    D.menu_click(app, "create")
    ask = D.top(app)
    assert ask.name == "online_text" and "first online game" in ask.help_line
    _type(app, "Boris")
    D.key(app, pygame.K_RETURN)
    assert D.top(app).name == "online_create"                   # then the game is created
    assert app.settings.display_name == "Boris" and S.load().name_asked
    D.key(app, pygame.K_ESCAPE)
    D.menu_click(app, "join")                                   # asked once only
    assert D.top(app).name == "online_text" and D.top(app).title == "Invitation code"


def test_back_on_the_first_question_plays_without_a_name_and_is_not_asked_again(data_dir):
    app = _first_online_visit()
    D.menu_click(app, "join")
    assert "first online game" in D.top(app).help_line
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).title == "Invitation code"               # on to the code
    assert app.settings.display_name == "" and app.settings.name_asked
