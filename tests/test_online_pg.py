"""Several server processes over one PostgreSQL database (issue 61): the seats of a game on two
processes, two moves for one decision from two processes, kill -9 of a process with the clients
moving to another, PostgreSQL itself restarted during play.  The cluster is the tests' own
(tests/pg_cluster.py), each test's database made empty (the servers' migrations make it:
``serve_pg``, tests/online_fixtures.py); the tests skip where PostgreSQL is not installed."""

from __future__ import annotations

import asyncio

import pytest

from squabble.online import table
from squabble.online.client import Client, ClientError, play
from tests.online_helpers import (check_stored_game, correspondence_game, kill_soak,
                                  random_chooser, run, stored, two_players)
from tests.test_online_webhooks import _until


@pytest.fixture
def two_servers(serve_pg):
    return [serve_pg() for _ in range(2)]


def test_a_whole_game_with_its_seats_and_spectator_on_different_processes(two_servers):
    """Each seat and the spectator reach another process; every update comes through the
    other process's notification, and the stored game is whole."""
    one, two = two_servers

    async def go():
        a = await Client(one.url).connect()
        created = await a.create("squabble", {"events": True}, side="USSR", name="Anna")
        b = await Client(two.url).connect()
        await b.join(created["code"], "Boris")
        w = await Client(two.url).connect()
        await w.watch(created["code"])
        await a.say("good luck")           # stored by one, sent on by two
        ra, rb = await asyncio.gather(play(a, random_chooser(1)), play(b, random_chooser(2)))
        while w.last["version"] < ra["version"]:
            await w.next_update(5)
        while len(b.chat) < 1 or len(w.chat) < 1:
            await b.next_update(5) if not b.chat else await w.next_update(5)
        assert b.chat[1]["text"] == w.chat[1]["text"] == "good luck"
        assert ra["version"] == rb["version"] == w.last["version"] > 1   # (a random deal)
        assert ra["winner"] == rb["winner"] == w.last["winner"] is not None
        assert not a.errors and not b.errors
        assert a.log == b.log and a.last["names"] == {"USSR": "Anna", "USA": "Boris"}
        for c in (a, b, w):
            await c.close()
        return ra
    ra = run(go(), 90)
    row = check_stored_game(one.db, ra["game_id"])
    assert row["version"] == ra["version"] and row["winner"] == ra["winner"]


NO_LISTENER = """
from squabble.online import peers
async def _deaf(server):
    return None
peers.listen = _deaf
"""


def test_two_moves_for_one_decision_from_two_processes_never_both_apply(serve_pg):
    """A seat open on two processes, one of them deaf to the other's changes (its game stays at
    the old decision in its memory): the same decision answered on both applies once; the other
    is refused with a sentence, checked by the database in the move's own transaction, and the
    refused process catches up with the game."""
    one, deaf = serve_pg(), serve_pg(prelude=NO_LISTENER)

    async def go():
        a, b, created = await two_players(one.url)
        twin = await Client(deaf.url).connect()          # the same seat, on the deaf process
        await twin.resume(created["game_id"], created["credential"])
        assert twin.last["version"] == 0 and twin.my_turn()
        await a.move(0)
        await a.until_version(1)
        await twin.move(1)                                 # decision 0 again, elsewhere
        while not twin.errors:
            await asyncio.sleep(0.02)
        assert "another server process changed the game first" in twin.errors[-1]
        assert "the move was not stored" in twin.errors[-1]
        await twin.until_version(1, 5)                    # caught up by the refusal
        for c in (a, b, twin):
            await c.close()
        return created["game_id"]
    gid = run(go(), 60)
    row = stored(serve_pg.db, gid)
    assert row["version"] == 1 and row["moves"] == [0] and len(row["events"]) == 1


def test_a_move_on_the_deal_before_the_join_elsewhere_is_refused(serve_pg):
    """The creator's process is deaf to the others: the friend joins on another, which deals
    the game again with the friend's value (still decision 0).  The creator's first move, made
    on the first deal, is refused (the guard holds the deal's seed as well as the decision
    number: it was stored before, and the game no longer replayed from its seed) and the
    creator's process catches up; the move made again goes in on the friend's deal."""
    deaf, one = serve_pg(prelude=NO_LISTENER), serve_pg()

    async def go():
        a = await Client(deaf.url).connect()
        created = await a.create("squabble", {}, side="USSR")
        await a.until_version(0)
        seed = stored(serve_pg.db, created["game_id"])["seed"]
        b = await Client(one.url).connect()
        await b.join(created["code"])
        await b.until_version(0)
        assert stored(serve_pg.db, created["game_id"])["seed"] != seed   # dealt again
        await a.move(0)
        while not a.errors:
            await asyncio.sleep(0.02)
        assert "another server process changed the game first" in a.errors[-1]
        await a.move(0)                                       # on the friend's deal now
        await a.until_version(1, 5)
        await b.until_version(1, 5)
        await a.close(), await b.close()
        return created["game_id"]
    gid = run(go(), 60)
    assert check_stored_game(serve_pg.db, gid)["version"] == 1


def test_a_join_elsewhere_after_the_creators_first_move_leaves_the_deal(serve_pg):
    """The joiner's process is deaf and has the game open at decision 0 (a spectator there);
    the creator moves first on another process, so the deal stands (as on one process): the
    join on the deaf process, which would deal again, is refused and made again there."""
    one, deaf = serve_pg(), serve_pg(prelude=NO_LISTENER)

    async def go():
        a = await Client(one.url).connect()
        created = await a.create("squabble", {}, side="USSR")
        await a.until_version(0)
        w = await Client(deaf.url).connect()
        await w.watch_first(created["code"])                  # the deaf process's room: v0
        assert w.last["version"] == 0
        await a.move(0)
        await a.until_version(1)
        b = await Client(deaf.url).connect()
        with pytest.raises(ClientError, match="another server process changed the game"):
            await b.join(created["code"])
        await b.join(created["code"])                         # now on the stored game
        await b.until_version(1)
        for c in (a, b, w):
            await c.close()
        return created["game_id"]
    gid = run(go(), 60)
    row = check_stored_game(serve_pg.db, gid)
    assert row["version"] == 1 and not row["deal"]["contributions"][1]   # (the first deal)


def test_kill_9_of_either_process_loses_nothing_and_applies_nothing_twice(tmp_path, pg_db):
    """Two processes, the seats of each game on different ones; a random process killed with
    SIGKILL and started again, its clients moving to the live one (the 100 kills of the issue:
    bench/online_pg_scale.py)."""
    out = kill_soak(tmp_path, kills=5, games=(("struggle", {}), ("squabble", {"events": True})),
                    gap=(0.15, 0.4), max_version=150, db=pg_db, processes=2)
    assert out["kills"] == 5 and out["live_kills"] >= 2 and out["reconnects"] >= 2


def test_postgresql_restarted_during_play_refuses_moves_with_a_sentence_then_play_resumes(
        pg_cluster, serve_pg):
    server = serve_pg()

    async def go():
        a, b, created = await two_players(server.url)
        await a.move(0)
        await a.until_version(1), await b.until_version(1)
        pg_cluster.stop("fast")
        try:
            mover = a if a.my_turn() else b
            mover.errors.clear()
            version = mover.last["version"]
            await mover.move(0)
            while not mover.errors:
                await asyncio.sleep(0.02)
            assert "database failed" in mover.errors[-1] and "not stored" in mover.errors[-1]
            assert mover.last["version"] == version
        finally:
            pg_cluster.start()
        ra, rb = await asyncio.gather(play(a, random_chooser(3)), play(b, random_chooser(4)))
        assert ra["winner"] is not None and ra["version"] == rb["version"]
        for c in (a, b):
            await c.close()
        return ra
    ra = run(go(), 90)
    row = check_stored_game(serve_pg.db, ra["game_id"])
    assert row["version"] == ra["version"]
    assert table.normal(table.replay(row["game"], row["seed"], row["options"], row["moves"])) \
        == row["state"]


def test_presence_a_clocks_warning_and_its_fall_across_processes_happen_once(
        serve_pg, fake_clock, receiver):
    """A correspondence game, a seat on each process (the same fake clock): each sees the
    other here, then away; the away side's last 12 hours are posted to its webhook once and its
    clock falls once, though both processes look at the clocks."""
    rx, fake = receiver, fake_clock
    one, two = (serve_pg(["--webhook-allow", "127.0.0.1"], prelude=fake.prelude)
                for _ in range(2))

    async def go():
        a, b, created = await correspondence_game(one.url, two.url)
        await _until(lambda: a.last["presence"] == {"USA": "online", "USSR": "online"})
        assert b.last["presence"] == {"USA": "online", "USSR": "online"}
        await b.webhook(rx.url)
        await b.close()
        await _until(lambda: a.last["presence"]["USSR"] == "away")
        fake.advance(13 * 3600)                   # 11 hours left: told once
        await _until(lambda: len(rx.posts) == 1)
        fake.advance(3600)
        await asyncio.sleep(1.0)
        fake.advance(12 * 3600)                   # fallen
        await _until(lambda: a.last["winner"] == "USA")
        await asyncio.sleep(1.0)
        assert len(rx.posts) == 1
        await a.close()
        return created["game_id"]
    gid = run(go())
    row = stored(serve_pg.db, gid)
    assert [e[1] for e in row["events"]] == ["time"] and row["winner"] == "USA"


def test_presence_of_a_killed_process_turns_away(serve_pg):
    one, two = serve_pg(), serve_pg()

    async def go():
        a = await Client(one.url).connect()
        created = await a.create("squabble", {}, side="USA")
        b = await Client(two.url, backoff=(5.0, 5.0)).connect()
        await b.join(created["code"])
        await _until(lambda: a.last["presence"]["USSR"] == "online")
        two.kill9()                                # says nothing: its connections end
        await _until(lambda: a.last["presence"]["USSR"] == "away")
        await a.close(), await b.close()
    run(go())


def test_migrate_from_sqlite_copies_every_game_and_play_goes_on(serve_lite, serve_pg):
    """``squabble serve --migrate-from FILE`` copies a SQLite server's games (counted and
    replayed); a seat resumes its game on PostgreSQL and finishes it; a second copy into the
    same database is refused with a sentence."""
    import subprocess
    import sys
    from tests.online_helpers import ROOT
    lite, pg_db = serve_lite.db, serve_pg.db
    server = serve_lite()

    async def first():
        a = await Client(server.url).connect()
        created = await a.create("squabble", {"events": True}, side="USSR")
        b = await Client(server.url).connect()
        joined = await b.join(created["code"])
        await a.until_version(0)
        await a.say("see you on the new server")
        for _ in range(3):
            mover = a if a.my_turn() else b
            v = mover.last["version"]
            await mover.move(0)
            await a.until_version(v + 1), await b.until_version(v + 1)
        await a.close(), await b.close()
        return created, joined
    created, joined = run(first())
    server.stop()
    before = stored(lite, created["game_id"])
    cmd = [sys.executable, "-m", "squabble", "serve", "--db", pg_db, "--migrate-from", lite]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0 and "1 games copied" in out.stdout, out.stderr
    assert stored(pg_db, created["game_id"]) == before
    again = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert again.returncode == 2 and "nothing was copied" in again.stderr
    assert "Traceback" not in again.stderr
    pg = serve_pg()

    async def then():
        a = await Client(pg.url).connect()
        await a.resume(created["game_id"], created["credential"], before["version"])
        b = await Client(pg.url).connect()
        await b.resume(created["game_id"], joined["credential"], before["version"])
        assert a.chat[1]["text"] == "see you on the new server"
        ra, rb = await asyncio.gather(play(a, random_chooser(5)), play(b, random_chooser(6)))
        await a.close(), await b.close()
        return ra
    ra = run(then())
    row = check_stored_game(pg_db, ra["game_id"])
    assert row["moves"][:3] == before["moves"] and row["winner"] == ra["winner"] is not None


def test_a_batch_of_writes_refuses_only_the_one_whose_guard_fails(pg_db):
    """Three writes committed together (one string, one round trip): the middle one's guard
    finds its row changed, so it alone is refused and rolled back; the others are stored."""
    from squabble.online.store import Stmts, StoreConflict
    from squabble.online.store_pg import PgStore
    store = PgStore(pg_db)

    def note(game, version, guard_version):
        return Stmts([("UPDATE games SET version=? WHERE id=? AND version=?",
                       (version, game, guard_version)),
                      ("INSERT INTO events VALUES (?,?,?,?,?,?)",
                       (game, version, "move", "USSR", 0, "[]"))], "the move was not stored",
                     game, guards=(0,))

    async def go():
        from squabble.online.store import GameRecord
        for g in ("g1", "g2", "g3"):
            await store.awrite(store.create_stmts(GameRecord(g, "squabble", {}, 1, "live",
                                                             g.upper() + "ABCDEFGHJK", 0, [],
                                                             [], 0, {}, None, None)))
        return await asyncio.gather(store.awrite(note("g1", 1, 0)),
                                    store.awrite(note("g2", 1, 5)),   # (not at decision 5)
                                    store.awrite(note("g3", 1, 0)), return_exceptions=True)
    try:
        out = asyncio.run(go())
        assert out[0] is None and out[2] is None and isinstance(out[1], StoreConflict)
        assert "the move was not stored" in str(out[1])
        assert [store.load(g).version for g in ("g1", "g2", "g3")] == [1, 0, 1]
        assert store._read("SELECT COUNT(*) FROM events")[0] == 2
    finally:
        store.close()
