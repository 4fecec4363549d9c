"""The computer player reads what a decision is about from the decision (its ``kind`` and
``context``: the card in play, the Ops left), not from the engine's frames (issue 51)."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from squabble.ai import struggle, struggle_prior, struggle_setup
from squabble.games.struggle import apply, new_game


@pytest.mark.parametrize("module", [struggle, struggle_prior, struggle_setup],
                         ids=lambda m: m.__name__)
def test_the_search_and_the_prior_read_no_engine_frame(module):
    tree = ast.parse(inspect.getsource(module))
    reads = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and n.value == "stack"]
    assert not reads, f"{module.__name__} reads the engine's frame stack at lines {reads}"


def test_the_context_says_what_the_frames_said():
    """What the AI read from the frames, the decision's context states: the Ops left of every
    coup target, the card whose use a Space Race option is for (random games)."""
    coups = spaces = 0
    for g in range(6):
        st = new_game(g)
        rnd = random.Random(g)
        while st.get("winner") is None and st["pending"] is not None:
            p = st["pending"]
            frame = st["stack"][-1]
            if p["kind"] == "coup_target":
                assert frame["kind"] == "ops" and p["context"]["ops_left"] == frame["left"]
                coups += 1
            if any(o.get("mode") == "space" and o.get("card") is None for o in p["options"]):
                top = next(f["card"] for f in reversed(st["stack"])
                           if isinstance(f.get("card"), int))
                assert p["context"]["card"] == top
                spaces += 1
            st, _ = apply(st, rnd.randrange(len(p["options"])))
    assert coups > 5 and spaces > 5


def test_hards_opening_reads_what_the_set_up_placed_from_the_map():
    """Hard's set-up table counts the points this set-up placed from the public map (the side's
    influence beyond the fixed starting influence), as the engine's frame counts them."""
    from squabble.ai.struggle_setup import opening_choice
    for g in range(4):
        st = new_game(g)
        while st["pending"]["kind"] == "setup_influence":
            i = opening_choice(st)
            frame = st["stack"][-1]
            side = st["pending"]["player"]
            want = next((c for c, n in struggle_setup.OPENINGS[side]
                         if frame["counts"].get(c, 0) < n), None)
            assert st["pending"]["options"][i]["country"] == want
            st, _ = apply(st, i)
