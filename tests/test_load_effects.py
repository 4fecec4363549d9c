"""Twilight Struggle effects survive every way out of the engine and back: the protocol's shape
(card numbers in ``effects``, their objects in ``effect_details``), a window save (the engine's
own shape: one list of objects), and a game saved when effects were two lists (``effects`` and
``effect_args``, in the state and in the records of its stack).  States of random games, many
with effects in force and calls waiting on their records."""

from __future__ import annotations

import json
import random

import pytest

from squabble.games import registry
from squabble.games.struggle import load, protocol_state, validate
from squabble.protocol import Session

G = registry.get("struggle")


def _states(n_games=3, seed=11) -> list:
    rnd = random.Random(seed)
    out = []
    for _ in range(n_games):
        st = G.new(rnd.randrange(1 << 30))
        while G.decision(st) is not None:
            waiting = any("resume" in f for f in st["stack"])
            if st["effects"] and (waiting or rnd.random() < 0.05):
                out.append(json.loads(json.dumps(st)))
            st, _ = G.apply(st, rnd.randrange(G.n_options(st)))
    return out


def _two_lists(effects: list) -> tuple[list, list]:
    return [e["card"] for e in effects], [{k: v for k, v in e.items() if k != "card"} for e in effects]


def _old_save(st: dict) -> dict:
    """``st`` as a game saved when effects were two lists, in its records too."""
    old = json.loads(json.dumps(st))
    old["effects"], old["effect_args"] = _two_lists(old["effects"])
    for f in old["stack"]:
        res = f.get("resume") or {}
        if "start" in res:
            res["start"]["effects"], res["start"]["effect_args"] = _two_lists(res["start"]["effects"])
        if "effects" in res.get("undo", {}):
            res["undo"]["effects"], res["undo"]["effect_args"] = _two_lists(res["undo"]["effects"])
    return old


STATES = _states()


def test_the_sample_has_effects_and_waiting_records():
    assert len(STATES) > 20
    assert sum(any("resume" in f for f in st["stack"]) for st in STATES) > 5
    assert sum(len(st["effects"]) > 1 for st in STATES) > 5


def test_effects_survive_the_protocol_a_window_save_and_an_old_save():
    for st in STATES:
        printed = json.loads(json.dumps(protocol_state(st)))
        assert printed["effects"] == [e["card"] for e in st["effects"]]
        assert printed["effect_details"] == st["effects"]
        old = _old_save(st)
        for shape in (st, printed, old):
            assert validate(shape) is None, validate(shape)
            assert load(shape) == st
        r = Session().handle_line(json.dumps({"cmd": "load", "state": old}))
        assert r["ok"] and r["state"] == printed, r.get("error")
        again = Session().handle_line(json.dumps({"cmd": "load", "state": r["state"]}))
        assert again["ok"] and again["state"] == printed


def test_loading_never_changes_what_it_was_given():
    for st in STATES[:10]:
        old = _old_save(st)
        kept = json.dumps(old, sort_keys=True)
        load(old)
        assert json.dumps(old, sort_keys=True) == kept


# ---------------------------------------------------------------- effects in force twice
def _action_round(seed: int) -> dict:
    """A game with optional cards at its first action round (set-up and headlines done), made
    turn 8 (the Mid and Late War cards shuffled into the draw pile): every card is in the game."""
    from squabble.games.struggle import new_game
    from squabble.games.struggle.validation import expected_cards
    st = new_game(seed, {"optional_cards": True})
    while st["action_round"] < 1:
        st, _ = G.apply(st, 0)
    st = json.loads(json.dumps(st))
    st["turn"] = 8
    held = set(st["deck"] + st["discard"] + st["removed"] + st["table"]
               + st["hands"]["USA"] + st["hands"]["USSR"])
    more = sorted(expected_cards(st) - held)
    random.Random(seed).shuffle(more)
    st["deck"] += more
    return st


def _effect_records() -> dict:
    """card -> one entry of its effect as play made it, over random games with optional cards."""
    from squabble.games.struggle import new_game
    seen: dict = {}
    rnd = random.Random(5)
    for _ in range(10):
        st = new_game(rnd.randrange(1 << 30), {"optional_cards": True})
        while G.decision(st) is not None:
            for e in st["effects"]:
                seen.setdefault(e["card"], dict(e))
            st, _ = G.apply(st, rnd.randrange(G.n_options(st)))
    return seen


def test_play_never_leaves_what_load_accepts_with_every_effect_twice():
    """Issue 50, item 23: NORAD (106) in force twice was accepted, and a few decisions later the
    two tasks its hooks started left a state ``load`` refused.  Every effect play makes, in
    force twice in a position set up by hand (DEFCON 3, the USA controlling Canada: NORAD's
    condition once a coup makes DEFCON 2), either is refused or plays on to states that all load."""
    records = _effect_records()
    assert 106 in records and len(records) > 15
    base = _action_round(1)
    played = 0
    for card, entry in sorted(records.items()):
        s = json.loads(json.dumps(protocol_state(base)))
        s["effects"] = [card, card]
        s["effect_details"] = [entry, entry]
        s["pending"] = None
        s["influence"]["Canada"] = {"USA": 4, "USSR": 0}
        s["defcon"] = 3     # a battleground coup makes it 2 in a round: NORAD's round
        try:
            st = load(s)
        except ValueError:
            continue                    # refused: nothing to play on from
        played += 1
        for seed in range(5 if card in (40, 42, 44, 73, 106) else 1):   # hooks start tasks
            rnd = random.Random(seed)
            t = json.loads(json.dumps(st))
            for _ in range(40):
                if G.decision(t) is None:
                    break
                t, _ = G.apply(t, rnd.randrange(G.n_options(t)))
                r = Session().handle_line(json.dumps({"cmd": "load",
                                                      "state": protocol_state(t)}))
                assert r["ok"], (card, seed, r.get("error"))
    assert played > 10


def test_norad_twice_adds_twice_and_every_state_on_the_way_loads():
    """The two tasks NORAD's hooks start at the end of one action round (DEFCON became 2, the
    USA controls Canada) each add one influence; the task waiting under the other's placement
    has not begun, and loads as it is."""
    from tests.struggle.struggle_helpers import action_round_state, choose, index_of
    st = action_round_state(hands={"USSR": [7], "USA": [4]}, defcon=2,
                            influence={"Canada": (4, 0)},
                            effects=[(106, "USA"), (106, "USA")],
                            options={"optional_cards": True})
    st["round"]["defcon2"] = True
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    before = sum(v["USA"] for v in st["influence"].values())
    placed = 0
    while G.decision(st)["player"] == "USSR" and placed < 10:
        st, _ = G.apply(st, 0)
        placed += 1
    for _ in range(2):
        d = G.decision(st)
        assert d["player"] == "USA" and d["prompt"].startswith("NORAD"), d["prompt"]
        assert load(json.loads(json.dumps(protocol_state(st)))) == st
        st, _ = G.apply(st, index_of(st, country="Canada"))
    assert sum(v["USA"] for v in st["influence"].values()) == before + 2
    assert load(json.loads(json.dumps(protocol_state(st)))) == st


def test_shuttle_diplomacy_is_in_force_once_with_its_card_on_the_table():
    """Shuttle Diplomacy (73) waits on the table and its effect discards its card once used:
    in force twice, or with its card elsewhere, play would reach a state ``load`` refuses."""
    from tests.struggle.struggle_helpers import action_round_state
    st = json.loads(json.dumps(protocol_state(
        action_round_state(hands={"USSR": [7], "USA": [4]}, turn=4))))
    entry = {"card": 73, "by": "USA", "until": "game"}
    for effects, table in (([73], []), ([73, 73], [73])):
        s = json.loads(json.dumps(st))
        s["effects"], s["effect_details"] = effects, [entry] * len(effects)
        s["deck"] = [c for c in s["deck"] if c not in table]
        s["table"] = table
        with pytest.raises(ValueError, match="in force once, with its card on the table"):
            load(s)
    s["effects"], s["effect_details"] = [73], [entry]
    assert load(s)["effects"] == [entry]
