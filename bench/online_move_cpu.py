"""The server's own CPU for an accepted move, without sockets (issue 59; run by hand, prints
figures).

    python bench/online_move_cpu.py [--games 500] [--rounds 40] [--home] [--profile FILE]
                                    [--python-gc]   # Python's collector thresholds

The game server (online/server.py) in this process, on a fresh SQLite database in a temporary
folder, with ``--games`` live Twilight Squabble games, each seat a connection whose WebSocket is
a stand-in that only counts what it is sent (no socket, no frames: the rest of the server's work
is all here).  Each round every game's deciding seat sends a random legal move, all the games'
moves at once (their commits grouped as in the real server); a finished game is followed by its
rematch, as bench/online_load.py's bots do.  ``--home``: each game with a live 90-minute clock
and a chat line every 15 rounds a game (about the bench's one every 30 s at a move every 2 s).
Prints the process's CPU time (the event loop and the store's writer thread) per accepted move,
which, unlike a round trip, hardly moves with the machine's load: bench/online_load.py then
measures the round trips over real sockets."""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from squabble.online import limits, wire  # noqa: E402
from squabble.online import server as S  # noqa: E402
from squabble.online.server import Conn, Server  # noqa: E402
from squabble.online.store import Store  # noqa: E402


class Ws:
    """A connection's WebSocket stand-in: counts what it is sent; keeps the replies the bench
    reads (created, joined, rematch)."""
    remote_address = ("127.0.0.1", 0)

    def __init__(self):
        self.sent = self.bytes = 0
        self.kept: list = []

    async def send(self, text):
        self.sent += 1
        self.bytes += len(text)
        if text.startswith(('{"type": "created"', '{"type": "joined"', '{"type": "rematch')):
            self.kept.append(json.loads(text))

    async def close(self, *args):
        pass


class Seat:
    def __init__(self, server: Server):
        self.ws = Ws()
        self.conn = Conn(self.ws, "127.0.0.1")
        self.writer = asyncio.create_task(server._writer(self.conn))
        self.credential = None

    async def reply(self, kind: str) -> dict:
        for _ in range(100):
            for m in self.ws.kept:
                if m["type"] == kind:
                    self.ws.kept.remove(m)
                    return m
            await asyncio.sleep(0)
        raise SystemExit(f"no {kind} reply")


async def say(server, seat: Seat, msg: dict):
    await server._handle(seat.conn, json.dumps(msg))


async def new_game(server, home: bool):
    a, b = Seat(server), Seat(server)
    for s in (a, b):
        await say(server, s, wire.hello())
    await say(server, a, wire.create("squabble", {}, side="USSR", contribution="a" * 32,
                                     clock={"kind": "live", "minutes": 90} if home else None))
    created = await a.reply("created")
    a.credential = created["credential"]
    await say(server, b, wire.join(created["code"], contribution="b" * 32))
    b.credential = (await b.reply("joined"))["credential"]
    return [a, b]


async def turn(server, game: list, rnd, rematches: list):
    """The deciding seat's random move; a finished game's rematch (both seats move to it)."""
    a, b = game
    room = a.conn.room
    rec = room.rec
    if rec.winner is not None:
        for s in (a, b) if a.conn.seat == "USA" else (b, a):
            await say(server, s, wire.rematch("c" * 32))
            reply = await s.reply("rematch")
            await say(server, s, wire.resume(reply["game_id"], s.credential))
        rematches[0] += 1
        return 0
    d = server._decision(room, rec)
    if d is None:
        return 0
    mover = a if a.conn.seat == d["player"] else b
    await say(server, mover, wire.move(rec.version, rnd.randrange(len(d["options"]))))
    return 1 if room.rec.version == rec.version + 1 or room.rec is rec else 0


class Pauses:
    """The garbage collector's collections: how many, the longest, the sum (seconds)."""

    def __init__(self):
        self.n, self.longest, self.total, self.t = 0, 0.0, 0.0, 0.0
        self.gens = {0: [0, 0.0], 1: [0, 0.0], 2: [0, 0.0]}   # generation: [times, longest]
        gc.callbacks.append(self)

    def __call__(self, phase, info):
        if phase == "start":
            self.t = time.perf_counter()
        else:
            took = time.perf_counter() - self.t
            self.n, self.total, self.longest = self.n + 1, self.total + took, \
                max(self.longest, took)
            g = self.gens[info["generation"]]
            g[0], g[1] = g[0] + 1, max(g[1], took)

    def by_generation(self) -> str:
        return ", ".join(f"generation {k} {n} times (longest {t * 1000:.0f} ms)"
                         for k, (n, t) in self.gens.items())


async def main(args):
    gc.collect()   # as the server starts (online/server.py, run)
    gc.freeze()
    if not args.python_gc:
        gc.set_threshold(*S.GC_THRESHOLDS)
    pauses = Pauses()
    limits_off = limits.Limits(games_per_minute=10 ** 6, games_per_hour=10 ** 6,
                               messages_per_second=10 ** 6, connections_per_minute=10 ** 6)
    with tempfile.TemporaryDirectory() as d:
        store = Store(str(Path(d) / "cpu.sqlite3"))
        server = Server(store, 10 ** 6, limits_off)
        rnd = random.Random(args.seed)
        games = [await new_game(server, args.home) for _ in range(args.games)]
        before = {id(g): g[0].conn.room.rec.version for g in games}
        rematches, chats = [0], 0
        prof = None
        if args.profile:
            import cProfile
            prof = cProfile.Profile()
            prof.enable()
        cpu0, t0 = time.process_time(), time.perf_counter()
        moves0 = server.counts["moves"]
        for r in range(args.rounds):
            jobs = [turn(server, g, rnd, rematches) for g in games]
            if args.home:
                for k, g in enumerate(games):
                    if (r + k) % 15 == 0:
                        jobs.append(say(server, g[k % 2], wire.chat("Back in 5 minutes")))
                        chats += 1
            await asyncio.gather(*jobs)
            await asyncio.sleep(0)
        while any(not s.conn.outbox.empty() for g in games for s in g):
            await asyncio.sleep(0)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
        if prof is not None:
            prof.disable()
            prof.dump_stats(args.profile)
        moves = server.counts["moves"] - moves0
        sent = sum(s.ws.sent for g in games for s in g)
        kb = sum(s.ws.bytes for g in games for s in g) / 1024
        print(f"{args.games} Squabble games{' with the home on' if args.home else ''}, "
              f"{args.rounds} rounds: {moves} moves, {rematches[0]} rematches, {chats} chat "
              f"lines; the server's CPU {cpu:.2f} s ({cpu / moves * 1000:.2f} ms a move; wall "
              f"{wall:.2f} s); {sent} messages sent ({sent / moves:.1f} a move, "
              f"{kb / moves:.1f} KB a move); the garbage collector {pauses.n} times, "
              f"{pauses.total:.2f} s, the longest {pauses.longest * 1000:.0f} ms "
              f"({pauses.by_generation()}); machine load average {_load():.1f}", flush=True)
        del before
        for g in games:
            for s in g:
                s.writer.cancel()
        store.close()


def _load() -> float:
    import os
    return os.getloadavg()[0]


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--home", action="store_true")
    ap.add_argument("--profile", metavar="FILE")
    ap.add_argument("--python-gc", action="store_true",
                    help="the garbage collector at Python's thresholds, not the server's")
    asyncio.run(main(ap.parse_args()))
