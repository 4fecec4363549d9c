"""A reopened online game's log holds every line its window showed (issue 59): the set-up's
lines (Twilight Squabble's era 1 and its Event revealed) are said by no move, so the server
sends them from the game's set-up at the join and in a resume of the whole log; and a creator's window
that showed the game before the friend joined follows the deal made again with the friend's
value (its table and log: no line of the first deal, which was never played)."""

from __future__ import annotations


from squabble.framework.turnflow import HUMAN
from squabble.online.link import Link
from squabble.ui.online.game import open_game
from tests.ui.driver import new_app, step, step_until
from tests.ui.test_online_window import _first_update

WINDOW_ONLY = ("Online game:", "Your friend has joined", "Game resumed")


def _engine_lines(app) -> list:
    return [x for x in app.log_lines if not x.startswith(WINDOW_ONLY)]


def test_a_reopened_game_shows_every_line_its_window_showed(server_lite, links, data_dir):
    server = server_lite
    a, b = Link(server.url), Link(server.url)
    links += [a, b]
    created = a.request("create", "squabble", {"events": True}, "USSR").result(10)
    app_a = new_app()
    open_game(app_a, a, _first_update(a))        # the creator's window, before the join
    scene = app_a.stack.top
    assert step_until([app_a], lambda: scene.flow.phase == HUMAN)
    b.request("join", created["code"]).result(10)
    assert step_until([app_a], lambda: a.last["presence"]["USA"] == "online" and
                  scene.flow.phase == HUMAN and scene.session.state == scene.session.
                  from_wire(a.last["state"]))
    app_b = new_app()
    open_game(app_b, b, _first_update(b))
    for app in (app_a, app_b):                    # each window shows the Event in force
        assert step_until([app], lambda: app.stack.top.flow.phase in (HUMAN, "thinking"))
        assert any(x.startswith("Event revealed:") for x in _engine_lines(app))
    # the USSR plays a move; then each window's seat is opened again in a new window
    scene.commit(0)
    assert step_until([app_a, app_b], lambda: scene.session.version == 1 and
                  app_b.stack.top.session.version == 1)
    for app, link in ((app_a, a), (app_b, b)):
        step(app, 5)
        before = _engine_lines(app)
        again = Link(server.url)
        links.append(again)
        again.take_seat("resume", link.game_id, link.credential).result(10)
        reopened = new_app()
        open_game(reopened, again, _first_update(again))   # (as the menu does)
        assert step_until([reopened], lambda: reopened.stack.top.flow.phase in
                      (HUMAN, "thinking"))
        after = _engine_lines(reopened)
        assert [x for x in before if x in after] == before, (before, after)
        assert after == before[-len(after):]
