"""Privacy by inference on one couch: the hand-offs and private screens must not depend on a
hidden card.  If being asked to counter needed a card that can counter, the hand-off "Next for
America: counter their card?" would tell Russia what America holds.

The property, over many seeded hot-seat positions: take the start of the counter step (phase 6),
make a twin that differs only in hidden cards (each side's face-down Space Race card swapped
with the Activity card left in its hand, so its counter cards change while everything the
other side may see stays the same), play both through the real table answering every counter
with Pass, and compare the sequences of hand-offs and private screens.  A deliberately leaking
engine (the old rule: a side that cannot counter is not asked) must fail it."""

import copy
import random

import pygame
import pytest

from squabble.framework.handoff import HandOffScene
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import IS_ACTIVITY, OTHER, SIDES
from squabble.ui.squabble import game as squabble_game
from squabble.ui.squabble.table import TableScene
from tests.ui import driver as D

SEEDS = range(40)


def public(s: dict) -> dict:
    """Everything both players may know: hidden cards become "?" and hands a count."""
    v = copy.deepcopy(s)
    for side in SIDES:
        h = E.hidden_from(s, OTHER[side])
        v["hands"][side] = len(s["hands"][side])
        for key, seen in (("bop", h["bop_seen"]), ("space", h["space_seen"])):
            if v["slots"][side][key] is not None and not seen:
                v["slots"][side][key] = "?"
        v["decks"][side] = sorted(v["decks"][side])
    v["event_deck"] = sorted(v["event_deck"])
    for key in ("rng", "pending", "todo"):   # the engine's bookkeeping, compared through play
        v.pop(key)
    return v


def twin(s: dict) -> dict | None:
    """``s`` with each side's hidden Space Race card swapped with the Activity card in its
    hand, when that changes which cards can counter (None: no such twin here)."""
    t = copy.deepcopy(s)
    for side in SIDES:
        slot = t["slots"][side]
        left = [c for c in t["hands"][side] if IS_ACTIVITY[c]]
        if slot["space"] is None or t["spied"][OTHER[side]] or len(left) != 1:
            continue
        hand = t["hands"][side]
        hand[hand.index(left[0])], slot["space"] = slot["space"], left[0]
    if all(bool(E.counter_cards(t, sd)) == bool(E.counter_cards(s, sd)) for sd in SIDES):
        return None
    assert E.validate(t) is None and public(t) == public(s)
    return t


def counter_points(n):
    """Up to ``n`` (state, twin) pairs at the start of phase 6 of seeded random games."""
    out = []
    for seed in SEEDS:
        s = E.new_game(seed, {"events": seed % 2 == 1})
        rnd = random.Random(seed)
        while s["winner"] is None:
            if s["pending"]["kind"] == "counter" and len(s["todo"]) == 2:
                t = twin(s)
                if t is not None:
                    out.append((s, t))
                    break
            s, _ = E.apply(s, rnd.randrange(len(E.decision(s)["options"])))
        if len(out) >= n:
            break
    return out


def screens(app, state, monkeypatch):
    """The hand-offs and private screens the hot-seat table shows from ``state`` until the
    counters are decided (every counter answered Pass by keyboard)."""
    seen = []
    real_hand_off, real_start = TableScene.flow_handoff, TableScene.flow_human

    def hand_off(self, side, confirm):
        seen.append(("hand-off", side, self.session.decision()["kind"]))
        real_hand_off(self, side, confirm)
        h = self.app.stack.top           # what the hand-off says is public too
        seen.append(("hand-off words", h.title, h.message, h.detail, "counter"))

    def start_human(self, d):
        real_start(self, d)
        if self.session.is_private(d):
            seen.append(("private screen", d["player"], d["kind"]))

    monkeypatch.setattr(TableScene, "flow_handoff", hand_off)
    monkeypatch.setattr(TableScene, "flow_human", start_human)
    st = copy.deepcopy(state)
    st["pending"] = None
    E.run(st, None)                        # the decision as the engine in force asks it
    setup = {"mode": "hotseat", "human": "USSR", "level": "easy", "events": False}
    app.session = squabble_game.resume_session(st, setup, [])
    app.log_lines = []
    tb = TableScene(app, app.session)
    app.stack.replace_all(tb)
    while True:
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000), "the table stalled"
        dec = app.session.decision()
        if dec is None or dec["kind"] != "counter":
            break
        if isinstance(D.top(app), HandOffScene):
            D.key(app, pygame.K_RETURN)
            continue
        D.decide_keys(app, [o["mode"] for o in dec["options"]].index("pass"))
    monkeypatch.undo()
    return [x for x in seen if x[-1] == "counter"]


def check_public_sequence(app, monkeypatch, pairs):
    differing = 0
    for s, t in pairs:
        a, b = screens(app, s, monkeypatch), screens(app, t, monkeypatch)
        assert a == b, (f"era {s['era']}: the hand-offs and private screens differ between two "
                        f"positions both players see alike: {a} against {b}")
        differing += 1
    return differing


def test_handoffs_and_private_screens_depend_only_on_what_both_may_know(app, monkeypatch):
    pairs = counter_points(12)
    assert len(pairs) >= 8                  # the property is tried on real positions
    assert check_public_sequence(app, monkeypatch, pairs) == len(pairs)


def test_the_property_catches_a_leaking_engine(app, monkeypatch):
    """Mutation check: the old rule (a side that cannot counter is not asked) must fail."""
    pairs = counter_points(12)
    real_ask = E._ask

    def leaky_ask(s, kind):
        if kind == "counter":
            while s["todo"] and not E.counter_cards(s, s["todo"][0]):
                s["todo"].pop(0)
        return real_ask(s, kind)

    def check():
        for s, t in pairs:
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(E, "_ask", leaky_ask)
                a = screens(app, s, mp)
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(E, "_ask", leaky_ask)
                b = screens(app, t, mp)
            assert a == b, "leak"

    with pytest.raises(AssertionError, match="leak"):
        check()


def test_a_side_that_cannot_counter_gets_its_own_counter_screen(app, monkeypatch):
    s, t = counter_points(1)[0]
    for state in (s, t):
        for side in SIDES:
            if not E.counter_cards(state, side):
                seq = screens(app, state, monkeypatch)
                assert ("hand-off", side, "counter") in seq
                assert ("private screen", side, "counter") in seq


def test_the_pause_menu_over_a_private_screen_covers_the_hand(app):
    """Esc on a hot-seat player's private screen: the menu must not leave that hand readable
    behind a dimming (the other player may walk up while the game is paused)."""
    from tests.ui.test_play import start
    from squabble.ui.squabble.layout import HAND_Y
    tb = start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    D.key(app, pygame.K_RETURN)                       # Russia's hand-off
    assert D.run_until(app, lambda: D.top(app) is tb and tb.flow.phase == "human")
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "pause"
    D.step(app, 2)
    L = app.layout
    x0, y0 = L.p(20, HAND_Y + 10)
    x1, y1 = L.p(430, 630)            # the hand's left, outside the menu panel and its words
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(x0, x1, 3)
               for y in range(y0, y1, 3)}
    assert len(colours) == 1, f"the hand shows through the pause menu ({len(colours)} colours)"


def test_again_only_when_nobody_acted_in_between(app):
    """Era 2 of the scripted game: Russia counters, America declines its Space 2 shift, then
    Russia plays era 3.  America acted in between, so the hand-off must not say "Russia again"."""
    from tests.ui.test_privacy import play_script
    play_script(app, None, upto=12)                  # up to America's shift answer
    assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
    h = D.top(app)
    assert isinstance(h, HandOffScene) and app.session.decision()["player"] == "USSR"
    assert "again" not in h.message, h.message
