"""The online server under load, over loopback (issue 52; run by hand, prints figures).

    python bench/online_load.py [--games 100 500 1000] [--game squabble] [--seconds 10]
                                [--think 2]   # bots pause like people (mean seconds)
                                [--workers 2]   # bot processes
                                [--flooders 10]   # hostile clients flooding beside them
                                [--bots computer --level easy]   # the computer players
                                [--home]   # clocks and chat on (issue 59)
                                [--profile FILE]   # the server under cProfile
    python bench/online_load.py --stored 10000       # idle CPU and start time

For each N: a server process (``squabble serve --port 0`` on a fresh database) and N live games,
each played by two bot clients (random legal choices; with ``--bots computer`` the computer
player of ``--level``, deciding from the seat's view each update carries, for either game: then
the clients' thinking is part of the load); a finished game is followed by its
rematch, so N games stay live.  The bots run in ``--workers`` processes of their own (the games
shared out), so a bot process's own work delays only its share of the clients; it still runs on
the same two cores as the server.  Prints moves a second, the round trip of a move (sent -> the
mover's update back: p50, p99), the bot processes' CPU and their event loops' lag (how late a
5 ms timer fires there: a round trip includes up to that much of the client's own delay), the
server's CPU, its resident memory per live game, the database's size per stored game, and what
the server itself measured (arrival of a move to its updates queued, of that the wait for its
commit, and the commits themselves: each batch's disk flush).  With --stored: a database of
that many stored games (made with the server's own store, a few moves each), then the server's
start time (process start to "listening"), its CPU time over --idle seconds with no client, and
its resident memory."""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
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


# the bots of every game come from this machine's one address: its limits lifted (issue 56)
UNLIMITED = ("--games-per-minute", "1000000", "--games-per-hour", "1000000",
             "--messages-per-second", "1000000", "--connections-per-minute", "1000000")


def start_server(db, extra=()):
    t0 = time.perf_counter()
    prof = os.environ.get("SQUABBLE_BENCH_PROFILE")     # --profile FILE: the server profiled
    run = [sys.executable, "-m", "cProfile", "-o", prof] if prof else [sys.executable]
    p = subprocess.Popen([*run, "-m", "squabble", "serve", "--port", "0", "--db",
                          str(db), "--max-per-address", "100000", *UNLIMITED, *extra],
                         stdout=subprocess.PIPE, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    line = p.stdout.readline()
    started = time.perf_counter() - t0
    url = re.search(r"(ws://\S+?)/ ", line).group(1) + "/"
    return p, url, started


def rss_kb(pid) -> int:
    if isinstance(pid, (list, tuple)):   # several server processes: together
        return sum(map(rss_kb, pid))
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid) -> float:
    if isinstance(pid, (list, tuple)):
        return sum(map(cpu_seconds, pid))
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


async def chatter(c: Client, rnd, stop, every=30.0):
    """A seat that says a line every ``every`` seconds (the first at a random moment)."""
    await asyncio.sleep(rnd.uniform(0, every))
    while not stop.is_set():
        try:
            await c.say("Back in 5 minutes")
        except Exception:   # noqa: BLE001 - the line dropped: the next one later
            pass
        await asyncio.sleep(every)


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


async def _lag(stop, lags, tick=0.005):
    """How late a ``tick`` timer fires on this event loop (the loop's own delay)."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(tick)
        lags.append(time.perf_counter() - t - tick)


async def _worker_main(url, n, game, seconds, think, flooders, seed, pipe, bots=("random", "")):
    clients = []
    urls = url.split(",")   # several server processes: each game's seats on two of them
    for k in range(n):
        a = await Client(urls[k % len(urls)]).connect()
        b = await Client(urls[(k + 1) % len(urls)]).connect()
        home = os.environ.get("SQUABBLE_BENCH_HOME") == "1"   # --home: clocks and chat on
        created = await a.create(game, {}, side="USSR",
                                 clock={"kind": "live", "minutes": 90} if home else None)
        await b.join(created["code"])
        clients += [a, b]
    await asyncio.sleep(0.5)
    pipe.send("ready")
    await asyncio.get_running_loop().run_in_executor(None, pipe.recv)   # "go"
    rtts, moves, lags, flooded = [], [0], [], [0]
    stop = asyncio.Event()
    rnd = random.Random(seed)
    kind, level = bots
    tasks = [asyncio.create_task(bot(c, random.Random(rnd.random()), rtts, stop, moves, think,
                                     computer(game, level, seed * 100_000 + k)
                                     if kind == "computer" else None))
             for k, c in enumerate(clients)]
    tasks += [asyncio.create_task(flood(url, stop, flooded)) for _ in range(flooders)]
    if os.environ.get("SQUABBLE_BENCH_HOME") == "1":   # a chat line every 30 s a game
        tasks += [asyncio.create_task(chatter(c, random.Random(rnd.random()), stop))
                  for c in clients[::2]]
    tasks.append(asyncio.create_task(_lag(stop, lags)))
    cpu0 = time.process_time()
    await asyncio.sleep(seconds)
    stop.set()
    cpu = time.process_time() - cpu0
    n_moves = moves[0]
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        await c.close()
    pipe.send({"rtts": rtts, "moves": n_moves, "cpu": cpu, "lags": lags,
               "flooded": flooded[0]})


def _worker(url, n, game, seconds, think, flooders, seed, pipe, bots):
    asyncio.run(_worker_main(url, n, game, seconds, think, flooders, seed, pipe, bots))


def load(url, n, game, seconds, pid, think=0.0, flooders=0, workers=2, bots=("random", "")):
    """N games' bots shared out over ``workers`` processes; their figures gathered."""
    ctx = multiprocessing.get_context("spawn")
    procs, pipes = [], []
    workers = max(1, min(workers, n))
    for w in range(workers):
        mine, theirs = ctx.Pipe()
        share = n // workers + (1 if w < n % workers else 0)
        p = ctx.Process(target=_worker, args=(url, share, game, seconds, think,
                                              flooders // workers + (w < flooders % workers),
                                              w + 1, theirs, bots), daemon=True)
        p.start()
        procs.append(p)
        pipes.append(mine)
    try:
        for pipe in pipes:
            if pipe.recv() != "ready":
                raise SystemExit("a bot process failed to set up its games")
        rss_live = rss_kb(pid)
        t0 = time.perf_counter()
        cpu0 = cpu_seconds(pid)
        for pipe in pipes:
            pipe.send("go")
        time.sleep(seconds)
        elapsed = time.perf_counter() - t0
        server_cpu = (cpu_seconds(pid) - cpu0) / elapsed
        rss_play = rss_kb(pid)
        results = [pipe.recv() for pipe in pipes]
    finally:
        for p in procs:
            p.join(30)
            if p.is_alive():
                p.terminate()
    rtts = [x for r in results for x in r["rtts"]]
    return {"mps": sum(r["moves"] for r in results) / elapsed, "rtts": rtts,
            "rss_live": rss_live, "rss_play": rss_play, "server_cpu": server_cpu,
            "client_cpu": sum(r["cpu"] for r in results) / elapsed,
            "lags": [x for r in results for x in r["lags"]],
            "flooded": sum(r["flooded"] for r in results), "workers": workers}


def run_load(n, game, seconds, think=0.0, flooders=0, workers=2, bots=("random", "")):
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "load.sqlite3"
        p, url, _ = start_server(db)
        try:
            base = rss_kb(p.pid)
            r = load(url, n, game, seconds, p.pid, think, flooders, workers, bots)
        finally:
            p.terminate()
            tail = p.stdout.read()
            p.wait()
        import sqlite3   # the database as the stopped server left it (its log folded in)
        con = sqlite3.connect(db)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stored = con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        con.close()
        size = sum(f.stat().st_size for f in Path(d).glob("load.sqlite3*"))
        inside = re.search(r"a move's time in the server.*?: (p50 [\d.]+ ms, p99 [\d.]+ ms); "
                           r"waiting for its commit: (p50 [\d.]+ ms, p99 [\d.]+ ms)", tail)
        flush = re.search(r"disk flush\): (p50 [\d.]+ ms, p99 [\d.]+ ms)", tail)
    pace = f"bots think {think:g} s a move" if think else "bots at full speed"
    pace += (f"; {bots[1]} computer players" if bots[0] == "computer" else
             "; random legal moves")
    pace += f"; machine load average {load_before:.1f} before"
    if flooders:
        pace += (f"; {flooders} hostile clients flooding, {r['flooded']} messages "
                 f"({r['flooded'] / seconds:.0f}/s)")
    rtts, lags = r["rtts"], r["lags"]
    print(f"{game} N={n} ({pace}): {r['mps']:.0f} moves/s; round trip p50 "
          f"{pct(rtts, .5) * 1000:.1f} ms, p99 {pct(rtts, .99) * 1000:.1f} ms ({len(rtts)} "
          f"moves); in the server "
          f"{inside.group(1) + ', of which its commit ' + inside.group(2) if inside else '?'}"
          f" (the disk flush {flush.group(1) if flush else '?'}); "
          f"server {r['server_cpu'] * 100:.0f}% of a core ("
          f"{r['server_cpu'] / max(r['mps'], 1e-9) * 1000:.2f} ms of CPU a move), bots ({r['workers']} processes) "
          f"{r['client_cpu'] * 100:.0f}%, their loops' lag p50 {pct(lags, .5) * 1000:.1f} ms, "
          f"p99 {pct(lags, .99) * 1000:.1f} ms; server memory {base / 1024:.0f} MB idle, "
          f"{(max(r['rss_live'], r['rss_play']) - base) / n:.0f} KB per live game; database "
          f"{size / max(1, stored) / 1024:.1f} KB per stored game ({stored} games)", flush=True)


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
    ap.add_argument("--bots", choices=["random", "computer"], default="random",
                    help="how the bots choose: random legal options (the default) or the "
                         "computer player, from the seat's view")
    ap.add_argument("--level", choices=["easy", "normal", "hard"], default="easy",
                    help="the computer players' level (with --bots computer)")
    ap.add_argument("--flooders", type=int, default=0,
                    help="hostile clients sending pings as fast as they can beside the games")
    ap.add_argument("--workers", type=int, default=2,
                    help="processes the bots run in (the games shared out)")
    ap.add_argument("--stored", type=int, default=0)
    ap.add_argument("--home", action="store_true",
                    help="the online home on (issue 59): each game with a live 90-minute clock "
                         "and a chat line every 30 s (presence is always on)")
    ap.add_argument("--idle", type=float, default=10.0)
    ap.add_argument("--profile", metavar="FILE",
                    help="run the server under cProfile, its statistics written to FILE "
                         "(read them with python -m pstats FILE)")
    args = ap.parse_args()
    if args.profile:
        os.environ["SQUABBLE_BENCH_PROFILE"] = args.profile
    if args.home:
        os.environ["SQUABBLE_BENCH_HOME"] = "1"   # (read by the bot processes)
    if args.stored:
        run_idle(args.stored, args.idle)
        return
    for n in args.games:
        run_load(n, args.game, args.seconds, args.think, args.flooders, args.workers,
                 (args.bots, args.level))


if __name__ == "__main__":
    main()
