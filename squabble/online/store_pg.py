"""The server's PostgreSQL store (issue 61): ``squabble serve --db postgresql://USER@HOST/DB``.

The same storage interface as SQLite's (store.Storage): the same statements, written once in
SQLite's dialect and translated here (``pg_sql``: placeholders, ``INSERT OR REPLACE`` as an
upsert; ``pg_schema``: REAL as double precision, BLOB as bytea) — the dialect's differences
are in this one place.  Any number of server processes may share one database:

- every accepted move is committed before it is acknowledged (a group of writes a transaction,
  each write in its own savepoint, as SQLite's store does);
- a move's write is guarded: the game's row is updated only if it is still at the decision the
  move answers (``UPDATE games ... WHERE id=? AND version=?``, one row or nothing), in the
  transaction that stores the move, so two moves for one decision from two processes never
  both apply; the loser is refused with a sentence (store.StoreConflict);
- each write that changes a game sends ``NOTIFY squabble, '<process> <game id>'`` in its own
  transaction (delivered at its commit); every process listens (``changes``) and reloads the
  games it has open (server_peers.py);
- the schema carries a version (table ``schema_version``); the migrations run on start, under
  an advisory lock so that two processes starting together do not both run them.

The driver (psycopg 3) is an optional extra (``pip install "twilight-squabble[postgres]"``),
imported only when a ``postgresql://`` database is given: the one-file build has none.
PostgreSQL's own words go to the operator's standard error, never to a client."""

from __future__ import annotations

import asyncio
import collections
import functools
import json
import re
import secrets
import time

from squabble.online.store import (CONFLICT, READ_FAILED, Stmts, Storage,
                                   StoreConflict, StoreError, _Outcome, _tell_operator, _what)
from squabble.online import store as sqlite_store

CHANNEL = "squabble"
SCHEMA_VERSION = 3
CONNECT_TIMEOUT = 3            # seconds to reach the database
RETRIES = 3                    # a batch killed by a deadlock or a serialization failure
LOCK_KEY = 0x5371_7561_6262    # the advisory lock of the migrations ("Squabb")
URL_PREFIXES = ("postgresql://", "postgres://")


def is_url(db) -> bool:
    return isinstance(db, str) and db.startswith(URL_PREFIXES)


def _pg():
    try:
        import psycopg
    except ImportError:
        raise StoreError("A postgresql:// database needs the psycopg driver: install it with "
                         "pip install \"twilight-squabble[postgres]\".") from None
    return psycopg


def shown(url: str) -> str:
    """The connection string without its password (for messages)."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


# -- the dialect ------------------------------------------------------------------------------
KEYS = {"names": ("game_id", "side"), "clocks": ("game_id",), "webhooks": ("game_id", "side"),
        "games": ("id",), "seats": ("game_id", "side"), "events": ("game_id", "version"),
        "chat": ("game_id", "n")}


@functools.lru_cache(maxsize=4096)
def pg_sql(sql: str) -> str:
    """A statement of the SQLite store as PostgreSQL takes it."""
    sql = sql.replace("%", "%%").replace("?", "%s")
    m = re.match(r"INSERT OR REPLACE INTO (\w+) \(([^)]*)\)(.*)$", sql, re.S)
    if m:
        table, cols, rest = m.group(1), m.group(2), m.group(3)
        keys = KEYS[table]
        sets = ", ".join(f"{c}=EXCLUDED.{c}" for c in (x.strip() for x in cols.split(","))
                         if c not in keys)
        sql = (f"INSERT INTO {table} ({cols}){rest} ON CONFLICT ({', '.join(keys)}) "
               f"DO UPDATE SET {sets}")
    return sql


@functools.lru_cache(maxsize=256)
def guarded(sql: str) -> str:
    """An UPDATE that must change exactly one row, or fail (a division by zero) and with it
    the rest of its write."""
    return (f"WITH guarded AS ({sql} RETURNING 1) SELECT 1 / (COUNT(*) = 1)::int FROM "
            "guarded")


def pg_schema(schema: str) -> str:
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", schema).replace("BLOB", "BYTEA")


def migrations() -> list:
    """[(version, SQL)]: the schema's steps, oldest first."""
    from squabble.online import chat, clock, names, webhooks
    first = "".join(pg_schema(s) for s in (sqlite_store.SCHEMA, chat.SCHEMA, clock.SCHEMA,
                                           webhooks.SCHEMA, names.SCHEMA))
    # who is connected to which process (peers.py): a process's rows count while any
    # connection of it is open (pg_stat_activity's application_name, ``LIVE``)
    here = ("CREATE TABLE presence (game_id TEXT NOT NULL, side TEXT NOT NULL, process TEXT "
            "NOT NULL, PRIMARY KEY (game_id, side, process))")
    from squabble.online import ratings
    return [(1, first), (2, here), (3, pg_schema(ratings.SCHEMA))]   # 3: player keys, ratings


LIVE = ("process IN (SELECT substr(application_name, 10) FROM pg_stat_activity WHERE "
        "application_name LIKE 'squabble %')")
ELSEWHERE = "SELECT DISTINCT side FROM presence WHERE game_id=? AND process<>? AND " + LIVE


def _transient(e) -> bool:
    return getattr(e, "sqlstate", None) in ("40001", "40P01")


class PgStore(Storage):
    def __init__(self, url: str, max_bytes: int | None = None, check: bool = True):
        self.psycopg = _pg()
        self.url = url
        self.path = shown(url)
        self.max_bytes = int(max_bytes) if max_bytes else None
        self.token = secrets.token_hex(6)     # this process, in its notifications
        self.db = None
        self._wconn = self._rconn = None
        self._pending: list = []
        self._busy = False
        self._flush_times = collections.deque(maxlen=100_000)
        try:
            self.db = self._connect()
            self._migrate()
            self.db.execute(f"DELETE FROM presence WHERE NOT {LIVE}")   # (processes gone)
        except self.psycopg.Error as e:
            self.close()
            raise StoreError(f"The database {self.path} cannot be used ("
                             f"{_first_line(e)}).") from None

    def _connect(self):
        return self.psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                    application_name=f"squabble {self.token}")

    def _migrate(self):
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT "
                            "NULL)")
            row = self.db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            have = row[0] or 0
            if have > SCHEMA_VERSION:
                raise StoreError(f"The database {self.path} was made by a newer squabble "
                                 f"(schema {have}; this one knows {SCHEMA_VERSION}): update "
                                 "this server.")
            for version, sql in migrations():
                if version > have:
                    self.db.execute(sql)
                    self.db.execute("INSERT INTO schema_version VALUES (%s)", (version,))

    def schema_version(self) -> int:
        return self._read("SELECT MAX(version) FROM schema_version")[0]

    def close(self):
        for c in (self.db, self._wconn, self._rconn):
            if c is not None:
                try:   # (the writer's is asynchronous, its loop maybe gone: closed at once)
                    c.pgconn.finish()
                except Exception:   # noqa: BLE001 - closing at exit
                    pass
        self.db = self._wconn = self._rconn = None

    def full_check(self) -> int:
        """PostgreSQL checks its own pages; here: the database answers, and its games."""
        return self.count_games()

    def room_for_new_games(self) -> bool:
        if not self.max_bytes:
            return True
        try:
            used = self._read("SELECT pg_database_size(current_database())")[0]
        except StoreError:
            return False
        return used < self.max_bytes * (1 - sqlite_store.RESERVE_SHARE)

    # -- reading ------------------------------------------------------------------------------
    def _cursor(self, sql, params):
        if self.db is None or self.db.closed:
            self.db = self._connect()
        return self.db.execute(pg_sql(sql), params)

    def _read(self, sql: str, params=(), every: bool = False):
        try:
            cur = self._cursor(sql, params)
            return cur.fetchall() if every else cur.fetchone()
        except self.psycopg.Error as e:
            self._broken(e)
            raise StoreError(READ_FAILED) from None

    def _scan(self, sql: str, params=()):
        try:
            yield from self._cursor(sql, params)
        except self.psycopg.Error as e:
            self._broken(e)
            raise StoreError(READ_FAILED) from None

    async def _aread(self, sql: str, params=(), every: bool = False):
        """``_read`` on a connection of its own, without holding up the event loop (a process
        catching up with another's change: peers.py)."""
        psycopg = self.psycopg
        try:
            if self._rconn is None or self._rconn.closed or self._rconn.broken:
                self._rconn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                    application_name=f"squabble {self.token}")
            cur = await self._rconn.execute(pg_sql(sql), params)
            return await (cur.fetchall() if every else cur.fetchone())
        except psycopg.Error as e:
            _tell_operator(e)
            raise StoreError(READ_FAILED) from None

    def _broken(self, e):
        _tell_operator(e)
        if self.db is not None and (self.db.closed or self.db.broken):
            self.db = None

    def _write(self, statements):
        """One write, committed before returning (tools without a server: the migration)."""
        asyncio.run(self.awrite(statements))
        self._wconn = None   # (its loop is gone)

    # -- writing ------------------------------------------------------------------------------
    def flush_times(self) -> list:
        return list(self._flush_times)

    async def awrite(self, statements):
        """Writes that arrive while one is being committed go together in the next
        transaction; returns once the one holding ``statements`` is committed."""
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((statements, fut))
        if not self._busy:
            self._busy = True
            asyncio.ensure_future(self._flush())
        (await fut).result_or_raise()

    async def _flush(self):
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                outcomes = await self._commit([b[0] for b in batch])
                for (_, fut), outcome in zip(batch, outcomes):
                    if not fut.done():
                        fut.set_result(outcome)
        finally:
            self._busy = False

    async def _wconnect(self):
        if self._wconn is None or self._wconn.closed or self._wconn.broken:
            self._wconn = await self.psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                application_name=f"squabble {self.token}")
        return self._wconn

    async def _commit(self, groups: list) -> list:
        """``groups`` in one transaction, each write in a savepoint of its own, all sent as one
        string with the transaction's BEGIN and COMMIT (one round trip to the database for the
        whole batch; the values bound by the driver, ``mogrify``).  A write refused by the
        database (a guard that finds its row changed: ``guarded``, a division by zero; a key
        taken by another process) stops the string there: it is rolled back to its savepoint
        and the writes after it are sent again."""
        psycopg = self.psycopg
        error = None
        for _ in range(RETRIES):
            conn = None
            try:
                conn = await self._wconnect()
                t = time.perf_counter()
                cur = psycopg.AsyncClientCursor(conn)
                texts = [self._text(cur, g, k) for k, g in enumerate(groups)]
                out: list = [None] * len(groups)
                start, head = 0, ["BEGIN"]
                while start < len(groups):
                    try:
                        await cur.execute(";\n".join(head + texts[start:] + ["COMMIT"]))
                        break
                    except (psycopg.errors.DataError, psycopg.errors.IntegrityError) as e:
                        k = await self._refused_at(conn, start, len(groups))
                        out[k] = _refusal(e, groups[k], psycopg)
                        start, head = k + 1, []
                        if start == len(groups):
                            await conn.execute("COMMIT")
                self._flush_times.append(time.perf_counter() - t)
                return [o or _Outcome() for o in out]
            except Exception as e:   # noqa: BLE001 - every waiting write gets a sentence
                error = e
                if conn is not None and not conn.closed:
                    try:
                        await conn.execute("ROLLBACK")
                    except psycopg.Error:
                        pass
                if not _transient(e):
                    break
        _tell_operator(error)
        return [_Outcome(StoreError(f"The server's database failed: {_what(g)}; try again "
                                    "later.")) for g in groups]

    def _text(self, cur, stmts, k: int) -> str:
        """Write ``k`` of a batch in savepoint ``g<k>``, with its notification."""
        guards = getattr(stmts, "guards", ())
        parts = [cur.mogrify(guarded(pg_sql(sql)) if i in guards else pg_sql(sql), params)
                 for i, (sql, params) in enumerate(stmts)]
        game = getattr(stmts, "game", None)
        if game is not None:
            note = getattr(stmts, "note", "")
            parts.append(cur.mogrify("SELECT pg_notify(%s, %s)",
                                     (CHANNEL, f"{self.token} {game} {note}".strip())))
        return ";\n".join([f"SAVEPOINT g{k}"] + parts + [f"RELEASE g{k}"])

    async def _refused_at(self, conn, start: int, end: int) -> int:
        """(The string stopped by a refused write.)  Which write it was: the one whose
        savepoint is still there (those before it are released, those after it never made),
        rolled back to it."""
        for k in range(end - 1, start - 1, -1):
            try:
                await conn.execute(f"ROLLBACK TO SAVEPOINT g{k}; RELEASE g{k}")
                return k
            except self.psycopg.errors.InvalidSavepointSpecification:
                continue
        raise StoreError("no savepoint of the batch is left")

    # -- the other processes' changes -------------------------------------------------------
    async def changes(self):
        """(game id, note) of each change other processes commit (note: "chat N" for a chat
        line, "here" for presence, else empty); None after the listening connection was lost
        and made again (a change may have been missed: the caller reloads every game it has
        open).  Runs until cancelled."""
        psycopg = self.psycopg
        wait = 0.1
        first = True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                    application_name=f"squabble {self.token}")
            except psycopg.Error:
                await asyncio.sleep(wait)
                wait = min(2.0, wait * 2)
                continue
            try:
                await conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    yield None
                first, wait = False, 0.1
                async for n in conn.notifies():
                    token, game, note = (n.payload.split(" ", 2) + ["", ""])[:3]
                    if token != self.token:
                        yield game, note
            except psycopg.Error:
                pass
            finally:
                try:
                    await conn.close()
                except Exception:   # noqa: BLE001 - a lost connection
                    pass

    # -- presence across processes (peers.py) ---------------------------------------------------
    def here_stmts(self, game_id: str, sides) -> Stmts:
        """The sides connected to this process at a game, told to the others."""
        out = Stmts([("DELETE FROM presence WHERE game_id=? AND process=?",
                      (game_id, self.token))] +
                    [("INSERT INTO presence VALUES (?,?,?)", (game_id, s, self.token))
                     for s in sorted(sides)], "presence was not told", game_id)
        out.note = "here"
        return out

    def unjoined(self, before: float) -> list:
        """As SQLite's, but never a game whose creator has it open on any live process."""
        return [r[0] for r in self._read(
            "SELECT id FROM games WHERE created<? AND version=0 AND id IN (SELECT game_id FROM "
            "seats WHERE cred_hash IS NULL) AND id NOT IN (SELECT game_id FROM presence WHERE "
            + LIVE + ")", (before,), every=True)]

    def elsewhere(self, game_id: str) -> frozenset:
        """The sides connected to other live processes at a game."""
        return frozenset(r[0] for r in self._read(ELSEWHERE, (game_id, self.token), every=True))

    async def aelsewhere(self, game_id: str) -> frozenset:
        return frozenset(r[0] for r in await self._aread(ELSEWHERE, (game_id, self.token),
                                                          every=True))

    # -- the copy from SQLite ----------------------------------------------------------------
    def copy_from(self, path: str, say=print) -> int:
        """``squabble serve --migrate-from FILE``: every table of the SQLite database at
        ``path`` copied into this database in one transaction, then checked: as many rows of
        each table, and each game replayed from its moves to its stored state.  The number of
        games copied; StoreError with a sentence when anything differs (nothing is kept)."""
        import sqlite3
        src = sqlite_store.Store(path, check=True)
        try:
            tables = ["games", "seats", "events", "chat", "clocks", "webhooks", "names",
                      "players", "ratings", "rated_seats", "rating_changes"]
            counts = {}
            with self.db.transaction():
                for t in tables:
                    cols = [r[1] for r in src.db.execute(f"PRAGMA table_info({t})")]
                    rows = src.db.execute(f"SELECT {', '.join(cols)} FROM {t}").fetchall()
                    counts[t] = len(rows)
                    if rows:
                        with self.db.cursor() as cur:
                            cur.executemany(
                                f"INSERT INTO {t} ({', '.join(cols)}) VALUES "
                                f"({', '.join(['%s'] * len(cols))})", rows)
                for t in tables:
                    have = self.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                    if have < counts[t]:
                        raise StoreError(f"The copy of {t} holds {have} rows of {counts[t]}: "
                                         "nothing was copied.")
                ids = [r[0] for r in src.db.execute("SELECT id FROM games")]
                for k, game_id in enumerate(ids):
                    self._check_copy(src, game_id)
                    if k % 500 == 499:
                        say(f"squabble serve: {k + 1} of {len(ids)} games checked")
            return len(ids)
        except sqlite3.Error as e:
            raise StoreError(f"The database {path} cannot be read ({e}): nothing was "
                             "copied.") from None
        except self.psycopg.Error as e:
            _tell_operator(e)
            raise StoreError(f"The copy into {self.path} failed ({_first_line(e)}): nothing "
                             "was copied.") from None
        finally:
            src.close()

    def _check_copy(self, src, game_id: str):
        from squabble.online import table
        a, b = src.load(game_id), self.load(game_id)   # (in the open transaction)
        if a != b:
            raise StoreError(f"The game {game_id} differs once copied: nothing was copied.")
        if b.bidding is None or b.bidding.get("sides") is not None:
            state = table.replay(b.game, b.seed, b.options, b.moves)
            if json.loads(json.dumps(state)) != b.state:
                raise StoreError(f"The game {game_id} does not replay to its stored state: "
                                 "nothing was copied.")


def _refusal(e, stmts, psycopg) -> _Outcome:
    """A write the database refused: another process got there first, or a sentence."""
    if isinstance(e, (psycopg.errors.DivisionByZero, psycopg.errors.UniqueViolation)):
        return _Outcome(StoreConflict(f"Not done: {CONFLICT}; {_what(stmts)}."))
    _tell_operator(e)
    return _Outcome(StoreError(f"The server's database refused it: {_what(stmts)}."))


def _first_line(e) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0][:200]


def open_store(db: str, max_bytes=None, check=True):
    """The store of ``--db``: PostgreSQL's for a postgresql:// string, SQLite's for a file."""
    if is_url(db):
        return PgStore(db, max_bytes=max_bytes, check=check)
    return sqlite_store.Store(db, max_bytes=max_bytes, check=check)

