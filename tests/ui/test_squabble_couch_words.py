"""One couch, two players: the table and the hand-offs say whose turn it is (issue 50, items 16
and 19)."""

import pygame

from squabble.framework.handoff import HandOffScene
from squabble.games.squabble import engine as E
from squabble.ui.squabble import drawing
from squabble.ui.squabble import game as squabble_game
from squabble.ui.squabble.table import TableScene
from tests.squabble_helpers import pass_counters, play_both, turn_start
from tests.ui import driver as D


def hotseat_at(app, state, human="USSR"):
    setup = {"mode": "hotseat", "human": human, "level": "easy",
             "events": state["options"]["events"]}
    app.session = squabble_game.resume_session(state, setup, [])
    app.log_lines = []
    tb = TableScene(app, app.session)
    app.stack.replace_all(tb)
    return tb


def drawn(app):
    said = []
    real = drawing.text
    drawing.text = lambda surf, s, *a, **k: (said.append(s), real(surf, s, *a, **k))[1]
    try:
        app.draw()
    finally:
        drawing.text = real
    return said


def test_a_public_decision_seats_its_side_at_the_bottom_and_says_so(app):
    """Item 16: America's phase 9 tokens were asked with Russia's hand at the bottom."""
    s = turn_start(era=1, bop=1)
    s = play_both(s, ("Cominform", "First Lightning"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    while s["pending"] != {"kind": "take_tokens", "player": "USA"}:
        s, _ = E.apply(s, 0)
    tb = hotseat_at(app, s, human="USSR")
    assert tb.model.bottom == "USSR"
    assert D.run_until(app, lambda: D.top(app) is tb and tb.flow.phase == "human")
    assert not isinstance(D.top(app), HandOffScene)      # public: no hand-off
    assert tb.model.bottom == "USA"
    said = drawn(app)
    assert any(t.startswith("AMERICA DECIDES") for t in said), said
