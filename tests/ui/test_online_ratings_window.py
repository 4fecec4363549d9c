"""Ratings in the window (issue 60), headless against a real ``squabble serve`` on 127.0.0.1:
Create offers "Rated" once the player has a name and makes a rated game with the player key
kept in the user data folder; a rated game's result screen says "Your rating: 1500 → 1484";
Play online's "Ratings on this server" shows the table."""

from __future__ import annotations

import os
import stat
import time

from squabble.online import client as C
from squabble.online.link import Link
from squabble.ui.online import ratings as R
from squabble.ui.online import rematch as RM
from squabble.ui.online.game import open_game
from squabble.ui.online.menus import CreateScene, InvitationScene, OnlineScene
from tests.online_helpers import FakeClock, ServerProcess
from tests.ui.driver import drawn_texts, new_app
from tests.ui.test_online_home import _until
from tests.ui.test_online_window import RESULT, _first_update

KEY_B = "b2" * 16


def test_create_offers_rated_and_the_result_screen_and_the_table_show_the_ratings(tmp_path,
                                                                                   data_dir):
    fake = FakeClock(tmp_path / "clock")
    server = ServerProcess(tmp_path / "games.sqlite3", prelude=fake.prelude)
    links = []
    try:
        app = new_app()
        assert C.player_key(server.url) is None
        create = CreateScene(app, server.url)
        assert "rated" not in [r[0] for r in create.shown_rows()]   # no name, no key: no row
        app.settings.display_name = "Ann"
        app.settings.online_server = server.url
        create = CreateScene(app, server.url)
        app.stack.push(create)
        assert "rated" in [r[0] for r in create.shown_rows()]
        create.choice.update(rated=True, side="USA", clock="live30")
        create.go()
        assert _until(app, lambda: isinstance(app.stack.top, InvitationScene))
        key = C.player_key(server.url)
        assert key and len(key) >= 32           # made, kept privately, never on screen
        mode = os.stat(data_dir / C.KEYS_FILE).st_mode
        assert not mode & (stat.S_IRWXG | stat.S_IRWXO)
        inv = app.stack.top
        a = inv.link
        links.append(a)
        assert a.last["rated"] is True
        b = Link(server.url, backoff=(0.02, 0.3))
        links.append(b)
        b.request("join", inv.reply["code"], "Bob", key=KEY_B).result(10)
        time.sleep(0.2)
        open_game(app, a, _first_update(a))
        fake.advance(1801)                      # the clock of the side to decide falls
        assert _until(app, lambda: app.stack.top.name == RESULT["squabble"], 10)
        won = a.last["winner"] == "USA"
        words = (f"Your rating: 1500 \u2192 {1516 if won else 1484} (your friend's: 1500 "
                 f"\u2192 {1484 if won else 1516})")
        assert _until(app, lambda: any(words in x for x in drawn_texts(app, RM)), 10), \
            drawn_texts(app, RM)
        drawn = " ".join(drawn_texts(app, RM))
        assert key not in drawn
        # Play online: Ratings on this server
        app.to_online()
        assert isinstance(app.stack.top, OnlineScene)
        app.stack.top.ratings()
        assert _until(app, lambda: isinstance(app.stack.top, R.RatingsScene) and
                      app.stack.top.tables is not None, 10)
        said = drawn_texts(app, R)
        assert "Bob" in said and "1516" in said and "Ann" in said and "1484" in said
        assert key not in " ".join(said)
    finally:
        for link in links:
            link.close()
        server.stop()


def test_the_change_in_words():
    assert RM.change_words({"rating_change": {"USA": [1512.2, 1527.9], "USSR": [1490, 1474.3]}},
                           "USA") == \
        "Your rating: 1512 \u2192 1528 (your friend's: 1490 \u2192 1474)"
    assert RM.change_words({"rating_change": {"USA": [1500, 1516], "USSR": [1500, 1484]}},
                           None) == "Ratings: USA 1500 \u2192 1516 · USSR 1500 \u2192 1484"
    assert RM.change_words({}, "USA") == "" and RM.change_words({"rated": True}, "USA") == ""
