"""Ratings on a server (issue 60): 50 rated results of two keys through the statements the
server writes, and whole rated games between two bots through a real server process on
127.0.0.1, are Elo by hand; a kill -9 between a game's result and its rating, or
just after both, changes each rating once; a key cannot play itself; the key never reaches the
other seat or a spectator; a game lost on time is rated too.  Over each store
(tests/online_fixtures.py), but for the kill at the commit (it stops SQLite's writer)."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from squabble.online import ratings, wire
from squabble.online.client import Client, ClientError, play
from tests.online_fixtures import rows as read_rows
from tests.online_helpers import random_chooser, run

KEYS = {"Ann": "a1" * 16, "Bob": "b2" * 16}
GAMES = 5     # whole rated games over the server (the 50 go through the ratings' path)


def by_hand(results, k=32, start=1500.0):
    """Elo written out again here: ``results`` [(Ann's score)] in order."""
    ann, bob = start, start
    for score in results:
        e = 1 / (1 + 10 ** ((bob - ann) / 400))
        ann, bob = ann + k * (score - e), bob - k * (score - e)
    return ann, bob


def table_rows(db, game="squabble"):
    rows = read_rows(db, "SELECT p.name, r.rating, r.games, r.wins FROM ratings r JOIN "
                         "players p ON p.key_hash=r.key_hash WHERE r.game=?", (game,))
    out = {n: (r, g, w) for n, r, g, w in rows}
    return out, read_rows(db, "SELECT COUNT(*) FROM rating_changes")[0][0]


async def rated_game(url, seed, received, game="squabble"):
    """One rated game between Ann and Bob (random bots; Ann creates, sides at random) and a
    spectator: Ann's score."""
    a = await Client(url, record=True).connect()
    b = await Client(url, record=True).connect()
    created = await a.create(game, {}, name="Ann", rated=True, key=KEYS["Ann"])
    await b.join(created["code"], name="Bob", key=KEYS["Bob"])
    w = await Client(url, record=True).connect()
    await w.watch(created["code"])
    last, _ = await asyncio.gather(play(a, random_chooser(seed)),
                                   play(b, random_chooser(seed + 1000)))
    while w.last is None or w.last.get("winner") is None:
        await w.next_update(10)
    received.append((a.received, b.received, w.received))
    for c in (a, b, w):
        await c.close()
    assert last["rated"] is True
    return ratings.scores(last["winner"])[a.seat], last


def test_fifty_results_through_the_ratings_path_match_elo_by_hand(store_db):
    """50 rated results of the same two keys through the statements the server writes (a real
    store, its transactions): the ratings, games, wins and history are Elo by hand."""
    from squabble.online.store_pg import open_store
    store = open_store(store_db)
    try:
        hashes = {n: ratings.key_hash(k) for n, k in KEYS.items()}
        store._write(ratings.player_stmts(hashes["Ann"], "Ann") +
                     ratings.player_stmts(hashes["Bob"], "Bob"))
        import random
        rnd = random.Random(60)
        scores = []
        for n in range(50):
            ann_side = rnd.choice(("USA", "USSR"))
            other = "USSR" if ann_side == "USA" else "USA"
            winner = rnd.choice(("USA", "USSR", "USA", "USSR", "draw"))
            before = ratings.current(store, "squabble", hashes["Ann"])
            store._write(ratings.result_stmts(
                f"g{n}", "squabble", {ann_side: hashes["Ann"], other: hashes["Bob"]},
                winner, float(n)))
            scores.append(ratings.scores(winner)[ann_side])
            change = ratings.changes_of(store, f"g{n}")
            assert change[ann_side][0] == (1500.0 if before is None else before[0])
            assert change[ann_side][1] == ratings.current(store, "squabble",
                                                          hashes["Ann"])[0]
        with pytest.raises(Exception):   # the same game's result a second time: refused
            store._write(ratings.result_stmts("g0", "squabble",
                                              {"USA": hashes["Ann"], "USSR": hashes["Bob"]},
                                              "USA", 99.0))
        ann, bob = by_hand(scores)
        assert ratings.current(store, "squabble", hashes["Ann"]) == \
            (pytest.approx(ann, abs=1e-9), 50, scores.count(1.0))
        assert ratings.current(store, "squabble", hashes["Bob"])[0] == \
            pytest.approx(bob, abs=1e-9)
        history = ratings.history(store, hashes["Ann"], "squabble")
        assert len(history) == 50 and history[-1][2] == pytest.approx(ann)
        assert all(h[2] == pytest.approx(n[1]) for h, n in zip(history, history[1:]))
        table = ratings.table(store, ["squabble", "struggle"])
        assert {r["name"]: r["rating"] for r in table["squabble"]} == \
            {"Ann": round(ann), "Bob": round(bob)} and table["struggle"] == []
    finally:
        store.close()


def test_two_games_of_one_key_ending_at_once_on_two_processes_both_count(store_db):
    """Ann beats Bob on one server process and Cid on another at the same moment: each
    process's result is made (its ratings read, as it did) before either is written, then both
    are written together.  Ann's rating counts both games, in one order or the other (Elo by
    hand), never the second from a rating the first had already changed."""
    from types import SimpleNamespace

    from squabble.online.rated import Rated
    from squabble.online.store_pg import open_store
    ann, bob, cid = (ratings.key_hash(c * 32) for c in "abc")
    pg = store_db.startswith("postgresql://")
    stores = [open_store(store_db)]
    stores.append(open_store(store_db) if pg else stores[0])   # (SQLite: one writer)

    def ending(store, gid, other):
        """A process's server (its store), the room of a game Ann wins, the ending record."""
        process = Rated()
        process.store = store
        room = SimpleNamespace(rec=SimpleNamespace(id=gid, winner=None),
                               rated={"USSR": ann, "USA": other}, rating_change=None)
        return process, room, SimpleNamespace(id=gid, game="squabble", winner="USSR")

    async def go():
        (one, room1, new1), (two, room2, new2) = (ending(stores[0], "g1", bob),
                                                  ending(stores[1], "g2", cid))
        st1, st2 = [], []
        async with one.rated_result(room1, new1, st1):     # both results made ...
            async with two.rated_result(room2, new2, st2):
                await asyncio.gather(stores[0].awrite(st1), stores[1].awrite(st2))   # ... then
        return room1.rating_change, room2.rating_change                        # both written
    try:
        change1, change2 = asyncio.run(go())
        expected = 1516.0 + 32 * (1 - 1 / (1 + 10 ** ((1500.0 - 1516.0) / 400)))   # (by hand)
        assert ratings.current(stores[0], "squabble", ann) == \
            (pytest.approx(expected, abs=1e-9), 2, 2)
        first, second = sorted((change1["USSR"], change2["USSR"]))
        assert first[0] == 1500.0 and second[0] == pytest.approx(first[1])
        assert second[1] == pytest.approx(expected, abs=1e-9)
        losers = sorted(ratings.current(stores[0], "squabble", k)[0] for k in (bob, cid))
        assert losers == [1484.0, pytest.approx(1500.0 - (expected - 1516.0), abs=1e-9)]
    finally:
        for s in set(stores):
            s.close()


def test_rated_games_over_the_server_match_elo_by_hand_and_keys_stay_private(server):
    received = []

    async def go():
        out = []
        for k in range(GAMES):
            out.append(await rated_game(server.url, 7000 + k, received))
        c = await Client(server.url).connect()
        table = await c.ratings()
        await c.close()
        return out, table
    results, table = run(go(), 120)
    scores = [s for s, _ in results]
    ann, bob = by_hand(scores)
    rows, changes = table_rows(server.db)
    assert rows["Ann"][0] == pytest.approx(ann, abs=1e-6)
    assert rows["Bob"][0] == pytest.approx(bob, abs=1e-6)
    assert rows["Ann"][1:] == (GAMES, sum(1 for s in scores if s == 1))
    assert changes == 2 * GAMES         # a history row for each key and game
    shown = {r["name"]: r for r in table["squabble"]}
    assert shown["Ann"] == {"name": "Ann", "rating": round(ann), "games": GAMES,
                            "wins": rows["Ann"][2]}
    assert table["struggle"] == []
    # the last update of each game says the change, and the changes chain game to game
    before = {"Ann": 1500.0}
    for score, last in results:
        mine = last["rating_change"][last["seat"]]
        assert mine[0] == pytest.approx(before["Ann"])
        before["Ann"] = mine[1]
        assert (mine[1] > mine[0]) == (score == 1.0)
    assert before["Ann"] == pytest.approx(ann)
    # privacy: neither key nor its hash ever reaches anyone (the seats' own messages neither)
    for got in received:
        text = json.dumps(got)
        for key in KEYS.values():
            assert key not in text and ratings.key_hash(key) not in text


def test_a_key_cannot_play_itself_and_a_rated_game_needs_keys(server):
    async def go():
        a = await Client(server.url).connect()
        b = await Client(server.url).connect()
        with pytest.raises(ClientError, match="player key"):
            await a.create("squabble", {}, rated=True)
        with pytest.raises(ClientError, match="'key' must be"):
            await a._ask(wire.create("squabble", {}, rated=True, key="short"))
        created = await a.create("squabble", {}, rated=True, key=KEYS["Ann"])
        with pytest.raises(ClientError, match="against someone else"):
            await b.join(created["code"], key=KEYS["Ann"])
        with pytest.raises(ClientError, match="joined with a player key"):
            await b.join(created["code"])
        await b.join(created["code"], key=KEYS["Bob"])   # the seat stayed open
        await a.until_version(0)
        assert a.last["rated"] is True and "rating_change" not in a.last
        plain = await a.create("squabble", {}, key=KEYS["Ann"])   # a key alone rates nothing
        c = await Client(server.url).connect()
        await c.join(plain["code"], key=KEYS["Ann"])              # (unrated: itself is fine)
        for x in (a, b, c):
            await x.close()
    run(go())


# the server dies (as by kill -9: no clean-up) when it commits the first game's result with
# its ratings, before the commit: result and ratings are one transaction, so neither is kept
KILL_AT_RATED_COMMIT = """
import os
from squabble.online import ratings, store
_results = ratings.result_stmts
_armed = []
def result_stmts(*a, **k):
    _armed.append(1)
    return _results(*a, **k)
ratings.result_stmts = result_stmts
_commit = store._GroupWriter._commit
def _dying_commit(self):
    if _armed:
        os._exit(137)
    return _commit(self)
store._GroupWriter._commit = _dying_commit
"""


def test_a_kill_9_at_the_result_changes_each_rating_once(serve_lite):
    db = serve_lite.db
    server = serve_lite(prelude=KILL_AT_RATED_COMMIT)
    port = server.port

    async def go():
        nonlocal server
        a = await Client(server.url).connect()
        b = await Client(server.url).connect()
        created = await a.create("squabble", {}, name="Ann", rated=True, key=KEYS["Ann"])
        await b.join(created["code"], name="Bob", key=KEYS["Bob"])
        games = asyncio.gather(play(a, random_chooser(3)), play(b, random_chooser(4)))
        while server.alive():           # the last move kills it before its commit
            await asyncio.sleep(0.02)
        server.proc.wait()
        server._close_pipes()
        con = sqlite3.connect(str(db))
        assert con.execute("SELECT winner FROM games").fetchone()[0] is None
        assert con.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
        con.close()
        server = serve_lite(port=port)    # the clients reconnect, the move is sent again
        last, _ = await games
        assert last["rating_change"] and a.last["rating_change"] == b.last["rating_change"]
        server.kill9()                  # right after the result: nothing to do twice
        server = serve_lite(port=port)
        await a.resume(created["game_id"], a.credential)
        assert a.last["rating_change"] == last["rating_change"]
        for c in (a, b):
            await c.close()
        return last
    last = run(go(), 60)
    rows, changes = table_rows(str(db))
    assert rows["Ann"][1] == rows["Bob"][1] == 1 and changes == 2
    ann_side = "USA" if last["seat"] == "USA" else "USSR"
    assert sorted(r[0] for r in rows.values()) == sorted(x[1] for x in
                                                         last["rating_change"].values())
    assert ann_side in last["rating_change"]
    # the change row's key (game, player) refuses a second change of the same game
    con = sqlite3.connect(str(db))
    gid = con.execute("SELECT id FROM games").fetchone()[0]
    with pytest.raises(sqlite3.IntegrityError):
        con.execute("INSERT INTO rating_changes SELECT * FROM rating_changes WHERE game_id=?",
                    (gid,))
    con.close()


def test_a_rated_game_lost_on_time_changes_the_ratings(serve, fake_clock):
    fake = fake_clock
    server = serve(prelude=fake.prelude)

    async def go():
        a = await Client(server.url).connect()
        b = await Client(server.url).connect()
        created = await a.create("squabble", {}, side="USA", name="Ann", rated=True,
                                 key=KEYS["Ann"], clock={"kind": "live", "minutes": 30,
                                                         "increment": 0})
        await b.join(created["code"], name="Bob", key=KEYS["Bob"])
        await a.until_version(0)
        await asyncio.sleep(0.1)
        fake.advance(1801)
        while a.last.get("winner") is None:
            await a.next_update(5)
        loser = "USA" if a.last["winner"] == "USSR" else "USSR"
        change = a.last["rating_change"]
        assert change[loser] == [1500.0, 1484.0] and change[a.last["winner"]][1] == 1516.0
        await a.close(), await b.close()
    run(go(), 30)
