"""Several server processes behind HAProxy or nginx (issue 61; run by hand where the proxy is
installed).

    python bench/online_pg_proxy.py [--proxy haproxy|nginx] [--games 4] [--kills 3]

Starts a PostgreSQL cluster of its own (tests/pg_cluster.py), two ``squabble serve`` processes
over one database on ports 8801 and 8802 and the proxy with docs/haproxy-squabble.cfg or
docs/nginx-squabble.conf (its front on a free port), then plays ``--games`` Squabble games
whose clients know only the proxy's address, killing a random server process with SIGKILL
``--kills`` times (and starting it again) while they play; the proxy takes the dead one out
(HAProxy's health checks are active, nginx's passive: a refused connection marks the process
down and goes to the next one) and the clients, reconnecting to the same address, reach the
live one and resume.  Prints what it saw and checks every game in the database (nothing
acknowledged lost, nothing applied twice, each game replayed from its seed to its state)."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from squabble.online.client import Client, play  # noqa: E402
from tests.online_helpers import ServerProcess, check_stored_game, random_chooser  # noqa: E402
from tests.pg_cluster import Cluster, binaries, free_port  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--proxy", choices=("haproxy", "nginx"), default="haproxy")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--kills", type=int, default=3)
    args = ap.parse_args()
    if not shutil.which(args.proxy) and not os.path.exists(f"/usr/sbin/{args.proxy}") \
            or binaries() is None:
        raise SystemExit(f"This needs {args.proxy} and PostgreSQL installed (apt-get install "
                         f"{args.proxy} postgresql).")
    cluster = Cluster(binaries())
    db = cluster.new_database()
    extra = ["--trusted-proxy", "127.0.0.1", "--connections-per-minute", "100000"]
    servers = [ServerProcess(db, port=p, args=extra) for p in (8801, 8802)]
    front = free_port()
    folder = Path(tempfile.mkdtemp())
    name = "haproxy-squabble.cfg" if args.proxy == "haproxy" else "nginx-squabble.conf"
    cfg = folder / name
    cfg.write_text((ROOT / "docs" / name).read_text()
                   .replace("127.0.0.1:8765", f"127.0.0.1:{front}"))
    if args.proxy == "haproxy":
        cmd = ["haproxy", "-f", str(cfg), "-db"]
    else:
        cmd = [shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(folder), "-c", str(cfg),
               "-e", "stderr", "-g", f"daemon off; pid {folder / 'nginx.pid'};"]
    proxy = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"ws://127.0.0.1:{front}/"
    time.sleep(2.5)   # HAProxy's health checks see both processes up (rise 2, inter 1 s)
    rnd = random.Random(1)

    async def killer(stop):
        for _ in range(args.kills):
            await asyncio.sleep(rnd.uniform(0.5, 1.5))
            k = rnd.randrange(2)
            servers[k].kill9()
            await asyncio.sleep(0.5)
            servers[k] = await asyncio.to_thread(ServerProcess, db, servers[k].port, extra)
            await asyncio.sleep(2.5)
        stop.set()

    async def go():
        pairs = []
        for g in range(args.games):
            a = await Client(url, backoff=(0.1, 1.0)).connect()
            created = await a.create("squabble", {"events": True}, side="USSR")
            b = await Client(url, backoff=(0.1, 1.0)).connect()
            await b.join(created["code"])
            pairs.append((created["game_id"], a, b))
        stop = asyncio.Event()
        kill = asyncio.create_task(killer(stop))
        results = await asyncio.gather(*(play(c, random_chooser(10 * g + j), max_wait=30)
                                         for g, (_, a, b) in enumerate(pairs)
                                         for j, c in enumerate((a, b))))
        await kill
        reconnects = sum(a.reconnects + b.reconnects for _, a, b in pairs)
        for _, a, b in pairs:
            await a.close(), await b.close()
        return pairs, results, reconnects

    t = time.perf_counter()
    try:
        pairs, results, reconnects = asyncio.run(asyncio.wait_for(go(), 300))
        moves = 0
        for (gid, a, b), r in zip(pairs, results[::2]):
            row = check_stored_game(db, gid)
            assert row["version"] == r["version"] and row["winner"] == r["winner"]
            assert all(n < row["version"] for n in a.acks + b.acks)
            moves += row["version"]
        print(f"{args.games} games through {args.proxy} over two processes, {args.kills} kill -9s, "
              f"{reconnects} reconnects to the proxy's address, {moves} moves stored, every "
              f"game whole and at its last move, in {time.perf_counter() - t:.0f} s")
    finally:
        proxy.terminate()
        proxy.wait()
        for s in servers:
            s.stop()
        cluster.close()


if __name__ == "__main__":
    main()
