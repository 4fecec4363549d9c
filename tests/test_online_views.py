"""What the server sends of a state, made the cheap way (issue 59: a move's cost on the server):
each text equals what the reference functions give (``table.seat_message``, ``spectator_message``,
``turn.seat_view``, the engine's ``view``), and making it changes nothing in the state."""

from __future__ import annotations

import json
import random

import pytest

from squabble import turn
from squabble.games import registry
from squabble.games.squabble import engine as E
from squabble.online import table


def squabble_states(options, games=3, seed=5):
    """Every state of a few random Twilight Squabble games (a decision pending, or over)."""
    game = registry.get("squabble")
    rnd = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new(rnd.randrange(1 << 30), dict(options))
        while True:
            out.append(s)
            d = game.decision(s)
            if d is None:
                break
            s, _ = game.apply(s, rnd.randrange(len(d["options"])))
    return out


@pytest.mark.parametrize("options", [{}, {"events": True}], ids=["plain", "events"])
def test_the_shared_view_leaves_the_state_alone_and_the_view_is_its_own_copy(options):
    """(What a view hides: tests/test_seat.py.)"""
    for s in squabble_states(options):
        before = json.dumps(s)
        for side in ("USA", "USSR"):
            shared = E.shared_view(s, side)
            assert json.dumps(shared) == json.dumps(E.view(s, side))
            assert shared["hands"][table.OTHER[side]] == [] and shared["rng"] == 0
            v = E.view(s, side)   # the computer player's: changing it changes nothing else
            for part in v.values():
                if isinstance(part, dict):
                    part.clear()
                elif isinstance(part, list):
                    part.append("x")
            assert json.dumps(E.shared_view(s, side)) == json.dumps(shared)
        assert json.dumps(s) == before


@pytest.mark.parametrize("name", ["squabble", "struggle"])
def test_the_texts_the_server_sends_are_the_reference_messages(name):
    if name == "squabble":
        states = squabble_states({"events": True}, games=1)
    else:   # (Twilight Struggle has no shared view: the copying view, encoded)
        game, rnd = registry.get(name), random.Random(3)
        states, s = [], game.new(7, {})
        for _ in range(12):
            states.append(s)
            s, _ = game.apply(s, rnd.randrange(len(game.decision(s)["options"])))
    game = registry.get(name)
    for s in states:
        d = game.decision(s)
        for seat in ("USA", "USSR", None):
            text = table.message_text(name, s, seat, d, s.get("winner"))
            ref = table.seat_message(name, s, seat) if seat else \
                table.spectator_message(name, s)
            assert json.loads("{" + text + "}") == ref
            if seat is not None:
                assert table.seat_view_text(name, s, seat) == \
                    json.dumps(turn.seat_view(game, s, seat))
        # a fallen clock: no decision, the record's winner
        assert json.loads("{" + table.message_text(name, s, "USA", None, "USSR") + "}")[
            "decision"] is None


def test_the_step_views_are_each_seats_view_at_each_line():
    states = squabble_states({"events": True}, games=1, seed=9)
    game = registry.get("squabble")
    checked = 0
    for s in states:
        d = game.decision(s)
        if d is None:
            continue
        snaps = table.line_states("squabble", s, 0)
        for seat in ("USA", "USSR"):
            texts = table.steps_text("squabble", snaps, seat)
            if texts is None:
                continue
            assert texts == [json.dumps(turn.seat_view(game, x, seat)) for x in snaps]
            checked += 1
    assert checked > 10
