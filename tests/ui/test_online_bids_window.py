"""Secret bids for sides through two windows (issue 52; rules 3.2.2): a Twilight Struggle game
created with "You play: Secret bids for sides", joined with its code, each window's bid sent from
the bid screen, "Waiting for your friend's bid", Your online games saying whose bid it is, and
the map opening in both windows with the sides and the handicap the bids gave."""

from __future__ import annotations

import os

import pygame

from squabble.ui.online.menus import YourGamesScene
from tests.online_helpers import ServerProcess
from tests.ui.driver import key, menu_click, new_app, step, top
from tests.ui.test_online_menus import to_online, type_text, until_seconds

SHOTS = os.environ.get("SQUABBLE_SHOTS")     # a folder: the screens are saved there too


def shot(app, name):
    if SHOTS:
        step(app)
        pygame.image.save(app.screen, os.path.join(SHOTS, name + ".png"))


def labels_of(app) -> list:
    app.stack.push(YourGamesScene(app))
    g = top(app)
    assert until_seconds(app, lambda: g.status is not None, 20)
    out = [b.label for b in g.buttons if b.name.startswith("game")]
    app.stack.remove(g)
    return out


def test_bids_for_sides_from_create_to_the_map(tmp_path, data_dir):
    server = ServerProcess(tmp_path / "games.sqlite3")
    apps = []
    try:
        a = new_app()
        apps.append(a)
        a.settings.online_server = server.url
        to_online(a)
        menu_click(a, "create")
        sc = top(a)
        menu_click(a, "game")                                 # Twilight Struggle
        for _ in range(3):                                    # random -> USSR -> USA -> bid
            menu_click(a, "side")
        assert sc.choice["side"] == "bid"
        assert "Secret bids for sides" in sc.button("side").label
        assert sc.button("handicap") is None                  # the bids make the handicap
        menu_click(a, "optional")
        menu_click(a, "reveal_held_cards")
        shot(a, "create_bid")
        menu_click(a, "go")
        assert until_seconds(a, lambda: top(a).name == "online_invite", 20), top(a).name
        code = top(a).reply["code"]
        menu_click(a, "play")
        assert top(a).name == "online_bid" and top(a).phase() == "join"
        shot(a, "bid_join")

        b = new_app()
        apps.append(b)
        b.settings.online_server = server.url
        to_online(b)
        menu_click(b, "join")
        type_text(b, code)
        key(b, pygame.K_RETURN)
        assert until_seconds(b, lambda: top(b).name == "online_bid", 20), top(b).name
        assert top(b).phase() == "bid"
        assert until_seconds(a, lambda: top(a).phase() == "bid", 20)   # the friend joined
        shot(a, "bid_form")

        # A bids the USSR and 2 influence
        assert top(a).bid == {"side": "USSR", "number": 0}
        menu_click(a, "number")
        menu_click(a, "number")
        menu_click(a, "done")
        assert until_seconds(a, lambda: top(a).phase() == "wait", 20)
        # ("wait" shows as soon as the bid is sent; the server has it once it says so)
        assert until_seconds(a, lambda: top(a).seat in top(a).last["bidding"].get("bid", []), 20)
        shot(a, "bid_wait")
        # Your online games: the friend's bid awaited here, this window's awaited there
        labels = labels_of(b)
        assert any("waiting for your friend's bid" in lab for lab in labels), labels
        assert any("YOUR BID" in lab for lab in labels), labels
        assert top(b).phase() == "bid"
        assert top(a).name == "online_bid"
        # B's form says that its friend has bid (who has bid is public, never what)
        from squabble.ui.struggle import online_bids as bidding
        from tests.ui.driver import drawn_texts
        assert until_seconds(b, lambda: top(b).friend_has_bid(), 20)
        said = " ".join(drawn_texts(b, bidding))
        assert "Your friend has sealed a bid" in said and "USSR" not in said.split("bid:")[-1]

        # B bids the USSR too, for 1: A wins the USSR; B plays the USA and places A's 2
        menu_click(b, "number")
        menu_click(b, "done")
        for app in (a, b):
            assert until_seconds(app, lambda app=app: top(app).name == "struggle", 30), \
                top(app).name
        sa, sb = top(a).session, top(b).session
        assert (sa.seat, sb.seat) == ("USSR", "USA")
        for s in (sa, sb):
            opts = s.update_msg["state"]["options"]
            assert opts["handicap"] == {"side": "USA", "influence": 2}
            assert opts["optional_cards"] and opts["reveal_held_cards"]
            assert any("Bids revealed" in str(x) for x in s.log)
        step(a, 3)
        shot(a, "map_after_bids")
        # the seats are kept under the sides won
        labels = labels_of(b)
        assert not any("bid" in lab.lower() for lab in labels), labels
        assert any("you: USSR" in lab for lab in labels) and \
            any("you: USA" in lab for lab in labels), labels
    finally:
        server.stop()
        for app in apps:
            for sc in app.stack.scenes if hasattr(app.stack, "scenes") else [top(app)]:
                link = getattr(getattr(sc, "session", None), "link", None) or \
                    getattr(sc, "link", None)
                if link is not None:
                    link.close()
