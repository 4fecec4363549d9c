"""Online play from the game window (issue 52): two windows, each with its own seat, play whole
games of both games against each other through a real ``squabble serve`` on 127.0.0.1, driven
through the real table and map scenes (their flow, their commit) to the result screen."""

from __future__ import annotations

import random
import time

import pytest

from squabble.framework.turnflow import HUMAN, THINKING
from squabble.online.link import Link
from squabble.ui.online.game import open_game
from tests.online_helpers import ServerProcess, stored
from tests.ui.driver import drawn_texts, menu_click, new_app, step

RESULT = {"squabble": "result", "struggle": "struggle_result"}


def said(app) -> list:
    """Every text the window draws in a frame through the result screens' modules and the
    online rematch's (when there is one)."""
    import importlib
    out = []
    for name in ("squabble.ui.squabble.scenes", "squabble.ui.struggle.screens",
                 "squabble.ui.online.rematch"):
        try:
            out += drawn_texts(app, importlib.import_module(name))
        except ImportError:
            pass
    return out


def _first_update(link, timeout=10.0):
    end = time.monotonic() + timeout
    got = []
    while time.monotonic() < end:
        got += [m for m in link.take() if m.get("type") == "update"]
        if got:
            return got[-1]
        time.sleep(0.02)
    raise AssertionError("no update from the server")


def _two_windows(server, game, options=None, pace="live", clock=None):
    a, b = Link(server.url, backoff=(0.02, 0.3)), Link(server.url, backoff=(0.02, 0.3))
    created = a.request("create", game, options or {}, "USSR", pace, clock).result(10)
    b.request("join", created["code"]).result(10)
    time.sleep(0.2)
    apps = []
    for link in (a, b):
        app = new_app()
        open_game(app, link, _first_update(link))
        apps.append(app)
    return created, (a, b), apps


def _click(scene, index):
    if hasattr(scene, "chooser"):       # the Squabble table
        scene.commit(index)
    else:                               # the Struggle map
        scene.commit(index, confirmed=True)


def row_rematch(tmp_path, game_id):
    import sqlite3
    con = sqlite3.connect(str(tmp_path / "games.sqlite3"))
    try:
        return con.execute("SELECT rematch FROM games WHERE id=?", (game_id,)).fetchone()[0]
    finally:
        con.close()


def _play(apps, seed, timeout=240.0, between=None, until_moves=None):
    """Step both windows in turn; whichever is asked decides a random legal option through its
    scene.  Returns what was seen: the phases each window was in, the clicks made."""
    rnd = random.Random(seed)
    seen = {"waiting": [0, 0], "clicks": 0, "beats_from_friend": [0, 0]}
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(app.stack.top.name in RESULT.values() for app in apps):
            return seen
        if until_moves is not None and seen["clicks"] >= until_moves:
            return seen
        for k, app in enumerate(apps):
            step(app)
            sc = app.stack.top
            flow = getattr(sc, "flow", None)
            if flow is None:
                continue
            if flow.phase == THINKING and sc.session.waiting_for_friend():
                seen["waiting"][k] += 1
            if flow.phase == HUMAN:
                d = sc.session.decision()
                assert d["player"] == sc.session.seat      # only its own decisions, with options
                _click(sc, rnd.randrange(len(d["options"])))
                seen["clicks"] += 1
        if between is not None:
            between(seen)
    raise AssertionError(f"the game did not end in {timeout} s: "
                         f"{[app.stack.top.name for app in apps]}")


@pytest.mark.parametrize("game,options", [("squabble", {"events": True}), ("struggle", {})])
def test_whole_online_game_in_two_windows(tmp_path, data_dir, game, options):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, game, options)
        sessions = [app.stack.top.session for app in apps]
        assert {s.seat for s in sessions} == {"USA", "USSR"}
        seen = _play(apps, seed=3)
        row = stored(tmp_path / "games.sqlite3", created["game_id"])
        assert row["winner"] is not None
        for app, s in zip(apps, sessions):
            assert app.stack.top.name == RESULT[game]
            assert s.version == row["version"]              # every move arrived, none twice
            assert s.update_msg["winner"] == row["winner"]
        # both windows got the same lines (the engine's, through the server)
        assert [str(x) for x in sessions[0].log if "Online game" not in str(x)] == \
            [str(x) for x in sessions[1].log if "Online game" not in str(x)]
        assert seen["clicks"] == row["version"]             # one stored move a click
        assert all(n > 0 for n in seen["waiting"])          # each waited for its friend
        # each result screen fetched the game's record, replayed it and checked the deal
        # (issue 60), and kept the record for Finished games
        def verified(app):
            return any(s.startswith("Deal verified") for s in said(app))
        end = time.monotonic() + 60
        while not all(verified(app) for app in apps) and time.monotonic() < end:
            for app in apps:
                step(app)
            time.sleep(0.01)
        assert all(verified(app) for app in apps), said(apps[0])
        from squabble import records
        kept = [k for k in records.kept() if created["game_id"] in k.path.name]
        assert len(kept) == 1 and not kept[0].problem and kept[0].deal == "Deal verified"
        assert records.verify(records.read(kept[0].path)[0]).deal == "Deal verified"
        # the result screens' Rematch: the first asks (the server makes the game, sides
        # swapped); the second window's result screen says so at once, the first waits for its
        # friend; the second accepts, and both windows open the same new game in place
        assert not any("asks for a rematch" in s for s in said(apps[1]))
        menu_click(apps[0], "rematch")
        end = time.monotonic() + 15
        while not any(s.startswith("Your friend asks for a rematch") for s in said(apps[1])) \
                and time.monotonic() < end:
            for app in apps:
                step(app)
            time.sleep(0.01)
        assert any(s.startswith("Your friend asks for a rematch") for s in said(apps[1])), \
            said(apps[1])
        assert any(s.startswith("Waiting for your friend to accept the rematch")
                   for s in said(apps[0])), said(apps[0])
        assert apps[0].stack.top.name == RESULT[game]   # no new game before the friend accepts
        assert not apps[0].stack.top.button("rematch").enabled
        assert apps[1].stack.top.focus.current.name == "rematch"   # Rematch accepts
        menu_click(apps[1], "rematch")
        end = time.monotonic() + 20
        while any(app.stack.top.name in (RESULT[game], "online_busy") for app in apps) and \
                time.monotonic() < end:
            for app in apps:
                step(app)
            time.sleep(0.01)
        new = [app.stack.top.session for app in apps]
        assert all(app.stack.top.name not in (RESULT[game], "online_busy") for app in apps)
        assert all(s is not old for s, old in zip(new, sessions))
        assert new[0].game_id == new[1].game_id == row_rematch(tmp_path, created["game_id"])
        assert [s.seat for s in new] == [{"USA": "USSR", "USSR": "USA"}[s.seat]
                                         for s in sessions]
        assert all(s.version == 0 and not s.over for s in new)
        _play(apps, seed=4, timeout=60 if game == "squabble" else 30, until_moves=3)
        end = time.monotonic() + 10     # the third click's move reaches the server
        while stored(tmp_path / "games.sqlite3", new[0].game_id)["version"] < 3 and \
                time.monotonic() < end:
            for app in apps:
                step(app)
            time.sleep(0.02)
        assert stored(tmp_path / "games.sqlite3", new[0].game_id)["version"] >= 3
        assert all(s.version >= 2 for s in new)     # both windows play the new game on
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_a_second_click_before_the_answer_is_not_sent(tmp_path, data_dir):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, "squabble", {"events": False})
        for _ in range(200):
            for app in apps:
                step(app)
            mine = [app for app in apps if app.stack.top.flow.phase == HUMAN]
            if mine:
                break
        sc = mine[0].stack.top
        v = sc.session.version
        sc.commit(0)
        assert sc.session.apply.__self__.in_flight is not None
        with pytest.raises(ValueError):
            sc.session.apply(0)                  # the same click again: refused here
        for _ in range(400):
            step(mine[0])
            if sc.session.version > v and sc.flow.phase != THINKING:
                break
            time.sleep(0.005)
        assert sc.session.version == v + 1
        assert stored(tmp_path / "games.sqlite3", created["game_id"])["version"] == v + 1
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_the_server_killed_and_restarted_mid_game_the_windows_play_on(tmp_path, data_dir):
    """kill -9 of the server twice during a game: each window shows the banner, reconnects by
    itself and plays on to the result; every stored move is one click, none applied twice."""
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db)
    port = server.port
    try:
        created, links, apps = _two_windows(server, "squabble", {"events": True})
        sessions = [app.stack.top.session for app in apps]
        state = {"kills": 0, "banner": 0, "offline_clicks": 0}

        def between(seen):
            nonlocal server
            if state["kills"] < 2 and seen["clicks"] >= 4 + 5 * state["kills"]:
                time.sleep(0.3)           # the last move's update reaches the windows' lines
                server.kill9()            # (not yet shown: one window decides while it is down)
                state["kills"] += 1
                for _ in range(30):       # the windows go on drawing, and taking clicks
                    for app in apps:
                        step(app)
                        sc = app.stack.top
                        if getattr(sc, "flow", None) is not None and sc.flow.phase == HUMAN:
                            _click(sc, 0)
                            seen["clicks"] += 1
                            state["offline_clicks"] += 1
                    time.sleep(0.01)
                state["banner"] += sum(not s.connected for s in sessions)
                server = ServerProcess(db, port=port)

        seen = _play(apps, seed=5, between=between)
        row = stored(db, created["game_id"])
        assert state["kills"] == 2 and state["banner"] == 4      # both windows saw it lost
        assert all(s.link.reconnects >= 2 for s in sessions)
        assert row["winner"] is not None
        assert all(s.version == row["version"] for s in sessions)
        # a click made while the line was down was sent after the resume: none lost, none twice
        assert state["offline_clicks"] >= 1
        assert seen["clicks"] == row["version"]
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_undo_goes_to_the_server(tmp_path, data_dir):
    """Twilight Struggle's starting influence: the USSR places one, takes it back from its
    window (the couch rule, judged by the server) and the map shows the state before again."""
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, "struggle", {})
        ussr = next(app for app in apps if app.stack.top.session.seat == "USSR")
        sc = ussr.stack.top
        for _ in range(400):
            step(ussr)
            if sc.flow.phase == HUMAN:
                break
            time.sleep(0.005)
        before = sc.session.state
        assert not sc.session.can_undo()
        sc.ask_hint()                            # the coach stays out of a game with a friend
        assert ussr._toast[0].startswith("The coach stays out of online games")
        sc.commit(0, confirmed=True)
        for _ in range(400):
            step(ussr)
            if sc.flow.phase == HUMAN:
                break
            time.sleep(0.005)
        assert sc.session.version == 1 and sc.session.state != before
        assert sc.session.can_undo()
        sc.undo()
        for _ in range(400):
            step(ussr)
            if sc.flow.phase == HUMAN and sc.session.version == 2:
                break
            time.sleep(0.005)
        assert sc.session.version == 2
        assert sc.session.state["influence"] == before["influence"]
        assert stored(tmp_path / "games.sqlite3", created["game_id"])["moves"] == []
        assert not sc.session.can_undo()
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_a_malformed_update_is_kept_out_of_the_game():
    """An update the window cannot read (a wrong server) never reaches the scene."""
    from squabble.framework.remote import RemoteSession
    from squabble.games import registry
    from squabble.online import wire

    class FakeLink:
        connected, reconnects = True, 0

        def __init__(self):
            self.inbox = []

        def take(self):     # what arrives is read once by the wire, as the real link does
            out, self.inbox = self.inbox, []
            return [wire.read(m) for m in out]

        def move(self, decision, index):
            pass

    first = {"type": "update", "game_id": "g", "seat": "USSR", "version": 0, "log": [],
             "state": {"x": 1}, "decision": {"player": "USA", "options": []}, "winner": None}
    link = FakeLink()
    s = RemoteSession(registry.get("squabble"), link, first)
    link.inbox = [dict(first, version="7"), dict(first, state=None), dict(first, log=[3]),
                  dict(first, decision={"options": 5})]
    assert not s.poll() and s.version == 0 and s.last_error
    link.inbox = [dict(first, version=1, log=["A line."])]
    assert s.poll()
    beats = s.arrive()
    assert [b.line for b in beats] == ["A line."] and s.version == 1


def test_a_window_closed_mid_game_reopens_it_from_your_online_games(tmp_path, data_dir):
    """Correspondence: one player leaves the game for the title (its line closes), the other
    moves meanwhile; the first comes back through Play online, Your online games, sees the
    whole log and the move made while away, and both play on to the result."""
    from squabble.online import client as C
    from tests.ui.driver import top
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, "squabble", {"events": True})
        b = apps[1]
        lb = b.stack.top.session.link
        C.remember_seat(server.url, lb.game_id, lb.seat, lb.credential,
                        created["code"])
        state = {"left": False}

        def between(seen):
            if state["left"] or seen["clicks"] < 6:
                return
            state["left"] = True
            b.to_title()
            version = apps[0].stack.top.session.version
            for _ in range(200):          # the other window goes on alone while it can
                step(apps[0])
                sc = apps[0].stack.top
                if sc.flow.phase == HUMAN:
                    _click(sc, 0)
                    seen["clicks"] += 1
                time.sleep(0.005)
            menu_click(b, "new")
            menu_click(b, "online")
            menu_click(b, "games")
            for _ in range(400):
                step(b)
                if top(b).name == "online_games" and top(b).status is not None:
                    break
                time.sleep(0.005)
            menu_click(b, "game0")
            for _ in range(400):
                step(b)
                if top(b).name == "table":
                    break
                time.sleep(0.005)
            s = top(b).session
            assert s.seat == lb.seat and s.version >= version
            assert sum("plays two cards face down" in str(x) for x in s.log) >= 2  # the log

        seen = _play(apps, seed=9, between=between)
        row = stored(tmp_path / "games.sqlite3", created["game_id"])
        assert state["left"] and row["winner"] is not None
        assert seen["clicks"] == row["version"]
    finally:
        server.stop()
        for app in locals().get("apps", ()):
            s = getattr(app.stack.top, "session", None)
            if getattr(s, "link", None) is not None:
                s.link.close()


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_window_waiting_for_its_friend_draws_a_few_pictures_a_second(tmp_path, data_dir,
                                                                        game):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, game, {})
        for _ in range(600):          # the USSR's window, once it waits for the USA
            for app in apps:
                step(app)
                sc = app.stack.top
                if sc.flow.phase == HUMAN and sc.session.seat == "USSR":
                    _click(sc, 0)
            sc = next(a.stack.top for a in apps if a.stack.top.session.seat == "USSR")
            if sc.flow.phase == THINKING and sc.session.waiting_for_friend():
                break
            time.sleep(0.005)
        app = next(a for a in apps if a.stack.top is sc)
        friend = "America" if game == "squabble" else "USA"    # each game's own words
        assert sc.flow.waiting_words(0.0).startswith(f"Your friend ({friend}) is thinking")
        step(app, 120)                # whatever still moved has settled
        drawn = app.frames_drawn
        step(app, 60)                 # one second of game time at 60 frames a second
        assert sc.flow.phase == THINKING
        assert app.frames_drawn - drawn <= 8, app.frames_drawn - drawn
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_leaving_an_online_game_writes_no_local_save(tmp_path, data_dir):
    """The pause menu's way out leaves the game on the server: the local Twilight Struggle
    autosave (Continue) is not overwritten with a seat's view."""
    from squabble.ui import games
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, "struggle", {})
        app = apps[0]
        step(app, 5)
        app.stack.top.open_pause()
        assert app.stack.top.button("title").label == "Leave (the server keeps the game)"
        menu_click(app, "title")
        assert app.stack.top.name == "title"
        assert not games.get("struggle").SAVES.exists()
        assert app.stack.top.message.startswith("Your online game is kept on the server")
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_friends_move_plays_step_by_step(tmp_path, game):
    """Each beat of an update carries the seat's view of the state at its line (the server's
    ``steps``), as against the computer: a move of several lines shows the table changing beat
    by beat, and each beat's state is the seat's view of the engine's state at that line."""
    from squabble.online import table
    from squabble.ui.online.game import session_for
    server = ServerProcess(tmp_path / "steps.sqlite3")
    a, b = Link(server.url, backoff=(0.02, 0.3)), Link(server.url, backoff=(0.02, 0.3))
    try:
        created = a.request("create", game, {}, "USSR").result(10)
        b.request("join", created["code"]).result(10)
        time.sleep(0.2)
        sessions = [session_for(link, _first_update(link)) for link in (a, b)]
        rnd = random.Random(5)
        found = None
        end = time.monotonic() + 120
        while found is None and time.monotonic() < end:
            for s in sessions:
                while s.poll():
                    version, d = s.update_msg["version"], s.decision()
                    beats = s.arrive()
                    friends = d is not None and d["player"] != s.seat   # the friend's move
                    if friends and s.version != version and len(beats) >= 2 and \
                            len({repr(bt.state) for bt in beats}) >= 2:
                        found = (s, s.version, beats)
                d = s.decision()
                if d is not None and d["player"] == s.seat and s.in_flight is None:
                    s.apply(rnd.randrange(len(d["options"])))
            time.sleep(0.01)
        assert found is not None, "no move of several lines that changes the table"
        s, version, beats = found
        row = stored(server.db, created["game_id"])
        assert row["move_seats"][version - 1] != s.seat
        before = table.replay(game, row["seed"], row["options"], row["moves"][:version - 1])
        snaps = table.line_states(game, before, row["moves"][version - 1])
        assert [bt.state for bt in beats] == [s.from_wire(v)
                                              for v in table.steps(game, snaps, s.seat)]
        assert beats[-1].state != beats[0].state
    finally:
        a.close(), b.close()
        server.stop()


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_banner_comes_and_goes_with_the_line_while_nobody_touches_the_window(tmp_path,
                                                                                 data_dir, game):
    """A window at rest on its own decision draws almost nothing (idle CPU), but the line going
    down must still reach the screen without a key or a mouse move, and so must its return."""
    from squabble.framework import linebanner as banner
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db)
    port = server.port
    said: list = []
    real = banner.text
    try:
        created, links, apps = _two_windows(server, game, {})
        app = apps[0]                                   # the USSR's: it decides first
        sc = app.stack.top
        for _ in range(600):
            step(app)
            if sc.flow.phase == HUMAN and not sc.animating():
                break
            time.sleep(0.005)
        assert sc.flow.phase == HUMAN and sc.session.connected
        step(app, 30)
        if game == "struggle":    # the coach stays out of online games: no Hint button
            assert not any(b.name == "hint" for b in sc._buttons)
        banner.text = lambda surf, s, *a, **k: (said.append(s), real(surf, s, *a, **k))[1]
        server.kill9()
        end = time.monotonic() + 10
        while not any("Connection to the server lost" in s for s in said) and \
                time.monotonic() < end:
            step(app)
            time.sleep(0.01)
        assert any("Connection to the server lost" in s for s in said), \
            "the banner never reached the screen of a window left alone"
        server = ServerProcess(db, port=port)
        end = time.monotonic() + 15
        while not sc.session.connected and time.monotonic() < end:
            step(app)
            time.sleep(0.01)
        assert sc.session.connected
        drawn = app.frames_drawn
        said.clear()
        step(app, 5)
        assert app.frames_drawn > drawn and not any("Connection" in s for s in said)
    finally:
        banner.text = real
        server.stop()
        for s in locals().get("links", ()):
            s.close()


def test_enter_plays_move_after_move_online_from_the_keyboard(tmp_path, data_dir):
    """Online, only the log is left to focus while a move is on its way; the focus must come
    back to the lit countries with the next decision, so Enter places influence again (it
    stayed on the log: found pressing Enter in a real X window)."""
    import pygame
    from tests.ui.driver import key
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        created, links, apps = _two_windows(server, "struggle", {})
        app = apps[0]                                   # the USSR's set-up placements
        sc = app.stack.top
        step(app, 60)
        for n in (1, 2, 3):
            key(app, pygame.K_RETURN)
            end = time.monotonic() + 10
            while sc.session.version < n and time.monotonic() < end:
                step(app)
                time.sleep(0.005)
            assert sc.session.version == n, (n, sc.focus.current.name)
            step(app, 30)
    finally:
        server.stop()
        for s in locals().get("links", ()):
            s.close()
