"""Real server processes on 127.0.0.1 for the online tests (issue 52): ``python -m squabble
serve --port 0 --db FILE`` started and stopped by the test itself."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class ServerProcess:
    """``squabble serve`` on 127.0.0.1 (a free port unless ``port``).  Every test's clients come
    from this one address, so unless ``args`` set them the games one address may create are
    lifted (a test of the lobby makes more than a person would in a minute); the other limits
    of an address stand (tests/test_online_limits.py sets them all)."""

    def __init__(self, db, port=0, args=(), prelude=None):
        self.db = str(db)
        if "--games-per-minute" not in args:
            args = ["--games-per-minute", "1000", "--games-per-hour", "10000", *args]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        if prelude is None:
            cmd = [sys.executable, "-m", "squabble", "serve"]
        else:   # a test that plants a fault runs the same command after its own lines
            cmd = [sys.executable, "-c", prelude + "\nimport sys\nfrom squabble.cli import main"
                   "\nsys.exit(main(sys.argv[1:]))", "serve"]
        cmd += ["--port", str(port), "--db", self.db, *args]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, cwd=ROOT, env=env)
        line = self.proc.stdout.readline()
        m = re.search(r"(wss?://\S+?)/ ", line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"the server did not start: {line!r} "
                                 f"{self.proc.stderr.read()!r}")
        self.url = m.group(1) + "/"
        self.stderr_text = ""
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._close_pipes()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._close_pipes()

    def _close_pipes(self):
        """(After the process ended.)  What it wrote to standard error is kept in
        ``stderr_text``."""
        if self.proc.stderr is not None and not self.proc.stderr.closed:
            self.stderr_text = self.proc.stderr.read()
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()


def stored(db, game_id) -> dict:
    """A game's row as the database holds it (read by the test alone): a SQLite file, or a
    PostgreSQL database's connection string."""
    if str(db).startswith("postgresql://"):
        from tests.pg_cluster import stored_pg
        row, events = stored_pg(db, game_id)
    else:
        con = sqlite3.connect(str(db))
        try:
            row = con.execute("SELECT game, options, seed, version, moves, move_seats, state, "
                              "winner, deal FROM games WHERE id=?", (game_id,)).fetchone()
            events = con.execute("SELECT version, kind, seat, idx FROM events WHERE game_id=? "
                                 "ORDER BY version", (game_id,)).fetchall()
        finally:
            con.close()
    return {"game": row[0], "options": json.loads(row[1]), "seed": int(row[2]),
            "version": row[3], "moves": json.loads(row[4]), "move_seats": json.loads(row[5]),
            "state": json.loads(row[6]), "winner": row[7], "events": events,
            "deal": json.loads(row[8]) if row[8] else None}


def random_chooser(seed):
    rnd = random.Random(seed)
    return lambda u: rnd.randrange(len(u["decision"]["options"]))


async def played_and_watched(url, a, b, code, seed):
    """The game of invitation ``code`` played to its end by seats ``a`` and ``b`` (random
    choices from ``seed``) with a spectator watching it all: (a's last update, the spectator)."""
    from squabble.online.client import Client, play
    w = await Client(url, record=True).connect()
    await w.watch(code)
    ra, _ = await asyncio.gather(play(a, random_chooser(seed)),
                                 play(b, random_chooser(seed + 100)))
    while w.last is None or w.last["version"] < ra["version"]:
        await w.next_update(10)
    return ra, w


def run(coro, timeout=120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def run_then_stop(server, coro, timeout=120):
    """``run(coro)``, the server stopped afterwards whatever happened."""
    try:
        return run(coro, timeout)
    finally:
        server.stop()


def split_server_args(argv) -> tuple:
    """A bench's own arguments, and those after ``--`` for ``squabble serve``."""
    if "--" not in argv:
        return list(argv), []
    k = argv.index("--")
    return list(argv[:k]), list(argv[k + 1:])


async def raw_socket(url, source=None, headers=None, timeout=5):
    """A bare websockets connection (a hostile client speaks through it); ``source``: the
    loopback address it comes from (127.0.0.2, ...: another client address), ``headers``:
    extra request headers."""
    from websockets.asyncio.client import connect
    more = {"local_addr": (source, 0)} if source else {}
    return await connect(url, max_size=None, open_timeout=timeout, ping_interval=None,
                         additional_headers=headers, **more)


class FakeClock:
    """The time a server process's limits read (``squabble.online.limits.now``): a number in
    a file the test sets, through ``prelude`` (give it to ServerProcess)."""

    def __init__(self, path, start=1_800_000_000.0):
        self.path = Path(path)
        self.t = start
        self.set(start)

    def set(self, t):
        self.t = float(t)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(repr(self.t))
        os.replace(tmp, self.path)

    def advance(self, seconds):
        self.set(self.t + seconds)

    @property
    def prelude(self) -> str:
        return ("import pathlib\nfrom squabble.online import limits\n"
                f"_clock = pathlib.Path({str(self.path)!r})\n"
                "limits.now = lambda: float(_clock.read_text())\n")


def rss_peak_mb(pid, field="VmHWM") -> float:
    """A process's peak resident memory (Linux), MB (``field="VmRSS"``: its present one)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile_ms(seconds, p) -> float:
    """The ``p`` quantile (0..1) of ``seconds``, in milliseconds (NaN of none)."""
    xs = sorted(seconds)
    return xs[min(len(xs) - 1, int(len(xs) * p))] * 1000 if xs else float("nan")


async def two_players(url, game="squabble", options=None, side="USSR"):
    """Two clients seated in a new game, its first update in: (creator, joiner, created)."""
    from squabble.online.client import Client
    a = await Client(url).connect()
    b = await Client(url).connect()
    created = await a.create(game, options or {}, side=side)
    await b.join(created["code"])
    await a.until_version(0)
    return a, b, created


async def correspondence_game(url_usa, url_ussr):
    """A Squabble correspondence game with a 1-day clock: the USA creates it at ``url_usa``,
    Boris joins as the USSR (who decides first) at ``url_ussr``: (usa, ussr, created)."""
    from squabble.online.client import Client
    a = await Client(url_usa).connect()
    created = await a.create("squabble", {}, side="USA", pace="correspondence",
                             clock={"kind": "correspondence", "preset": "1d"})
    b = await Client(url_ussr).connect()
    await b.join(created["code"], name="Boris")
    await b.until_version(0)
    return a, b, created


async def said(ws, msg, timeout=5):
    await ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))


def wait_until(pred, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return False


# -- durability: kill -9 the server while games are live ------------------------------------

def check_stored_game(db, game_id, replay=True):
    """The stored game is whole: one event a version, and (``replay``) its state is what its
    moves make from its seed.  Returns the row."""
    from squabble.online import table
    row = stored(db, game_id)
    assert [e[0] for e in row["events"]] == list(range(1, row["version"] + 1))
    assert len(row["moves"]) == row["version"]   # (no undo in these games)
    assert [e[3] for e in row["events"]] == row["moves"]
    if replay:
        assert table.normal(table.replay(row["game"], row["seed"], row["options"],
                                         row["moves"])) == row["state"]
    return row


def kill_soak(tmp_path, kills: int, games=(("struggle", {}), ("struggle", {}),
                                            ("squabble", {"events": True})),
              gap=(0.05, 0.3), max_version=400, seed=0, think=(0.002, 0.03), db=None,
              processes=1):
    """Play ``games`` between pairs of bot clients while the server is killed with SIGKILL
    ``kills`` times at random moments and started again on the same port and database.
    After every kill each game is checked in the database; at the end, every acknowledged
    move is stored, every stored move is one a seat sent for that decision number (nothing
    applied twice), and the games went on.  A game that ends keeps its clients connected
    (they reconnect after each kill and catch up) until every kill is done, so the number of
    kills never depends on how long random games last.  Returns figures, ``live_kills`` the
    kills made while some game was still being played.

    With ``db`` (a PostgreSQL database's connection string) and ``processes`` > 1: that many
    server processes over it, each client given every address (its first another process for
    each seat of a game), one process at random killed each time and started again while the
    clients move on to a live one (issue 61)."""
    import threading

    from squabble.online.client import Client

    db = db or Path(tmp_path) / "soak.sqlite3"
    lifted = ["--connections-per-minute", "100000"]   # (a restart every few tenths of a second)
    servers = [ServerProcess(db, args=lifted) for _ in range(processes)]
    urls = [s.url for s in servers]
    rnd = random.Random(seed)
    rnd_think = random.Random(seed + 1)
    resent = [0]
    pairs, sent = [], {}
    done = threading.Event()
    stop = threading.Event()      # every kill is done: the bots may leave
    failure = []

    async def bot(c, pick):
        seen_reconnects, last_sent = 0, None
        while not stop.is_set():
            last = c.last
            if c.reconnects != seen_reconnects and last_sent is not None:
                # a client unsure whether its move went in sends it again, unchanged: the
                # decision number must keep it from being applied twice
                seen_reconnects = c.reconnects
                try:
                    await c.ws.send(json.dumps({"type": "move", "decision": last_sent[0],
                                                "index": last_sent[1]}))
                    resent[0] += 1
                except Exception:
                    pass
            if last is not None and (last.get("winner") is not None
                                     or last["version"] >= max_version):
                await asyncio.sleep(0.05)      # over: stay connected until the kills are done
                continue
            if last is not None and c.my_turn():
                key = (last["version"], c.reconnects)
                if sent.get(id(c), {}).get("key") != key:
                    await asyncio.sleep(rnd_think.uniform(*think))   # a person's pace
                    if c.last is not last:
                        continue
                    index = pick(last)
                    sent.setdefault(id(c), {"key": None, "moves": set()})
                    sent[id(c)]["key"] = key
                    sent[id(c)]["moves"].add((last["version"], index))
                    last_sent = (last["version"], index)
                    try:
                        await c.move(index)
                    except Exception:
                        pass
            try:
                await c.next_update(1.0)
            except asyncio.TimeoutError:   # no answer (refused as a flood, lost): send again
                if id(c) in sent:
                    sent[id(c)]["key"] = None

    async def main():
        for k, (game, opts) in enumerate(games):
            a = await Client(urls[k % processes:] + urls[:k % processes],
                             backoff=(0.02, 0.3)).connect()
            b = await Client(urls[(k + 1) % processes:] + urls[:(k + 1) % processes],
                             backoff=(0.02, 0.3)).connect()
            created = await a.create(game, opts, side="USSR")
            await b.join(created["code"])
            pairs.append((created["game_id"], a, b))
        await asyncio.gather(*(bot(c, random_chooser(seed * 100 + 2 * i + j))
                               for i, (_, a, b) in enumerate(pairs)
                               for j, c in enumerate((a, b))))
        for _, a, b in pairs:
            await a.close(), await b.close()

    def client_thread():
        try:
            asyncio.run(asyncio.wait_for(main(), 300))
        except BaseException as e:   # noqa: BLE001 - reported by the test
            failure.append(e)
        done.set()

    t = threading.Thread(target=client_thread, daemon=True)
    t.start()
    wait_until(lambda: len(pairs) == len(games) or done.is_set(), 30)
    kills_done, live_kills, versions_seen = 0, 0, []
    try:
        while kills_done < kills and not failure:
            time.sleep(rnd.uniform(*gap))
            victim = rnd.randrange(processes)
            servers[victim].kill9()
            kills_done += 1
            live = False
            for gid, a, b in list(pairs):
                acked = max(a.acks + b.acks + [-1])   # (before the read: other processes go on)
                row = check_stored_game(db, gid, replay=kills_done % 4 == 1)
                # every move acknowledged before the kill is in the database
                assert acked < row["version"] or acked == -1
                versions_seen.append(row["version"])
                live = live or (row["winner"] is None and row["version"] < max_version)
            live_kills += live
            servers[victim] = ServerProcess(db, port=servers[victim].port, args=lifted)
        # every game played to its end, and every client caught up with what is stored
        wait_until(lambda: all(stored(db, gid)["winner"] is not None
                               or stored(db, gid)["version"] >= max_version
                               for gid, _, _ in pairs), 240)
        wait_until(lambda: all(c.last is not None
                               and c.last["version"] == stored(db, gid)["version"]
                               for gid, a, b in pairs for c in (a, b)), 60)
        stop.set()
        done_in_time = wait_until(done.is_set, 60)
    finally:
        stop.set()
        for server in servers:
            server.stop()
        t.join(30)
    if failure:
        raise failure[0]
    assert done_in_time
    total_moves = 0
    for gid, a, b in pairs:
        row = check_stored_game(db, gid)
        by_seat = {a.seat: sent.get(id(a), {}).get("moves", set()),
                   b.seat: sent.get(id(b), {}).get("moves", set())}
        for version, kind, seat, idx in row["events"]:
            assert (version - 1, idx) in by_seat[seat], "a stored move no seat sent"
        assert row["winner"] is not None or row["version"] >= max_version
        for c in (a, b):
            assert all(n < row["version"] for n in c.acks)
            assert c.last["version"] == row["version"]
        total_moves += row["version"]
    return {"kills": kills_done, "live_kills": live_kills, "moves": total_moves,
            "resent": resent[0],
            "reconnects": sum(a.reconnects + b.reconnects for _, a, b in pairs)}
