"""The server's SQLite store (issue 52): one database file, WAL, every accepted move committed
before it is acknowledged or sent on.

Tables: ``games`` (one row a game: its registry name, options, the server's secret seed, the
moves in force and the state they make, whose decisions an undo may take back), ``seats`` (a
hash of each seat's credential: the credential itself is never stored), ``events`` (each move or
undo with the log lines it made, for a client that resumes from the last move it saw).  A
finished game's row also names its rematch and the sides that asked for it (``rematch_asked``),
a game whose sides are bid for its bids (``bidding``, JSON: online/bids.py), and a game whose
newest moves may be taken back the state before them (``undo_state``: squabble/turn.py's
snapshot at the last undo barrier, so an undo replays only those moves); a database made before
those columns gets them when the server opens it.

One server per database file: ``Store`` holds an exclusive lock on ``FILE.lock`` (released by
the operating system when the process ends, even by kill -9); a second server is refused with a
sentence.  A full disk (or the size cap, ``max_bytes``) makes ``StoreFull``: the move is
refused and the game stays at its last stored move."""

from __future__ import annotations

import collections
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import time
from dataclasses import dataclass, field

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/l/I: easy to read aloud
CODE_LENGTH = 8

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
    pace TEXT NOT NULL, code TEXT UNIQUE NOT NULL, created REAL NOT NULL,
    version INTEGER NOT NULL, moves TEXT NOT NULL, move_seats TEXT NOT NULL,
    undo_base INTEGER NOT NULL, state TEXT NOT NULL, winner TEXT, rematch TEXT,
    rematch_asked TEXT NOT NULL DEFAULT '[]', bidding TEXT, undo_state TEXT);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL, side TEXT NOT NULL, cred_hash BLOB,
    PRIMARY KEY (game_id, side));
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL, version INTEGER NOT NULL, kind TEXT NOT NULL, seat TEXT,
    idx INTEGER, lines TEXT NOT NULL, PRIMARY KEY (game_id, version));
"""


class StoreError(Exception):
    """A sentence for the person running the server or the client."""


class StoreLocked(StoreError):
    pass


class StoreFull(StoreError):
    pass


def new_credential() -> str:
    """A seat's secret: 256 random bits from the operating system's generator."""
    return secrets.token_urlsafe(32)


def credential_hash(cred: str) -> bytes:
    return hashlib.sha256(cred.encode("utf-8", "surrogatepass")).digest()


def credential_matches(cred, stored) -> bool:
    """Constant-time comparison of a given credential with a stored hash."""
    if not isinstance(cred, str) or stored is None:
        hmac.compare_digest(b"\0" * 32, b"\1" * 32)
        return False
    return hmac.compare_digest(credential_hash(cred), bytes(stored))


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text) -> str | None:
    """An invitation code as typed ("abcd-efgh", spaces) in its stored form, None if it cannot
    be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def show_code(code: str) -> str:
    return code[:4] + "-" + code[4:]


@dataclass
class GameRecord:
    id: str
    game: str
    options: dict
    seed: int
    pace: str
    code: str
    version: int
    moves: list
    move_seats: list
    undo_base: int
    state: dict
    winner: str | None
    rematch: str | None
    seats: dict = field(default_factory=dict)   # side -> credential hash or None (open)
    rematch_asked: list = field(default_factory=list)   # the sides that asked for the rematch
    bidding: dict | None = None    # secret bids for sides (online/bids.py); None: sides chosen
    # the state before the undoable moves (from ``undo_base`` on; None when there are none, or
    # in a game stored before it was kept): squabble/turn.py's snapshot
    undo_state: dict | None = None


def _is_full(e: sqlite3.Error) -> bool:
    return getattr(e, "sqlite_errorcode", None) == 13 or "full" in str(e).lower()


class Store:
    def __init__(self, path: str, max_bytes: int | None = None):
        self.path = os.path.abspath(path)
        self._lock_file = None
        self._writer = None
        self._take_lock()
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.executescript(SCHEMA)
            columns = {r[1] for r in self.db.execute("PRAGMA table_info(games)")}
            if "rematch_asked" not in columns:   # a database of before the column
                self.db.execute("ALTER TABLE games ADD COLUMN rematch_asked TEXT NOT NULL "
                                "DEFAULT '[]'")
            if "bidding" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN bidding TEXT")
            if "undo_state" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN undo_state TEXT")
            self._pragmas = ["PRAGMA synchronous=FULL", "PRAGMA busy_timeout=10000"]
            if max_bytes:
                page = self.db.execute("PRAGMA page_size").fetchone()[0]
                self._pragmas.append(f"PRAGMA max_page_count={max(16, int(max_bytes) // page)}")
            for pragma in self._pragmas:
                self.db.execute(pragma)
        except sqlite3.DatabaseError as e:
            self.close()
            raise StoreError(f"The database {self.path} cannot be used: {e}.") from None

    # -- the one-server lock ---------------------------------------------------------------
    def _take_lock(self):
        lock_path = self.path + ".lock"
        try:
            f = open(lock_path, "a+b")
        except OSError as e:
            raise StoreError(f"The database folder cannot be used ({e.strerror}).") from None
        try:
            if os.name == "nt":
                import msvcrt
                f.seek(0)
                msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            raise StoreLocked(f"Another server is already using the database {self.path}: "
                              f"stop it first or give this one another --db.") from None
        self._lock_file = f

    def close(self):
        if getattr(self, "_writer", None) is not None:
            self._writer.close()
            self._writer = None
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    # -- writing ---------------------------------------------------------------------------
    def _write(self, statements):
        """Run ``statements`` [(sql, params)] in one transaction, committed before returning
        (the store's own connection: for tools that fill a database without a server)."""
        _run_batch(self.db, [statements])[0].result_or_raise()

    async def awrite(self, statements):
        """The same from the server's event loop: writes that arrive while one is being
        committed go together in the next transaction (one disk flush for many moves), on the
        writer's own thread and connection, so the loop goes on reading messages.  Returns
        once the transaction holding ``statements`` is committed."""
        import asyncio
        if self._writer is None:
            self._writer = _GroupWriter(self.path, self._pragmas)
        return await self._writer.write(asyncio.get_running_loop(), statements)

    def flush_times(self) -> list:
        """The seconds of the server's last commits (each a batch's disk flush), oldest first."""
        return list(self._writer.flush_times) if self._writer is not None else []

    def create(self, rec: GameRecord):
        self._write(self.create_stmts(rec))

    def create_stmts(self, rec: GameRecord) -> list:
        """The statements storing a new game (its code made unique here)."""
        for _ in range(20):
            taken = self.db.execute("SELECT 1 FROM games WHERE code=?", (rec.code,)).fetchone()
            if not taken:
                break
            rec.code = new_code()
        stmts = [("INSERT INTO games (id, game, options, seed, pace, code, created, version, "
                  "moves, move_seats, undo_base, state, winner, rematch, rematch_asked, "
                  "bidding, undo_state) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                  (rec.id, rec.game, json.dumps(rec.options), str(rec.seed), rec.pace,
                   rec.code, time.time(), rec.version, json.dumps(rec.moves),
                   json.dumps(rec.move_seats), rec.undo_base, json.dumps(rec.state),
                   rec.winner, rec.rematch, json.dumps(rec.rematch_asked),
                   None if rec.bidding is None else json.dumps(rec.bidding),
                   None if rec.undo_state is None else json.dumps(rec.undo_state)))]
        stmts += [("INSERT INTO seats VALUES (?,?,?)", (rec.id, side, h))
                  for side, h in rec.seats.items()]
        return stmts

    @staticmethod
    def seat_stmts(game_id: str, side: str, cred_hash: bytes) -> list:
        return [("UPDATE seats SET cred_hash=? WHERE game_id=? AND side=? AND "
                 "cred_hash IS NULL", (cred_hash, game_id, side))]

    @staticmethod
    def event_stmts(rec: GameRecord, kind: str, seat: str, index, lines: list,
                    undo_state_changed: bool = True) -> list:
        """The game as ``rec`` now holds it and the event that made it (version
        ``rec.version``): one transaction.  The undo snapshot is written only when it changed
        (``undo_state_changed``)."""
        snap = ", undo_state=?" if undo_state_changed else ""
        extra = (None if rec.undo_state is None else json.dumps(rec.undo_state),) \
            if undo_state_changed else ()
        return [
            ("UPDATE games SET version=?, moves=?, move_seats=?, undo_base=?, state=?, "
             "winner=?" + snap + " WHERE id=?",
             (rec.version, json.dumps(rec.moves), json.dumps(rec.move_seats), rec.undo_base,
              json.dumps(rec.state), rec.winner) + extra + (rec.id,)),
            ("INSERT INTO events VALUES (?,?,?,?,?,?)",
             (rec.id, rec.version, kind, seat, index, json.dumps(lines)))]

    @staticmethod
    def bid_stmts(rec: GameRecord, seat: str, lines: list) -> list:
        """A bid taken (the game's bids and version as ``rec`` holds them) and its event."""
        return [("UPDATE games SET version=?, bidding=? WHERE id=?",
                 (rec.version, json.dumps(rec.bidding), rec.id)),
                ("INSERT INTO events VALUES (?,?,?,?,?,?)",
                 (rec.id, rec.version, "bid", seat, None, json.dumps(lines)))]

    @staticmethod
    def sides_stmts(rec: GameRecord, sides: dict, seat: str, lines: list) -> list:
        """The second bid taken and the bids resolved: the game as ``rec`` holds it (its options
        with the handicap, its first state), each seat renamed to the side it won (``sides``:
        seat -> side) and the event."""
        return [("UPDATE games SET version=?, options=?, state=?, bidding=? WHERE id=?",
                 (rec.version, json.dumps(rec.options), json.dumps(rec.state),
                  json.dumps(rec.bidding), rec.id)),
                ("INSERT INTO events VALUES (?,?,?,?,?,?)",
                 (rec.id, rec.version, "bid", seat, None, json.dumps(lines)))] + \
            [("UPDATE seats SET side=? WHERE game_id=? AND side=?", (side, rec.id, s))
             for s, side in sides.items()]

    @staticmethod
    def rematch_stmts(game_id: str, rematch_id: str, asked: list) -> list:
        """The finished game's rematch and the sides that asked for it."""
        return [("UPDATE games SET rematch=?, rematch_asked=? WHERE id=?",
                 (rematch_id, json.dumps(asked), game_id))]

    # -- reading ---------------------------------------------------------------------------
    def load(self, game_id) -> GameRecord | None:
        if not isinstance(game_id, str):
            return None
        row = self.db.execute(
            "SELECT id, game, options, seed, pace, code, version, moves, move_seats, "
            "undo_base, state, winner, rematch, rematch_asked, bidding, undo_state FROM games "
            "WHERE id=?",
            (game_id,)).fetchone()
        if row is None:
            return None
        rec = GameRecord(row[0], row[1], json.loads(row[2]), int(row[3]), row[4], row[5],
                         row[6], json.loads(row[7]), json.loads(row[8]), row[9],
                         json.loads(row[10]), row[11], row[12],
                         rematch_asked=json.loads(row[13] or "[]"),
                         bidding=json.loads(row[14]) if row[14] else None,
                         undo_state=json.loads(row[15]) if row[15] else None)
        for side, h in self.db.execute("SELECT side, cred_hash FROM seats WHERE game_id=?",
                                       (game_id,)):
            rec.seats[side] = h
        return rec

    def game_of_code(self, code: str) -> str | None:
        row = self.db.execute("SELECT id FROM games WHERE code=?", (code,)).fetchone()
        return row[0] if row else None

    def lines_since(self, game_id: str, seen: int, limit: int = 2000) -> list:
        """The log lines of the events after version ``seen`` (at most ``limit``, the newest)."""
        out: list = []
        for (lines,) in self.db.execute(
                "SELECT lines FROM events WHERE game_id=? AND version>? ORDER BY version",
                (game_id, seen)):
            out.extend(json.loads(lines))
        return out[-limit:]

    def count_games(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0]


class _Outcome:
    def __init__(self, error=None):
        self.error = error

    def result_or_raise(self):
        if self.error is not None:
            raise self.error


def _storage_error(e: sqlite3.Error) -> StoreError:
    if _is_full(e):
        return StoreFull("The server's disk is full: the move was not stored, and the game "
                         "stays as it was; try again later.")
    return StoreError(f"The server could not store the game ({e}).")


def _run_batch(db, groups: list) -> list:
    """Commit ``groups`` (each a list of statements) in one transaction, each group in its
    own savepoint so that one failing group does not undo the others.  An [_Outcome] a group.
    A failed commit (a full disk) fails every group."""
    out = _stage(db, groups)
    error = _commit(db) if db.in_transaction else None
    return [_Outcome(error) for _ in groups] if error is not None else out


def _stage(db, groups: list) -> list:
    """``groups`` run in one open transaction, not yet committed (no disk flush: quick, so the
    server runs it on its event loop).  An [_Outcome] a group; with every group failed the
    transaction may be closed already."""
    out = [_Outcome() for _ in groups]
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as e:
        return [_Outcome(_storage_error(e)) for _ in groups]
    for k, stmts in enumerate(groups):
        try:
            db.execute("SAVEPOINT g")
            for sql, params in stmts:
                db.execute(sql, params)
            db.execute("RELEASE g")
        except sqlite3.Error as e:
            out[k] = _Outcome(_storage_error(e))
            if not db.in_transaction:   # SQLite rolled back the whole transaction itself
                return [o if o.error else _Outcome(_storage_error(e)) for o in out[:k]] + \
                    [_Outcome(_storage_error(e))] * (len(groups) - k)
            db.execute("ROLLBACK TO g")
            db.execute("RELEASE g")
    return out


def _commit(db) -> StoreError | None:
    """Commit the open transaction (the disk flush: ``synchronous=FULL``); None, or the error
    that failed it (it is rolled back)."""
    try:
        db.execute("COMMIT")
    except sqlite3.Error as e:
        if db.in_transaction:
            db.execute("ROLLBACK")
        return _storage_error(e)
    return None


class _GroupWriter:
    """One thread and one connection that commit the server's writes in groups."""

    def __init__(self, path: str, pragmas: list):
        from concurrent.futures import ThreadPoolExecutor
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="squabble-store")
        self.pending: list = []
        self.busy = False
        self.flush_times = collections.deque(maxlen=100_000)   # each batch's COMMIT, seconds
        self.db = self.pool.submit(self._open, path, pragmas).result()

    @staticmethod
    def _open(path, pragmas):
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        for pragma in pragmas:
            db.execute(pragma)
        return db

    def _commit(self):
        t = time.perf_counter()
        error = _commit(self.db)
        self.flush_times.append(time.perf_counter() - t)
        return error

    async def write(self, loop, statements):
        fut = loop.create_future()
        self.pending.append((statements, fut))
        if not self.busy:
            self.busy = True
            loop.create_task(self._flush(loop))
        outcome = await fut
        outcome.result_or_raise()

    async def _flush(self, loop):
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                # the statements on the loop (microseconds, no disk flush), the commit on the
                # writer's thread: the thread takes the interpreter's lock once a batch, not
                # once a statement (each take may wait for the loop's work to yield it)
                try:
                    outcomes = _stage(self.db, [b[0] for b in batch])
                    error = await loop.run_in_executor(self.pool, self._commit) \
                        if self.db.in_transaction else None
                except Exception as e:   # noqa: BLE001 - every waiting move gets a sentence
                    error = StoreError(f"The server could not store the game ({e}).")
                    with contextlib.suppress(sqlite3.Error):
                        if self.db.in_transaction:
                            self.db.execute("ROLLBACK")
                if error is not None:
                    outcomes = [_Outcome(error) for _ in batch]
                for (_, fut), outcome in zip(batch, outcomes):
                    if not fut.done():
                        fut.set_result(outcome)
        finally:
            self.busy = False

    def close(self):
        try:
            self.pool.submit(self.db.close).result(5)
        except Exception:   # noqa: BLE001 - closing at exit
            pass
        self.pool.shutdown(wait=False)
