"""The server's SQLite store (issue 52): one database file, WAL, every accepted move committed
before it is acknowledged or sent on.

Tables: ``games`` (one row a game: its registry name, options, the server's secret seed, the
moves in force and the state they make, whose decisions an undo may take back), ``seats`` (a
hash of each seat's credential: the credential itself is never stored), ``events`` (each move or
undo with the log lines it made, for a client that resumes from the last move it saw).

One server per database file: ``Store`` holds an exclusive lock on ``FILE.lock`` (released by
the operating system when the process ends, even by kill -9); a second server is refused with a
sentence.  A full disk (or the size cap, ``max_bytes``) makes ``StoreFull``: the move is
refused and the game stays at its last stored move."""

from __future__ import annotations

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
    undo_base INTEGER NOT NULL, state TEXT NOT NULL, winner TEXT, rematch TEXT);
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


def _is_full(e: sqlite3.Error) -> bool:
    return getattr(e, "sqlite_errorcode", None) == 13 or "full" in str(e).lower()


class Store:
    def __init__(self, path: str, max_bytes: int | None = None):
        self.path = os.path.abspath(path)
        self._lock_file = None
        self._take_lock()
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.executescript(SCHEMA)
            if max_bytes:
                page = self.db.execute("PRAGMA page_size").fetchone()[0]
                self.db.execute(f"PRAGMA max_page_count={max(16, int(max_bytes) // page)}")
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
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
            self.db = None
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    # -- writing ---------------------------------------------------------------------------
    def _write(self, statements):
        """Run ``statements`` [(sql, params)] in one transaction, committed before returning."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    self.db.execute(sql, params)
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:   # SQLite rolls back by itself on a full disk
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            if _is_full(e):
                raise StoreFull("The server's disk is full: the move was not stored, and the "
                                "game stays as it was; try again later.") from None
            raise StoreError(f"The server could not store the game ({e}).") from None

    def create(self, rec: GameRecord) -> None:
        """Store a new game (its code made unique here)."""
        for _ in range(20):
            taken = self.db.execute("SELECT 1 FROM games WHERE code=?", (rec.code,)).fetchone()
            if not taken:
                break
            rec.code = new_code()
        stmts = [("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                  (rec.id, rec.game, json.dumps(rec.options), str(rec.seed), rec.pace,
                   rec.code, time.time(), rec.version, json.dumps(rec.moves),
                   json.dumps(rec.move_seats), rec.undo_base, json.dumps(rec.state),
                   rec.winner, rec.rematch))]
        stmts += [("INSERT INTO seats VALUES (?,?,?)", (rec.id, side, h))
                  for side, h in rec.seats.items()]
        self._write(stmts)

    def take_seat(self, game_id: str, side: str, cred_hash: bytes) -> bool:
        """Fill an open seat; False if it was taken meanwhile."""
        cur = self.db.execute("SELECT cred_hash FROM seats WHERE game_id=? AND side=?",
                              (game_id, side)).fetchone()
        if cur is None or cur[0] is not None:
            return False
        self._write([("UPDATE seats SET cred_hash=? WHERE game_id=? AND side=? AND "
                      "cred_hash IS NULL", (cred_hash, game_id, side))])
        return True

    def save_event(self, rec: GameRecord, kind: str, seat: str, index, lines: list) -> None:
        """Store the game as ``rec`` now holds it and the event that made it (version
        ``rec.version``), in one transaction."""
        self._write([
            ("UPDATE games SET version=?, moves=?, move_seats=?, undo_base=?, state=?, "
             "winner=? WHERE id=?",
             (rec.version, json.dumps(rec.moves), json.dumps(rec.move_seats), rec.undo_base,
              json.dumps(rec.state), rec.winner, rec.id)),
            ("INSERT INTO events VALUES (?,?,?,?,?,?)",
             (rec.id, rec.version, kind, seat, index, json.dumps(lines)))])

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        self._write([("UPDATE games SET rematch=? WHERE id=?", (rematch_id, game_id))])

    # -- reading ---------------------------------------------------------------------------
    def load(self, game_id) -> GameRecord | None:
        if not isinstance(game_id, str):
            return None
        row = self.db.execute(
            "SELECT id, game, options, seed, pace, code, version, moves, move_seats, "
            "undo_base, state, winner, rematch FROM games WHERE id=?", (game_id,)).fetchone()
        if row is None:
            return None
        rec = GameRecord(row[0], row[1], json.loads(row[2]), int(row[3]), row[4], row[5],
                         row[6], json.loads(row[7]), json.loads(row[8]), row[9],
                         json.loads(row[10]), row[11], row[12])
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
