"""One address creating games over fresh connections while a game is played beside it (issue 56).

    python bench/online_create_flood.py [--connections 1000] [-- SERVER ARGS]

A real server (default limits unless SERVER ARGS say otherwise).  Two bots on 127.0.0.1 play a
Twilight Struggle game (random choices, a 50 ms pause between moves), and each move's round
trip (sent to the update back) is timed: first with nothing else going on, then while
``--connections`` fresh connections from 127.0.0.2, 25 at a time, each say hello and create a
game.  Printed: the games created and the refusals (by their sentence), the flood's rate, and
the round trip's p50 / p99 without and with the flood."""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from squabble.online.client import Client  # noqa: E402
from tests.online_helpers import (ServerProcess, percentile_ms as pct, raw_socket,  # noqa: E402
                                  split_server_args)


async def live_game(url, stop: asyncio.Event, times: list, seed=0):
    rnd = random.Random(seed)
    while not stop.is_set():
        a = await Client(url).connect()
        b = await Client(url).connect()
        created = await a.create("struggle", {}, side="USSR")   # a long game
        await b.join(created["code"])
        await a.until_version(0)
        while not stop.is_set():
            c = a if a.my_turn() else b
            u = c.last
            if u["winner"] is not None:
                break
            t = time.perf_counter()
            await c.move(rnd.randrange(len(u["decision"]["options"])))
            await c.until_version(u["version"] + 1, 30)
            times.append(time.perf_counter() - t)
            await asyncio.sleep(0.05)   # (a connection's message rate)
        await a.close(), await b.close()


async def flood(url, n, answers: collections.Counter):
    async def one():
        try:
            ws = await raw_socket(url, "127.0.0.2")
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.send(json.dumps({"type": "create", "game": "squabble", "side": "USA"}))
            while True:
                m = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if m["type"] in ("created", "error"):
                    break
            answers[m["type"] if m["type"] == "created" else m["error"].split(":")[0]] += 1
            await ws.close()
        except Exception as e:   # noqa: BLE001 - counted
            answers[type(e).__name__] += 1
    for k in range(0, n, 25):
        await asyncio.gather(*(one() for _ in range(min(25, n - k))))


async def main(args, server_args):
    tmp = Path(tempfile.mkdtemp(prefix="flood-"))
    if "--games-per-minute" not in server_args:   # the server's own defaults (the tests'
        from squabble.online.limits import Limits  # servers lift them)
        server_args = ["--games-per-minute", str(Limits().games_per_minute),
                       "--games-per-hour", str(Limits().games_per_hour), *server_args]
    s = ServerProcess(tmp / "flood.sqlite3", args=server_args)
    try:
        quiet, busy = [], []
        stop = asyncio.Event()
        game = asyncio.create_task(live_game(s.url, stop, quiet))
        await asyncio.sleep(args.quiet)
        stop.set()
        await game
        stop = asyncio.Event()
        game = asyncio.create_task(live_game(s.url, stop, busy, 1))
        t = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(   # the flood in a process of its own
            sys.executable, __file__, "--flood", s.url, "--connections", str(args.connections),
            stdout=asyncio.subprocess.PIPE)
        answers = collections.Counter(json.loads((await proc.communicate())[0]))
        took = time.perf_counter() - t
        stop.set()
        await game
    finally:
        s.stop()
    print(f"{args.connections} fresh connections from one address, each creating a game, in "
          f"{took:.1f} s ({args.connections / took:.0f} a second); server args: "
          f"{' '.join(server_args) or '-'}; load average before: {os.getloadavg()[0]:.1f}")
    for what, n in answers.most_common():
        print(f"  {n:5d}  {what}")
    print(f"the game beside: round trip p50 {pct(quiet, .5):.1f} ms, p99 {pct(quiet, .99):.1f} ms "
          f"alone ({len(quiet)} moves); p50 {pct(busy, .5):.1f} ms, p99 {pct(busy, .99):.1f} ms "
          f"during the flood ({len(busy)} moves)")


if __name__ == "__main__":
    argv, server_args = split_server_args(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--connections", type=int, default=1000)
    p.add_argument("--quiet", type=float, default=8.0, help="seconds of the game alone")
    p.add_argument("--flood", metavar="URL", help="(the flood's own process)")
    a = p.parse_args(argv)
    if a.flood:
        counts = collections.Counter()
        asyncio.run(flood(a.flood, a.connections, counts))
        print(json.dumps(counts))
    else:
        asyncio.run(main(a, server_args))
