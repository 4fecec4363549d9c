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

One server per database file: ``Store`` holds an exclusive lock on the database file itself
(``flock``: the lock follows the file, whatever path, symlink, hard link or bind mount names it;
on Windows a lock file named after the file's volume and index), released by the operating
system when the process ends, even by kill -9; a second server is refused with a sentence.  The
file is checked when it is opened (SQLite's ``quick_check``; ``full_check`` for the whole
``integrity_check``) and a damaged one refused.  A full disk (or the size cap, ``max_bytes``)
makes ``StoreFull``: the write is refused, its sentence naming what was not done, and the game
stays at its last stored move; new games are refused before that, while the database keeps a
reserve for the moves of games in play (issue 56).  Every SQLite error reaches a client as a
sentence of ours; SQLite's own words go to the operator's standard error only."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import hashlib
import hmac
import json
import os
import secrets
import shutil
import sqlite3
import sys
import time
from dataclasses import dataclass, field

from squabble.online import limits

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/l/I: easy to read aloud
CODE_LENGTH = 12          # 31**12 codes: docs/online.md, "Invitation codes"
OLD_CODE_LENGTH = 8       # the codes of games made before issue 56 still work
RESERVE_SHARE = 0.1       # of --max-db-mb kept for the moves of games in play
DISK_RESERVE = 64 * 1024 * 1024   # free disk kept for them (without a cap)
RESUME_LOG_BYTES = 32 * 1024      # a resume's log lines at most (the newest)

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
    pace TEXT NOT NULL, code TEXT UNIQUE NOT NULL, created REAL NOT NULL,
    version INTEGER NOT NULL, moves TEXT NOT NULL, move_seats TEXT NOT NULL,
    undo_base INTEGER NOT NULL, state TEXT NOT NULL, winner TEXT, rematch TEXT,
    rematch_asked TEXT NOT NULL DEFAULT '[]', bidding TEXT, undo_state TEXT, deal TEXT);
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


class StoreDamaged(StoreError):
    pass


class StoreConflict(StoreError):
    """A guarded write found its row changed by another server process (PostgreSQL, several
    processes over one database): nothing of it was stored."""


CONFLICT = "another server process changed the game first (its next update shows it)"
READ_FAILED = ("The server could not read the game from its database: nothing was done; try "
               "again later.")


def take_over(rec: GameRecord, new: GameRecord) -> None:
    """``rec`` (the room's record, which others hold) becomes ``new``, once it is stored."""
    for f in dataclasses.fields(rec):
        setattr(rec, f.name, getattr(new, f.name))


class Stmts(list):
    """A write's statements [(sql, params)] and what a refusal of it says was not done;
    ``game``: the game it changes (a PostgreSQL store tells the other server processes);
    ``guards``: the indexes of the statements that must change exactly one row, or the whole
    write is refused (``StoreConflict``: the decision number checked in the transaction that
    stores the move)."""

    def __init__(self, items, what: str, game: str | None = None, guards=()):
        super().__init__(items)
        self.what = what
        self.game = game
        self.guards = tuple(guards)


def _what(statements) -> str:
    return getattr(statements, "what", "nothing was stored")


def _tell_operator(e: BaseException) -> None:
    """SQLite's own words, for the server's operator (standard error), never for a client."""
    try:
        sys.stderr.write(f"squabble serve: the database failed: {type(e).__name__}: {e}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _damaged(path: str, finding: str) -> StoreDamaged:
    return StoreDamaged(
        f"The database {path} is damaged ({finding[:200]}): stop here and restore it from a "
        f"backup (docs/online.md, \"Backups\"), or move it aside to start with no games.")


def _connect(path: str):
    """A connection to the SQLite file, with ``power`` (the Elo in SQL: online/ratings.py)
    where this SQLite was built without its mathematical functions."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        db.execute("SELECT power(10.0, 0.5)")
    except sqlite3.OperationalError:
        import math
        db.create_function("power", 2, math.pow, deterministic=True)
    return db


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
    """An invitation code as typed ("abcd-efgh-jkmn", spaces, dashes) in its stored form, None
    if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) not in (CODE_LENGTH, OLD_CODE_LENGTH) or \
            any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def show_code(code: str) -> str:
    """ABCD-EFGH-JKMN (an old code: ABCD-EFGH)."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


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
    # the committed deal (online/fair.py): its reveal, commitment and the players' values;
    # None in a game stored before deals were committed
    deal: dict | None = None


def _is_full(e: sqlite3.Error) -> bool:
    return getattr(e, "sqlite_errorcode", None) == 13 or "full" in str(e).lower()


def _record(row, seats) -> GameRecord:
    """The game of a ``LOAD_GAME`` row and its ``LOAD_SEATS`` rows."""
    try:
        rec = GameRecord(row[0], row[1], json.loads(row[2]), int(row[3]), row[4], row[5],
                         row[6], json.loads(row[7]), json.loads(row[8]), row[9],
                         json.loads(row[10]), row[11], row[12],
                         rematch_asked=json.loads(row[13] or "[]"),
                         bidding=json.loads(row[14]) if row[14] else None,
                         undo_state=json.loads(row[15]) if row[15] else None,
                         deal=json.loads(row[16]) if row[16] else None)
    except (ValueError, TypeError) as e:
        _tell_operator(e)
        raise StoreError("The server could not read the game from its database (its row "
                         "is damaged): nothing was done.") from None
    for side, h in seats:
        rec.seats[side] = h
    return rec


LOAD_GAME = ("SELECT id, game, options, seed, pace, code, version, moves, move_seats, undo_base, "
             "state, winner, rematch, rematch_asked, bidding, undo_state, deal FROM games WHERE "
             "id=?")
LOAD_SEATS = "SELECT side, cred_hash FROM seats WHERE game_id=?"


class Storage:
    """What the server asks of a store, SQLite's (``Store``, here) or PostgreSQL's
    (``store_pg.PgStore``): the statements of each change (SQLite's dialect: a PostgreSQL store
    translates them, store_pg.pg_sql) and the reads, over each store's own ``_read``, ``_scan``,
    ``awrite`` and ``_write``."""

    def create(self, rec: GameRecord):
        self._write(self.create_stmts(rec))

    def create_stmts(self, rec: GameRecord) -> list:
        """The statements storing a new game (its code made unique here)."""
        for _ in range(20):
            taken = self._read("SELECT 1 FROM games WHERE code=?", (rec.code,))
            if not taken:
                break
            rec.code = new_code()
        stmts = [("INSERT INTO games (id, game, options, seed, pace, code, created, version, "
                  "moves, move_seats, undo_base, state, winner, rematch, rematch_asked, "
                  "bidding, undo_state, deal) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                  (rec.id, rec.game, json.dumps(rec.options), str(rec.seed), rec.pace,
                   rec.code, limits.now(), rec.version, json.dumps(rec.moves),
                   json.dumps(rec.move_seats), rec.undo_base, json.dumps(rec.state),
                   rec.winner, rec.rematch, json.dumps(rec.rematch_asked),
                   None if rec.bidding is None else json.dumps(rec.bidding),
                   None if rec.undo_state is None else json.dumps(rec.undo_state),
                   None if rec.deal is None else json.dumps(rec.deal)))]
        stmts += [("INSERT INTO seats VALUES (?,?,?)", (rec.id, side, h))
                  for side, h in rec.seats.items()]
        return Stmts(stmts, "the game was not created")

    @staticmethod
    def seat_stmts(game_id: str, side: str, cred_hash: bytes, dealt=None) -> list:
        """A seat taken; with ``dealt`` (the game's record) its deal, seed and first state as
        the friend's contribution made them, in the same transaction."""
        deal = [] if dealt is None else Storage.deal_stmts(game_id, dealt)
        return Stmts([("UPDATE seats SET cred_hash=? WHERE game_id=? AND side=? AND "
                       "cred_hash IS NULL", (cred_hash, game_id, side))] + deal,
                     "you have not joined the game", game_id, guards=(0, 1) if deal else (0,))

    @staticmethod
    def deal_stmts(game_id: str, dealt) -> list:
        """A game dealt again with the friend's contribution (``dealt``: its record), only
        while no move was stored (another server process may have stored the creator's first
        move: then the deal stands, as on one process)."""
        return [("UPDATE games SET seed=?, state=?, deal=? WHERE id=? AND version=?",
                 (str(dealt.seed), json.dumps(dealt.state), json.dumps(dealt.deal), game_id,
                  dealt.version))]

    def unjoined(self, before: float) -> list:
        """The games made before ``before`` (the limits' clock) that nobody joined: a seat
        still open and no move made (a rematch, both seats taken, is never one)."""
        return [r[0] for r in self._read(
            "SELECT id FROM games WHERE created<? AND version=0 AND id IN "
            "(SELECT game_id FROM seats WHERE cred_hash IS NULL)", (before,), every=True)]

    @staticmethod
    def delete_stmts(ids: list) -> list:
        """Games deleted, with their seats and events."""
        from squabble.online import chat, clock, names, ratings, webhooks
        marks = ",".join("?" * len(ids))
        return Stmts(chat.delete_stmts(ids) + clock.delete_stmts(ids) +
                     webhooks.delete_stmts(ids) + names.delete_stmts(ids) +
                     ratings.delete_stmts(ids) + [
            (f"DELETE FROM {t} WHERE {c} IN ({marks})", list(ids))
            for t, c in (("events", "game_id"), ("seats", "game_id"), ("games", "id"))],
            "no game was deleted")

    @staticmethod
    def event_stmts(rec: GameRecord, kind: str, seat: str, index, lines: list,
                    undo_state_changed: bool = True) -> list:
        """The game as ``rec`` now holds it and the event that made it (version
        ``rec.version``): one transaction.  An undo deletes the event of the move it takes
        back and the undos since the last move in force, so that moving and taking back, again
        and again, leaves one row and one line (the log grows with the moves in force only).
        The undo snapshot is written only when it changed (``undo_state_changed``)."""
        undone = []
        if kind == "undo":
            undone = [
                ("DELETE FROM events WHERE game_id=? AND version=(SELECT MAX(version) FROM "
                 "events WHERE game_id=? AND kind='move')", (rec.id, rec.id)),
                ("DELETE FROM events WHERE game_id=? AND kind='undo' AND version>(SELECT "
                 "COALESCE(MAX(version), 0) FROM events WHERE game_id=? AND kind!='undo')",
                 (rec.id, rec.id))]
        snap = ", undo_state=?" if undo_state_changed else ""
        extra = (None if rec.undo_state is None else json.dumps(rec.undo_state),) \
            if undo_state_changed else ()
        # (the guard: the game is still at the decision answered, and of the deal it was
        # answered on: another server process may have dealt it again at the friend's join)
        return Stmts(undone + [
            ("UPDATE games SET version=?, moves=?, move_seats=?, undo_base=?, state=?, "
             "winner=?" + snap + " WHERE id=? AND version=? AND seed=?",
             (rec.version, json.dumps(rec.moves), json.dumps(rec.move_seats), rec.undo_base,
              json.dumps(rec.state), rec.winner) + extra + (rec.id, rec.version - 1,
                                                            str(rec.seed))),
            ("INSERT INTO events VALUES (?,?,?,?,?,?)",
             (rec.id, rec.version, kind, seat, index, json.dumps(lines)))],
            "the move was not stored, and the game stays as it was" if kind == "move" else
            "nothing was taken back, and the game stays as it was", rec.id,
            guards=(len(undone),))

    @staticmethod
    def bid_stmts(rec: GameRecord, seat: str, lines: list) -> list:
        """A bid taken (the game's bids and version as ``rec`` holds them) and its event."""
        return Stmts([("UPDATE games SET version=?, bidding=? WHERE id=? AND version=?",
                       (rec.version, json.dumps(rec.bidding), rec.id, rec.version - 1)),
                      ("INSERT INTO events VALUES (?,?,?,?,?,?)",
                       (rec.id, rec.version, "bid", seat, None, json.dumps(lines)))],
                     "your bid was not stored", rec.id, guards=(0,))

    @staticmethod
    def sides_stmts(rec: GameRecord, sides: dict, seat: str, lines: list) -> list:
        """The second bid taken and the bids resolved: the game as ``rec`` holds it (its options
        with the handicap, its first state), each seat renamed to the side it won (``sides``:
        seat -> side) and the event."""
        return Stmts([("UPDATE games SET version=?, options=?, state=?, bidding=? WHERE id=? "
                       "AND version=?",
                       (rec.version, json.dumps(rec.options), json.dumps(rec.state),
                        json.dumps(rec.bidding), rec.id, rec.version - 1)),
                      ("INSERT INTO events VALUES (?,?,?,?,?,?)",
                       (rec.id, rec.version, "bid", seat, None, json.dumps(lines)))] +
                     [("UPDATE seats SET side=? WHERE game_id=? AND side=?", (side, rec.id, s))
                      for s, side in sides.items()], "your bid was not stored", rec.id,
                     guards=(0,))

    @staticmethod
    def rematch_stmts(game_id: str, rematch_id: str, asked: list) -> list:
        """The finished game's rematch and the sides that asked for it."""
        return Stmts([("UPDATE games SET rematch=?, rematch_asked=? WHERE id=? AND "
                       "(rematch IS NULL OR rematch=?)",
                       (rematch_id, json.dumps(asked), game_id, rematch_id))],
                     "the rematch was not made", game_id, guards=(0,))

    def load(self, game_id) -> GameRecord | None:
        if not isinstance(game_id, str):
            return None
        row = self._read(LOAD_GAME, (game_id,))
        return None if row is None else \
            _record(row, self._read(LOAD_SEATS, (game_id,), every=True))

    async def _aread(self, sql: str, params=(), every: bool = False):
        """``_read`` for the event loop (SQLite's: at once, as the server reads it anyway)."""
        return self._read(sql, params, every)

    async def aload(self, game_id) -> GameRecord | None:
        """``load`` for the event loop (PostgreSQL's does not hold it up)."""
        row = await self._aread(LOAD_GAME, (game_id,))
        return None if row is None else \
            _record(row, await self._aread(LOAD_SEATS, (game_id,), every=True))

    def game_of_code(self, code: str) -> str | None:
        row = self._read("SELECT id FROM games WHERE code=?", (code,))
        return row[0] if row else None

    def lines_since(self, game_id: str, seen: int,
                    max_bytes: int = RESUME_LOG_BYTES) -> tuple:
        """The log lines of the events after version ``seen``: the newest whose text holds at
        most ``max_bytes`` (read newest first, no further than that), and how many older events
        were left out."""
        texts: list = []        # each event's lines as their JSON text, newest first
        size, oldest = 0, None
        try:
            for version, lines in self._scan(
                    "SELECT version, lines FROM events WHERE game_id=? AND version>? "
                    "ORDER BY version DESC", (game_id, seen)):
                size += len(lines)
                if size > max_bytes:
                    break
                texts.append(lines)
                oldest = version
            out = [x for lines in json.loads("[" + ",".join(reversed(texts)) + "]")
                   for x in lines]
        except ValueError as e:
            _tell_operator(e)
            raise StoreError(READ_FAILED) from None
        left_out = 0
        if size > max_bytes:
            left_out = self._read("SELECT COUNT(*) FROM events WHERE game_id=? AND version>? "
                                  "AND version<?", (game_id, seen,
                                                    oldest if oldest is not None else
                                                    2 ** 62))[0]
        return out, left_out

    def count_games(self) -> int:
        return self._read("SELECT COUNT(*) FROM games")[0]


class Store(Storage):

    def __init__(self, path: str, max_bytes: int | None = None, check: bool = True):
        self.path = os.path.abspath(path)
        self._lock_file = None
        self._writer = None
        self.max_bytes = int(max_bytes) if max_bytes else None
        self._take_lock()
        try:
            self.db = _connect(self.path)
            if check:
                self._check("quick_check(1)")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.executescript(SCHEMA)
            from squabble.online import chat, clock, names, ratings, webhooks
            for schema in (chat.SCHEMA, clock.SCHEMA, webhooks.SCHEMA, names.SCHEMA,
                           ratings.SCHEMA):
                self.db.executescript(schema)
            columns = {r[1] for r in self.db.execute("PRAGMA table_info(games)")}
            if "rematch_asked" not in columns:   # a database of before the column
                self.db.execute("ALTER TABLE games ADD COLUMN rematch_asked TEXT NOT NULL "
                                "DEFAULT '[]'")
            if "bidding" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN bidding TEXT")
            if "undo_state" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN undo_state TEXT")
            if "deal" not in columns:
                self.db.execute("ALTER TABLE games ADD COLUMN deal TEXT")
            self._pragmas = ["PRAGMA synchronous=FULL", "PRAGMA busy_timeout=10000"]
            if max_bytes:
                page = self.db.execute("PRAGMA page_size").fetchone()[0]
                self._pragmas.append(f"PRAGMA max_page_count={max(16, int(max_bytes) // page)}")
            for pragma in self._pragmas:
                self.db.execute(pragma)
        except StoreError:
            self.close()
            raise
        except sqlite3.DatabaseError as e:
            self.close()
            if "not a database" in str(e) or "malformed" in str(e):
                raise _damaged(self.path, "it is not a whole SQLite database") from None
            raise StoreError(f"The database {self.path} cannot be used (SQLite: {e}).") from None

    # -- the check ----------------------------------------------------------------------------
    def _check(self, pragma: str):
        try:
            rows = [r[0] for r in self.db.execute(f"PRAGMA {pragma}")]
        except sqlite3.DatabaseError as e:
            raise _damaged(self.path, str(e)) from None
        if rows != ["ok"]:
            raise _damaged(self.path, "; ".join(str(r) for r in rows[:3]))

    def full_check(self) -> int:
        """SQLite's whole ``integrity_check`` (every page, every index); the number of games,
        or ``StoreDamaged``."""
        self._check("integrity_check(20)")
        return self.count_games()

    # -- the one-server lock ---------------------------------------------------------------
    def _take_lock(self):
        """An exclusive lock on the database file itself (made empty if it is not there yet:
        SQLite takes an empty file as a new database)."""
        try:
            f = open(self.path, "a+b")
            if os.name == "nt":       # Windows locks bytes for good: a lock file, named after
                import msvcrt         # the database's volume and index, in the temporary folder
                import tempfile
                st = os.fstat(f.fileno())
                f.close()
                f = open(os.path.join(tempfile.gettempdir(),
                                      f"squabble-db-{st.st_dev}-{st.st_ino}.lock"), "a+b")
        except OSError as e:
            raise StoreError(f"The database {self.path} cannot be used "
                             f"({e.strerror}).") from None
        try:
            if os.name == "nt":
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
            try:
                self._writer = _GroupWriter(self.path, self._pragmas)
            except sqlite3.Error as e:
                raise _storage_error(e, _what(statements)) from None
        return await self._writer.write(asyncio.get_running_loop(), statements)

    def flush_times(self) -> list:
        """The seconds of the server's last commits (each a batch's disk flush), oldest first."""
        return list(self._writer.flush_times) if self._writer is not None else []

    def room_for_new_games(self) -> bool:
        """Whether a new game may be stored: the database stays below its cap less the reserve
        kept for moves (``RESERVE_SHARE`` of it), and the disk keeps ``DISK_RESERVE`` free."""
        try:
            if self.max_bytes:
                page = self.db.execute("PRAGMA page_size").fetchone()[0]
                used = (self.db.execute("PRAGMA page_count").fetchone()[0]
                        - self.db.execute("PRAGMA freelist_count").fetchone()[0]) * page
                if used >= self.max_bytes * (1 - RESERVE_SHARE):
                    return False
            return shutil.disk_usage(os.path.dirname(self.path)).free >= DISK_RESERVE
        except (sqlite3.Error, OSError) as e:
            _tell_operator(e)
            return False

    # -- reading ---------------------------------------------------------------------------
    def _read(self, sql: str, params=(), every: bool = False):
        """One query's first row (``every``: all its rows); a failure of the database is a
        sentence of ours (SQLite's words go to the operator)."""
        try:
            cur = self.db.execute(sql, params)
            return cur.fetchall() if every else cur.fetchone()
        except sqlite3.Error as e:
            _tell_operator(e)
            raise StoreError(READ_FAILED) from None

    def _scan(self, sql: str, params=()):
        """A query's rows one by one (read no further than the caller goes)."""
        try:
            yield from self.db.execute(sql, params)
        except sqlite3.Error as e:
            _tell_operator(e)
            raise StoreError(READ_FAILED) from None

class _Outcome:
    def __init__(self, error=None):
        self.error = error

    def result_or_raise(self):
        if self.error is not None:
            raise self.error


def _storage_error(e: BaseException, what: str) -> StoreError:
    """The sentence of a failed write: what was not done (``what``), in words of ours."""
    if isinstance(e, sqlite3.Error) and _is_full(e):
        return StoreFull(f"The server's disk is full: {what}; try again later.")
    _tell_operator(e)
    return StoreError(f"The server's database failed: {what}; try again later.")


def _run_batch(db, groups: list) -> list:
    """Commit ``groups`` (each a list of statements) in one transaction, each group in its
    own savepoint so that one failing group does not undo the others.  An [_Outcome] a group.
    A failed commit (a full disk) fails every group."""
    out = _stage(db, groups)
    error = _commit(db) if db.in_transaction else None
    return _failed(groups, error) if error is not None else out


def _failed(groups: list, e: BaseException) -> list:
    """Every group failed by ``e``, each with its own sentence."""
    return [_Outcome(_storage_error(e, _what(g))) for g in groups]


def _stage(db, groups: list) -> list:
    """``groups`` run in one open transaction, not yet committed (no disk flush: quick, so the
    server runs it on its event loop).  An [_Outcome] a group; with every group failed the
    transaction may be closed already."""
    out = [_Outcome() for _ in groups]
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as e:
        return _failed(groups, e)
    for k, stmts in enumerate(groups):
        try:
            db.execute("SAVEPOINT g")
            guards = getattr(stmts, "guards", ())
            for i, (sql, params) in enumerate(stmts):
                if db.execute(sql, params).rowcount != 1 and i in guards:
                    raise StoreConflict(f"Not done: {CONFLICT}; {_what(stmts)}.")
            db.execute("RELEASE g")
        except StoreConflict as e:
            out[k] = _Outcome(e)
            db.execute("ROLLBACK TO g")
            db.execute("RELEASE g")
        except sqlite3.Error as e:
            out[k] = _Outcome(_storage_error(e, _what(stmts)))
            if not db.in_transaction:   # SQLite rolled back the whole transaction itself
                return [o if o.error else _failed([g], e)[0]
                        for o, g in zip(out[:k + 1], groups)] + _failed(groups[k + 1:], e)
            db.execute("ROLLBACK TO g")
            db.execute("RELEASE g")
    return out


def _commit(db) -> sqlite3.Error | None:
    """Commit the open transaction (the disk flush: ``synchronous=FULL``); None, or the error
    that failed it (it is rolled back)."""
    try:
        db.execute("COMMIT")
    except sqlite3.Error as e:
        with contextlib.suppress(sqlite3.Error):
            if db.in_transaction:
                db.execute("ROLLBACK")
        return e
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
        db = _connect(path)
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
                    error = e
                    with contextlib.suppress(sqlite3.Error):
                        if self.db.in_transaction:
                            self.db.execute("ROLLBACK")
                if error is not None:
                    outcomes = _failed([b[0] for b in batch], error)
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
