"""A toast never shows over an overlay opened after it (issue 57, item 1): "Paraguay is not a
legal target now..." was drawn over the F1 rules on the Twilight Struggle map.  Every overlay
of both games is opened over a game scene that has just raised a toast; the toast is drawn
before the overlay (the overlay covers it) or not at all, and an opaque overlay looks exactly
as it does with no toast.  A last test keeps the list whole: a new scene must be named here."""

from __future__ import annotations

import importlib
import pkgutil

import pygame
import pytest

import squabble.framework
import squabble.ui
from squabble.framework.confirm import ConfirmScene
from squabble.framework.scene import Scene
from tests.squabble_helpers import turn_start
from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_squabble_previews import table_at

SAY = "Paraguay is not a legal target now (the lit countries are)."


def _struggle(app):
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    sc = SD.scene(app)
    assert D.top(app) is sc
    return sc


def _squabble(app):
    return table_at(app, turn_start(era=1), "USSR")


def _confirm(app, game):
    app.stack.push(ConfirmScene(app, "This loses the game", "A sentence.", "Do it anyway",
                                "Choose again", lambda: None))


# (name, game, opens the overlay over the game scene ``g`` and returns what draws it)
OVERLAYS = {
    "struggle rules help (F1)": ("struggle", lambda app, g: (
        D.key(app, pygame.K_F1), g.help)[1]),
    "struggle pause menu": ("struggle", lambda app, g: (D.key(app, pygame.K_ESCAPE),
                                                        D.top(app))[1]),
    "struggle discard pile": ("struggle", lambda app, g: (
        g.open_pile("Discard pile", [1, 2, 3]), D.top(app))[1]),
    "struggle hand-off": ("struggle", lambda app, g: (
        g.flow_handoff("USSR", lambda: None), D.top(app))[1]),
    "struggle confirm": ("struggle", lambda app, g: (_confirm(app, g), D.top(app))[1]),
    "struggle options": ("struggle", lambda app, g: (app.open_options(), D.top(app))[1]),
    "struggle controls": ("struggle", lambda app, g: (app.open_controls(), D.top(app))[1]),
    "squabble rules (F1)": ("squabble", lambda app, g: (D.key(app, pygame.K_F1),
                                                        D.top(app))[1]),
    "squabble pause menu": ("squabble", lambda app, g: (D.key(app, pygame.K_ESCAPE),
                                                        D.top(app))[1]),
    "squabble discard pile": ("squabble", lambda app, g: (g.show_discards("USA"),
                                                          D.top(app))[1]),
    "squabble hand-off": ("squabble", lambda app, g: (
        g.flow_handoff("USSR", lambda: None), D.top(app))[1]),
    "squabble confirm": ("squabble", lambda app, g: (_confirm(app, g), D.top(app))[1]),
    "squabble options": ("squabble", lambda app, g: (app.open_options(), D.top(app))[1]),
    "squabble controls": ("squabble", lambda app, g: (app.open_controls(), D.top(app))[1]),
    "squabble options, online page": ("squabble", lambda app, g: (
        app.open_options(), D.menu_click(app, "online"), D.top(app))[2]),
    # (an online game's pause menu opens it; a stand-in for the line's session)
    "chat over a table": ("squabble", lambda app, g: (_chat(app), D.top(app))[1]),
    # (a couch game's pause menu opens it: issue 60)
    "struggle continue from here": ("struggle", lambda app, g: (
        app.continue_from_here(g.session), D.top(app))[1]),
    "squabble continue from here": ("squabble", lambda app, g: (
        app.continue_from_here(g.session), D.top(app))[1]),
}


def _chat(app):
    from types import SimpleNamespace
    from squabble.ui.online.chat import ChatScene
    app.stack.push(ChatScene(app, SimpleNamespace(say=lambda text: None, chat_lines=[],
                                                  watching=False)))

#: scenes that never open over a game's scene (menus before a game, the results after it)
NOT_OVER_A_GAME = {"TitleScene", "GamePickScene", "OptionSetupScene", "SetupScene",
                   "StruggleSetupScene", "BidScene", "OnlineBidScene", "OnlineScene",
                   "BusyScene", "TextEntryScene", "CreateScene", "InvitationScene",
                   "YourGamesScene", "RatingsScene", "ResultMenuScene", "ResultScene", "StruggleResultScene",
                   "MenuScene", "TableScene", "StruggleScene",
                   # the title's Finished games, a replay, the title's rules
                   "FinishedGamesScene", "ReplayScene", "StruggleRulesScene"}
#: the classes the overlays above open (checked by the last test)
TESTED = {"StrugglePauseScene", "PileScene", "HandOffScene", "ConfirmScene", "OptionsScene",
          "ControlsScene", "RulesScene", "PauseScene", "DiscardScene", "StruggleHelp",
          "ChatScene", "ContinueScene", "OnlineOptionsScene"}


def _pixels(surf):
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_every_overlay_covers_a_toast_raised_before_it(app, name):
    game, open_it = OVERLAYS[name]
    g = _struggle(app) if game == "struggle" else _squabble(app)
    app.toast(SAY, 6.0)
    D.step(app)
    assert app._toast[1] > 0
    over = open_it(app, g)
    assert over is not None and over is not g, name
    assert type(over).__name__ in TESTED, type(over).__name__
    assert app._toast[1] > 0          # the toast is still running under the overlay
    order = []
    draw_toast, draw_over = app._draw_toast, over.draw
    app._draw_toast = lambda *a: (order.append("toast"), draw_toast(*a))
    over.draw = lambda surf: (order.append("overlay"), draw_over(surf))
    try:
        app.draw()
    finally:
        del app._draw_toast, over.draw
    assert "overlay" in order, name
    assert order[-1] == "overlay", f"{name}: the toast is drawn over it ({order})"
    with_toast = app.screen.copy()
    saved, app._toast = app._toast, ("", 0.0)
    app.draw()
    app._toast = saved
    if getattr(over, "opaque", True):       # nothing of the toast shows through
        assert _pixels(with_toast) == _pixels(app.screen), name


def test_a_toast_raised_over_the_struggle_rules_shows_over_them(app):
    g = _struggle(app)
    D.key(app, pygame.K_F1)
    assert g.help is not None
    app.toast("Something about the rules.")
    order = []
    draw_toast = app._draw_toast
    app._draw_toast = lambda *a: (order.append("toast"), draw_toast(*a))
    try:
        app.draw()
    finally:
        del app._draw_toast
    assert order == ["toast"]
    D.key(app, pygame.K_F1)                 # closed: a toast raised under it shows again
    assert g.help is None


def test_the_struggle_rules_closed_give_the_toast_back(app):
    g = _struggle(app)
    app.toast(SAY, 6.0)
    D.key(app, pygame.K_F1)
    assert app._toast_layer(app.stack.visible()) is None
    D.key(app, pygame.K_F1)
    assert g.help is None and app._toast_layer(app.stack.visible()) is not None


def _scene_classes():
    for pkg in (squabble.ui, squabble.framework):
        for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(mod.name)
    out, todo = set(), [Scene]
    while todo:
        c = todo.pop()
        for sub in c.__subclasses__():
            if sub.__module__.startswith("squabble."):
                out.add(sub.__name__)
            todo.append(sub)
    return out


def test_every_scene_is_an_overlay_tested_above_or_never_over_a_game():
    names = _scene_classes()
    untested = names - TESTED - NOT_OVER_A_GAME
    assert not untested, f"a scene that may open over a game: add it to OVERLAYS ({untested})"
