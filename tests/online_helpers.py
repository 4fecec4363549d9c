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
    def __init__(self, db, port=0, args=(), prelude=None):
        self.db = str(db)
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
        for f in (self.proc.stdout, self.proc.stderr):
            if f is not None:
                f.close()


def stored(db, game_id) -> dict:
    """A game's row as the database holds it (read by the test alone)."""
    con = sqlite3.connect(str(db))
    try:
        row = con.execute("SELECT game, options, seed, version, moves, move_seats, state, winner "
                          "FROM games WHERE id=?", (game_id,)).fetchone()
        events = con.execute("SELECT version, kind, seat, idx FROM events WHERE game_id=? "
                             "ORDER BY version", (game_id,)).fetchall()
    finally:
        con.close()
    return {"game": row[0], "options": json.loads(row[1]), "seed": int(row[2]),
            "version": row[3], "moves": json.loads(row[4]), "move_seats": json.loads(row[5]),
            "state": json.loads(row[6]), "winner": row[7], "events": events}


def random_chooser(seed):
    rnd = random.Random(seed)
    return lambda u: rnd.randrange(len(u["decision"]["options"]))


def run(coro, timeout=120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def raw_socket(url):
    """A bare websockets connection (a hostile client speaks through it)."""
    from websockets.asyncio.client import connect
    return await connect(url, max_size=None, open_timeout=5, ping_interval=None)


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
