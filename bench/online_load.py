"""The online server under load, over loopback (issue 52; run by hand, prints figures).

    python bench/online_load.py [--games 100 500 1000] [--game squabble] [--seconds 10]
                                [--think 2]   # bots pause like people (mean seconds)
                                [--flooders 10]   # hostile clients flooding beside them
                                [--bots computer --level easy]   # the computer players
    python bench/online_load.py --stored 10000       # idle CPU and start time

For each N: a server process (``squabble serve --port 0`` on a fresh database) and N live games,
each played by two bot clients in this process (random legal choices; with ``--bots computer``
the computer player of ``--level``, deciding from the seat's view each update carries, for
either game: then the clients' thinking is part of the load); a finished game is
followed by its rematch, so N games stay live.  Prints moves a second, the round trip of a move
(sent -> the mover's update back: p50, p99), the server's resident memory per live game and the
database's size per stored game.  With --stored: a database of that many stored games (made
with the server's own store, a few moves each), then the server's start time (process start to
"listening"), its CPU time over --idle seconds with no client, and its resident memory.

The bots run in one Python process on the same machine as the server: on a two-core machine the
clients' own work is part of what is measured."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from squabble.online.client import Client, computer  # noqa: E402


def start_server(db, extra=()):
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "squabble", "serve", "--port", "0", "--db",
                          str(db), "--max-per-address", "100000", *extra],
                         stdout=subprocess.PIPE, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    line = p.stdout.readline()
    started = time.perf_counter() - t0
    url = re.search(r"(ws://\S+?)/ ", line).group(1) + "/"
    return p, url, started


def rss_kb(pid) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid) -> float:
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


async def bot(c: Client, rnd, rtts, stop, moves, think=0.0, choose=None):
    """One seat's bot: ``choose(update) -> index`` (None: a random legal option)."""
    while not stop.is_set():
        last = c.last
        if last is not None and last.get("winner") is not None:
            if c.seat == "USA" or last.get("rematch"):   # one side asks; both move on
                try:
                    await c.rematch()
                except Exception:
                    await asyncio.sleep(0.05)
                continue
        if last is not None and c.my_turn():
            v = last["version"]
            if think:   # a person's pace: exponential, ``think`` seconds on average
                await asyncio.sleep(rnd.expovariate(1 / think))
                if stop.is_set() or c.last is not last:
                    continue
            t = time.perf_counter()
            await c.move(choose(last) if choose else
                         rnd.randrange(len(last["decision"]["options"])))
            try:
                while c.last["version"] == v and not stop.is_set():
                    await c.next_update(2.0)
            except asyncio.TimeoutError:
                continue
            rtts.append(time.perf_counter() - t)
            moves[0] += 1
            continue
        try:
            await c.next_update(0.5)
        except asyncio.TimeoutError:
            pass


async def flood(url, stop, sent):
    """A hostile client: hello, then pings as fast as it can; connects again when closed."""
    import json
    from websockets.asyncio.client import connect
    while not stop.is_set():
        try:
            async with connect(url, open_timeout=5, ping_interval=None) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                while not stop.is_set():
                    await ws.send(json.dumps({"type": "ping"}))
                    sent[0] += 1
                    await asyncio.sleep(0)
        except Exception:   # noqa: BLE001 - closed by the server for flooding: again
            await asyncio.sleep(0.01)


async def load(url, n, game, seconds, pid, think=0.0, flooders=0, bots="random", level="easy"):
    rtts, moves = [], [0]
    stop = asyncio.Event()
    clients = []
    for i in range(n):
        a = await Client(url).connect()
        b = await Client(url).connect()
        created = await a.create(game, {}, side="USSR")
        await b.join(created["code"])
        clients += [a, b]
    await asyncio.sleep(0.5)
    rss_live = rss_kb(pid)
    rnd = random.Random(1)
    tasks = [asyncio.create_task(bot(c, random.Random(rnd.random()), rtts, stop, moves, think,
                                     computer(game, level, k) if bots == "computer" else None))
             for k, c in enumerate(clients)]
    flooded = [0]
    tasks += [asyncio.create_task(flood(url, stop, flooded)) for _ in range(flooders)]
    load.flooded = flooded
    t0 = time.perf_counter()
    cpu0 = cpu_seconds(pid)
    await asyncio.sleep(seconds)
    stop.set()
    elapsed = time.perf_counter() - t0
    load.server_cpu = (cpu_seconds(pid) - cpu0) / elapsed
    rss_play = rss_kb(pid)
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        await c.close()
    return moves[0] / elapsed, rtts, rss_live, rss_play


def run_load(n, game, seconds, think=0.0, flooders=0, bots="random", level="easy"):
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "load.sqlite3"
        p, url, _ = start_server(db)
        try:
            base = rss_kb(p.pid)
            mps, rtts, rss_live, rss_play = asyncio.run(load(url, n, game, seconds, p.pid,
                                                              think, flooders, bots, level))
            import sqlite3
            con = sqlite3.connect(db)
            stored = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            con.close()
            size = sum(f.stat().st_size for f in Path(d).glob("load.sqlite3*"))
        finally:
            p.terminate()
            tail = p.stdout.read()
            p.wait()
        inside = re.search(r"a move's time in the server.*?: (p50 [\d.]+ ms, p99 [\d.]+ ms); "
                           r"waiting for its commit: (p50 [\d.]+ ms, p99 [\d.]+ ms)", tail)
    pace = f"bots think {think:g} s a move" if think else "bots at full speed"
    pace += f"; {level} computer players" if bots == "computer" else "; random legal moves"
    pace += f"; machine load average {os.getloadavg()[0]:.1f}"
    if flooders:
        pace += (f"; {flooders} hostile clients flooding, {load.flooded[0]} messages "
                 f"({load.flooded[0] / seconds:.0f}/s)")
    print(f"{game} N={n} ({pace}): {mps:.0f} moves/s, server "
          f"{load.server_cpu * 100:.0f}% of a core, round trip p50 {pct(rtts, .5) * 1000:.1f} ms, "
          f"p99 {pct(rtts, .99) * 1000:.1f} ms ({len(rtts)} moves); server memory "
          f"{base / 1024:.0f} MB idle, {(max(rss_live, rss_play) - base) / n:.0f} KB per live "
          f"game; database {size / max(1, stored) / 1024:.1f} KB per stored game "
          f"({stored} games); in the server "
          f"{inside.group(1) + ', of which its commit ' + inside.group(2) if inside else '?'}",
          flush=True)


def make_stored(db, count, game="squabble"):
    """``count`` games in the database through the server's own store, a few moves each."""
    from squabble.online import table
    from squabble.online.store import GameRecord, Store, credential_hash, new_code
    import secrets
    store = Store(str(db))
    store.db.execute("PRAGMA synchronous=OFF")   # building the bench's data only
    rnd = random.Random(2)
    for i in range(count):
        seed = table.new_seed()
        moves = []
        state = table.replay(game, seed, {}, [])
        from squabble.games import registry
        g = registry.get(game)
        for _ in range(rnd.randrange(0, 8)):
            d = g.decision(state)
            if d is None:
                break
            moves.append(rnd.randrange(len(d["options"])))
            g.apply_index(state, moves[-1], [])
        rec = GameRecord(secrets.token_hex(8), game, {}, seed, "correspondence", new_code(),
                         len(moves), moves, ["USSR"] * len(moves), len(moves), state, None,
                         None, {"USA": credential_hash("a"), "USSR": credential_hash("b")})
        store.create(rec)
    store.close()


def run_idle(count, idle):
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "stored.sqlite3"
        t = time.perf_counter()
        make_stored(db, count)
        print(f"made {count} stored games in {time.perf_counter() - t:.1f} s "
              f"({db.stat().st_size / count / 1024:.1f} KB each)", flush=True)
        p, url, started = start_server(db)
        try:
            time.sleep(1.0)
            c0 = cpu_seconds(p.pid)
            time.sleep(idle)
            c1 = cpu_seconds(p.pid)
            print(f"server with {count} stored games (machine load average "
                  f"{os.getloadavg()[0]:.1f}): started in {started:.2f} s; "
                  f"{(c1 - c0) / idle * 100:.2f}% of a core over {idle:.0f} s idle; "
                  f"resident memory {rss_kb(p.pid) / 1024:.0f} MB", flush=True)
        finally:
            p.terminate()
            p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[100, 500])
    ap.add_argument("--game", choices=["squabble", "struggle"], default="squabble")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a bot thinks before a move (0: at once)")
    ap.add_argument("--flooders", type=int, default=0,
                    help="hostile clients sending pings as fast as they can beside the games")
    ap.add_argument("--bots", choices=["random", "computer"], default="random",
                    help="how the bots choose: random legal options (the default) or the "
                         "computer player, from the seat's view")
    ap.add_argument("--level", choices=["easy", "normal", "hard"], default="easy",
                    help="the computer players' level (with --bots computer)")
    ap.add_argument("--stored", type=int, default=0)
    ap.add_argument("--idle", type=float, default=10.0)
    args = ap.parse_args()
    if args.stored:
        run_idle(args.stored, args.idle)
        return
    for n in args.games:
        run_load(n, args.game, args.seconds, args.think, args.flooders, args.bots, args.level)


if __name__ == "__main__":
    main()
