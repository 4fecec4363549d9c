"""Chat (issue 59): a seat's word to its friend, through real server processes on 127.0.0.1:
delivered to the other seat and the spectators, stored with the game (kept over a restart and
sent again on resume), refused over 300 characters, too fast or from a spectator, and hostile
text leaves the server well; over each store (tests/online_fixtures.py)."""

from __future__ import annotations

import asyncio
import json
import os
import random

import websockets

from squabble.online import chat
from squabble.online.client import Client
from tests.online_helpers import run, two_players


async def _until(pred, timeout=5.0):
    end = asyncio.get_running_loop().time() + timeout
    while not pred():
        assert asyncio.get_running_loop().time() < end, "not within the time"
        await asyncio.sleep(0.02)


async def _error(client, before):
    await _until(lambda: len(client.errors) > before)
    return client.errors[-1]


def test_chat_reaches_the_friend_and_spectators_and_survives_a_restart(serve):
    server = serve()
    port = server.port
    state = {}

    async def first():
        a, b, created = await two_players(server.url)
        w = await Client(server.url).connect()
        await w.watch(created["code"])
        await a.say("Good game <b>friend</b> \x1b[31m\u202e!")
        want = "Good game <b>friend</b> [31m!"        # control characters dropped, markup kept
        for c in (a, b, w):                            # as text
            await _until(lambda c=c: [x["text"] for x in c.chat.values()] == [want])
        assert b.chat[1]["seat"] == a.seat
        n = len(w.errors)
        await w.say("I am only watching")             # a spectator reads, never writes
        assert "Spectators" in await _error(w, n)
        n = len(a.errors)
        await a.say("x" * 301)
        assert "too long" in await _error(a, n)
        await a.say("\x00\x07 \t")
        assert "empty" in await _error(a, n + 1)
        state.update(game_id=created["game_id"], cred=b.credential, want=want)
        for c in (a, b, w):
            await c.close()
    run(first())
    server.kill9()
    server = serve(port=port)

    async def second():
        b = await Client(server.url).connect()
        await b.resume(state["game_id"], state["cred"])
        await _until(lambda: [x["text"] for x in b.chat.values()] == [state["want"]])
        await b.close()
    run(second())


def test_chat_is_rate_limited_per_seat_on_the_server_clock(serve, fake_clock):
    clock = fake_clock
    server = serve(prelude=clock.prelude)

    async def go():
        a, b, _ = await two_players(server.url)
        for k in range(chat.RATE):
            await a.say(f"line {k}")
        n = len(a.errors)
        await a.say("one too many")
        assert "Too many messages" in await _error(a, n)
        await _until(lambda: len(b.chat) == chat.RATE)
        clock.advance(chat.PERIOD)                     # the allowance comes back with time
        await a.say("later")
        await _until(lambda: len(b.chat) == chat.RATE + 1)
        assert b.chat[chat.RATE + 1]["text"] == "later"
        for c in (a, b):
            await c.close()
    run(go())


def hostile_texts(n, seed=0):
    rnd = random.Random(seed)
    pools = ["<script>alert(1)</script>", "**bold** [link](http://x)", "\x00\x1b[2J\r\n\t",
             "\u202e\u200f\u2066", "\ud83d\ude00" * 3, "\U0001F4A9" * 100, "\uffff\ufffe",
             "Z\u0351\u0352\u0353" * 50, "{}\"'\\", "%s%n%x"]
    for _ in range(n):
        k = rnd.randrange(4)
        if k == 0:
            yield "".join(chr(rnd.randrange(0x110000)) for _ in range(rnd.randrange(1, 320)))
        elif k == 1:
            yield "".join(rnd.choice(pools) for _ in range(rnd.randrange(1, 6)))[:310]
        elif k == 2:
            yield "".join(chr(rnd.randrange(32)) for _ in range(rnd.randrange(1, 40)))
        else:
            yield rnd.choice(pools)


#: hostile chat messages sent by the next test: 2,000 in the suite (every kind of text in
#: hostile_texts many times over); SQUABBLE_HOSTILE_CHAT=10000 runs the issue's 10,000 (about a
#: minute: `SQUABBLE_HOSTILE_CHAT=10000 python -m pytest tests/test_online_chat.py -k hostile`)
HOSTILE = int(os.environ.get("SQUABBLE_HOSTILE_CHAT", "2000"))


def test_hostile_chat_messages_leave_the_server_well(serve, fake_clock):
    """Sent raw (bypassing every client check) with the rate limit on: whatever passes is
    clean text of at most 300 characters, the rest is refused with a sentence, and the game
    still plays."""
    clock = fake_clock
    server = serve(["--messages-per-second", "100000", "--connections-per-minute", "100000"],
                   prelude=clock.prelude)

    async def go():
        a, b, _ = await two_players(server.url)
        a.backoff = (0.01, 0.05)
        sent, closed = 0, 0
        for text in hostile_texts(HOSTILE):
            if sent % 4 == 0:
                clock.advance(chat.PERIOD)   # (the allowance refilled now and then)
            raw = json.dumps({"type": "chat", "text": text}, ensure_ascii=True)
            while True:
                try:
                    await a.ws.send(raw)
                    break
                except websockets.ConnectionClosed:   # too many refusals close a connection:
                    closed += 1                       # the client resumes its seat
                    n = a.reconnects
                    await _until(lambda: a.reconnects > n, 10)
            sent += 1
            if sent % 50 == 0:
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        assert b.chat and a.errors
        for line in b.chat.values():
            t = line["text"]
            assert 0 < len(t) <= chat.MAX_CHARS and t == chat.clean(t)
            assert not any(ord(ch) < 32 for ch in t)
        assert all(len(e) < 300 for e in a.errors)
        assert not b.errors
        # the game plays on
        await _until(lambda: a.ws is not None and a.last is not None, 10)
        me = a if a.my_turn() else b
        for _ in range(5):   # (a's connection may still be closing after its last refusals)
            try:
                await me.move(0)
                break
            except websockets.ConnectionClosed:
                n = me.reconnects
                await _until(lambda: me.reconnects > n, 10)
        await me.until_version(1, 10)
        for c in (a, b):
            await c.close()
        return closed

    run(go(), timeout=300)
    assert server.alive()


def test_privacy_still_holds_with_chat_and_clocks_in_the_updates(serve, fake_clock):
    """A whole game with a clock and a chat line every few moves: what each seat and the
    spectator receive still does not change with the hidden cards (tests/test_online.py's
    check), and the clock, the presence and the chat are the same for every seat at a version
    (nothing in them is a seat's own)."""
    from squabble.online.client import play
    from tests.online_helpers import random_chooser, stored
    from tests.test_online import check_privacy
    fake = fake_clock
    server = serve(prelude=fake.prelude)

    saying = []          # the chat sends, kept (a task nobody holds may be dropped) and awaited

    def talking(client, seed):
        pick, n = random_chooser(seed), [0]

        def choose(update):
            n[0] += 1
            if n[0] % 3 == 0:
                saying.append(asyncio.ensure_future(client.say(f"move {n[0]} <b>\x07")))
            fake.advance(30)
            return pick(update)
        return choose

    async def go():
        a = await Client(server.url, record=True).connect()
        b = await Client(server.url, record=True).connect()
        created = await a.create("squabble", {"events": True}, side="USSR",
                                 pace="correspondence",
                                 clock={"kind": "correspondence", "preset": "3d"})
        await b.join(created["code"])
        w = Client(server.url, record=True)
        await w.connect()
        await w.watch(created["code"])
        # a line before the first move: the random deal may end the game in its first era (a
        # Mushroom Cloud at version 4), before either seat's third decision
        saying.append(asyncio.ensure_future(a.say("before the first move <i>\x1b")))
        ra, _ = await asyncio.gather(play(a, talking(a, 1)), play(b, talking(b, 2)))
        while w.last is None or w.last["version"] < ra["version"]:
            await w.next_update(10)
        sent = await asyncio.gather(*saying, return_exceptions=True)
        assert not [e for e in sent if e is not None], sent
        for _ in range(200):     # every line the server numbered has reached all three
            top = max((max(c.chat, default=0) for c in (a, b, w)))
            # (every line sent numbered: a line still on its way to all three is not yet in
            # anyone's, and a comparison then would miss it)
            if top >= len(saying) and all(set(c.chat) == set(range(1, top + 1))
                                          for c in (a, b, w)):
                break
            await asyncio.sleep(0.05)
        for c in (a, b, w):
            await c.close()
        return ra["game_id"], a, b, w

    gid, a, b, w = run(go(), 240)
    row = stored(server.db, gid)
    for c in (a, b):
        assert check_privacy(row, c.received, c.seat) > 3
    assert check_privacy(row, w.received, None) > 3
    by_version = {}
    for c in (a, b, w):
        for m in c.received:
            if m.get("type") == "update" and m["log"]:   # (a move's update: one each)
                by_version.setdefault(m["version"], []).append(
                    json.dumps([m["presence"], m["clock"]]))
    assert by_version and all(len(set(v)) == 1 for v in by_version.values())
    texts = [sorted((x["n"], x["seat"], x["text"]) for x in c.chat.values())
             for c in (a, b, w)]
    assert texts[0] and texts[0] == texts[1] == texts[2], \
        (len(saying), [len(t) for t in texts], a.errors[-3:], b.errors[-3:])

