"""The online tests' shared set-up (issue 61), fixtures that tests/conftest.py offers every test:

- ``store_db``: the games' database of a server under test, each store in turn (the test runs
  twice): a SQLite file, or the tests' own PostgreSQL cluster's (one cluster a worker,
  ``pg_cluster``) test database with its rows deleted, so a test costs a ``TRUNCATE``, not a
  cluster, a database or the migrations.
- ``serve``: starts ``squabble serve`` processes over ``store_db`` (``serve(args=..., prelude=...,
  port=...)``), each stopped when the test ends; ``serve.db`` is the database.  ``serve_lite``:
  the same over a SQLite file alone (what only SQLite has, or costs too much twice);
  ``serve_pg``: over a PostgreSQL database alone, made empty (its migrations run at start).
- ``server``: one server of ``serve`` (``server_lite``: of ``serve_lite``); ``fake_clock``: the
  time the servers' limits read; ``links``: the window's connections, closed at the end;
  ``receiver``: a webhook receiver on 127.0.0.1.
- ``rows(db, sql, params)``: the rows a query reads from either store (``?`` marks)."""

from __future__ import annotations

import http.server
import json
import sqlite3
import threading
import time

import pytest

from tests.online_helpers import FakeClock, ServerProcess


class Servers:
    """``squabble serve`` processes over one database, all stopped by ``stop_all``."""

    def __init__(self, db):
        self.db = str(db)
        self.started: list = []

    def __call__(self, args=(), prelude=None, port=0, db=None) -> ServerProcess:
        s = ServerProcess(db or self.db, port=port, args=list(args), prelude=prelude)
        self.started.append(s)
        return s

    def stop_all(self):
        for s in self.started:
            s.stop()


def is_pg(db) -> bool:
    return str(db).startswith("postgresql://")


def rows(db, sql: str, params=()) -> list:
    """Every row ``sql`` reads from the store ``db`` (a SQLite file or a PostgreSQL database's
    connection string), read by the test alone."""
    if is_pg(db):
        import psycopg
        with psycopg.connect(db) as con:
            return [tuple(r) for r in con.execute(sql.replace("?", "%s"), params).fetchall()]
    con = sqlite3.connect(str(db))
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


@pytest.fixture(scope="session")
def pg_cluster():
    """A PostgreSQL cluster of the tests' own (tests/pg_cluster.py), started once a worker and
    stopped at its end; the tests that need it skip where PostgreSQL cannot be found."""
    from tests import pg_cluster as pg
    bindir = pg.binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed here (no initdb): .ci/run installs it.")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("The psycopg driver is not installed (the test extra has it).")
    cluster = pg.Cluster(bindir)
    yield cluster
    cluster.close()


@pytest.fixture(params=["sqlite", "postgres"])
def store_db(request, tmp_path):
    """The games' database of a server under test, each store in turn: a SQLite file, or a
    database of the tests' PostgreSQL cluster emptied for the test (its connection string)."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("pg_cluster").emptied()


@pytest.fixture
def pg_db(pg_cluster):
    """A fresh, empty PostgreSQL database (the servers' migrations make its tables)."""
    return pg_cluster.new_database()


def _servers(db):
    servers = Servers(db)
    try:
        yield servers
    finally:
        servers.stop_all()


@pytest.fixture
def serve(store_db):
    yield from _servers(store_db)


@pytest.fixture
def serve_lite(tmp_path):
    yield from _servers(tmp_path / "lite.sqlite3")


@pytest.fixture
def serve_pg(pg_db):
    yield from _servers(pg_db)


@pytest.fixture
def server(serve):
    return serve()


@pytest.fixture
def server_lite(serve_lite):
    return serve_lite()


@pytest.fixture
def links():
    """The window's connections a test opens (``squabble.online.link.Link``), closed at its end
    (before its servers stop)."""
    made: list = []
    yield made
    for link in made:
        link.close()


@pytest.fixture
def fake_clock(tmp_path):
    return FakeClock(tmp_path / "clock")


class Receiver:
    """An HTTP server on 127.0.0.1 keeping each POST's JSON; ``fail`` answers 500 that many
    times first; ``hang`` seconds before each answer."""

    def __init__(self, fail=0, hang=0.0):
        self.posts, self.fail, self.hang, self.tries = [], fail, hang, 0
        outer = self

        class H(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                n = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(n)
                outer.tries += 1
                if outer.hang:
                    time.sleep(outer.hang)
                if outer.fail > 0:
                    outer.fail -= 1
                    self.send_response(500)
                    self.end_headers()
                    return
                outer.posts.append(json.loads(body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *a):
                pass
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/hook"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()


@pytest.fixture
def receiver():
    rx = Receiver()
    yield rx
    rx.close()
