"""Mutated states through the protocol's ``load``: every answer is a clean ok/error, and every
state accepted plays to the end with random legal moves without an error, conserving cards.

Real states are taken from seeded random play of both games at many points; each is mutated
(wrong types, values out of range, duplicated / missing / moved cards, forged pending
decisions, forged options inside events and tasks, deleted keys, a pending decision left out)
and sent to ``load`` in-process.  Seeded: the same mutants every run.
"""

from __future__ import annotations

import copy
import json
import random

from squabble.games import registry
from squabble.protocol import Session

SEED = 20261122
SQUABBLE_GAMES = 30        # random games whose states are sampled
STRUGGLE_GAMES = 6
MUTANTS = {"squabble": 2000, "struggle": 1500}
PLAY_OUT = {"squabble": 2000, "struggle": 400}   # accepted mutants played to the end (at most)
AI_ASKED = {"squabble": 300, "struggle": 40}     # accepted mutants the computer player answers

def _nest(depth: int) -> list:
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


JUNK = [None, "", "x", 0, -1, 1, 7, 10 ** 6, True, False, 2.5, [], {}, [1], {"a": 1}, "USA",
        "USSR", 82, _nest(600)]   # (600 levels: deeper than a naive deep copy survives)


def _states(game: str, n_games: int, rnd: random.Random) -> list:
    """States of random play, sampled at many points, as the protocol prints them (JSON
    round-tripped)."""
    g = registry.get(game)
    out = []
    for i in range(n_games):
        opts = {"events": i % 2 == 0} if game == "squabble" else None
        st = g.new(rnd.randrange(1 << 30), opts)
        while g.decision(st) is not None:
            top = (st.get("stack") or [{}])[-1].get("kind")
            if rnd.random() < (0.35 if game == "squabble" else 0.08) or top in ("event", "task"):
                out.append(json.loads(json.dumps(g.protocol_state(st))))
            st, _ = g.apply(st, rnd.randrange(g.n_options(st)))
        out.append(json.loads(json.dumps(g.protocol_state(st))))
    return out


def _paths(node, path=()):
    """Every (path) to a value inside the state."""
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(node, path):
    for p in path:
        node = node[p]
    return node


def _zones(game: str, st: dict) -> list:
    """The card lists of a state (to duplicate, drop and move cards between)."""
    if game == "squabble":
        return [st[k][s] for k in ("hands", "decks", "discards") for s in ("USA", "USSR")]
    return [st["hands"]["USA"], st["hands"]["USSR"], st["deck"], st["discard"], st["removed"],
            st["table"]]


def _forge_option(rnd, st, game):
    p = st.get("pending")
    if game == "squabble" or not isinstance(p, dict) or not p.get("options"):
        st["pending"] = rnd.choice([{"kind": "play", "player": "USSR"}, {"kind": "counter",
                                    "player": "USA"}, {"kind": "claim", "player": "USA"}, None,
                                    {"kind": "shift", "player": "USSR"}, "x"])
        return
    o = rnd.choice(p["options"])
    how = rnd.randrange(6)
    if how == 0:
        o["card"] = rnd.choice([82, 103, 6, 1, 110, 0, "x"])
    elif how == 1:
        o["country"] = rnd.choice(["Mexico", "W. Germany", "Cuba", "Atlantis", 3])
    elif how == 2:
        p["options"].append(dict(o, card=rnd.randrange(1, 111)))
    elif how == 3:
        p["options"].pop(rnd.randrange(len(p["options"])))
    elif how == 4:
        p["player"] = "USA" if p["player"] == "USSR" else "USSR"
    else:
        o["mode"] = rnd.choice(["discard", "remove", "event", "pass", "done", "coup"])


def mutate(rnd: random.Random, state: dict, game: str) -> tuple[dict, str]:
    """One random mutation of a copy of ``state``; returns (mutant, what was done)."""
    st = copy.deepcopy(state)
    kind = rnd.choice(["type", "range", "delete", "duplicate", "drop", "move", "pending",
                       "pending", "null", "frame", "swap", "key", "key", "rule"])
    paths = [p for p in _paths(st) if p]
    if kind == "type":
        path = rnd.choice(paths)
        _get(st, path[:-1])[path[-1]] = rnd.choice(JUNK)
    elif kind == "range":
        ints = [p for p in paths if isinstance(_get(st, p), int) and not isinstance(_get(st, p), bool)]
        if ints:
            path = rnd.choice(ints)
            _get(st, path[:-1])[path[-1]] += rnd.choice([-100, -3, -1, 1, 2, 5, 1 << 64])
    elif kind == "delete":
        dicts = [p for p in paths if isinstance(_get(st, p[:-1]), dict)]
        path = rnd.choice(dicts)
        del _get(st, path[:-1])[path[-1]]
    elif kind in ("duplicate", "drop", "move"):
        zones = [z for z in _zones(game, st) if z]
        if zones:
            src = rnd.choice(zones)
            card = rnd.choice(src)
            dst = rnd.choice(_zones(game, st))
            if kind != "duplicate":
                src.remove(card)
            if kind != "drop":
                dst.insert(rnd.randrange(len(dst) + 1), card)
    elif kind == "pending":
        _forge_option(rnd, st, game)
    elif kind == "null":
        if rnd.random() < 0.5:
            st["pending"] = None
        else:
            st.pop("pending", None)
        if rnd.random() < 0.7:  # and an edit, as a tool makes
            zones = [z for z in _zones(game, st) if z]
            src = rnd.choice(zones)
            src.insert(0, src.pop())
            if game == "struggle":
                c = rnd.choice(sorted(st["influence"]))
                st["influence"][c][rnd.choice(["USA", "USSR"])] += rnd.randrange(0, 4)
            else:
                st["bop"] = rnd.randrange(-3, 4)
    elif kind == "frame" and game == "struggle" and st.get("stack"):
        f = rnd.choice(st["stack"]) if rnd.random() < 0.5 else st["stack"][-1]
        keys = sorted(f)
        if keys:
            k = rnd.choice(keys)
            if k == "data" and isinstance(f["data"], dict) and f["data"]:
                dk = rnd.choice(sorted(f["data"]))
                f["data"][dk] = rnd.choice(JUNK)
            elif k == "resume" and isinstance(f["resume"], dict) and rnd.random() < 0.8:
                res = f["resume"]   # the record an event's decision is asked again from
                how = rnd.randrange(4)
                if how == 0:
                    res["answer"] = rnd.choice([None, {"label": "x", "mode": "discard", "card": 82},
                                                {"label": "x", "mode": "remove", "country": "Cuba"}])
                elif how == 1:
                    key = rnd.choice(["hands", "influence", "defcon", "vp", "deck", "discard",
                                      "effects", "rng", "dice", "china", "turn"])
                    res["undo"][key] = copy.deepcopy(st.get(key))
                    if key == "hands":
                        res["undo"][key]["USA"].append(rnd.randrange(1, 111))
                    elif key == "influence":
                        res["undo"][key]["Cuba"]["USSR"] += 3
                    else:
                        res["undo"][key] = rnd.choice(JUNK + [res["undo"][key]])
                elif how == 2 and res.get("undo"):
                    res["undo"].pop(rnd.choice(sorted(res["undo"])))
                else:
                    pre = res.get("frame")
                    if isinstance(pre, dict) and isinstance(pre.get("data"), dict):
                        pre["data"]["step"] = rnd.choice([0, 1, 2, 5, None])
            else:
                f[k] = rnd.choice(JUNK)
    elif kind == "key":  # a value the rules read often set to junk or a near miss
        keys = (["todo", "event", "history", "bonus", "step", "phase", "era", "leader", "result",
                 "race_winner", "options", "tokens", "spied", "agents", "dice"]
                if game == "squabble" else
                ["defcon", "options", "effects", "effect_details", "action_round", "phasing",
                 "active", "effect_args",
                 "step", "turn", "headline", "china", "round", "ccw", "final", "end_reason",
                 "milops", "vp", "access", "dice", "space_attempts"])
        k = rnd.choice(keys)
        near = {"todo": [["USSR", "USSR", "USA"], ["USA"], [], ["USA", "USSR"]],
                "event": ["", 0, False, "x"], "history": ["garbage", None, [{}]],
                "defcon": [1, 0, 6], "action_round": [0, 1, 7, 8, 9], "phasing": ["USA", "USSR", None],
                "options": [{"optional_cards": False, "chinese_civil_war": False}, {}],
                "step": ["draw", "play", "claim", "end", "rounds", "check", "reset2", "headline"],
                "effects": [[40], [49, 49], [105], [{"card": 40}], [{"card": 21, "by": "USA",
                                                                     "until": "game"}]],
                "effect_details": [[{}], [{"card": 40, "by": "USA"}]],
                "effect_args": [[{}], [{"by": "USA"}]]}
        st[k] = rnd.choice(near.get(k, []) + JUNK)
    elif kind == "rule":  # a legal-looking edit a tool could make
        if game == "squabble":
            side = rnd.choice(["USA", "USSR"])
            deck = st["decks"][side]
            if deck:  # the next era's cards taken into the hand
                st["hands"][side].extend(deck[:3])
                del deck[:3]
        else:
            how = rnd.randrange(3)
            if how == 0:
                card = rnd.choice([40, 49, 94, 86, 42])
                st["effects"].append(card)
                st["effect_details"].append({"card": card, "by": "USSR",
                                             "until": rnd.choice(["turn", "game"])})
            elif how == 1 and st["effect_details"]:
                a = rnd.choice(st["effect_details"])
                a.pop(rnd.choice(sorted(a)), None)
            else:
                st["options"].pop("handicap", None)
    elif kind == "swap":
        a, b = rnd.sample(paths, 2)
        va, vb = _get(st, a), _get(st, b)
        if a[:len(b)] == b or b[:len(a)] == a:  # one inside the other: no cycles
            return st, kind
        try:
            _get(st, a[:-1])[a[-1]], _get(st, b[:-1])[b[-1]] = vb, va
        except (KeyError, IndexError, TypeError):
            pass
    return st, kind


def _play_out(game: str, state: dict, rnd: random.Random) -> None:
    g = registry.get(game)
    st = g.load(state)   # the engine's own shape of a state the protocol printed
    for _ in range(20000):
        problem = g.check_invariants(st)
        assert problem is None, problem
        if g.decision(st) is None:
            return
        n = g.n_options(st)
        assert n > 0, "a decision without options"
        st, _ = g.apply(st, rnd.randrange(n))
    raise AssertionError("the game did not end")


def _fuzz(game: str, n_games: int) -> dict:
    rnd = random.Random(SEED + len(game))
    states = _states(game, n_games, rnd)
    counts = {"mutants": 0, "accepted": 0, "played": 0}
    for i in range(MUTANTS[game]):
        base = rnd.choice(states)
        mutant, kind = mutate(rnd, base, game)
        session = Session()
        line = json.dumps({"cmd": "load", "state": mutant})
        r = session.handle_line(line)
        counts["mutants"] += 1
        assert isinstance(r, dict) and r.get("ok") in (True, False), r
        if not r["ok"]:
            err = r["error"]
            assert isinstance(err, str) and err and not err.startswith("Internal error"), (kind, err)
            continue
        counts["accepted"] += 1
        # the answer is a consistent state the engine agrees with
        again = Session().handle_line(json.dumps({"cmd": "load", "state": r["state"]}))
        assert again["ok"] and again["state"] == r["state"], (kind, again.get("error"))
        if counts["accepted"] <= AI_ASKED[game] and r["decision"] is not None:
            a = session.handle_line('{"cmd":"ai","level":"easy","seed":1}')
            assert a["ok"] and 0 <= a["index"] < len(r["decision"]["options"]), (kind, a)
        if counts["played"] < PLAY_OUT[game]:
            counts["played"] += 1
            _play_out(game, json.loads(json.dumps(r["state"])), random.Random(i))
    return counts


def test_fuzz_load_squabble():
    c = _fuzz("squabble", SQUABBLE_GAMES)
    assert c["mutants"] == MUTANTS["squabble"] and c["accepted"] > 50, c


def test_fuzz_load_struggle():
    c = _fuzz("struggle", STRUGGLE_GAMES)
    assert c["mutants"] == MUTANTS["struggle"] and c["accepted"] > 20, c
