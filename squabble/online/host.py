"""A server hosted by the game window for the LAN (issue 52): ``squabble serve`` as a child
process of the window, stopped when the window closes.  No pygame here."""

from __future__ import annotations

import atexit
import re
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future

from squabble.online.client import ClientError

HOST_PORT = 8765    # tried first, so that a friend's remembered address stays the same
HOST_BIND = "0.0.0.0"   # every network of this machine (the tests: 127.0.0.1)


def serve_command() -> list:
    """The command that runs ``squabble serve`` from this program (the one-file download runs
    itself with the command; a Python install runs the package)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "serve"]
    return [sys.executable, "-m", "squabble", "serve"]


def lan_address() -> str:
    """This machine's address on its network (what a friend on the LAN connects to), or
    127.0.0.1 when it has none.  (A UDP socket's connect sends nothing.)"""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))      # TEST-NET-1: only picks the outgoing interface
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class HostedServer:
    """``start()`` -> a Future of the local URL (ws://127.0.0.1:PORT/); ``lan_url`` is the address
    a friend uses.  ``stop()`` ends the process (also when the program exits)."""

    def __init__(self, db: str | None = None, bind: str | None = None, port: int | None = None):
        self.db = db
        self.bind, self.first_port = bind, port
        self.proc = None
        self.port = None
        self.local_url = ""
        self.lan_url = ""
        self.problem = ""
        self.restarts = 0           # times the server was started again after it died
        self._stopped = False

    def start(self) -> Future:
        fut: Future = Future()
        threading.Thread(target=self._start, args=(fut,), daemon=True).start()
        return fut

    def _start(self, fut: Future):
        try:
            first = HOST_PORT if self.first_port is None else self.first_port
            for port in dict.fromkeys((first, 0)):
                line, err = self._launch(port)
                m = re.search(r"wss?://\S+?:(\d+)/ ", line)
                if m:
                    self.port = int(m.group(1))
                    self.local_url = f"ws://127.0.0.1:{self.port}/"
                    self.lan_url = f"ws://{lan_address()}:{self.port}/"
                    atexit.register(self.stop)
                    self._watch(self.proc)
                    fut.set_result(self.local_url)
                    return
                if "already using the database" in err:
                    raise ClientError(err.strip().splitlines()[-1].replace("squabble serve: ",
                                                                           ""))
            raise ClientError("The server could not start here: " +
                              (err.strip().splitlines()[-1] if err.strip() else "no reason given"))
        except BaseException as e:   # noqa: BLE001 - told to the player in one sentence
            fut.set_exception(e if isinstance(e, ClientError) else
                              ClientError(f"The server could not start here ({type(e).__name__})."))

    def _launch(self, port: int):
        cmd = serve_command() + ["--host", self.bind or HOST_BIND, "--port", str(port)]
        if self.db:
            cmd += ["--db", self.db]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if "listening" in line:
            # its later output is read and dropped, so a full pipe never stops the server
            threading.Thread(target=self._drain, daemon=True).start()
            return line, ""
        self.proc.wait(10)
        err = self.proc.stderr.read()
        self.proc = None
        return line, err

    def _drain(self):
        proc = self.proc
        for f in (proc.stdout, proc.stderr):
            threading.Thread(target=lambda f=f: [None for _ in f], daemon=True).start()

    def _watch(self, proc):
        """The server this window hosts dies (killed, out of memory): start it again on the
        same port and database, so both players' windows reconnect by themselves and play on
        (every acknowledged move is in the database).  Not after ``stop``."""
        def watch():
            proc.wait()
            wait = 0.2
            while not self._stopped and self.proc is proc:
                try:
                    line, _ = self._launch(self.port)
                except OSError:
                    line = ""
                if "listening" in line and not self._stopped:
                    self.restarts += 1
                    self._watch(self.proc)
                    return
                if self._stopped:
                    self.stop()
                    return
                self.proc = proc        # still ours to restart: try again a little later
                time.sleep(wait)
                wait = min(2.0, wait * 2)
        threading.Thread(target=watch, name="squabble-host-watch", daemon=True).start()

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        self._stopped = True
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
