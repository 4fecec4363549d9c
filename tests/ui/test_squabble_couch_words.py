"""One couch, two players: the table and the hand-offs say whose turn it is (issue 50, items 16
and 19)."""

import pygame

from squabble.framework.handoff import HandOffScene
from squabble.games.squabble import engine as E
from squabble.ui.squabble import drawing
from squabble.ui.squabble import game as squabble_game
from squabble.ui.squabble.table import TableScene
from tests.squabble_helpers import pass_counters, play_both, turn_start
from tests.ui import driver as D


def hotseat_at(app, state, human="USSR"):
    setup = {"mode": "hotseat", "human": human, "level": "easy",
             "events": state["options"]["events"]}
    app.session = squabble_game.resume_session(state, setup, [])
    app.log_lines = []
    tb = TableScene(app, app.session)
    app.stack.replace_all(tb)
    return tb


def test_a_public_decision_seats_its_side_at_the_bottom_and_says_so(app):
    """Item 16: America's phase 9 tokens were asked with Russia's hand at the bottom."""
    s = turn_start(era=1, bop=1)
    s = play_both(s, ("Cominform", "First Lightning"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    while s["pending"] != {"kind": "take_tokens", "player": "USA"}:
        s, _ = E.apply(s, 0)
    tb = hotseat_at(app, s, human="USSR")
    assert tb.model.bottom == "USSR"
    assert D.run_until(app, lambda: D.top(app) is tb and tb.flow.phase == "human")
    assert not isinstance(D.top(app), HandOffScene)      # public: no hand-off
    assert tb.model.bottom == "USA"
    said = D.drawn_texts(app, drawing)
    assert any(t.startswith("AMERICA DECIDES") for t in said), said


def _answer(tb):
    """A cheap answer: place no token, pass a counter, take what is offered."""
    d = tb.session.decision()
    modes = [(o["mode"], o.get("bop"), o.get("space")) for o in d["options"]]
    for want in (("pass", None, None), ("tokens", 0, 0)):
        if want in modes:
            return modes.index(want)
    return 0


def test_again_only_when_nobody_else_had_the_screen_since(app):
    """Item 19: era 4 ends with America's private counter and Russia's phase 9 tokens in the
    open; Russia's era 5 hand-off said "Russia again" though America had the screen last."""
    s = turn_start(era=4, bop=-1, tokens=(3, 0))
    s = play_both(s, ("Salyut 6", "Moscow Olympics"), ("Olympic Boycott", "Camp David Accords"))
    tb = hotseat_at(app, s, human="USSR")
    seen = []                                   # (era, kind, side, message) of each hand-off
    for _ in range(40):
        assert D.run_until(app, lambda: D.waiting_for_human(app))
        t = D.top(app)
        st = tb.session.state
        d = tb.session.decision()
        if isinstance(t, HandOffScene):
            seen.append((st["era"], d["kind"], d["player"], t.message))
            if st["era"] == 5:
                break
            D.key(app, pygame.K_RETURN)
        else:
            tb.commit(_answer(tb))
    kinds = [(e, k, p) for e, k, p, _ in seen]
    assert (4, "counter", "USA") in kinds and kinds[-1] == (5, "play", "USSR"), kinds
    last = seen[-1][3]
    assert "again" not in last and last.startswith("Pass the screen to Russia"), last


def test_again_for_the_same_side_after_its_own_public_step():
    """The look rule: the same player's private screen, then its own step in the open: again;
    another side's decision in between: a real pass."""
    from squabble.framework.privacy import LookRule
    r = LookRule()
    r.handoff_confirmed("USSR")
    r.decided("USSR")
    r.public_step()
    assert r.again("USSR")
    r.decided("USA")
    assert not r.again("USSR") and not r.again("USA")


def test_the_setup_note_says_a_handoff_can_come_between_one_sides_steps(app):
    from squabble.ui.squabble.scenes import SetupScene
    sc = SetupScene(app)
    sc.opts["mode"] = "hotseat"
    note = sc.note()
    assert "passes to the other player" not in note
    assert "same side" in note
