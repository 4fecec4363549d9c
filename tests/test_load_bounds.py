"""``load`` as a closed world (issue 23, items 8 and 11): play from any state ``load`` accepts
never makes a state ``load`` refuses (a property over accepted extremes: influence at the
bound, VP one short of a win, full tokens), bounds in messages are whole, and every refusal names
its field — a list or an object where a name is expected is never "unhashable type"."""

import copy
import json
import random

import pytest

from squabble.games import registry
from squabble.games.squabble import engine as E
from squabble.games.struggle.core import MAX_INFLUENCE
from squabble.protocol import load_problem, load_state

# what a refusal that names no field looks like: the generic fallback with Python's words
UNNAMED = ("unhashable", "TypeError", "KeyError", "AttributeError", "IndexError", "not supported")


def play(game, state, rnd, steps):
    """Random legal play from ``state``; yields every state reached."""
    for _ in range(steps):
        d = game.decision(state)
        if d is None:
            return
        state, _ = game.apply(state, rnd.randrange(len(d["options"])))
        yield state


def struggle_states(seeds, steps=(0, 160)):
    g = registry.get("struggle")
    for seed in seeds:
        rnd = random.Random(seed)
        st = g.new(seed)
        for st in play(g, st, rnd, rnd.randrange(*steps) if steps[1] else 0):
            pass
        if g.decision(st) is not None:
            yield seed, rnd, st


# -- item 8: closed under play ------------------------------------------------------------------

def test_struggle_influence_message_gives_the_whole_bound():
    st = registry.get("struggle").new(1)
    st["influence"]["Egypt"]["USSR"] = MAX_INFLUENCE + 1
    why = load_problem(st)
    assert why.endswith(f"must be a whole number from 0 to {MAX_INFLUENCE}."), why


def test_struggle_play_from_99_influence_stays_loadable():
    """The reported case: 99 influence, one more placement; the engine keeps to the bound."""
    g = registry.get("struggle")
    for seed, rnd, st in struggle_states(range(4)):
        st = json.loads(json.dumps(st))
        for v in st["influence"].values():
            v["USA"] = v["USSR"] = MAX_INFLUENCE
        st["pending"] = None
        _, st = load_state(st)
        for s in play(g, st, rnd, 60):
            assert load_problem(s) is None, (seed, load_problem(s))


@pytest.mark.parametrize("seed", range(20))
def test_struggle_whatever_load_accepts_plays_on_to_states_it_accepts(seed):
    g = registry.get("struggle")
    for _, rnd, st in struggle_states([seed]):
        st = json.loads(json.dumps(st))
        for v in st["influence"].values():
            for side in v:
                v[side] = rnd.choice([0, MAX_INFLUENCE, MAX_INFLUENCE - 1, v[side]])
        st["vp"] = rnd.choice([19, -19, st["vp"]])
        for side in ("USA", "USSR"):
            st["milops"][side] = rnd.choice([0, 5, st["milops"][side]])
        st["pending"] = None
        if load_problem(st) is not None:   # (an extreme the rules refuse: not accepted)
            continue
        _, st = load_state(st)
        PLAYED.append(sum(1 for s in play(g, st, rnd, 200) if _loads(s)))


@pytest.mark.parametrize("seed", range(16))
def test_squabble_whatever_load_accepts_plays_on_to_states_it_accepts(seed):
    g = registry.get("squabble")
    rnd = random.Random(seed)
    st = E.new_game(seed, {"events": bool(seed % 2)})
    for st in play(g, st, rnd, rnd.randrange(0, 30)):
        pass
    if g.decision(st) is None:
        return
    st = copy.deepcopy(st)
    for side in ("USA", "USSR"):
        st["tokens"][side] = rnd.choice([0, E.TOKEN_CAP, st["tokens"][side]])
        st["space"][side] = rnd.choice([0, E.SPACE_TOP - 1, E.SPACE_TOP, st["space"][side]])
    st["bop"] = rnd.choice([-E.CLOUD + 1, E.CLOUD - 1, st["bop"]])
    st["pending"] = None
    if load_problem(st) is not None:
        return
    _, st = load_state(st)
    PLAYED.append(sum(1 for s in play(g, st, rnd, 200) if _loads(s)))


PLAYED: list = []


def _loads(s) -> bool:
    assert load_problem(s) is None, load_problem(s)
    return True


def test_the_extremes_were_played():
    """(Run after the two properties: most seeds gave an accepted extreme played on. Under
    pytest-xdist this file runs on one worker, tests/conftest.py ONE_WORKER.)"""
    if not PLAYED:
        pytest.skip("run together with the two properties above")
    assert len(PLAYED) >= 20 and sum(PLAYED) >= 800, PLAYED


# -- item 11: every refusal names its field -----------------------------------------------------

VALUES = [[[]], [[1]], {"a": []}, "x", 1.5, True, None, -1, 10 ** 30, [], {}]


def paths(obj, pre=(), depth=7):
    yield pre
    if depth:
        items = obj.items() if isinstance(obj, dict) else \
            enumerate(obj[:4]) if isinstance(obj, list) else ()
        for k, v in items:
            yield from paths(v, pre + (k,), depth - 1)


def put(obj, path, value):
    out = copy.deepcopy(obj)
    target = out
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    return out


def refusals(state, values=VALUES):
    for p in list(paths(state))[1:]:
        for v in values:
            why = load_problem(put(state, p, v))
            if why:
                yield p, v, why


def test_squabble_refusals_name_the_field_reported_cases():
    st = E.new_game(1, {"events": True})
    st["event_deck"][0] = ["hotline"]
    assert load_problem(st) == ("Inconsistent state: 'event_deck' holds ['hotline'], which is "
                                "no event card.")
    st = E.new_game(1)
    st["slots"]["USA"]["space"] = ["a"]
    assert "'slots.USA.space'" in load_problem(st)


def test_squabble_every_refusal_names_its_field():
    rnd = random.Random(2)
    g = registry.get("squabble")
    for events in (False, True):
        st = E.new_game(3, {"events": events})
        for st in play(g, st, rnd, 9):
            pass
        for p, v, why in refusals(st):
            assert not any(w in why for w in UNNAMED), (p, v, why)


def test_struggle_every_refusal_names_its_field():
    """A start position and one inside an event waiting for a step it started (resume records
    with a whole earlier state in them)."""
    g = registry.get("struggle")
    picked = [g.new(4)]
    rnd = random.Random(5)
    st = picked[0]
    for st in play(g, st, rnd, 400):
        if len(st["stack"]) > 2 and any("resume" in f for f in st["stack"][:-1]):
            picked.append(st)
            break
    assert len(picked) == 2
    for st in picked:   # (the values that break a shape: a name's type is what matters)
        for p, v, why in refusals(st, [[[]], {"a": []}, "x", None]):
            assert not any(w in why for w in UNNAMED), (p, v, why)
