"""Presence (issue 59): every update says who has joined and who is connected now, and a change
reaches the other seat and the spectators within 2 s of a connection opening or closing."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from websockets.protocol import State

from squabble.online.client import Client, ClientError
from tests.online_helpers import ServerProcess, run


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "games.sqlite3")
    yield s
    s.stop()


async def _presence_is(client, want, timeout=2.0):
    """The client's newest update says ``want`` within ``timeout`` seconds (its time)."""
    t0 = time.monotonic()
    while (client.last or {}).get("presence") != want:
        left = timeout - (time.monotonic() - t0)
        assert left > 0, f"presence {client.last.get('presence')} not {want} within {timeout} s"
        try:
            await client.next_update(left)
        except asyncio.TimeoutError:
            pass
    return time.monotonic() - t0


def test_presence_of_a_seat_closed_and_reopened_reaches_the_friend_and_spectators(server):
    async def go():
        a = await Client(server.url).connect()
        created = await a.create("squabble", {}, side="USA")
        await a.until_version(0)
        assert a.last["presence"] == {"USA": "online", "USSR": "not_joined"}
        w = await Client(server.url).connect()
        await w.watch(created["code"])
        await w.next_update(5)
        assert w.last["presence"] == {"USA": "online", "USSR": "not_joined"}
        b = await Client(server.url).connect()
        joined = await b.join(created["code"])
        await _presence_is(a, {"USA": "online", "USSR": "online"})
        await _presence_is(w, {"USA": "online", "USSR": "online"})
        await b.close()                                   # the friend's window closed
        await _presence_is(a, {"USA": "online", "USSR": "away"})
        await _presence_is(w, {"USA": "online", "USSR": "away"})
        b2 = await Client(server.url).connect()          # ... and opened again
        await b2.resume(joined["game_id"], joined["credential"])
        assert b2.last["presence"] == {"USA": "online", "USSR": "online"}
        await _presence_is(a, {"USA": "online", "USSR": "online"})
        await _presence_is(w, {"USA": "online", "USSR": "online"})
        await a.close()
        await _presence_is(b2, {"USA": "away", "USSR": "online"})
        for c in (b2, w):
            await c.close()
    run(go())


def test_a_stopped_server_is_noticed_by_the_client_within_10_s(server):
    """kill -STOP: the line goes silent without closing; the client's pings notice it (pings
    every 0.2 s here, answered within 0.4 s; the protocol's own add up to at most 10 s:
    tests/ui/test_online_silent_line.py)."""
    async def go():
        a = await Client(server.url, backoff=(5.0, 5.0), ping=(0.2, 0.4)).connect()
        await a.create("squabble", {}, side="USA")
        ws = a.ws
        os.kill(server.proc.pid, signal.SIGSTOP)
        try:
            t0 = time.monotonic()
            while ws.state is State.OPEN and time.monotonic() - t0 < 12:
                await asyncio.sleep(0.02)
            took = time.monotonic() - t0
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        assert took <= 2.0
        await a.close()
    run(go())


def test_display_names_are_checked_and_shown_to_everyone(server):
    async def go():
        a = await Client(server.url).connect()
        with pytest.raises(ClientError) as e:
            await a.create("squabble", {}, side="USA", name="<b>evil</b>\x07")
        assert "letters, digits" in str(e.value)
        created = await a.create("squabble", {}, side="USA", name="  Anna   Lee ")
        b = await Client(server.url).connect()
        with pytest.raises(ClientError):
            await b.join(created["code"], name="x" * 25)
        await b.join(created["code"], name="Boris")
        w = await Client(server.url).connect()
        await w.watch(created["code"])
        await w.next_update(5)
        want = {"USA": "Anna Lee", "USSR": "Boris"}
        await _presence_is(a, {"USA": "online", "USSR": "online"})
        for c in (a, b, w):
            assert c.last["names"] == want
        for c in (a, b, w):
            await c.close()
    run(go())
