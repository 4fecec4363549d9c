"""Twilight Squabble on the framework session: undo like Board Game Arena through the table, the
composite pick of the framework's ChoiceSet, and couch privacy after an undo."""

import random

import pygame

from tests.ui import driver as D
from tests.ui.test_privacy import check_record, recording
from tests.ui.test_traps import load
from squabble.framework.choices import ChoiceSet
from squabble.framework.handoff import HandOffScene
from squabble.framework.session import Session
from squabble.games import registry
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES


def _positions(seeds=range(300)):
    """Every (state, decision) of random legal games, seed by seed."""
    for seed in seeds:
        rnd = random.Random(seed)
        s = E.new_game(seed, {"events": False})
        while s["winner"] is None:
            d = E.decision(s)
            yield s, d
            s, _log = E.apply(s, rnd.randrange(len(d["options"])))


def _next_after(state, index):
    nxt = E.decision(E.apply(state, index)[0])
    return (nxt["player"], nxt["kind"]) if nxt else None


def _play_then_tokens(side="USA"):
    """(state, option index): ``side`` is to play two cards, and after that play (an Activity
    card in each slot, so phase 3 reveals nothing) ``side`` also decides first in phase 4."""
    for s, d in _positions():
        if d["kind"] == "play" and d["player"] == side:
            i = next(i for i, o in enumerate(d["options"]) if CARDS[o["bop"]].is_activity)
            if _next_after(s, i) == (side, "tokens"):
                return s, i
    raise AssertionError("no such position")


def _tokens_then_counter(side="USA"):
    """A position where ``side`` places tokens and, after the phase 5 reveal, decides a counter."""
    for s, d in _positions():
        if d["kind"] == "tokens" and d["player"] == side and \
                _next_after(s, 0) == (side, "counter"):
            return s
    raise AssertionError("no such position")


# ---- the framework layer, for any game ------------------------------------------------------

def test_a_composite_option_is_picked_one_card_per_step():
    """Two card keys per option (no game named): lit values, displacement, back, swap."""
    opts = [{"label": f"{a}+{b}", "first": a, "second": b}
            for a, b in (("x", "y"), ("y", "x"), ("z", "x"), ("z", "y"))]
    opts.append({"label": "Pass"})
    cs = ChoiceSet.of({"player": "P", "prompt": "", "options": opts}, steps=("first", "second"))
    assert len(cs.composite) == 4 and [b.label for b in cs.buttons] == ["Pass"]
    p = cs.picker()
    assert p.values() == {"x", "y", "z"}
    assert p.pick("x") and p.picked == {"first": "x", "second": None}
    # "z" fits only the first step: it takes it, and "x" moves on to the second
    assert p.pick("z") and p.picked == {"first": "z", "second": "x"}
    assert p.chosen().index == 2
    assert not p.can_swap()                    # x+z is no option
    assert p.back() == "x" and p.chosen() is None
    assert p.pick("y") and p.chosen().index == 3
    assert p.drop("z") and p.picked == {"first": None, "second": "y"}
    assert p.pick("x") and p.chosen().index == 0 and p.can_swap()
    assert p.swap() and p.chosen().index == 1
    assert cs.find(first="y", second="x").index == 1 and cs.find(first="q") is None


def test_squabble_undo_stops_at_the_era_draw():
    """A decision that leads into the next era's draw (and the Event reveal) cannot be taken
    back, even when the same side decides again right after it."""
    g = registry.get("squabble")
    found = 0
    for seed in range(60):
        s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy",
                            "options": {"events": seed % 2 == 0}}, seed=seed)
        rnd = random.Random(seed)
        while not s.over:
            d = s.decision()
            beats = s.apply(rnd.randrange(len(d["options"])))
            nxt = s.decision()
            if any(b.kind == "era" for b in beats) and nxt and nxt["player"] == d["player"]:
                found += 1
                assert not s.can_undo(d["player"]), \
                    f"seed {seed}: {d['kind']} could be taken back after the era's draw"
    assert found > 0


# ---- through the window ------------------------------------------------------------------------

def test_undo_inside_a_multi_step_own_turn_against_the_computer(app):
    state, play = _play_then_tokens("USA")
    tb = load(app, state, mode="computer", human="USA")
    assert tb.session.decision()["kind"] == "play"
    D.decide_keys(app, play)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    dec = tb.session.decision()
    assert (dec["player"], dec["kind"]) == ("USA", "tokens")
    assert tb.guide.hint is not None and "Tokens" in tb.guide.hint[0]     # the first-game guide speaks
    undo = next(b for b in tb.model.buttons if b.name == "undo")
    assert undo.enabled
    D.click(app, D.button_pos(tb, "plus_bop"))
    assert tb.staging.stage["bop_t"] == 1
    D.key(app, pygame.K_BACKSPACE)             # first the staged token ...
    assert tb.staging.stage["bop_t"] == 0 and tb.session.decision()["kind"] == "tokens"
    D.key(app, pygame.K_BACKSPACE)             # ... then the play itself
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb.session.state == state and tb.session.decision()["kind"] == "play"
    assert "takes back" in app.log_lines[-1]
    assert tb.guide.hint is None or "Tokens" not in tb.guide.hint[0], "the undone moment's guide stayed"
    assert SQUABBLE_SAVES.load()[0] == state, "the autosave does not hold the position taken back to"
    # nothing older is the player's own since the draw: the button says why it is dimmed
    assert not next(b for b in tb.model.buttons if b.name == "undo").enabled
    D.key(app, pygame.K_BACKSPACE)
    assert tb.session.state == state
    # and the game goes on from there
    D.decide_keys(app, play)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb.session.decision()["kind"] == "tokens"


def test_undo_is_refused_after_a_reveal(app):
    """America places tokens; the phase 5 reveal shows both Balance of Power cards; at the
    counter decision that follows, the token placement cannot be taken back."""
    state = _tokens_then_counter("USA")
    tb = load(app, state, mode="computer", human="USA")
    s = tb.session
    assert s.decision()["kind"] == "tokens"
    D.decide_keys(app, 0)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert (s.decision()["player"], s.decision()["kind"]) == ("USA", "counter")
    assert any(k == "reveal" for k in (getattr(x, "kind", "") for x in s.log))
    shown = []
    app.toast = lambda msg, seconds=2.6: shown.append(msg)
    before, n = s.state, s.decisions
    D.key(app, pygame.K_BACKSPACE)
    assert s.state is before and s.decisions == n
    assert shown and "revealed card" in shown[-1]
    assert not next(b for b in tb.model.buttons if b.name == "undo").enabled


def test_hotseat_undo_hands_off_again_and_never_crosses_the_other_side(app):
    """On one couch: America plays, then places tokens; undo at the tokens goes back to the play
    behind a new hand-off (the undone screen is never shown in public), the face-up record
    holds, and Russia cannot take back America's decision."""
    state, play = _play_then_tokens("USA")
    with recording(app) as w:
        tb = load(app, state, mode="hotseat", human="USSR")   # load confirms the hand-off
        assert tb.session.decision()["player"] == "USA"
        D.decide_keys(app, play)
        assert D.run_until(app, lambda: D.waiting_for_human(app))
        assert isinstance(D.top(app), HandOffScene)             # tokens: private
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
        assert tb.session.decision()["kind"] == "tokens" and tb.session.can_undo("USA")
        D.key(app, pygame.K_BACKSPACE)
        assert tb.session.state == state
        assert tb.session.look.viewer is None
        assert D.run_until(app, lambda: D.waiting_for_human(app))
        assert isinstance(D.top(app), HandOffScene), "the undone play showed with no hand-off"
        # the same player keeps the screen: the hand-off says so instead of "pass the screen"
        assert D.top(app).message == "America again: Russia, please look away."
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
        assert tb.session.decision()["kind"] == "play" and tb.flow.phase == "human"
        # play on until Russia decides; Russia's Backspace never takes back America's choice
        rnd = random.Random(5)
        for _ in range(12):
            assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
            if isinstance(D.top(app), HandOffScene):
                D.key(app, pygame.K_RETURN)
                continue
            d = tb.session.decision()
            if d["player"] == "USSR" and tb.session.turns.undoable() and \
                    tb.session.turns.seats[-1] == "USA":
                n = tb.session.decisions
                D.key(app, pygame.K_BACKSPACE)
                assert tb.session.decisions == n and tb.session.decision() == d
                break
            D.decide_keys(app, rnd.randrange(len(d["options"])))
        else:
            raise AssertionError("Russia never decided right after America")
        check_record(w)


def test_undo_while_the_computer_thinks_drops_its_answer(app, monkeypatch):
    """Russia (the person) plays; while America (the computer) is still thinking, Backspace
    takes the play back, and the computer's answer to the old position is never played."""
    import threading
    import time

    from squabble.ui.squabble import game as G
    gate = threading.Event()
    real = G.computer_choice

    def slow(state, level, seed):
        gate.wait(5)
        return real(state, level, seed)

    # a closure cannot travel to the session's worker process, so the session runs it on a
    # thread of this process, where the gate holds it (a patched computer_choice would not
    # reach the worker process at all)
    monkeypatch.setattr(G, "_chooser", slow)
    from tests.ui.test_play import start
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    before = tb.session.state
    D.decide_keys(app, 0)
    assert D.run_until(app, lambda: tb.flow.phase == "thinking", 2000)
    D.key(app, pygame.K_BACKSPACE)
    assert tb.session.state == before and tb.flow.thinker is None
    gate.set()
    time.sleep(0.1)                            # the old worker thread finishes meanwhile
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb.session.decisions == 2 and tb.session.decision()["player"] == "USSR"
    assert tb.session.decision()["kind"] == "play"
