"""Undo takes back only the deciding side's own decisions, in both games (issue 20: on one couch
the USA's Backspace took back the USSR's secret headline and a USSR set-up placement)."""

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_squabble_undo import _positions
from tests.ui.test_traps import load
from squabble.framework.handoff import HandOffScene
from squabble.framework.session import Session
from squabble.games import registry


def test_struggle_hotseat_backspace_never_takes_back_the_other_sides_set_up():
    """The session rule itself: the USA deciding cannot undo the USSR's placement."""
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=3)
    while s.decision()["player"] == "USSR":
        s.apply(0)
    assert s.turns.undoable() and s.turns.seats[-1] == "USSR"
    assert s.undo_side() == "USA" and not s.can_undo()
    before = s.state
    assert not s.undo() and s.state is before


def test_struggle_hotseat_usa_backspace_keeps_the_ussr_headline(app):
    """The USSR chose its headline in secret; the USA player, behind the hand-off, presses
    Backspace: the USSR's headline stays chosen."""
    SD.start(app, "hotseat", "USSR")
    sc = SD.scene(app)
    s = sc.session
    for _ in range(60):
        assert D.run_until(app, lambda: SD.waiting(app))
        if isinstance(D.top(app), HandOffScene):
            assert D.run_until(app, lambda: D.top(app).ready)
            D.key(app, pygame.K_RETURN)
            continue
        if (s.decision()["player"], s.describe()["kind"]) == ("USA", "headline"):
            break
        SD.decide_keys(app, 0)
    else:
        raise AssertionError("the USA never came to choose its headline")
    assert isinstance(s.state["headline"]["USSR"], int)
    state, n = s.state, s.decisions
    D.key(app, pygame.K_BACKSPACE)
    assert s.state is state and s.decisions == n, "the USA took back the USSR's headline"
    assert not any(b.name == "undo" for b in sc._buttons)


def _usa_then_ussr():
    """A Squabble position where America decides (nothing drawn or revealed, so it could be
    taken back) and Russia decides next."""
    g = registry.get("squabble")
    for st, d in _positions():
        if d["player"] != "USA":
            continue
        for i in range(len(d["options"])):
            s = Session(g, st, {"mode": "hotseat", "human": "USSR"})
            s.apply(i)
            nxt = s.decision()
            if nxt and nxt["player"] == "USSR" and s.turns.undoable():
                return st, i
    raise AssertionError("no such position")


def test_squabble_hotseat_backspace_during_the_beats_is_the_next_sides(app):
    """America plays; while its beats still play Russia (deciding next) presses Backspace: the
    play stays (before, the session took back America's decision for Russia)."""
    app.settings.anim = "normal"
    state, i = _usa_then_ussr()
    tb = load(app, state, mode="hotseat", human="USSR")
    assert tb.session.decision()["player"] == "USA"
    D.decide_keys(app, i)
    s = tb.session
    assert s.decision()["player"] == "USSR" and s.turns.undoable() and s.turns.seats[-1] == "USA"
    n = s.decisions
    D.key(app, pygame.K_BACKSPACE)
    assert s.decisions == n and s.decision()["player"] == "USSR"
