"""What an undo costs the server's one event loop, against a move (issue 56, item 7; issue 58).

Late Twilight Struggle positions (turn 8 and on, the newest move its decider's own undoable one)
are reached by random games played through the server's table (coups left out where there is
another option, so the games last).  At each, the work the server does on its event loop is
timed (thread CPU time, the store's commit being on its own thread):

* a move: the rulebook's move (squabble/turn.py through online/table.py) and the update of each
  seat and of a spectator;
* an undo now: the rulebook's undo (the snapshot at the last barrier, the side's earlier
  undoable moves played again) and the same three updates;
* an undo before issue 56: the whole game replayed from its seed (``table.replay``), then the
  same updates.

Run: ``python bench/online_undo.py [positions]`` (default 30).  Prints the medians and worst
cases in milliseconds."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from squabble.online import table                      # noqa: E402
from squabble.online.server import Room, Server        # noqa: E402
from squabble.online.store import GameRecord           # noqa: E402


def calm(rnd, decision) -> int:
    options = decision["options"]
    keep = [k for k, o in enumerate(options) if o.get("mode") != "coup"]
    return rnd.choice(keep or range(len(options)))


def late_positions(count: int):
    """(record, the next move's index) pairs: records whose newest move may be taken back by
    its side, in turn 8 or later, and whose decider plays ``index`` next."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        rnd = random.Random(seed)
        rec = GameRecord(f"g{seed}", "struggle", {}, seed, "live", "CODE", 0, [], [], 0,
                         table.replay("struggle", seed, {}, []), None, None,
                         {"USA": b"", "USSR": b""})
        while rec.winner is None and len(found) < count:
            d = table.adapter("struggle").decision(rec.state)
            rec, _ = table.play(rec, calm(rnd, d), d["player"])
            if rec.state["turn"] >= 8 and table.can_undo(rec, rec.move_seats[-1]):
                nd = table.adapter("struggle").decision(rec.state)
                if nd is not None:
                    found.append((rec, calm(rnd, nd)))
                    for _ in range(25):   # the next position some moves later
                        if rec.winner is not None:
                            break
                        d = table.adapter("struggle").decision(rec.state)
                        rec, _ = table.play(rec, calm(rnd, d), d["player"])
    return found


def updates(server: Server, rec, lines, snaps=None) -> None:
    room = Room(rec)
    for seat in ("USA", "USSR", None):
        server.update(room, seat, lines, snaps)


def timed(work) -> float:
    t = time.thread_time()
    work()
    return (time.thread_time() - t) * 1000


def main(count: int = 30) -> None:
    server = Server(store=None)
    moves, undos, replays = [], [], []
    for rec, index in late_positions(count):
        seat = table.adapter("struggle").decision(rec.state)["player"]

        def move():
            new, lines = table.play(rec, index, seat)
            updates(server, new, lines, lines.snaps)

        def undo():
            updates(server, table.undo(rec, rec.move_seats[-1]), ["x takes back a decision."])

        def replay():
            table.replay("struggle", rec.seed, rec.options, rec.moves[:-1])
            updates(server, rec, ["x takes back a decision."])   # (updates of the same size)

        moves.append(timed(move))
        undos.append(timed(undo))
        replays.append(timed(replay))
    print(f"{count} late Twilight Struggle positions (turn 8+), ms of the event loop's thread:")
    for name, xs in (("a move (rulebook + 3 updates)", moves),
                     ("an undo (snapshot + 3 updates)", undos),
                     ("an undo before issue 56 (whole replay + 3 updates)", replays)):
        print(f"  {name}: median {statistics.median(xs):.2f}, worst {max(xs):.2f}")
    print(f"undo / move, medians: {statistics.median(undos) / statistics.median(moves):.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
