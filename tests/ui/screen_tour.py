"""Every screen of both games, one after another, in one window: the readability tests (text
size, contrast, colour vision) and tools/colour_vision.py walk it.

``tour(app)`` yields each screen's name with the window showing it (drawn once before the
yield).  The games are seeded, so the same screens come every run."""

from __future__ import annotations

import random

from tests.ui import driver as D


def _draw(app, frames=3):
    for _ in range(frames):
        app.step()
    app.draw()


def fresh_draw(app):
    """Draw the window with every cached picture drawn anew (the Squabble table's layers, the
    Struggle map's static layer and sprites, its tracks panel), so that a test watching text
    as it is drawn (``layout.WATCHERS``) sees all of it."""
    prepare_fresh(app)
    app.draw()


def prepare_fresh(app):
    """Forget the cached pictures of the scenes on screen (see ``fresh_draw``)."""
    for sc in app.stack.visible():
        drawer = getattr(getattr(sc, "zones", None), "drawer", None) or \
            getattr(sc, "drawer", None)
        if drawer is not None and hasattr(drawer, "_layers"):
            drawer._layers.clear()
        m = getattr(sc, "map", None)
        if m is not None and hasattr(m, "static"):
            m.static._static = None
            m.live.sprites.clear()
        tr = getattr(sc, "tracks", None)
        if tr is not None and hasattr(tr, "_cache"):
            tr._cache = None


def _squabble_table(app):
    from squabble.ui.squabble.table import TableScene
    return app.stack.find(TableScene)


def _squabble_human(app):
    t = _squabble_table(app)
    return t is not None and app.stack.top is t and t.flow.phase == "human"


def _struggle(app):
    from squabble.ui.struggle.scene import StruggleScene
    return app.stack.find(StruggleScene)


def tour(app):
    """Yield the name of each screen while the window shows it."""
    from squabble.framework.confirm import ConfirmScene
    from squabble.framework.handoff import HandOffScene
    from squabble.ui.menus import ControlsScene, OptionsScene
    from squabble.ui.squabble.scenes import (DiscardScene, PauseScene, ResultScene, RulesScene,
                                             SetupScene)
    from squabble.ui.gamepick import GamePickScene
    from squabble.ui.struggle.help import rules_scene
    from squabble.ui.struggle.screens import StrugglePauseScene, StruggleResultScene
    from squabble.ui.struggle.setup import BidScene, StruggleSetupScene

    app.to_title()
    _draw(app)
    yield "title"
    app.stack.push(BidScene(app, 1, lambda bid: None))
    _draw(app)
    yield "struggle-bid"
    from squabble.ui.online.options import OnlineOptionsScene
    for name, make in (("gamepick", GamePickScene), ("options", OptionsScene),
                       ("options-online", OnlineOptionsScene),
                       ("controls", ControlsScene), ("squabble-rules", RulesScene),
                       ("squabble-setup", SetupScene), ("struggle-setup", StruggleSetupScene),
                       ("struggle-rules", rules_scene)):
        app.to_title()
        app.stack.push(make(app))
        _draw(app)
        yield name

    # Twilight Squabble against the computer: the table, its pause menu, the result
    app.seed = 12
    app.start("squabble", {"mode": "computer", "human": "USA", "level": "easy", "events": True})
    assert D.run_until(app, lambda: _squabble_human(app))
    t = _squabble_table(app)
    hand = t.chooser.hand_index_cards()
    t.chooser.click_card(hand[0])
    _draw(app, 10)
    yield "squabble-table"
    app.stack.push(PauseScene(app, t.session, t.flow))
    _draw(app)
    yield "squabble-pause"
    app.stack.pop()
    app.stack.push(ConfirmScene(app, "This loses the game", "Placing this card there moves the "
                                "Balance of Power onto your own Mushroom Cloud.", "Do it anyway",
                                "Choose again", lambda: None))
    _draw(app)
    yield "confirm"
    app.stack.pop()
    app.stack.push(DiscardScene(app, t.model, "USSR"))
    _draw(app)
    yield "squabble-discards"
    app.stack.pop()
    rnd = random.Random(3)
    while t.session.state["winner"] is None:
        D.run_until(app, lambda: _squabble_human(app) or t.session.state["winner"] is not None)
        if _squabble_human(app):
            t.commit(rnd.randrange(len(t.session.decision()["options"])))
    assert D.run_until(app, lambda: isinstance(app.stack.top, ResultScene))
    _draw(app)
    yield "squabble-result"

    # Twilight Squabble on the couch: the hand-off
    app.start("squabble", {"mode": "hotseat", "human": "USSR", "level": "easy", "events": False})
    assert D.run_until(app, lambda: isinstance(app.stack.top, HandOffScene))
    _draw(app)
    yield "squabble-handoff"

    # Twilight Struggle against the computer: the map, its pause menu, the result
    app.seed = 1
    app.start("struggle", {"mode": "computer", "human": "USSR", "level": "easy",
                           "optional": False, "ccw": False})
    sc = _struggle(app)
    assert D.run_until(app, lambda: app.stack.top is sc and sc.human_turn()
                       and sc.choices is not None)
    _draw(app, 10)
    yield "struggle-map"
    sc.hover_country = "Iran"            # a country's detail under the mouse
    _draw(app)
    yield "struggle-country-detail"
    sc.hover_country = None
    sc.hover_track = "defcon:3"          # a track's explanation
    _draw(app)
    yield "struggle-track-tip"
    sc.hover_track = None
    app.stack.push(StrugglePauseScene(app, sc.session, hidden=lambda: False,
                                      undo=lambda: None, help=lambda: None))
    _draw(app)
    yield "struggle-pause"
    app.stack.pop()
    sc.session.state = dict(sc.session.state, winner="USSR",
                            end_reason="20 victory points")
    app.stack.push(StruggleResultScene(app, sc.session))
    _draw(app)
    yield "struggle-result"

    # Twilight Struggle on the couch: the hand-off
    app.start("struggle", {"mode": "hotseat", "human": "USSR", "level": "easy",
                           "optional": False, "ccw": False})
    assert D.run_until(app, lambda: isinstance(app.stack.top, HandOffScene))
    _draw(app)
    yield "struggle-handoff"
