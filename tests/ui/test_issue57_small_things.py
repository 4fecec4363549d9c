"""Issue 57, item 8, the small things: The China Card's Asia bonus in the top bar; change
badges never under the side panel; a lesson saved by an older version says it cannot be
resumed and offers a new one; F1 over a private Squabble table covers it as the pause menu
does; the couch's bid screen allows what the rules and the server allow."""

import pygame

from squabble import userdata
from squabble.framework.confirm import ConfirmScene
from squabble.framework.handoff import HandOffScene
from squabble.games.struggle.data import COUNTRIES
from squabble.online import bids
from squabble.ui import gamepick
from squabble.ui.struggle import saves
from squabble.ui.struggle.map_markers import draw_change_badges
from squabble.ui.struggle.setup import BidScene
from tests.struggle.struggle_helpers import action_round_state, choose
from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_play import start as squabble_start
from tests.ui.test_struggle_tutorial import _start_lesson


def _at(app, st):
    """The map scene against the computer, showing ``st`` on the USSR's decision."""
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    sc.session.state = st
    sc.session.look.viewer = "USSR"
    sc.flow.phase = "await"
    D.step(app, 3)
    assert D.top(app) is sc
    return sc


def test_the_top_bar_says_the_china_cards_asia_bonus_still_to_place(app):
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]})
    st, _ = choose(st, mode="play", card=6)
    st, _ = choose(st, mode="influence")
    for c in ("N. Korea", "N. Korea", "Afghanistan", "Afghanistan"):
        st, _ = choose(st, mode="influence", country=c, amount=1)
    sc = _at(app, st)
    main, _ = sc.plain_prompt()
    assert "0 (+1 if all in Asia) Ops left" in main, main
    assert "0 Ops left" not in main


def test_change_badges_stay_inside_the_map(app):
    sc = _at(app, action_round_state(hands={"USSR": [7, 8], "USA": [4]}))
    app.draw()
    surf = pygame.Surface(app.screen.get_size())
    placed = draw_change_badges(sc.map, surf, {c: {"USA": 2, "USSR": -3} for c in COUNTRIES})
    right = [n for n, r in placed if sc.map.country_rect(n).right > sc.map.rect.right - 60]
    assert right, "no country at the map's right edge: the check is empty"
    for name, r in placed:
        assert sc.map.rect.contains(r), (name, r, sc.map.rect)


def test_an_old_versions_lesson_cannot_be_resumed_and_a_new_one_is_offered(app):
    sc = _start_lesson(app)
    assert D.run_until(app, lambda: SD.waiting(app), 20000)
    s = sc.session
    s.state["influence"]["Canada"]["USA"] += 1      # a position this version's path never has
    saves.write(s)
    app.to_title()
    gamepick.continue_any(app)
    top = D.top(app)
    assert isinstance(top, ConfirmScene), top.name
    assert top.title == "This lesson cannot be resumed" and "older version" in top.message
    assert "lesson is over" not in top.message.lower()
    D.click(app, app.layout.p(top.yes.rect[0] + 10, top.yes.rect[1] + 10))
    again = SD.scene(app)
    assert again is not None and again.tutor.on
    assert again.tutor.step()[0].startswith("1 ")          # the lesson from its first step


def test_f1_over_a_private_squabble_table_covers_it_as_the_pause_menu_does(app):
    tb = squabble_start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is tb and tb.session.viewer() == "USSR"
    D.key(app, pygame.K_F1)
    assert D.top(app).name == "rules"
    assert tb.session.viewer() is None          # the screen is nobody's meanwhile
    D.key(app, pygame.K_ESCAPE)
    D.step(app, 3)
    assert isinstance(D.top(app), HandOffScene), "closing the rules showed the cards again"


def test_the_couch_bid_screen_allows_what_the_rules_and_the_server_allow(app):
    got = []
    scene = BidScene(app, 1, got.append)
    app.stack.push(scene)
    for _ in range(bids.MAX_BID + 5):
        scene._number(1)
    assert scene.bid["number"] == bids.MAX_BID
    scene._done()
    assert got[0]["number"] == bids.MAX_BID
    bids.check_bid({"side": got[0]["side"], "number": got[0]["number"]})   # the server takes it
    from squabble.games.struggle.options import parse_options
    parse_options({"handicap": {"side": "USA", "influence": bids.MAX_BID}})  # and the rules
