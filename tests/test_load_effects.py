"""Twilight Struggle effects survive every way out of the engine and back: the protocol's shape
(card numbers in ``effects``, their objects in ``effect_details``), a window save (the engine's
own shape: one list of objects), and a game saved when effects were two lists (``effects`` and
``effect_args``, in the state and in the records of its stack).  States of random games, many
with effects in force and calls waiting on their records."""

from __future__ import annotations

import json
import random

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
