"""A PostgreSQL cluster of the tests' own (issue 61): initdb into a temporary folder, owned by an
unprivileged user (the ``postgres`` system user when the tests run as root, as in CI: initdb
refuses root), listening on 127.0.0.1 on a free port with its socket in that folder; a fresh
database a test.  None of it touches a PostgreSQL server the machine may run otherwise."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile

USER = "squabble"


def binaries() -> str | None:
    """The folder of initdb and pg_ctl (Debian keeps them out of PATH), or None."""
    found = shutil.which("initdb")
    if found:
        return os.path.dirname(found)
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")):
            return d
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, bindir: str, fsync: bool = False):
        self.fsync = fsync
        self.bindir = bindir
        self.folder = tempfile.mkdtemp(prefix="squabble-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.as_user: list = []
        if os.geteuid() == 0:   # initdb refuses root: the package's own system user
            import pwd
            pw = pwd.getpwnam("postgres")
            os.chown(self.folder, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", self.data, "-U", USER, "--auth=trust", "-E", "UTF8",
                  "--no-instructions", "--no-sync")
        self.start()
        self.count = 0
        self.schema_made = False

    def _run(self, program, *args, check=True):
        return subprocess.run([*self.as_user, os.path.join(self.bindir, program), *args],
                              check=check, capture_output=True, text=True, timeout=120)

    def start(self):
        # fsync off: a test machine's crash loses the cluster anyway; a commit still waits for
        # its WAL to be written (synchronous_commit), so a stop "immediate" loses nothing
        self._run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w",
                  "-o", f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
                        f"-c fsync={'on' if self.fsync else 'off'} -c max_connections=200",
                  "start")

    def stop(self, mode="fast"):
        self._run("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop", check=False)

    def url(self, db="postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh empty database's connection string."""
        import psycopg
        self.count += 1
        name = f"t{os.getpid()}_{self.count}"
        with psycopg.connect(self.url(), autocommit=True) as c:
            c.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def emptied(self) -> str:
        """The connection string of one database of the cluster's, with the servers' tables
        made (at its first use, by the servers' migrations) and every row of them deleted:
        a test's own fresh database at the cost of a TRUNCATE, not of a CREATE DATABASE (which
        copies several MB of catalog each time).  (Whatever used it before must be stopped.)"""
        import psycopg
        url = self.url("squabble_tests")
        if not self.schema_made:
            with psycopg.connect(self.url(), autocommit=True) as c:
                c.execute("CREATE DATABASE squabble_tests")
            from squabble.online.store_pg import PgStore
            PgStore(url).close()
            self.schema_made = True
        with psycopg.connect(url, autocommit=True) as c:
            tables = [r[0] for r in c.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname='public' AND "
                "tablename != 'schema_version'")]
            c.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY")
        return url

    def close(self):
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def stored_pg(url: str, game_id: str):
    """A game's row and events as the PostgreSQL database holds them (tests/online_helpers.py
    ``stored``)."""
    import psycopg
    with psycopg.connect(url) as con:
        con.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ   # (one snapshot)
        row = con.execute("SELECT game, options, seed, version, moves, move_seats, state, "
                          "winner, deal FROM games WHERE id=%s", (game_id,)).fetchone()
        events = [tuple(e) for e in con.execute(
            "SELECT version, kind, seat, idx FROM events WHERE game_id=%s ORDER BY version",
            (game_id,)).fetchall()]
    return row, events
