"""An accepted move's path through the server, in-process (issue 59: a move's cost): the
server's own handlers with connections whose WebSocket only keeps what it is sent (no socket)."""

from __future__ import annotations

import asyncio
import json

from squabble.online import wire
from squabble.online import server as S
from squabble.online.store import Store


class Ws:
    remote_address = ("127.0.0.1", 0)

    def __init__(self):
        self.got: list = []

    async def send(self, text):
        self.got.append(json.loads(text))

    async def close(self, *args):
        pass


class Seat:
    def __init__(self, server):
        self.ws = Ws()
        self.conn = S.Conn(self.ws, "127.0.0.1")
        self.writer = asyncio.create_task(server._writer(self.conn))

    async def say(self, server, msg):
        await server._handle(self.conn, json.dumps(msg))

    async def reply(self, kind):
        for _ in range(200):
            for m in self.ws.got:
                if m["type"] == kind:
                    return m
            await asyncio.sleep(0)
        raise AssertionError(f"no {kind}: {[m['type'] for m in self.ws.got]}")


async def seated(server):
    """A Twilight Squabble game, both seats joined: (the USSR's seat, the USA's)."""
    a, b = Seat(server), Seat(server)
    for s in (a, b):
        await s.say(server, wire.hello())
    await a.say(server, wire.create("squabble", {}, side="USSR"))
    await b.say(server, wire.join((await a.reply("created"))["code"]))
    await b.reply("joined")
    return a, b


def test_a_chat_line_waiting_for_its_commit_holds_up_no_move(tmp_path):
    store = Store(str(tmp_path / "chat.sqlite3"))
    server = S.Server(store)
    held = asyncio.Event()
    real = store.awrite

    async def awrite(stmts):
        if str(getattr(stmts, "note", "")).startswith("chat"):
            await held.wait()          # the chat line's commit does not come back yet
        return await real(stmts)

    async def go():
        a, b = await seated(server)
        store.awrite = awrite
        room = a.conn.room
        d = server._decision(room, room.rec)
        mover = a if d["player"] == a.conn.seat else b
        chat = asyncio.create_task(a.say(server, wire.chat("Back in 5 minutes")))
        await asyncio.sleep(0.01)
        version = room.rec.version
        await asyncio.wait_for(mover.say(server, wire.move(version, 0)), 5)
        assert room.rec.version == version + 1 and not chat.done()
        held.set()
        await chat
        assert (await b.reply("chat"))["text"] == "Back in 5 minutes"
        for s in (a, b):
            s.writer.cancel()
    try:
        asyncio.run(go())
    finally:
        store.close()


def test_the_server_pings_only_a_quiet_line_and_closes_a_silent_one(tmp_path, monkeypatch):
    """The server's keepalive (presence.py): a client that talks (its own pings) gets no ping
    from the server; a client that only opened its WebSocket and says nothing more, nor answers
    pings, is pinged and closed within QUIET + TICK + PING_TIMEOUT seconds (here shortened)."""
    import base64
    import os
    import time
    from squabble.online import presence
    from squabble.online.client import Client
    monkeypatch.setattr(presence, "QUIET", 0.3)
    monkeypatch.setattr(presence, "TICK", 0.05)
    monkeypatch.setattr(presence, "PING_TIMEOUT", 0.3)
    store = Store(str(tmp_path / "pings.sqlite3"))

    async def go():
        loop = asyncio.get_running_loop()
        stop, ready = loop.create_future(), loop.create_future()
        task = asyncio.create_task(S.run(store, "127.0.0.1", 0, ready=ready.set_result,
                                         stop=stop))
        port = (await asyncio.wait_for(ready, 5))[1]
        try:
            talker = await Client(f"ws://127.0.0.1:{port}/", ping=(0.1, 1.0)).connect()
            pinged = []
            real = talker.ws.protocol.send_pong

            def pong(data):     # the talker answers the server's pings (none are expected)
                pinged.append(data)
                return real(data)
            talker.ws.protocol.send_pong = pong
            # a WebSocket opened by hand, then nothing: no message, no pong
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                         f"Sec-WebSocket-Version: 13\r\n\r\n".encode())
            assert b" 101 " in await asyncio.wait_for(reader.readline(), 5)
            t0, got = time.monotonic(), b""
            while True:   # (what the server sends it: its pings, then its close)
                data = await asyncio.wait_for(reader.read(65536), 5)
                got += data
                if not data or b"keepalive ping timeout" in got:
                    break
            assert time.monotonic() - t0 <= 0.3 + 0.05 + 0.3 + 0.5
            await asyncio.sleep(0.5)
            assert pinged == [] and talker.ws.close_code is None
            await talker.close()
            writer.close()
        finally:
            stop.set_result(None)
            await asyncio.wait_for(task, 10)
    try:
        asyncio.run(go())
    finally:
        store.close()
