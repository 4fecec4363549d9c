"""The title's Play online screens (issue 52), driven with keys and the mouse: a server address
typed in and remembered, a game created (side, pace) and its code shown, a second window joining
with the code, "Your online games" saying whose move it is and opening a game."""

from __future__ import annotations

import time

import pygame

from squabble.online import client as C
from squabble.ui import settings as S
from tests.online_helpers import ServerProcess
from tests.ui.driver import key, menu_click, new_app, step, top


def type_text(app, s):
    for ch in s:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch,
                                             scancode=0))
    step(app)


def until(app, pred, frames=600):
    for _ in range(frames):
        if pred():
            return True
        step(app)
        time.sleep(0.005)
    return False


def until_seconds(app, pred, seconds=60.0):
    """``until`` by the clock: starting a server process takes seconds on a loaded machine."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        step(app)
        time.sleep(0.01)
    return False


async def _finished_game(url, seed_a, seed_b):
    """Two clients (the USSR, the USA) and a Squabble game they played to its end at random."""
    import asyncio

    from squabble.online.client import Client, play
    from tests.online_helpers import random_chooser
    a, b = await Client(url).connect(), await Client(url).connect()
    created = await a.create("squabble", {}, side="USSR")
    await b.join(created["code"])
    await asyncio.gather(play(a, random_chooser(seed_a)), play(b, random_chooser(seed_b)))
    return a, b, created


def _port_outside_the_ephemeral_range() -> int:
    """A free port below Linux's ephemeral range (32768-60999): no server started on port 0
    by a test running beside this one can be given it meanwhile."""
    import random
    import socket
    rnd = random.Random()
    for _ in range(200):
        port = rnd.randrange(20000, 32000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port below the ephemeral range")


def _hosting_app(monkeypatch, port=0):
    """A window that chose Host a game on this machine (on 127.0.0.1; ``port`` 0: any free
    one), at the create screen once its server runs."""
    from squabble.online import host
    monkeypatch.setattr(host, "HOST_BIND", "127.0.0.1")   # (tests stay on loopback)
    monkeypatch.setattr(host, "HOST_PORT", port)
    a = new_app()
    to_online(a)
    menu_click(a, "host")
    assert until_seconds(a, lambda: top(a).name == "online_create"), top(a).name
    return a


def _first_of_your_games(app) -> str:
    """Play online, Your online games: the first row's words once the servers answered."""
    to_online(app)
    menu_click(app, "games")
    g = top(app)
    assert until(app, lambda: g.status is not None)
    return g.button("game0").label


def to_online(app):
    menu_click(app, "new")
    menu_click(app, "online")
    assert top(app).name == "online"


def test_create_join_and_your_games(tmp_path, data_dir):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        host = server.url.replace("ws://", "").strip("/")
        a = new_app()
        to_online(a)
        assert not top(a).button("create").enabled          # no server address yet
        menu_click(a, "server")
        type_text(a, host)
        key(a, pygame.K_RETURN)
        assert top(a).name == "online"
        assert a.settings.online_server == server.url        # remembered in the settings
        assert S.load().online_server == server.url
        menu_click(a, "create")
        sc = top(a)
        assert sc.name == "online_create"
        menu_click(a, "side")                                 # random -> USSR
        menu_click(a, "pace")                                 # live -> correspondence
        assert sc.choice["side"] == "USSR" and sc.choice["pace"] == "correspondence"
        assert sc.button("events") and not sc.button("optional")
        menu_click(a, "game")                                 # Twilight Struggle's own options
        assert sc.button("optional") and not sc.button("events")
        menu_click(a, "game")                                 # back to Twilight Squabble
        menu_click(a, "go")
        assert until(a, lambda: top(a).name == "online_invite"), top(a).name
        code = top(a).reply["code"]
        assert len(code) == 14 and code[4] == code[9] == "-"
        menu_click(a, "play")
        assert top(a).name == "table" and top(a).session.seat == "USSR"
        assert top(a).session.update_msg["pace"] == "correspondence"

        b = new_app()
        b.settings = S.load()          # (the tests' app starts from default settings)
        to_online(b)                                          # the address is remembered
        assert top(b).button("server").label == f"Server: {server.url}"
        menu_click(b, "join")
        type_text(b, code.lower().replace("-", ""))           # any case, no dash
        key(b, pygame.K_RETURN)
        assert until(b, lambda: top(b).name == "table"), top(b).name
        assert top(b).session.seat == "USA"
        seats = C.remembered_seats()
        assert {e["seat"] for e in seats} == {"USSR", "USA"}

        # whose move: the window that holds the decision says YOUR MOVE in its list
        b.to_title()
        to_online(b)
        menu_click(b, "games")
        g = top(b)
        assert g.name == "online_games"
        assert until(b, lambda: g.status is not None)
        labels = [btn.label for btn in g.buttons if btn.name.startswith("game")]
        assert any("YOUR MOVE" in lab for lab in labels) and \
            any("your friend's move" in lab for lab in labels), labels
        i = next(k for k, e in enumerate(g.seats) if e["seat"] == "USA")
        menu_click(b, f"game{i}")
        assert until(b, lambda: top(b).name == "table"), top(b).name
        assert top(b).session.seat == "USA"
        mover = top(b).session.decision()["player"]
        assert ("YOUR MOVE" in labels[i]) == (mover == "USA"), labels
    finally:
        server.stop()
        for app in (locals().get("a"), locals().get("b")):
            sc = app and getattr(top(app), "session", None)
            if sc is not None and getattr(sc, "link", None):
                sc.link.close()


def test_a_wrong_address_says_one_sentence(tmp_path, data_dir):
    a = new_app()
    to_online(a)
    menu_click(a, "server")
    type_text(a, "127.0.0.1:1")
    key(a, pygame.K_RETURN)
    menu_click(a, "join")
    type_text(a, "ABCD-EFGH")
    key(a, pygame.K_RETURN)
    assert until(a, lambda: top(a).name == "online" and a._toast is not None)
    assert a._toast[0].startswith("Could not reach a game server at ws://127.0.0.1:1/")


def test_host_a_game_on_this_machine(tmp_path, data_dir, monkeypatch):
    """Host: the window starts squabble serve as its child, shows the address and the code, and
    the server ends when the window's program does (here: stop_hosting, as at exit)."""
    from squabble.ui.online import menus
    a = _hosting_app(monkeypatch)
    try:
        srv = menus.hosted()
        assert srv.running() and srv.lan_url.startswith("ws://") and str(srv.port) in srv.lan_url
        menu_click(a, "game")                 # Twilight Struggle, with its optional cards
        menu_click(a, "optional")
        menu_click(a, "go")
        assert until(a, lambda: top(a).name == "online_invite"), top(a).name
        assert top(a).lan_url == srv.lan_url and len(top(a).reply["code"]) == 14
        menu_click(a, "play")
        assert top(a).session.update_msg["game"] == "struggle"
        assert top(a).session.state["options"]["optional_cards"] is True
        top(a).session.link.close()
    finally:
        proc = menus.hosted().proc if menus.hosted() else None
        menus.stop_hosting()
    assert proc is not None and proc.poll() is not None


def test_the_hosted_server_killed_comes_back_and_the_game_goes_on(tmp_path, data_dir):
    """The server a window hosts dies (kill -9): the window starts it again on the same port
    and database, the friend's line reconnects by itself to the same game, and a stopped
    host stays stopped."""
    import asyncio
    import os
    import signal
    from squabble.online.client import Client
    from squabble.online.host import HostedServer
    srv = HostedServer(db=str(tmp_path / "hosted.sqlite3"), bind="127.0.0.1", port=0)
    try:
        url = srv.start().result(30)

        async def go():
            c = await Client(url, backoff=(0.05, 0.3)).connect()
            created = await c.create("squabble", {}, side="USSR")
            first = srv.proc
            os.kill(first.pid, signal.SIGKILL)
            for _ in range(300):
                if srv.restarts == 1 and srv.running():
                    break
                await asyncio.sleep(0.05)
            assert srv.restarts == 1 and srv.running() and srv.proc is not first
            for _ in range(300):             # the client reconnects and resumes by itself
                if c.reconnects >= 1 and c.ws is not None:
                    break
                await asyncio.sleep(0.05)
            assert c.reconnects >= 1
            again = await Client(url).connect()
            await again.resume(created["game_id"], created["credential"])
            assert again.seat == "USSR"
            await again.close()
            await c.close()
        asyncio.run(go())
        proc = srv.proc
        srv.stop()
        time.sleep(1.0)
        assert proc.poll() is not None and not srv.running() and srv.restarts == 1
    finally:
        srv.stop()


def test_your_games_shows_the_friends_rematch_and_opens_it(tmp_path, data_dir):
    """A finished game whose friend asked for the rematch while this player was away: "Your
    online games" says so on its row; opened, its result screen says it in one sentence, and
    Rematch accepts and opens the new game (sides swapped)."""
    import asyncio

    from squabble.ui.online import rematch
    from tests.ui.driver import drawn_texts
    server = ServerProcess(tmp_path / "games.sqlite3")

    async def finished_and_asked():
        a, b, created = await _finished_game(server.url, 1, 2)
        await a.ask_rematch()                       # the friend asks; b is away
        out = (b.game_id, b.seat, b.credential, created["code"])
        await a.close(), await b.close()
        return out

    try:
        game_id, seat, cred, code = asyncio.run(finished_and_asked())
        C.remember_seat(server.url, game_id, seat, cred, code)
        b = new_app()
        label = _first_of_your_games(b)
        assert "YOUR FRIEND ASKS FOR A REMATCH" in label, label
        menu_click(b, "game0")
        assert until(b, lambda: top(b).name == "result", 2000), top(b).name
        assert until(b, lambda: top(b).offer.state == "friend")
        assert any(s.startswith("Your friend asks for a rematch")
                   for s in drawn_texts(b, rematch))
        menu_click(b, "rematch")
        assert until(b, lambda: top(b).name == "table", 2000), top(b).name
        assert top(b).session.seat == "USSR" and top(b).session.game_id != game_id
    finally:
        server.stop()
        sc = locals().get("b") and getattr(top(b), "session", None)
        if sc is not None and getattr(sc, "link", None):
            sc.link.close()


def test_the_asker_may_leave_and_play_the_rematch_once_accepted(tmp_path, data_dir):
    """Rematch asked, then Title screen: the friend accepts meanwhile; Your online games says
    the rematch is on, and the finished game's Rematch opens it."""
    import asyncio

    from squabble.online.client import Client
    server = ServerProcess(tmp_path / "games.sqlite3")

    async def finished():
        a, b, created = await _finished_game(server.url, 5, 6)
        out = (a.game_id, a.credential, b.seat, b.credential, created["code"])
        await a.close(), await b.close()
        return out

    async def accept(game_id, cred):
        a = await Client(server.url).connect()
        await a.resume(game_id, cred)
        reply = await a.rematch()
        await a.close()
        return reply

    try:
        game_id, a_cred, seat, cred, code = asyncio.run(finished())
        C.remember_seat(server.url, game_id, seat, cred, code)
        b = new_app()
        to_online(b)
        menu_click(b, "games")
        assert until(b, lambda: top(b).status is not None)
        menu_click(b, "game0")
        assert until(b, lambda: top(b).name == "result", 2000), top(b).name
        menu_click(b, "rematch")
        assert until(b, lambda: top(b).offer.state == "waiting" and
                     top(b).offer.asking is None)
        menu_click(b, "title")                      # leaves while the friend has not answered
        assert top(b).name == "title"
        reply = asyncio.run(accept(game_id, a_cred))
        label = _first_of_your_games(b)
        assert "rematch on" in label, label
        menu_click(b, "game0")
        assert until(b, lambda: top(b).name == "result" and top(b).offer.state == "started",
                     2000), top(b).name
        menu_click(b, "rematch")
        assert until(b, lambda: top(b).name == "table", 2000), top(b).name
        assert top(b).session.game_id == reply["game_id"] and top(b).session.seat == "USSR"
    finally:
        server.stop()
        sc = locals().get("b") and getattr(top(b), "session", None)
        if sc is not None and getattr(sc, "link", None):
            sc.link.close()


def test_a_game_hosted_here_opens_after_the_window_closed(tmp_path, data_dir, monkeypatch):
    """A game this machine hosted, its server gone with the window that started it: Your online
    games says it is hosted here, and opening it starts the server again (same port, same
    database) and opens the game, instead of "the server does not answer".  (Its port is one
    that no other test's server can be given while the game's server is stopped.)"""
    from squabble.ui.online import menus
    a = _hosting_app(monkeypatch, _port_outside_the_ephemeral_range())
    try:
        menu_click(a, "go")
        assert until(a, lambda: top(a).name == "online_invite"), top(a).name
        code = top(a).reply["code"]
        menu_click(a, "play")
        game_id = top(a).session.game_id
        top(a).session.link.close()
        menus.stop_hosting()                              # the window closed: no server
        a.to_title()
        to_online(a)
        menu_click(a, "games")
        assert until_seconds(a, lambda: top(a).status is not None)
        label = top(a).button("game0").label
        assert code in label and "hosted here" in label, label
        # (issue 59) the game, the side and whose move, like the other rows
        assert label.startswith("Twilight ") and " · you: " in label and (
            "YOUR MOVE" in label or "your friend's move" in label), label
        menu_click(a, "game0")
        srv = menus.hosted()
        assert until_seconds(a, lambda: getattr(top(a), "session", None) is not None), \
            (top(a).name, a._toast, srv and (srv.port, srv.restarts, srv.running(),
                                             srv.local_url), label)
        assert top(a).session.game_id == game_id and menus.hosted().running()
        top(a).session.link.close()
    finally:
        menus.stop_hosting()


def test_the_hosting_window_creates_and_joins_on_its_own_server_without_an_address(
        tmp_path, data_dir, monkeypatch):
    """(issue 59) No server typed: while this window hosts, Create a game, Join with a code and
    Watch a game use its own server."""
    from squabble.ui.online import menus
    a = _hosting_app(monkeypatch)
    try:
        assert not a.settings.online_server
        a.to_online()
        sc = top(a)
        for name in ("create", "join", "watch"):
            assert sc.button(name).enabled, name
        assert sc.url == menus.hosted().local_url
        menu_click(a, "create")
        assert top(a).name == "online_create" and top(a).url == menus.hosted().local_url
    finally:
        menus.stop_hosting()
