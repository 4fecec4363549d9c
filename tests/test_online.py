"""Online play through real server processes on 127.0.0.1 (issue 52): whole games between two
websockets clients, the lobby, undo under the couch rule, rematch, and privacy as a property;
over each store (``server``, ``serve``: tests/online_fixtures.py) but for the whole games between
computer players and the planted leaks, which test no store."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.request

import pytest

from squabble.games import registry
from squabble.games.squabble.cards import CARDS as SQ_CARDS
from squabble.games.struggle.data import card_name
from squabble.online import fair, table
from squabble.online.client import Client, ClientError, computer, play
from tests.online_helpers import played_and_watched, random_chooser, run, stored
from tests.test_seat import (ENEMY, all_names, hidden_where, named_secrets, relabel_squabble,
                             relabel_struggle)


#: the Struggle computer players of the whole game between two clients
STRUGGLE_LEVEL = "easy"


async def two_seats(url, game, options, side="USSR", pace="live"):
    a = await Client(url, record=True).connect()
    b = await Client(url, record=True).connect()
    created = await a.create(game, options, side=side, pace=pace)
    await b.join(created["code"])
    while a.last is None or a.last["open_seat"]:   # the game is dealt when the friend joins
        await a.next_update()                       # (with its value): its first update
    return a, b, created


async def whole_game(url, game, options, choosers, watch=False):
    a, b, created = await two_seats(url, game, options)
    w = None
    if watch:
        w = await Client(url, record=True).connect()
        await w.watch(created["code"])
    ra, rb = await asyncio.gather(play(a, choosers[0]), play(b, choosers[1]))
    if w is not None:
        while w.last is None or w.last["version"] < ra["version"]:
            await w.next_update(10)
    for c in (a, b, w):
        if c is not None:
            await c.close()
    return a, b, w, ra, rb


def test_whole_games_of_both_games_between_two_clients(server_lite):
    """Squabble with the Event deck, then Struggle (optional cards, the Chinese Civil War),
    each between two computer players deciding from their seats' views (what the clients
    receive), a spectator watching the first."""
    a, b, w, ra, rb = run(whole_game(server_lite.url, "squabble", {"events": True},
                                     (computer("squabble", "normal", 1),
                                      computer("squabble", "normal", 2)), watch=True))
    assert ra["winner"] is not None and ra["winner"] == rb["winner"] == w.last["winner"]
    assert ra["version"] == rb["version"] > 5 and not a.errors and not b.errors
    row = stored(server_lite.db, ra["game_id"])
    assert row["version"] == ra["version"] and row["winner"] == ra["winner"]
    # the stored moves replayed from the secret seed give the stored state: nothing twice
    assert table.normal(table.replay("squabble", row["seed"], row["options"], row["moves"])) \
        == row["state"]
    assert a.log == b.log and len(a.log) > 5
    # the spectator never saw options nor a hand
    for m in w.received:
        if m.get("type") == "update":
            assert m["seat"] is None and (m["decision"] is None or m["decision"]["options"] == [])
            assert m["state"]["hands"]["USA"] == [] and m["state"]["hands"]["USSR"] == []
    a, b, _, ra, rb = run(whole_game(server_lite.url, "struggle",
                                     {"optional_cards": True, "chinese_civil_war": True},
                                     (computer("struggle", STRUGGLE_LEVEL, 3),
                                      computer("struggle", STRUGGLE_LEVEL, 4))), timeout=240)
    assert ra["winner"] is not None and ra["version"] == rb["version"] > 5
    row = stored(server_lite.db, ra["game_id"])
    assert row["options"] == {"optional_cards": True, "chinese_civil_war": True}
    assert len(row["events"]) == row["version"] == len(row["moves"])


def test_the_lobby_codes_seats_and_refusals(server):
    async def go():
        a = await Client(server.url).connect()
        created = await a.create("struggle", {"handicap": {"side": "USA", "influence": 2}},
                                 side="random", pace="correspondence")
        code = created["code"]
        assert len(code) == 14 and not set(code) & set("0O1lI")
        assert created["seat"] in ("USA", "USSR") and len(created["credential"]) >= 43
        b = await Client(server.url).connect()
        with pytest.raises(ClientError, match="No game has that invitation code"):
            await b.join("2222-2222")
        joined = await b.join(code.lower().replace("-", " "))
        assert joined["seat"] == ENEMY[created["seat"]]
        c = await Client(server.url).connect()
        with pytest.raises(ClientError, match="already has both its players"):
            await c.join(code)
        for bad in ({"game": "chess"}, {"game": "squabble", "options": {"events": 3}},
                    {"game": "squabble", "side": "NATO"}, {"game": "squabble", "pace": "blitz"},
                    {"game": "squabble", "options": {"test_setup": True}}):
            with pytest.raises(ClientError):
                await c._ask(dict({"type": "create"}, **bad))
        u = b.last if b.last["version"] == 0 else await b.next_update()
        assert u["pace"] == "correspondence" and u["open_seat"] == []
        # the window closed, the machine restarted: the credential brings the seat back
        await a.close()
        again = await Client(server.url).connect()
        await again.resume(created["game_id"], created["credential"])
        assert again.seat == created["seat"]
        await again.close(), await b.close(), await c.close()
    run(go())
    # a plain HTTP request gets a short HTTP answer
    url = server.url.replace("ws://", "http://")
    with urllib.request.urlopen(url, timeout=5) as r:
        assert r.status == 200 and b"WebSocket" in r.read()


def test_undo_follows_the_couch_rule(server):
    async def go():
        a, b, _ = await two_seats(server.url, "squabble", {}, side="USSR")
        first = await a.until_version(0)
        assert a.my_turn() and not first["can_undo"]
        await a.move(0)                   # the USSR plays its two cards face down
        u = await a.until_version(1)
        assert u["can_undo"] and u["decision"]["player"] == "USA"
        await b.until_version(1)
        await b.undo()                    # never the other side's decision
        await asyncio.sleep(0.3)
        assert "only your own decisions" in b.errors[-1]
        await a.undo()
        u = await a.until_version(2)
        assert u["decision"] == first["decision"]
        assert u["state"] == first["state"] and "USSR takes back a decision." in u["log"]
        await a.ws.send(json.dumps({"type": "move", "decision": 1, "index": 0}))   # stale
        await asyncio.sleep(0.3)
        assert "decision 2" in a.errors[-1] and a.last["version"] == 2
        await a.move(1)
        await b.until_version(3)
        await b.move(0)                   # the other side decided: the USSR's move is final
        await a.until_version(4)
        assert not a.last["can_undo"]
        await a.undo()
        await asyncio.sleep(0.3)
        assert "only your own decisions" in a.errors[-1]
        row = stored(server.db, a.game_id)
        # the move taken back left the log: its event gave way to the undo's (issue 56)
        assert row["moves"] == [1, 0] and [e[1] for e in row["events"]] == \
            ["undo", "move", "move"]
        await a.close(), await b.close()
    run(go())


def test_rematch_swaps_the_sides(server):
    async def go():
        a, b, created = await two_seats(server.url, "squabble", {}, side="USA")
        ra, _ = await asyncio.gather(play(a, random_chooser(1)), play(b, random_chooser(2)))
        reply = await a.rematch()
        assert reply["seat"] == "USSR" and a.seat == "USSR"
        await b.resume(reply["game_id"], b.credential)   # the same credential, the other side
        assert b.seat == "USA" and a.game_id == b.game_id != created["game_id"]
        ra, rb = await asyncio.gather(play(a, random_chooser(3)), play(b, random_chooser(4)))
        assert ra["winner"] is not None and ra["game_id"] == reply["game_id"]
        await a.close(), await b.close()
    run(go())


def test_the_other_seat_is_told_that_its_friend_asks_for_the_rematch(serve):
    """The first seat's ask reaches the other seat at once (its update's ``rematch_asked``), a
    seat that was away on its resume, a spectator as the same public fact, and after a restart
    of the server too (it is stored); the second ask tells the first that the rematch starts."""
    server = serve()

    async def until(client, pred, timeout=10):
        while client.last is None or not pred(client.last):
            await client.next_update(timeout)
        return client.last

    async def first():
        a, b, created = await two_seats(server.url, "squabble", {}, side="USA")
        w = await Client(server.url).connect()
        await w.watch(created["code"])
        await asyncio.gather(play(a, random_chooser(1)), play(b, random_chooser(2)))
        assert a.last["rematch_asked"] == b.last["rematch_asked"] == []
        reply = await a.ask_rematch()               # only asks: a stays on the finished game
        assert reply["seat"] == "USSR" and a.game_id == created["game_id"]
        got = await until(b, lambda u: u["rematch_asked"])
        assert got["game_id"] == created["game_id"] and got["rematch_asked"] == ["USA"]
        assert got["rematch"] == reply["game_id"]
        seen = await until(w, lambda u: u["rematch_asked"])      # the public fact
        assert seen["rematch_asked"] == ["USA"] and seen["seat"] is None
        assert got["code"] == created["code"] and "code" not in seen   # a player's, not shown
        again = await a.ask_rematch()               # asked twice: the same game, no change
        assert again["game_id"] == reply["game_id"]
        creds = (b.credential, created["game_id"], reply["game_id"])
        for c in (a, b, w):
            await c.close()
        return creds

    async def away(cred, game_id):
        c = await Client(server.url).connect()      # the seat was away: told on its resume
        await c.resume(game_id, cred)
        assert c.last["rematch_asked"] == ["USA"] and c.last["rematch"]
        return c

    cred, old, new = run(first())
    server.stop()
    server = serve()                                # stored: a restart keeps the ask

    async def second():
        c = await away(cred, old)
        a = await Client(server.url).connect()
        reply = await c.rematch()                   # the friend accepts: the rematch starts
        assert reply["game_id"] == new and c.game_id == new and c.seat == "USA"
        # the rematch's own invitation code, for Your online games
        await c.until_version(0)
        assert len(c.last["code"]) == 14 and c.last["game_id"] == new
        v = await Client(server.url).connect()
        await v.resume(old, cred)
        assert sorted(v.last["rematch_asked"]) == ["USA", "USSR"]
        for x in (a, c, v):
            await x.close()
    run(second())


# -- privacy as a property ---------------------------------------------------------------------

def _states(row):
    """The true state before each version (no undo in these games), rebuilt by the test from
    the database, with each step's log."""
    game = registry.get(row["game"])
    state = game.new(row["seed"], dict(row["options"]))
    out = [(state, [])]
    for i in row["moves"]:
        state, log = game.apply(state, i)
        out.append((state, log))
    return out


def relabelled(name, true, seat, rnd):
    """The true state with the cards hidden from ``seat`` (None: a spectator, from whom both
    hands are hidden) dealt again, as tests/test_seat.py deals them.  In Twilight Struggle the
    hand of a side deciding now stays as it is (its pending options name its cards; the draw
    pile, and the cards of it a frame holds, are still dealt again): the seat's test there
    checks only the seat's own turns."""
    if name == "squabble":
        return [relabel_squabble(true, seat or side, rnd)[0]
                for side in ((seat,) if seat else ("USA", "USSR"))]
    deciding = (true.get("pending") or {}).get("player")
    viewer = seat or deciding or "USA"
    return [relabel_struggle(true, viewer, rnd,
                             hand=deciding is None or deciding != ENEMY[viewer])[0]]


def _data_cards(data) -> list:
    """The cards a line's data name (under "card", "cards", "target")."""
    out = []
    for key in ("card", "cards", "target"):
        v = data.get(key)
        vals = v.values() if isinstance(v, dict) else (v if isinstance(v, list) else [v])
        for x in vals:
            out += x if isinstance(x, list) else [x]
    return [c for c in out if c is not None]


def check_privacy(row, received, seat):
    """Every update ``seat`` (None: a spectator) received is what the server's message gives
    for the true state, and stays the same when the hidden cards are dealt again; no log line
    names a card still hidden from the seat."""
    name = row["game"]
    states = _states(row)
    rnd = random.Random(7)
    names = all_names(name)
    checked = 0
    for m in received:
        assert "seed" not in json.dumps(m) and str(row["seed"]) not in json.dumps(m)
        if m.get("type") != "update":
            continue
        # the deal's reveal (the seed with the players' values) only once the game is over
        assert (row["deal"]["reveal"] in json.dumps(m)) == (m["winner"] is not None)
        assert m["deal_commitment"] == row["deal"]["commitment"]
        true, log = states[m["version"]]
        if m["open_seat"]:   # before the friend joined: the first deal, made without its value
            seed = fair.seed_of(row["deal"]["reveal"], row["deal"]["contributions"][0], "")
            true = registry.get(name).new(seed, dict(row["options"]))
        make = (lambda s: table.seat_message(name, s, seat)) if seat else \
            (lambda s: table.spectator_message(name, s))
        body = {k: m[k] for k in ("state", "decision", "winner")}
        assert body == make(true)
        for other in relabelled(name, true, seat, rnd):
            assert make(other) == body, "the message changes with the hidden cards"
        if "steps" in m:   # the seat's view at each line of the move: the same property
            snaps = table.line_states(name, states[m["version"] - 1][0],
                                      row["moves"][m["version"] - 1])
            assert m["steps"] == table.steps(name, snaps, seat)
            for snap, view in zip(snaps, m["steps"]):
                for other in relabelled(name, snap, seat, rnd):
                    assert table.steps(name, [other], seat) == [view], \
                        "a step of the move changes with the hidden cards"
        if m["version"] > 0 and m["log"]:
            assert m["log"] == [str(x) for x in log if str(x)]   # the step's own lines
            # each line's kind and data (what a window animates) are the engine's, for the
            # kinds whose data restate the text, and every card the data name, the text names
            assert m["kinds"] == table.line_kinds(table.wire_lines(log))
            # (or an earlier line of the step: an event's later lines name its card)
            for j, (line, k) in enumerate(zip(m["log"], m["kinds"])):
                assert k["kind"] == "note" and not k["data"] or \
                    k["kind"] in table.PUBLIC_KINDS
                for c in _data_cards(k["data"]):
                    named = card_name(c) if isinstance(c, int) else SQ_CARDS[c].name
                    assert any(named in x for x in m["log"][:j + 1]), (line, k)
            before = states[m["version"] - 1][0]
            for viewer in ((seat,) if seat else ("USA", "USSR")):
                was, now = hidden_where(name, before, viewer), hidden_where(name, true, viewer)
                secret = {n for n, where in was.items() if now.get(n) == where}
                for line in log:
                    shown = set()
                    if getattr(line, "kind", "") == "reveal":   # a card the rules show
                        shown = {card_name(c) for c in line.data.get("cards", [])}
                    elif getattr(line, "kind", "") == "held_cards":   # the optional rule
                        shown = {card_name(c) for held in line.data["cards"].values()
                                 for c in held}
                    assert not named_secrets(str(line), secret - shown, names), str(line)
        checked += 1
    return checked


def privacy_games(url, game, options, seeds):
    async def go():
        out = []
        for seed in seeds:
            a, b, created = await two_seats(url, game, options)
            ra, w = await played_and_watched(url, a, b, created["code"], seed)
            out.append((ra["game_id"], a, b, w))
            for c in (a, b, w):
                await c.close()
        return out
    return run(go(), 240)


STRUGGLE_ALL = {"optional_cards": True, "chinese_civil_war": True, "designer_realignment": True,
                "space_race_optional_roll": True, "reveal_held_cards": True}


@pytest.mark.parametrize("store_db, game, options", [
    ("sqlite", "squabble", {"events": True}), ("postgres", "squabble", {"events": True}),
    ("sqlite", "squabble", {}),
    ("sqlite", "struggle", STRUGGLE_ALL), ("postgres", "struggle", STRUGGLE_ALL)],
    indirect=["store_db"])
def test_what_a_seat_or_spectator_receives_does_not_change_with_the_hidden_cards(
        server, game, options):
    """(Over each store, tests/online_fixtures.py: Squabble without its Event deck over SQLite
    alone, what it sends being a part of what it sends with it.)"""
    for gid, a, b, w in privacy_games(server.url, game, options,
                                      [1] if game == "struggle" else [1, 2]):
        row = stored(server.db, gid)
        assert row["winner"] is not None
        for c in (a, b):
            assert check_privacy(row, c.received, c.seat) > 3
        assert check_privacy(row, w.received, None) > 3


LEAK = """
import json
from squabble.online import table
real = table.seat_view_text   # the server sends a seat's view as this encodes it
def leaky(name, state, seat):
    view = json.loads(real(name, state, seat))
    view["hands"][table.OTHER[seat]] = list(state["hands"][table.OTHER[seat]])
    return json.dumps(view)
table.seat_view_text = leaky
"""


LEAK_IN_A_STEP = """
import json
from squabble.online import table
real = table.steps_text   # the server sends the views as this encodes them
def leaky(name, snaps, seat):
    out = real(name, snaps, seat)
    if out and seat is not None:
        views = [json.loads(t) for t in out]
        for view, state in zip(views, snaps):
            view["hands"][table.OTHER[seat]] = list(state["hands"][table.OTHER[seat]])
        out = [json.dumps(v) for v in views]
    return out
table.steps_text = leaky
"""


@pytest.mark.parametrize("prelude,in_steps", [(LEAK, False), (LEAK_IN_A_STEP, True)],
                         ids=["in the state", "in a step of a move"])
def test_the_privacy_check_catches_a_planted_leak(serve_lite, prelude, in_steps):
    """The other side's hand planted in what a seat receives, in the update's state or in one
    of its per-line steps: the check fails; the spectator's messages were left alone."""
    s = serve_lite(prelude=prelude)
    (gid, a, b, w), = privacy_games(s.url, "squabble", {}, [1])
    row = stored(s.db, gid)
    if in_steps:
        assert any("steps" in m for m in a.received)
    with pytest.raises(AssertionError):
        check_privacy(row, a.received, a.seat)
    check_privacy(row, w.received, None)


def test_the_seed_replay_attack_fails(server_lite):
    """A seat that tries the seeds a weak server might use (small numbers, the time) never
    finds the deal it sees: the seed is 64 bits from the operating system.  (The same attack
    finds the seed at once when the server's seed is among the guesses.)"""
    async def go():
        a, b, created = await two_seats(server_lite.url, "struggle", {}, side="USSR")
        await a.until_version(0)
        mine = sorted(a.last["state"]["hands"]["USSR"])
        await a.close(), await b.close()
        return mine, created["game_id"]
    mine, gid = run(go())
    game = registry.get("struggle")
    import time
    now = int(time.time())
    guesses = list(range(600)) + list(range(now - 300, now + 5))
    assert not [s for s in guesses if sorted(game.new(s, {})["hands"]["USSR"]) == mine]
    seed = stored(server_lite.db, gid)["seed"]
    assert sorted(game.new(seed, {})["hands"]["USSR"]) == mine and seed.bit_length() > 40


def test_a_seat_is_remembered_in_the_user_data_folder(tmp_path, monkeypatch):
    import os
    import stat
    from squabble.online.client import forget_seat, remember_seat, remembered_seats
    monkeypatch.setenv("SQUABBLE_DATA_DIR", str(tmp_path))
    assert remembered_seats() == []
    remember_seat("ws://h:1/", "g1", "USA", "secret-1", "ABCD-EFGH")
    remember_seat("ws://h:1/", "g2", "USSR", "secret-2")
    remember_seat("ws://h:1/", "g1", "USA", "secret-3")
    seats = remembered_seats()
    assert [(e["game_id"], e["credential"]) for e in seats] == [("g2", "secret-2"),
                                                                ("g1", "secret-3")]
    f = tmp_path / "online-seats.json"
    if os.name == "posix":
        assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0   # the owner's alone
    forget_seat("ws://h:1/", "g2")
    assert [e["game_id"] for e in remembered_seats()] == ["g1"]
    f.write_text("not json")
    assert remembered_seats() == []


def test_the_online_package_imports_no_pygame():
    import subprocess
    import sys
    from tests.online_helpers import ROOT
    code = ("import sys, squabble.online.server, squabble.online.client, squabble.online.run, "
            "squabble.online.store, squabble.online.table; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=60)
    assert r.returncode == 0, r.stderr


def test_undo_in_twilight_struggle_goes_back_to_the_state_before(server):
    """The USSR's set-up influence, one point a decision, no die or draw: each may be taken
    back, and the state after an undo is the one before the decision (rebuilt from the
    seed and the moves in force)."""
    async def go():
        a, b, _ = await two_seats(server.url, "struggle", {}, side="USSR")
        first = await a.until_version(0)
        await a.move(0)
        one = await a.until_version(1)
        await a.move(0)
        await a.until_version(2)
        assert a.last["can_undo"]
        await a.undo()
        back = await a.until_version(3)
        assert back["state"] == one["state"] and back["decision"] == one["decision"]
        await a.undo()
        back = await a.until_version(4)
        assert back["state"] == first["state"] and not back["can_undo"]
        row = stored(server.db, a.game_id)
        assert row["moves"] == [] and row["version"] == 4
        await a.close(), await b.close()
    run(go())
