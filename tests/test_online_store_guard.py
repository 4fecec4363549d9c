"""The server against clients that never read, logs grown by moving and taking back, a second
server given a link to the database, a damaged database file and failing writes (issue 56):
real server processes on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from squabble.online import table
from squabble.online.client import Client
from squabble.online.store import GameRecord, Store, StoreFull, credential_hash, new_code
from tests.online_helpers import (ROOT, ServerProcess, raw_socket, rss_peak_mb, run, said,
                                  run_then_stop, stored, two_players)

ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
LINE = "The USA plays a card for its operations and places influence in several countries"


def stored_game(store: Store, game_id: str, cred: str, game="struggle", seed=7) -> GameRecord:
    state = table.replay(game, seed, {}, [])
    rec = GameRecord(game_id, game, {}, seed, "live", new_code(), 0, [], [], 0, state, None,
                     None, {"USA": credential_hash(cred), "USSR": credential_hash(cred + "x")})
    store.create(rec)
    return rec


def long_log_db(path, lines=2000) -> tuple:
    """A database holding one Twilight Struggle game with ``lines`` log lines (a game long
    played): its id and the USA's credential."""
    store = Store(str(path))
    try:
        cred = "c" * 43
        stored_game(store, "long" * 4, cred)
        store._write([("INSERT INTO events VALUES (?,?,?,?,?,?)",
                       ("long" * 4, v, "move", "USA", 0, json.dumps([f"{LINE} {v}."])))
                      for v in range(1, lines + 1)] +
                     [("UPDATE games SET version=? WHERE id=?", (lines, "long" * 4))])
    finally:
        store.close()
    return "long" * 4, cred


def swamp(tmp_path, *args) -> dict:
    """30 connections from one address send resumes of a game with a long log as fast as a
    connection may (its burst) and read nothing; then a new connection says hello and
    resumes.  Figures: the server's peak memory, the new connection's wait."""
    game_id, cred = long_log_db(tmp_path / "swamp.sqlite3")
    s = ServerProcess(tmp_path / "swamp.sqlite3", args=list(args))

    async def go():
        socks = []
        for _ in range(30):
            ws = await raw_socket(s.url)
            await said(ws, {"type": "hello", "version": 1})
            socks.append(ws)
        for _ in range(38):      # a connection's burst, with its hello
            for ws in socks:
                await ws.send(json.dumps({"type": "resume", "game_id": game_id,
                                          "credential": cred, "seen": 0}))
        await asyncio.sleep(3)
        t = time.perf_counter()
        fresh = await raw_socket(s.url, "127.0.0.2")
        welcome = await said(fresh, {"type": "hello", "version": 1}, timeout=20)
        waited = time.perf_counter() - t
        resumed = await said(fresh, {"type": "resume", "game_id": game_id, "credential": cred,
                                     "seen": 0}, timeout=20)
        update = json.loads(await asyncio.wait_for(fresh.recv(), 20))
        await fresh.close()
        for ws in socks:
            ws.transport.abort()
        return {"welcome": welcome, "waited": waited, "resumed": resumed, "update": update}
    try:
        out = run(go(), 120)
        out["peak"] = rss_peak_mb(s.proc.pid)
    finally:
        s.stop()
    assert out["welcome"]["type"] == "welcome" and out["resumed"]["type"] == "resumed"
    update = out["update"]
    assert len(json.dumps(update["log"])) <= 32 * 1024 + 200 and update["log_omitted"] > 1500
    assert update["log"][-1] == f"{LINE} 2000."
    print(f"peak memory {out['peak']:.0f} MB; a new connection welcomed in "
          f"{out['waited'] * 1000:.0f} ms; a resume's answer {len(json.dumps(update)) // 1024} KB")
    return out


def test_clients_that_never_read_keep_the_servers_memory_bounded(tmp_path):
    """Every resume read (no limit of the address on messages): the server's peak memory
    stays under 150 MB, as each answer's log is bounded and the outboxes in bytes.  The
    figures over a minute: bench/online_swamp.py."""
    out = swamp(tmp_path, "--messages-per-second", "1000000")
    assert out["peak"] < 150, out["peak"]


def test_clients_that_never_read_at_the_address_limits_leave_the_server_free(tmp_path):
    """At the default limits a resume weighs five messages of its address: most of the flood
    is refused unread, and the new connection is welcomed (its wait is printed; the bench
    measures it)."""
    swamp(tmp_path)


def test_moving_and_taking_back_again_and_again_does_not_grow_the_log(tmp_path):
    s = ServerProcess(tmp_path / "undo.sqlite3")

    async def go():
        a, b, created = await two_players(s.url, "squabble", {}, side="USSR")
        for k in range(25):      # (at the pace a connection may send)
            await a.move(0)
            await a.until_version(2 * k + 1)
            await asyncio.sleep(0.06)
            await a.undo()
            await a.until_version(2 * k + 2)
            await asyncio.sleep(0.06)
        await a.move(1)
        await a.until_version(51)
        row = stored(s.db, created["game_id"])
        assert row["version"] == 51 and row["moves"] == [1]
        assert [e[1] for e in row["events"]] == ["undo", "move"]
        again = await Client(s.url).connect()
        await again.resume(created["game_id"], created["credential"])
        opening = [str(x) for x in table.adapter("squabble").opening(row["seed"],
                                                                       row["options"])]
        log = again.last["log"]      # (the set-up's lines first: a resume of the whole log)
        assert log[:len(opening)] == opening and opening
        assert log[len(opening)] == "USSR takes back a decision." and \
            len(log) - len(opening) < 10
        await a.close(), await b.close(), await again.close()
    run_then_stop(s, go(), 120)


def _bind(src, dst) -> bool:
    """Mount ``src`` again at ``dst`` (Linux, as root); False where that is not allowed."""
    if sys.platform != "linux" or os.geteuid() != 0:
        return False
    r = subprocess.run(["mount", "--bind", str(src), str(dst)], capture_output=True)
    return r.returncode == 0


@pytest.mark.parametrize("link", ["symlink", "hard link", "bind mount"])
def test_a_second_server_given_a_link_to_the_database_is_refused(tmp_path, link):
    (tmp_path / "here").mkdir()
    first = ServerProcess(tmp_path / "here" / "one.sqlite3")
    other = tmp_path / "elsewhere"
    other.mkdir()
    path, bound = other / "same.sqlite3", False
    try:
        if link == "bind mount":           # the file itself mounted again elsewhere
            path.touch()
            bound = _bind(first.db, path)
            if not bound:
                pytest.skip("mount --bind is not allowed here")
        else:
            (os.symlink if link == "symlink" else os.link)(first.db, path)
        r = subprocess.run([sys.executable, "-m", "squabble", "serve", "--port", "0", "--db",
                            str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60,
                           env=ENV)
        assert r.returncode == 2 and "Another server is already using the database" in \
            r.stderr and "Traceback" not in r.stderr, r.stderr
        assert first.alive()
    finally:
        first.stop()
        if bound:
            subprocess.run(["umount", str(path)], capture_output=True)


def twelve_games(path):
    store = Store(str(path))
    try:
        for k in range(12):
            stored_game(store, f"game{k:012d}", f"cred{k}", seed=k)
    finally:
        store.close()


def serve(db, *more):
    return subprocess.run([sys.executable, "-m", "squabble", "serve", "--port", "0", "--db",
                           str(db), *more], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, env=ENV)


@pytest.mark.parametrize("where", ["middle third", "last page"])
def test_a_damaged_database_is_refused_at_start_with_what_to_do(tmp_path, where):
    db = tmp_path / "hurt.sqlite3"
    twelve_games(db)
    ok = serve(db, "--check")
    assert ok.returncode == 0 and "is whole (12 games)" in ok.stdout, ok.stderr
    size = db.stat().st_size
    start, end = (size // 3, 2 * size // 3) if where == "middle third" else (size - 4096, size)
    with open(db, "r+b") as f:
        f.seek(start)
        f.write(os.urandom(end - start))
    for more in ((), ("--check",)):
        r = serve(db, *more)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert f"The database {db} is damaged" in r.stderr and \
            "restore it from a backup (docs/online.md, \"Backups\")" in r.stderr, r.stderr


UNIQUE = """
from squabble.online import store as S
real = S.Store.event_stmts
def event_stmts(rec, *a):   # another writer got there first: the event's version is taken
    stmts = real(rec, *a)
    return S.Stmts(list(stmts) + [stmts[-1]], stmts.what)
S.Store.event_stmts = staticmethod(event_stmts)
"""


def test_a_failing_write_is_a_sentence_of_ours_naming_what_was_not_done(tmp_path):
    s = ServerProcess(tmp_path / "unique.sqlite3", prelude=UNIQUE)

    async def go():
        a, b, created = await two_players(s.url, "squabble", {}, side="USSR")
        await a.move(0)
        for _ in range(100):
            if a.errors:
                break
            await asyncio.sleep(0.05)
        assert a.errors == ["The server's database failed: the move was not stored, and the "
                            "game stays as it was; try again later."]
        assert stored(s.db, created["game_id"])["version"] == 0
        await a.close(), await b.close()
    run_then_stop(s, go())
    assert "UNIQUE constraint failed" in s.stderr_text   # SQLite's words: the operator's only


def test_a_full_disk_refuses_a_new_game_saying_the_game_was_not_created(tmp_path):
    store = Store(str(tmp_path / "full.sqlite3"), max_bytes=1024 * 1024)
    try:
        store.db.execute("CREATE TABLE junk (x BLOB)")
        for size in (20000, 2000, 100):      # filled to the cap
            with pytest.raises(sqlite3.OperationalError):
                for _ in range(1000):
                    store.db.execute("INSERT INTO junk VALUES (zeroblob(?))", (size,))
        assert not store.room_for_new_games()
        state = table.replay("struggle", 1, {}, [])
        rec = GameRecord("f" * 16, "struggle", {}, 1, "live", new_code(), 0, [], [], 0, state,
                         None, None, {"USA": None, "USSR": None})
        with pytest.raises(StoreFull) as e:
            store.create(rec)
        assert str(e.value) == ("The server's disk is full: the game was not created; try "
                                "again later.")
    finally:
        store.close()


def test_an_open_database_reads_failing_are_a_sentence_of_ours(tmp_path):
    store = Store(str(tmp_path / "gone.sqlite3"))
    try:
        stored_game(store, "g" * 16, "cred")
        store.db.execute("DROP TABLE seats")   # (a damaged file: the game's seats unreadable)
        with pytest.raises(Exception) as e:
            store.load("g" * 16)
        assert type(e.value).__name__ == "StoreError" and "SQLite" not in str(e.value)
        assert str(e.value).startswith("The server could not read the game from its database")
    finally:
        store.close()
    assert sqlite3.sqlite_version


def test_an_outbox_is_bounded_in_bytes_per_connection_and_per_address(tmp_path):
    """The server's own send (in-process; the sockets never take a byte): a connection is
    dropped once 2 MiB wait for it, long before 256 messages, and the connections of one
    address together once 8 MiB wait; another address is not touched."""
    from squabble.online import server as S

    store = Store(str(tmp_path / "outbox.sqlite3"))
    server = S.Server(store)

    class Stuck:           # a reader that never reads
        closed = None

        async def send(self, text):
            await asyncio.Event().wait()

        async def close(self, *a):
            self.closed = a

    async def go():
        big = "x" * (300 * 1024)
        one = S.Conn(Stuck(), "203.0.113.1")
        for _ in range(20):
            server.send(one, big)
        assert one.closing and one.queued <= S.OUTBOX_BYTES and one.outbox.qsize() == 6
        many = [S.Conn(Stuck(), "203.0.113.2") for _ in range(10)]
        for c in many:
            for _ in range(5):
                server.send(c, big)
        held = sum(c.queued for c in many)
        assert held <= S.ADDRESS_OUTBOX_BYTES and sum(c.closing for c in many) >= 3
        other = S.Conn(Stuck(), "198.51.100.9")
        server.send(other, big)
        assert not other.closing and other.queued == len(big)
        await asyncio.sleep(0)
    try:
        asyncio.run(go())
    finally:
        store.close()


def test_check_of_no_database_makes_none(tmp_path):
    r = serve(tmp_path / "typo.sqlite3", "--check")
    assert r.returncode == 2 and "There is no database at" in r.stderr
    assert not (tmp_path / "typo.sqlite3").exists()
