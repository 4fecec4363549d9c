"""Durability of the online server (issue 52): kill -9 at random moments during live games, a
second server on the same database, a full disk (SQLite's); a move unseen before it is stored and
a move held while the server is down, over each store (tests/online_fixtures.py: the kill -9s
over PostgreSQL are tests/test_online_pg.py's).  The long soak (100+ kills) is
bench/online_soak.py."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys

from squabble.online.client import Client
from tests.online_helpers import ROOT, kill_soak, run, stored


def test_kill_9_during_live_games_loses_nothing_acknowledged_and_applies_nothing_twice(
        tmp_path):
    out = kill_soak(tmp_path, kills=20, max_version=150)
    assert out["kills"] == 20 and out["live_kills"] >= 5 and out["reconnects"] >= 20 \
        and out["moves"] > 40
    assert out["resent"] > 0   # moves sent again after a reconnection were not applied twice


def test_a_second_server_on_the_same_database_is_refused(serve_lite):
    first = serve_lite()
    r = subprocess.run([sys.executable, "-m", "squabble", "serve", "--port", "0", "--db",
                        first.db], capture_output=True, text=True, cwd=ROOT, timeout=60,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Another server is already using the database" in r.stderr
    assert first.alive()


def test_a_full_disk_refuses_the_move_with_a_sentence_and_keeps_the_game(serve_lite):
    """The size cap (--max-db-mb) fails a write exactly as a full disk does (SQLite's
    SQLITE_FULL); the test fills the database from outside the server."""
    s = serve_lite(["--max-db-mb", "1"])

    async def go():
        a = await Client(s.url).connect()
        b = await Client(s.url).connect()
        created = await a.create("struggle", {}, side="USSR")
        await b.join(created["code"])
        await a.until_version(0)
        con = sqlite3.connect(s.db)
        con.execute("CREATE TABLE junk (x BLOB)")
        con.execute("INSERT INTO junk VALUES (zeroblob(1200000))")
        con.commit()
        refused = None
        for _ in range(60):
            c = a if a.my_turn() else b
            v = c.last["version"]
            n_err = len(c.errors)
            await c.move(0)
            while c.last["version"] == v and len(c.errors) == n_err:
                await asyncio.sleep(0.01)
            if len(c.errors) > n_err:
                refused = c.errors[-1]
                break
            await a.until_version(v + 1), await b.until_version(v + 1)
        assert refused is not None and "disk is full" in refused, refused
        row = stored(s.db, created["game_id"])
        assert row["version"] == c.last["version"]          # the game kept as it was
        con.execute("DROP TABLE junk")
        con.commit()
        con.close()
        await c.move(0)                                       # room again: the move goes in
        await c.until_version(row["version"] + 1)
        await a.close(), await b.close()
    run(go())
    assert s.alive()


def test_the_server_speaks_tls_with_certfile_and_keyfile(serve_lite):
    import ssl
    tls = ROOT / "tests" / "data" / "online-tls"
    s = serve_lite(["--certfile", str(tls / "test-cert.pem"), "--keyfile",
                    str(tls / "test-key.pem")])
    assert s.url.startswith("wss://127.0.0.1:")
    ctx = ssl.create_default_context(cafile=str(tls / "test-cert.pem"))

    async def go():
        a = await Client(s.url, ssl=ctx).connect()
        created = await a.create("squabble", {}, side="USA")
        assert created["seat"] == "USA"
        await a.close()
    run(go())


def test_serve_refuses_bad_command_lines_with_a_sentence(tmp_path):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    for args, words in ((["--certfile", "x.pem"], "both --certfile and --keyfile"),
                        (["--certfile", str(tmp_path / "none.pem"), "--keyfile",
                          str(tmp_path / "none.pem")], "certificate or key cannot be used"),
                        (["--db", str(tmp_path / "no" / "such" / "dir" / "g.db")],
                         "cannot be used"),
                        (["--host", "203.0.113.9"], "cannot listen")):
        r = subprocess.run([sys.executable, "-m", "squabble", "serve", "--port", "0", *args],
                           capture_output=True, text=True, cwd=ROOT, timeout=60, env=env)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, \
            (args, r.stderr)


def test_the_default_database_is_in_the_user_data_folder(tmp_path):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "SQUABBLE_DATA_DIR": str(tmp_path)}
    p = subprocess.Popen([sys.executable, "-m", "squabble", "serve", "--port", "0"], cwd=ROOT,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert f"games in {tmp_path / 'online.sqlite3'}" in line, line
        assert (tmp_path / "online.sqlite3").exists()
    finally:
        p.terminate()
        p.communicate(timeout=30)


SLOW_FULL = """
import asyncio
from squabble.online import store as S, store_pg as P
def slow_then_full(real):
    async def awrite(self, statements):
        if any("INSERT INTO events" in sql for sql, _ in statements):   # a move: slow, then full
            await asyncio.sleep(0.5)
            raise S.StoreFull("The server's disk is full: the move was not stored, and the "
                              "game stays as it was; try again later.")
        return await real(self, statements)
    return awrite
S.Store.awrite = slow_then_full(S.Store.awrite)
P.PgStore.awrite = slow_then_full(P.PgStore.awrite)
"""


def test_nobody_sees_a_move_before_it_is_stored(serve):
    """While a move waits for its commit (here slow, then refused as on a full disk), a client
    that comes in sees the game without it."""
    s = serve(prelude=SLOW_FULL)

    async def go():
        a = await Client(s.url).connect()
        b = await Client(s.url).connect()
        created = await a.create("squabble", {}, side="USSR")
        await b.join(created["code"])
        await a.until_version(0)
        await a.move(0)
        await asyncio.sleep(0.2)                     # the move is waiting for its commit
        w = await Client(s.url).connect()
        await w.watch(created["code"])
        seen = await w.next_update(5)
        assert seen["version"] == 0
        again = await Client(s.url).connect()
        await again.resume(created["game_id"], created["credential"])
        assert again.last["version"] == 0
        await asyncio.sleep(0.5)
        assert "disk is full" in a.errors[-1] and a.last["version"] == 0
        for c in (a, b, w, again):
            await c.close()
    run(go())


def test_a_database_made_before_rematch_asked_gets_the_column_and_keeps_its_games(tmp_path):
    """A database of before ``rematch_asked`` (issue 52's rematch notice), ``bidding`` (secret
    bids for sides), ``undo_state`` (the undo snapshot, issue 56) and ``deal`` (the committed
    deal, issue 60): the server adds the columns when it opens the file, and the stored game
    loads with nobody having asked, no bids, no snapshot and no commitment."""
    import sqlite3
    from squabble.online.store import SCHEMA, Store
    db = tmp_path / "old.sqlite3"
    con = sqlite3.connect(str(db))
    old = SCHEMA.replace(",\n    rematch_asked TEXT NOT NULL DEFAULT '[]', bidding TEXT, "
                         "undo_state TEXT, deal TEXT)", ")")
    assert old != SCHEMA
    con.executescript(old)
    assert not {"rematch_asked", "bidding", "undo_state", "deal"} & {r[1] for r in
                                               con.execute("PRAGMA table_info(games)")}
    con.execute("INSERT INTO games VALUES ('g1','squabble','{}','7','live','ABCDEFGH',0,3,"
                "'[]','[]',0,'{}','USA','g2')")
    con.commit()
    con.close()
    store = Store(str(db))
    try:
        rec = store.load("g1")
        assert rec.rematch == "g2" and rec.rematch_asked == [] and rec.winner == "USA"
        assert rec.bidding is None and rec.undo_state is None and rec.deal is None
        store._write(store.rematch_stmts("g1", "g2", ["USSR"]))
        assert store.load("g1").rematch_asked == ["USSR"]
    finally:
        store.close()


def test_a_move_given_while_the_server_is_down_goes_after_the_resume(serve):
    """The seat to move sends its move while the server is gone (the window's click, a bot's
    choice): it is held until the line is back and the game resumed, then stored -- never sent on
    a connection that belongs to no game yet (which refused it, and the window forgot the
    move: seen in a real window after a kill -9)."""
    from tests.online_helpers import two_players
    db = serve.db
    server = serve()
    port = server.port

    async def go():
        nonlocal server
        a, b, created = await two_players(server.url)
        mover = a if a.my_turn() else b
        version = mover.last["version"]
        server.kill9()
        from websockets.protocol import State
        for _ in range(250):            # the line is seen down (a send now cannot succeed)
            if mover.ws.state is not State.OPEN:
                break
            await asyncio.sleep(0.02)
        sending = asyncio.ensure_future(mover.move(0))
        await asyncio.sleep(0.1)
        assert not sending.done()       # it waits for the line (it does not fail or vanish)
        server = serve(port=port)
        await asyncio.wait_for(sending, 20)
        while mover.last["version"] <= version:
            try:
                await mover.next_update(20)
            except asyncio.TimeoutError:
                raise AssertionError(f"no update: {mover.errors}, {mover.reconnects}, "
                                     f"{sending.done()}") from None
        for c in (a, b):
            await c.close()
        return created["game_id"], mover.errors

    gid, errors = run(go(), 60)
    assert stored(db, gid)["version"] == 1
    assert not [e for e in errors if "first" in e.lower()], errors
