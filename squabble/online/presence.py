"""Who is at a game now (issue 59): for each seat, whether it has joined and whether a window of
it is connected.  Every update carries it (``"presence"``); the server sends the other seat and
the spectators a fresh update as soon as a connection opens or closes and the answer changes."""

from __future__ import annotations

import asyncio
import contextlib
import time

import websockets
from websockets.asyncio.server import ServerConnection

NOT_JOINED, ONLINE, AWAY = "not_joined", "online", "away"

# WebSocket pings: a line that goes silent without closing (a stopped server, a dropped Wi-Fi) is
# noticed within PING_INTERVAL + PING_TIMEOUT seconds by both ends.  A client pings every
# PING_INTERVAL; the server pings a connection only once it has heard nothing from it (no
# message, ping or pong) for QUIET seconds, looking every TICK: a line whose client pings costs
# the server no ping of its own, and a silent one is still noticed within QUIET + TICK +
# PING_TIMEOUT seconds
PING_INTERVAL = 4.0
PING_TIMEOUT = 5.0
QUIET, TICK = PING_INTERVAL + 0.5, 0.25


def of_room(seats: dict, conns, elsewhere=()) -> dict:
    """{side: "not_joined" | "online" | "away"} of a game whose seats hold ``seats`` (side ->
    credential hash, None while open) and whose connections are ``conns`` (each with ``seat``);
    ``elsewhere``: the sides connected to other server processes (PostgreSQL, peers.py)."""
    here = {c.seat for c in conns if c.seat is not None} | set(elsewhere)
    return {s: NOT_JOINED if h is None else ONLINE if s in here else AWAY
            for s, h in sorted(seats.items())}


class HeardConnection(ServerConnection):
    """A connection that notes when it last heard its peer (any frame: a message, a ping, a
    pong), for ``keepalive``."""
    heard = 0.0

    def data_received(self, data: bytes) -> None:
        self.heard = time.monotonic()
        super().data_received(data)


async def keepalive(server):
    """The server's WebSocket pings: a connection heard from within
    ``QUIET`` seconds is alive (its client's own pings keep it so); one gone quiet is
    pinged, and closed if no pong comes within ``PING_TIMEOUT``."""
    while True:
        await asyncio.sleep(TICK)
        quiet = time.monotonic() - QUIET
        for conn in list(server.conns):
            if not conn.pinging and getattr(conn.ws, "heard", quiet + 1) <= quiet:
                conn.pinging = True
                asyncio.ensure_future(_ping(conn))


async def _ping(conn):
    ws = conn.ws
    try:
        pong = await ws.ping()
        await asyncio.wait_for(pong, PING_TIMEOUT)
    except asyncio.TimeoutError:   # silent: closed as the library's own keepalive closes it
        with contextlib.suppress(Exception):
            async with ws.send_context():
                ws.protocol.fail(1011, "keepalive ping timeout")
    except (websockets.ConnectionClosed, asyncio.CancelledError):
        pass
    finally:
        conn.pinging = False
