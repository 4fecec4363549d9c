"""Hostile clients against a real server process (issue 52): forged and guessed credentials,
the other seat's moves, replayed and out-of-order decisions, malformed and oversized frames,
floods, too many connections.  Each is refused with a sentence, the server lives, and the game
played beside them changes only by its players' moves.  Every message tried is counted."""

from __future__ import annotations

import asyncio
import json
import secrets

import pytest
import websockets

from squabble.online.client import Client
from tests.online_helpers import ServerProcess, random_chooser, raw_socket, run, said, stored


@pytest.fixture
def server(tmp_path):
    s = ServerProcess(tmp_path / "hostile.sqlite3", args=["--max-per-address", "8"])
    yield s
    s.stop()


def test_hostile_messages_are_refused_and_change_nothing(server):
    tried = {"n": 0, "refused": 0}

    async def expect_refusal(ws, msg, *words):
        tried["n"] += 1
        reply = await said(ws, msg)
        assert reply["type"] == "error", (msg, reply)
        for w in words:
            assert w in reply["error"], (w, reply["error"])
        assert "Traceback" not in reply["error"] and "credential\":" not in reply["error"]
        tried["refused"] += 1
        return reply

    async def go():
        a = await Client(server.url).connect()
        b = await Client(server.url).connect()
        created = await a.create("squabble", {"events": True}, side="USSR")
        await b.join(created["code"])
        await a.until_version(0)
        gid, cred_a = created["game_id"], created["credential"]

        h = await raw_socket(server.url)
        await expect_refusal(h, {"type": "move", "decision": 0, "index": 0}, "hello")
        await expect_refusal(h, {"type": "hello", "version": 99}, "version")
        assert (await said(h, {"type": "hello", "version": 1}))["type"] == "welcome"
        for bad in ("not json", "[1, 2]", "null", json.dumps({"no": "type"}),
                    json.dumps({"type": "teleport"}), json.dumps({"type": ["move"]}),
                    "[" * 5000 + "]" * 5000):
            await expect_refusal(h, bad)
        await expect_refusal(h, b"\x00binary", "text frames")
        await expect_refusal(h, json.dumps({"type": "ping", "pad": "x" * 20000}), "too long")
        # forged and guessed credentials, a game id that is not one, a seat it does not hold
        await expect_refusal(h, {"type": "resume", "game_id": gid,
                                 "credential": secrets.token_urlsafe(32)}, "credential")
        await expect_refusal(h, {"type": "resume", "game_id": gid,
                                 "credential": cred_a[:-1] + ("A" if cred_a[-1] != "A" else "B")})
        await expect_refusal(h, {"type": "resume", "game_id": "x" * 10000,
                                 "credential": cred_a})
        await expect_refusal(h, {"type": "resume", "game_id": gid, "credential": 12345})
        await expect_refusal(h, {"type": "move", "decision": 0, "index": 0}, "player first")
        await expect_refusal(h, {"type": "join", "code": "AAAA-AAAA"})
        await expect_refusal(h, {"type": "join", "code": {"$ne": 1}})
        await expect_refusal(h, {"type": "watch", "code": "0O1l-0O1l"})
        # the USA's seat tries the USSR's decision, then bad numbers and indexes
        cred_b = b.credential
        h2 = await raw_socket(server.url)
        await said(h2, {"type": "hello", "version": 1})
        assert (await said(h2, {"type": "resume", "game_id": gid, "credential": cred_b,
                                "seen": -5}))["seat"] == "USA"
        await h2.recv()   # its update
        await expect_refusal(h2, {"type": "move", "decision": 0, "index": 0}, "USSR's")
        for bad in ({"decision": 7, "index": 0}, {"decision": -1, "index": 0},
                    {"decision": True, "index": 0}, {"decision": "0", "index": 0},
                    {"decision": 0, "index": "0"}, {"decision": 0},
                    {"decision": 10 ** 30, "index": 0}):
            await expect_refusal(h2, dict({"type": "move"}, **bad))
        await expect_refusal(h2, {"type": "undo", "decision": 0}, "only your own")
        await expect_refusal(h2, {"type": "rematch"}, "not over")
        # the USSR's own seat: an index out of range, then its move, then the same again
        h3 = await raw_socket(server.url)
        await said(h3, {"type": "hello", "version": 1})
        await said(h3, {"type": "resume", "game_id": gid, "credential": cred_a})
        await h3.recv()
        n = len(a.last["decision"]["options"])
        await expect_refusal(h3, {"type": "move", "decision": 0, "index": n}, "no option")
        await expect_refusal(h3, {"type": "move", "decision": 0, "index": -1}, "no option")
        await h3.send(json.dumps({"type": "move", "decision": 0, "index": 0}))
        tried["n"] += 1
        assert json.loads(await h3.recv()) == {"type": "ack", "decision": 0}
        assert json.loads(await h3.recv())["version"] == 1
        await a.until_version(1)
        await expect_refusal(h3, {"type": "move", "decision": 0, "index": 0}, "decision 1")
        await h3.close()
        # a flood: the first messages are read, the rest refused, the connection closed at last
        flood = await raw_socket(server.url)
        await said(flood, {"type": "hello", "version": 1})
        for _ in range(400):
            try:
                await flood.send(json.dumps({"type": "ping"}))
                tried["n"] += 1
            except websockets.ConnectionClosed:
                break
        answers = []
        try:
            while True:
                answers.append(json.loads(await asyncio.wait_for(flood.recv(), 5)))
        except (websockets.ConnectionClosed, asyncio.TimeoutError):
            pass
        errors = [m for m in answers if m["type"] == "error"]
        assert errors and all("Too many messages" in m["error"] for m in errors[:-1])
        assert errors[-1]["error"] == "Too many refused messages: this connection is closed."
        assert flood.close_code == 1008
        assert 30 <= len([m for m in answers if m["type"] == "pong"]) < 400
        # an oversized frame closes that connection only
        big = await raw_socket(server.url)
        await said(big, {"type": "hello", "version": 1})
        tried["n"] += 1
        await big.send("x" * (2 * 1024 * 1024))
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(big.recv(), 5)
        assert big.close_code == 1009
        # too many connections from one address (the server allows 8 here)
        extra = [await raw_socket(server.url) for _ in range(6)]
        tried["n"] += 1
        reply = json.loads(await asyncio.wait_for(extra[-1].recv(), 5))
        assert "Too many connections" in reply["error"]
        for w in extra + [h, h2, flood]:
            await w.close()
        # the game goes on, changed only by its players
        ra, rb = await asyncio.gather(
            asyncio.wait_for(__import__("squabble.online.client", fromlist=["play"]).play(
                a, random_chooser(1)), 60),
            __import__("squabble.online.client", fromlist=["play"]).play(b, random_chooser(2)))
        row = stored(server.db, gid)
        assert row["winner"] is not None and row["version"] == ra["version"]
        assert row["moves"][0] == 0 and len(row["events"]) == row["version"]
        await a.close(), await b.close()

    run(go())
    assert server.alive()
    assert tried["n"] > 400 and tried["refused"] >= 30
    print(f"hostile messages tried: {tried['n']}, refused with a sentence: {tried['refused']}")


FAULT = """
from squabble.online import server as S
async def faulty(self, conn, msg):
    raise KeyError(msg.get("credential"))   # a fault whose message quotes the client
S.HANDLERS["ping"] = faulty
"""


def test_a_fault_of_the_servers_own_is_a_sentence_and_never_logs_what_was_sent(tmp_path):
    s = ServerProcess(tmp_path / "fault.sqlite3", prelude=FAULT)
    secret = secrets.token_urlsafe(32)

    async def go():
        ws = await raw_socket(s.url)
        await said(ws, {"type": "hello", "version": 1})
        reply = await said(ws, {"type": "ping", "credential": secret})
        assert reply["type"] == "error" and "fault of its own" in reply["error"]
        assert (await said(ws, {"type": "hello", "version": 1}))["type"] == "error"  # alive
        await ws.close()
    try:
        run(go())
    finally:
        s.stop()
    assert "internal fault KeyError" in s.stderr_text and "faulty" in s.stderr_text
    assert secret not in s.stderr_text
