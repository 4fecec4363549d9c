"""Who is at a game now (issue 59): for each seat, whether it has joined and whether a window of
it is connected.  Every update carries it (``"presence"``); the server sends the other seat and
the spectators a fresh update as soon as a connection opens or closes and the answer changes."""

from __future__ import annotations

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
