"""A spectator's window shows each side's hand as a count, never its cards (issue 59): the
Squabble table deals each hand as many face-down cards as the public view counts (it showed no
hand at all); the Struggle map counts both hands in words a spectator reads (not the couch's
hand-off)."""

from __future__ import annotations

import time

import pytest

from squabble.online.link import Link
from squabble.ui.online.game import open_game
from tests.online_helpers import ServerProcess
from tests.ui.driver import drawn_texts, new_app, step
from tests.ui.test_online_window import _two_windows


@pytest.mark.parametrize("game", ["squabble", "struggle"])
def test_a_spectator_sees_each_hands_count_never_its_cards(tmp_path, data_dir, game):
    server = ServerProcess(tmp_path / "games.sqlite3")
    links = []
    try:
        created, seats, (a, b) = _two_windows(server, game)
        links += list(seats)
        w = Link(server.url)
        links.append(w)
        got = w.take_seat("watch_first", created["code"]).result(10)
        app = new_app()
        open_game(app, w, got[1])
        for _ in range(20):
            step(app)
            time.sleep(0.01)
        sc = app.stack.top
        assert sc.session.watching
        real = {s: a.stack.top.session.state["hands"][s] if a.stack.top.session.seat == s
                else b.stack.top.session.state["hands"][s] for s in ("USA", "USSR")}
        if game == "squabble":
            shown = sc.model.display["hands"]
            for side in ("USA", "USSR"):
                assert len(shown[side]) == len(real[side]) > 0
                for cid in shown[side]:
                    assert cid in sc.model.sprites and not sc.model.face_allowed(cid)
        else:
            from squabble.ui.struggle import hand_row
            said = drawn_texts(app, hand_row)
            assert "USSR: 8 cards + The" in said and "USA: 8 cards" in said
            assert any(s.startswith("Watching: each side's hand, counted") for s in said)
            assert not any("hand-off" in s for s in said)
            hands = sc.session.state["hands"]
            assert all(c == 0 for side in ("USA", "USSR") for c in hands[side])
    finally:
        for link in links:
            link.close()
        server.stop()
