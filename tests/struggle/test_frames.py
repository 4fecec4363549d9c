"""The frames of the Struggle engine's stack have one schema (games/struggle/frames.py): every
constructor builds a frame its kind's schema accepts, every frame of random games has only the
fields the schema names, and validation refuses a frame the schema refuses."""

from __future__ import annotations

import json
import random

import pytest

from squabble.games import registry
from squabble.games.struggle import frames, validate

BUILT = [frames.game_frame(), frames.headline_frame(["USSR", "USA"]), frames.round_frame("USA"),
         frames.reset_discard_frame("USSR"),
         frames.place_frame("USA", "USA", 2, ["Japan"], "place", max_per=1),
         frames.remove_frame("USSR", "USA", 3, ["Japan", "Iran"], "remove", amount=None),
         frames.event_frame(21, "USA", "USSR"), frames.task_frame("trap", "USA", {"n": 1}),
         frames.ops_frame("USSR", 7, 3, [["Asia", 1]], kinds=("influence",))]


def _known_fields(kind: str) -> set:
    return set(frames.FIELDS[kind]) | set(frames.OPTIONAL.get(kind, {})) | set(frames.ANY_KIND)


def test_every_kind_has_a_constructor_whose_frame_its_schema_accepts():
    assert sorted(f["kind"] for f in BUILT) == sorted(frames.KINDS)
    for f in BUILT:
        assert frames.check(f) is None, f
        assert set(f) == set(frames.FIELDS[f["kind"]]) | {"kind"}


def test_the_frames_of_random_games_have_only_the_schemas_fields():
    g = registry.get("struggle")
    rnd = random.Random(4)
    seen = set()
    for _ in range(3):
        st = g.new(rnd.randrange(1 << 30))
        while g.decision(st) is not None:
            for f in st["stack"]:
                assert frames.check(f) is None, f
                assert set(f) <= _known_fields(f["kind"]), (f["kind"], set(f) - _known_fields(f["kind"]))
                seen.add(f["kind"])
            st, _ = g.apply(st, rnd.randrange(g.n_options(st)))
    assert {"game", "headline", "round", "ops", "event", "place"} <= seen


@pytest.mark.parametrize("field, value", [("left", 12), ("kinds", ["influence", "space"]),
                                          ("bonus", [["Atlantis", 1]]), ("type", "bribe")])
def test_validation_refuses_a_frame_its_schema_refuses(field, value):
    from tests.struggle.struggle_helpers import action_round_state, choose
    st = action_round_state(hands={"USSR": [7], "USA": [4]})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="influence")
    assert st["stack"][-1]["kind"] == "ops" and validate(st) is None
    bad = json.loads(json.dumps(st))
    bad["stack"][-1][field] = value
    assert frames.check(bad["stack"][-1]) == field
    assert validate(bad) == f"A ops step of the engine has a bad {field!r}."
