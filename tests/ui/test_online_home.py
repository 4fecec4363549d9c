"""The online home in the window (issue 59): presence said in words through the flow's view
contract, on real window scenes (headless) against a real ``squabble serve`` on 127.0.0.1 (over
SQLite: ``server_lite``, and ``links`` closed at the end, tests/online_fixtures.py)."""

from __future__ import annotations

import random
import time

import pytest

from squabble.framework import linebanner
from squabble.framework.turnflow import HUMAN, THINKING
from squabble.online.link import Link
from squabble.ui.online.game import open_game
from tests.ui.driver import drawn_texts, new_app, step
from tests.ui.test_online_window import _click, _first_update


def _until(app, pred, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        step(app)
        if pred():
            return True
        time.sleep(0.01)
    return False


def _to_friends_turn(app, rnd):
    """Decide for this window until the friend decides."""
    sc = app.stack.top
    end = time.monotonic() + 30
    while not (sc.flow.phase == THINKING and sc.session.waiting_for_friend()):
        assert time.monotonic() < end, "the decision never passed to the friend"
        if sc.flow.phase == HUMAN:
            _click(sc, rnd.randrange(len(sc.session.decision()["options"])))
        step(app)
        time.sleep(0.005)


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_table_says_not_joined_thinking_and_away(server_lite, links, data_dir, game):
    server = server_lite
    a = Link(server.url, backoff=(0.02, 0.3))
    links.append(a)
    created = a.request("create", game, {}, "USA", "correspondence").result(10)
    app = new_app()
    scene = open_game(app, a, _first_update(a))
    step(app, 3)
    # the friend has not joined: the strip gives the code to send them
    assert f"Waiting for your friend to join — code {created['code']}" in \
        drawn_texts(app, linebanner)
    b = Link(server.url, backoff=(0.02, 0.3))
    links.append(b)
    b.request("join", created["code"], "Anna").result(10)
    _to_friends_turn(app, random.Random(1))
    assert _until(app, lambda: scene.flow.waiting_words(0.0).startswith("Anna (")
                  and "is thinking" in scene.flow.waiting_words(0.0))
    assert not scene.flow.line_note()
    assert _until(app, lambda: "Anna has joined." in [str(x) for x in _log_of(app)], 2)
    assert created["code"] in scene.session.copy_code()
    b.close()                                   # the friend's window closed
    assert _until(app, lambda: scene.flow.waiting_words(0.0).startswith(
        "Anna is away: the game waits for them; you will be told when it is your "
        "move"), 3.0)


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_word_to_the_friend_from_the_pause_menu_reaches_both_logs(server_lite, links, data_dir,
                                                                   game):
    """A one-click phrase from one window's pause menu, then markup and control characters
    typed: both windows' logs show the lines (as text), whoever is deciding."""
    from tests.ui.test_online_window import _two_windows
    server = server_lite
    created, made, apps = _two_windows(server, game)
    links += made
    a, b = apps
    step(a, 3), step(b, 3)
    a.stack.top.open_pause()
    pause = a.stack.top
    chat_button = next(x for x in pause.buttons if x.name == "chat")
    chat_button.action()
    assert a.stack.top.name == "online_chat"
    next(x for x in a.stack.top.buttons if x.label == "Good game").action()
    sa, sb = a.stack.scenes[0].session, b.stack.top.session
    mine = f"You ({sa.side_name(sa.seat).removeprefix('the ')}) say: Good game"
    theirs = f"Your friend ({sb.side_name(sa.seat).removeprefix('the ')}) says: Good game"

    def shown(app, line):
        return line in [str(x) for x in _log_of(app)]
    assert _until(b, lambda: (step(a), shown(b, theirs))[1], 10)
    assert _until(a, lambda: shown(a, mine), 10)
    sb.say("<i>hi</i>\x07\nthere")
    want = f"You ({sb.side_name(sb.seat).removeprefix('the ')}) say: <i>hi</i> there"
    assert _until(b, lambda: (step(a), shown(b, want))[1], 10)


def _log_of(app):
    sc = next(s for s in reversed(app.stack.scenes) if hasattr(s, "flow"))   # (under the chat)
    log = getattr(sc, "log", None)
    return log.lines if log is not None and hasattr(log, "lines") else app.log_lines


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_the_clocks_show_and_a_fallen_clock_ends_on_the_result_screen(serve_lite, fake_clock,
                                                                     links, data_dir, game):
    """A live 30-minute game: both windows show the clocks; the fake clock passes the flag and
    both windows reach the result screen, which says the game was lost on time."""
    import importlib

    from tests.ui.test_online_window import RESULT
    fake = fake_clock
    server = serve_lite(prelude=fake.prelude)
    from tests.ui.test_online_window import _two_windows
    spec = {"kind": "live", "minutes": 30, "increment": 0}
    created, made, apps = _two_windows(server, game, {}, "live", spec)
    links += made
    for app in apps:
        assert _until(app, lambda app=app: any(
            s.startswith("Clock: ") and "30:00" in s
            for s in drawn_texts(app, linebanner)), 5)
    fake.advance(1801)
    for app in apps:
        assert _until(app, lambda app=app: app.stack.top.name == RESULT[game], 10)
    mod = importlib.import_module("squabble.ui.squabble.scenes" if game == "squabble"
                                  else "squabble.ui.struggle.screens")
    said = " ".join(drawn_texts(apps[0], mod))
    assert "lost on time" in said, said


def _full_game_typed_in(server, links, game, item):
    """A game whose two seats are taken (two links), and a window that types its code in Play
    online's ``item`` ("watch" or "join"): (the window once its game is open, the two links)."""
    from tests.ui.driver import menu_click, top
    a, b = Link(server.url, backoff=(0.02, 0.3)), Link(server.url, backoff=(0.02, 0.3))
    links += [a, b]
    created = a.request("create", game, {}, "USSR").result(10)
    b.request("join", created["code"]).result(10)
    app = new_app()
    app.settings.online_server = server.url
    app.to_online()
    menu_click(app, item)
    entry = top(app)
    entry.value = created["code"]
    entry.ok()
    assert _until(app, lambda: getattr(top(app), "flow", None) is not None, 10)
    return app, a, b


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_watching_a_game_from_the_window(server_lite, links, data_dir, game):
    """Play online, Watch a game, the code: the public view, the players' moves as beats, their
    chat, never a decision (the watcher's scene never asks one)."""
    from tests.ui.driver import top
    app, a, b = _full_game_typed_in(server_lite, links, game, "watch")
    sc = top(app)
    s = sc.session
    assert s.watching and s.seat is None and s.update_msg["seat"] is None
    assert "Watching an online game" in str(s.log[0])
    v0 = s.version
    players = {l.seat: l for l in (a, b)}
    b_chat = players["USSR"]
    for _ in range(6):                  # the players move; the watcher only sees beats
        for link in (a, b):
            last = link.last
            d = last and last.get("decision")
            if d and d.get("options") and d["player"] == link.seat:
                link.move(last["version"], 0)
        step(app, 5)
        time.sleep(0.1)
        assert sc.flow.phase != HUMAN
    b_chat.say("Good game")
    assert _until(app, lambda: s.version > v0 and any(
        "says: Good game" in str(x) for x in _log_of(app)), 10)
    assert sc.flow.phase != HUMAN


def test_a_port_with_letters_is_refused_where_it_is_typed(data_dir):
    from tests.ui.driver import menu_click, top
    app = new_app()
    app.settings.online_server = "ws://127.0.0.1:8765/"
    app.to_online()
    menu_click(app, "server")
    entry = top(app)
    entry.value = "192.168.1.20:80a"
    entry.ok()
    step(app, 2)
    assert app.settings.online_server == "ws://127.0.0.1:8765/"


def test_connection_sentences_name_no_exception_class():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()                                  # nothing listens there now
    link = Link(f"ws://127.0.0.1:{port}/", open_timeout=2.0)
    try:
        with pytest.raises(Exception) as e:
            link.connect().result(10)
        said = str(e.value)
        assert "nothing listens on that port" in said
        assert "Error" not in said and "Exception" not in said
    finally:
        link.close()


def test_the_online_pause_menu_lists_no_hint(server_lite, links, data_dir):
    from squabble.ui.struggle import screens
    from tests.ui.test_online_window import _two_windows
    server = server_lite
    created, made, apps = _two_windows(server, "struggle")
    links += made
    app = apps[0]
    step(app, 3)
    app.stack.top.open_pause()
    blocks = drawn_texts(app, screens, "text_block")
    pause = app.stack.top
    assert blocks and not any("hint" in b.lower() for b in blocks)
    assert "A word to your friend" in [b.label for b in pause.buttons]


def test_the_display_name_is_typed_checked_and_kept(data_dir):
    from squabble.ui import settings as S
    from tests.ui.driver import menu_click, top
    app = new_app()
    app.to_online()
    menu_click(app, "name")
    entry = top(app)
    entry.value = "<script>"
    entry.ok()
    assert app.settings.display_name == ""          # refused where it is typed
    menu_click(app, "name")
    entry = top(app)
    entry.value = "Anna"
    entry.ok()
    assert app.settings.display_name == "Anna" and S.load().display_name == "Anna"
    assert "Your name: Anna" in [b.label for b in top(app).buttons]


def test_a_background_window_says_your_move_in_its_title(server_lite, links, data_dir, monkeypatch):
    import pygame

    from squabble.ui.online.game import MoveAlert
    from tests.ui.test_online_window import _two_windows
    server = server_lite
    focused = {"now": False}
    monkeypatch.setattr(MoveAlert, "focused", staticmethod(lambda: focused["now"]))
    created, made, apps = _two_windows(server, "struggle")
    links += made
    played = []
    for app in apps:
        monkeypatch.setattr(app.sounds, "play", lambda name, played=played: played.append(name))
    pygame.display.set_caption("Twilight Squabble")
    rnd = random.Random(2)
    first = apps[0].stack.top.session.decision()["player"]
    other = next(a for a in apps if a.stack.top.session.seat == first)   # decides first
    waiting = next(a for a in apps if a is not other)
    other.stack.top.session.alert = None   # (two windows, one process: one title)
    assert _until(other, lambda: (step(waiting), other.stack.top.flow.phase == HUMAN)[1])
    _to_friends_turn(other, rnd)                  # the friend's turn, then this window's
    assert _until(waiting, lambda: waiting.stack.top.flow.phase == HUMAN, 10)
    assert pygame.display.get_caption()[0] == "Your move — Twilight Struggle"
    assert "select" in played
    focused["now"] = True                         # the player comes back to the window
    step(waiting, 2)
    assert pygame.display.get_caption()[0] == "Twilight Squabble"


def test_the_title_says_your_move_in_n_online_games_and_lists_them_first(server_lite, data_dir):
    from squabble.online import client as C
    from squabble.online.client import Client
    from tests.online_helpers import run
    from tests.ui.driver import top
    server = server_lite
    async def seats():
        out = []
        for k in range(3):                 # the USSR decides first in Twilight Squabble
            a = await Client(server.url).connect()
            created = await a.create("squabble", {}, side="USA" if k == 1 else "USSR",
                                     pace="correspondence",
                                     clock={"kind": "correspondence", "preset": "1d"})
            b = await Client(server.url).connect()
            await b.join(created["code"])
            out.append((created, a.credential))
            await a.close(), await b.close()
        return out
    for created, cred in run(seats()):
        C.remember_seat(server.url, created["game_id"], created["seat"], cred,
                        created["code"])
    app = new_app()
    assert _until(app, lambda: top(app).name == "title" and
                  "Your move in 2 online games" in [b.label for b in top(app).buttons], 10)
    next(b for b in top(app).buttons if b.name == "your_moves").action()
    games = top(app)
    assert games.name == "online_games"
    assert _until(app, lambda: games.status is not None, 10)
    labels = [b.label for b in games.buttons if b.name.startswith("game")]
    assert ["YOUR MOVE" in x for x in labels] == [True, True, False], labels
    assert "clock 1 d 0 h" in labels[0] or "clock 23:" in labels[0], labels[0]


def test_joining_a_full_game_watches_it(server_lite, links, data_dir):
    from tests.ui.driver import top
    app, _, _ = _full_game_typed_in(server_lite, links, "squabble", "join")
    assert top(app).session.watching
    links.append(top(app).session.link)
