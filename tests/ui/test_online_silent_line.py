"""A line that goes silent without closing (issue 59): the server stopped with ``kill -STOP``.
The window's WebSocket pings notice it (here every 0.2 s with a 0.4 s timeout, so no test waits
the protocol's 10 s: the protocol's own numbers are checked to add up to at most 10 s), its
banner says so, and the move just played stays shown as sending (the Squabble table: the cards
in the slots they were played to; the Struggle map: the card in the hand marked), never back in
the hand as if undone; once the server runs again the move arrives and the game goes on."""

from __future__ import annotations

import os
import signal
import time

import pytest

from squabble.framework import linebanner
from squabble.framework.turnflow import HUMAN
from squabble.online import presence
from squabble.online.link import Link
from squabble.ui.online.game import open_game
from tests.online_helpers import ServerProcess
from tests.ui.driver import drawn_texts, new_app, step, step_until
from tests.ui.test_online_window import _first_update

PING = (0.2, 0.4)


def test_the_protocols_pings_notice_a_silent_line_within_10_s():
    from squabble.online.client import Client
    assert presence.PING_INTERVAL + presence.PING_TIMEOUT <= 10.0
    assert Client("ws://127.0.0.1:1/").ping == (presence.PING_INTERVAL, presence.PING_TIMEOUT)


def _window(server, game, seat):
    """A window holding ``seat`` of a new game of ``game`` (the friend joined by a bare link)."""
    a = Link(server.url, backoff=(0.05, 0.3), open_timeout=1.0, ping=PING)
    b = Link(server.url, backoff=(0.05, 0.3), open_timeout=1.0, ping=PING)
    created = a.request("create", game, {}, seat, "live", None).result(10)
    b.request("join", created["code"]).result(10)
    app = new_app()
    open_game(app, a, _first_update(a))
    return app, (a, b)


def _to_a_card_to_play(app, friend, timeout=30.0):
    """Decide the first option of each decision (the window's through its scene, the friend's
    through its bare link) until the window is asked a decision whose options play cards (the
    Struggle's set-up places influence first)."""
    scene = app.stack.top
    answered = -1
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        step(app)
        for m in friend.take():
            d = m.get("decision") if m.get("type") == "update" else None
            if d and d.get("options") and d["player"] == m["seat"] and m["version"] > answered:
                answered = m["version"]
                friend.move(m["version"], 0)
        if scene.flow.phase == HUMAN:
            d = scene.session.decision()
            if any(o.get("card") or o.get("bop") for o in d["options"]):
                return True
            if hasattr(scene, "chooser"):
                scene.commit(0)
            else:
                scene.commit(0, confirmed=True)
        time.sleep(0.005)
    return False


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_stopped_server_shows_the_banner_and_the_move_as_sending(tmp_path, data_dir, game):
    server = ServerProcess(tmp_path / "games.sqlite3")
    links = ()
    try:
        app, links = _window(server, game, "USSR")       # the USSR decides first in both
        scene = app.stack.top
        assert _to_a_card_to_play(app, links[1]), "no decision with a card to play came"
        d = scene.session.decision()
        index = next(i for i, o in enumerate(d["options"])
                     if o.get("card") or o.get("bop"))   # a move that plays cards
        played = [c for c in (d["options"][index].get(k) for k in ("bop", "space", "card")) if c]
        version = scene.session.version
        os.kill(server.proc.pid, signal.SIGSTOP)
        try:
            if game == "squabble":
                scene.commit(index)
            else:
                scene.commit(index, confirmed=True)
            t0 = time.monotonic()
            assert step_until([app], scene.flow.line_down, 5), "the silent line was not noticed"
            took = time.monotonic() - t0
            step(app, 5)
            assert scene.flow.sending() == (d, index)
            if game == "squabble":
                from squabble.ui.squabble import drawing
                from squabble.ui.squabble.layout import BOT_SLOT_Y
                said = drawn_texts(app, drawing)
                m = scene.model
                for cid in played:      # in the slots, not in the hand
                    assert m.sprites[cid].rect[1] == pytest.approx(BOT_SLOT_Y, abs=1), cid
                assert sum(s.startswith("sending") for s in said) == len(played)
            else:
                from squabble.ui.struggle import hand_row
                said = drawn_texts(app, hand_row)
                assert sum(s.startswith("sending") for s in said) == 1
                assert any(c == played[0] for c, _ in scene._card_rects)
            assert any(s.startswith("Connection to the server lost")
                       for s in drawn_texts(app, linebanner))
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        assert took <= 2.0      # (the pings of this test: every 0.2 s, 0.4 s to answer)
        # the server runs again: the move is sent again after the resume and arrives, once
        assert step_until([app], lambda: scene.session.version > version and
                      scene.flow.sending() is None and not scene.flow.line_down(), 15)
        assert scene.session.version == version + 1
    finally:
        for link in links:
            link.close()
        server.stop()
