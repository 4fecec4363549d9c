"""Fuzzed saves through the real Continue path (issue 23, evidence): mutated saves of both games —
field types, keys, sizes, bytes, special files — are written where the autosave lives, the title
is built and Continue is clicked.  Nothing crashes; a save that cannot be resumed is refused with
a sentence and set aside (Continue is not offered for it again); one that is resumed plays on.
Bounded: a fixed number of seeded mutations."""

import contextlib
import copy
import json
import os
import random
import signal

import pytest

from tests.ui import driver as D
from squabble import userdata
from squabble.games import registry
from squabble.games.squabble import engine as E

FILES = {"squabble": "save.json", "struggle": "save-struggle.json"}
SETUP = {"mode": "computer", "human": "USSR", "level": "easy"}
VALUES = [None, True, 0, -1, 7, 10 ** 40, 2.5, "", "x" * 3000, "USA", [], [[]], [None], {},
          {"text": 1}, {"kind": "note", "text": "t", "data": {"cls": 1}}]


def base(game):
    if game == "squabble":
        st = E.new_game(8)
        for _ in range(4):
            E.apply_option(st, E.options(st)[0])
        return {"save_version": 1, "game": "squabble", "state": st,
                "setup": dict(SETUP, events=False), "log": ["A line.", "Another line."]}
    g = registry.get("struggle")
    st = g.new(8)
    for _ in range(6):
        st, _ = g.apply(st, 0)
    return {"save_version": 1, "game": "struggle", "state": st, "setup": dict(SETUP),
            "log": [{"text": "A line.", "kind": "coup", "data": {"country": "Iran"}}]}


def paths(obj, pre=()):
    yield pre
    items = obj.items() if isinstance(obj, dict) else \
        enumerate(obj[:3]) if isinstance(obj, list) else ()
    for k, v in items:
        yield from paths(v, pre + (k,))


def mutate(raw, rnd):
    """One seeded mutation of a whole save: (bytes to write, or a special file maker)."""
    kind = rnd.choice(["value", "value", "value", "drop", "add", "bytes", "truncate", "size",
                       "special", "top"])
    raw = copy.deepcopy(raw)
    if kind == "special":
        special = rnd.choice(["fifo", "dev-zero", "folder", "dangling"])
        return special if hasattr(os, "mkfifo") or special == "folder" else b"[]"
    if kind == "top":
        return json.dumps(rnd.choice(VALUES)).encode()
    text = json.dumps(raw).encode()
    if kind == "bytes":
        b = bytearray(text)
        for _ in range(rnd.randrange(1, 6)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        return bytes(b)
    if kind == "truncate":
        return text[:rnd.randrange(len(text))]
    if kind == "size":
        raw["log"] = raw["log"] * rnd.choice([300, 3000])
        return json.dumps(raw).encode()
    where = rnd.choice(list(paths(raw))[1:])
    target = raw
    for k in where[:-1]:
        target = target[k]
    last = where[-1]
    if kind == "value":
        target[last] = copy.deepcopy(rnd.choice(VALUES))
    elif kind == "drop":
        del target[last]
    elif isinstance(target, dict):
        target["extra" + str(rnd.randrange(9))] = copy.deepcopy(rnd.choice(VALUES))
    else:
        target.append(copy.deepcopy(rnd.choice(VALUES)))
    return json.dumps(raw).encode()


def place(path, what, aside):
    if what == "fifo":
        os.mkfifo(path)
    elif what == "dev-zero":
        os.symlink("/dev/zero", path)
    elif what == "folder":
        os.mkdir(path)
    elif what == "dangling":
        os.symlink(aside / "nowhere", path)
    else:
        path.write_bytes(what)


@pytest.mark.parametrize("game, count", [("squabble", 200), ("struggle", 120)])
def test_mutated_saves_through_continue(app, data_dir, tmp_path_factory, game, count):
    from tests.ui.test_saves_hostile import deadline
    rnd = random.Random(23)
    good = base(game)
    name = FILES[game]
    aside = tmp_path_factory.mktemp("aside")
    outcomes = {"refused": 0, "resumed": 0}
    for i in range(count):
        for p in data_dir.iterdir():   # only this save: the latest is the one mutated
            if p.name.startswith(("save", "settings")):
                if p.is_dir() and not p.is_symlink():
                    os.rmdir(p)
                else:
                    p.unlink()
        what = mutate(good, rnd)
        place(data_dir / name, what, aside)
        with deadline(30) if hasattr(signal, "SIGALRM") else contextlib.nullcontext():
            app.to_title()
            t = D.top(app)
            assert t.button("continue").enabled, i
            D.menu_click(app, "continue")
            D.step(app, 2)
        t = D.top(app)
        if t.name == "title":
            msg = t.message
            assert msg.startswith(f"The saved Twilight") and msg.endswith("."), (i, msg)
            assert "Error" not in msg and "Traceback" not in msg, (i, msg)
            assert not os.path.lexists(data_dir / name), i
            app.to_title()
            assert not D.top(app).button("continue").enabled, i
            outcomes["refused"] += 1
        else:   # a harmless mutation (an extra log line, a changed label): it plays on
            assert t.name in ("table", "struggle", "handoff"), (i, t.name)
            D.step(app, 5)
            outcomes["resumed"] += 1
            app.to_title()
    assert outcomes["refused"] >= count // 2, outcomes
