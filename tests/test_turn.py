"""The one rulebook of a turn (squabble/turn.py, issue 58) and the undo that replays no whole
game (issue 56, item 7).

Random games of both games are played through the rulebook; at every position the test keeps
the state before each move itself, and checks the rulebook's undo against it: whatever may be
taken back comes back exactly as it was, nothing across a die, draw or reveal or another side's
decision.  The server's undo in a late Twilight Struggle position replays only the undoable
moves from the snapshot at the last barrier, never the game from its seed."""

import asyncio
import dataclasses
import random

import pytest

from squabble import turn
from squabble.games import registry


def _pick(rnd, decision):
    """A random option, coups left out where there is another (a random Twilight Struggle game
    then lasts into its late turns instead of ending at DEFCON 1)."""
    opts = decision["options"]
    calm = [k for k, o in enumerate(opts) if o.get("mode") != "coup"]
    return rnd.choice(calm or range(len(opts)))


@pytest.mark.parametrize("name,seed", [("squabble", 1), ("squabble", 2), ("struggle", 3)])
def test_every_undo_gives_back_the_state_before_the_move(name, seed):
    game = registry.get(name)
    rnd = random.Random(seed)
    turns = turn.Turns(game.new(seed, {}))
    before: list = []      # the test's own record: (state before, side) of each move
    undone = 0
    for _ in range(400):
        d = game.decision(turns.state)
        if d is None:
            break
        i = _pick(rnd, d)
        played = turn.play(game, turns, i, side=d["player"])
        assert played.turns.moves == turns.moves + (i,)
        before.append((turns.state, d["player"]))
        turns = played.turns
        other = [s for s in game.sides if s != d["player"]][0]
        assert not turns.may_undo(other)          # never the other side's decision
        if played.barrier:
            assert not turns.may_undo(d["player"])
            continue
        assert turns.may_undo(d["player"]) == (turns.state.get("winner") is None)
        if turns.may_undo(d["player"]) and rnd.random() < 0.5:
            back, _ = turn.undo(game, turns, d["player"])
            assert back.state == before[-1][0] and back.moves == turns.moves[:-1]
            before.pop()
            turns = back
            undone += 1
    assert undone > 5
    with pytest.raises(ValueError, match="only your own decisions"):
        turn.undo(game, turn.Turns(game.new(seed, {})), game.sides[0])


def test_a_move_the_rulebook_refuses_changes_nothing():
    game = registry.get("squabble")
    t = turn.Turns(game.new(4, {}))
    d = game.decision(t.state)
    for bad, words in [(len(d["options"]), "There is no option"), (-1, "There is no option"),
                       (True, "There is no option")]:
        with pytest.raises(ValueError, match=words):
            turn.play(game, t, bad)
    other = [s for s in game.sides if s != d["player"]][0]
    with pytest.raises(ValueError, match=f"pending is the {d['player']}'s, not the {other}'s"):
        turn.play(game, t, 0, side=other)
    assert t.moves == () and game.decision(t.state) == d


def _late_struggle_record():
    """A stored game record of Twilight Struggle in turn 8 or later whose newest moves (at
    least two) are its decider's own undoable ones, played through the server's table."""
    from squabble.online import table
    from squabble.online.store import GameRecord
    rnd = random.Random(21)
    state = table.replay("struggle", 21, {}, [])
    rec = GameRecord("g", "struggle", {}, 21, "live", "CODE", 0, [], [], 0, state, None, None,
                     {"USA": b"", "USSR": b""})
    while True:
        d = table.adapter("struggle").decision(rec.state)
        assert d is not None, "the game ended before its late turns"
        rec, _ = table.play(rec, _pick(rnd, d), d["player"])
        if rec.state["turn"] >= 8 and len(rec.moves) - rec.undo_base >= 2 and \
                table.can_undo(rec, rec.move_seats[-1]):
            return rec


def test_the_servers_undo_in_a_late_game_replays_no_whole_game(tmp_path, monkeypatch):
    """Before issue 56's item 7 the server replayed every move from the seed on its one event
    loop (75-80 ms in a late Struggle position): here that replay is refused, and the engine's
    moves while undoing are counted."""
    from squabble.online import server as S, table
    from squabble.online.store import Store
    rec = _late_struggle_record()
    seat = rec.move_seats[-1]
    expected = table.replay("struggle", rec.seed, rec.options, rec.moves[:-1])
    undoable = len(rec.moves) - rec.undo_base
    assert len(rec.moves) > 300 and rec.undo_state is not None

    def whole_replay(*a, **k):
        raise AssertionError("the undo replayed the whole game")
    monkeypatch.setattr(table, "replay", whole_replay)
    game = table.adapter("struggle")
    applied = []
    real_apply = game.apply
    monkeypatch.setattr(game, "apply", lambda s, i: applied.append(i) or real_apply(s, i))

    store = Store(str(tmp_path / "g.sqlite3"))
    store._write(store.create_stmts(dataclasses.replace(rec, version=rec.version)))

    async def go():
        server = S.Server(store)
        room = server.rooms[rec.id] = S.Room(rec)
        conn = S.Conn(None, "127.0.0.1")
        conn.hello, conn.room, conn.seat = True, room, seat
        await server.on_undo(conn, {"type": "undo", "decision": rec.version})
        return room.rec
    try:
        after = asyncio.run(go())
        stored = store.load(rec.id)
    finally:
        store.close()
    assert table.normal(after.state) == table.normal(expected)
    assert len(applied) == undoable - 1 < 20
    # what was stored holds the same game, and its snapshot for a further undo
    assert stored.moves == after.moves and table.normal(stored.state) == table.normal(expected)
    assert stored.undo_base == after.undo_base
    assert (stored.undo_state is None) == (undoable == 1)
