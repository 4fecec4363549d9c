"""The table's previews tell the truth: every number comes from the engine applying the staged
choice to a copy (squabble/games/squabble/preview.py), and an option the engine warns about
(your own Mushroom Cloud) asks first."""

import pygame

from squabble.games.squabble import engine as E
from squabble.ui.squabble import game as squabble_game
from squabble.ui.squabble.table import TableScene
from tests.squabble_helpers import act, card, pass_counters, play_both, turn_start
from tests.ui import driver as D


def table_at(app, state, human):
    """The table against the computer with ``state``, waiting on ``human``'s decision."""
    setup = {"mode": "computer", "human": human, "level": "easy", "events": False}
    app.session = squabble_game.resume_session(state, setup, [])
    app.log_lines = []
    tb = TableScene(app, app.session)
    app.stack.replace_all(tb)
    assert D.run_until(app, lambda: D.top(app) is tb and tb.flow.phase == "human")
    return tb


def counter_spot(bop):
    """America 2 (Berlin Airlift) against Russia 3 (First Lightning); America, favoured, keeps
    Marshall Plan (Counter 3) and decides its counter first."""
    s = turn_start(era=1, bop=bop)
    return play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))


def test_the_lands_here_marker_counts_the_staged_counter(app):
    s = counter_spot(bop=1)
    tb = table_at(app, s, "USA")
    assert tb.explain.projected_bop() == 0                    # nothing staged: 2 against 3
    D.click(app, D.card_pos(tb, card("Marshall Plan")))  # stage the counter
    assert tb.staging.stage["counter"] == card("Marshall Plan")
    shown = tb.explain.projected_bop()
    after, _ = act(s, "counter", card=card("Marshall Plan"))
    after = pass_counters(after)
    assert shown == after["bop"] == 3


def test_the_tokens_prompt_numbers_follow_treaty_of_rome(app):
    # R13 Treaty of Rome: tokens always add; the prompt must not promise "make it 0"
    s = turn_start(era=1, tokens=(3, 3), events=True, event="treaty-of-rome")
    s = play_both(s, ("Berlin Blockade", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    tb = table_at(app, s, "USSR")
    line = tb.explain.prompt_text(tb.model.deciding)[1]
    assert "make it 0" not in line
    assert "2 tokens: 4" in line and "3 tokens: 5" in line
    plain = turn_start(era=1, tokens=(3, 3))
    plain = play_both(plain, ("Berlin Blockade", "Cominform"), ("Berlin Airlift",
                                                                 "Operation Paperclip"))
    tb = table_at(app, plain, "USSR")
    assert "2 tokens: 0" in tb.explain.prompt_text(tb.model.deciding)[1]


def test_a_counter_onto_your_own_cloud_asks_first(app):
    s = counter_spot(bop=2)
    tb = table_at(app, s, "USA")
    D.click(app, D.card_pos(tb, card("Marshall Plan")))
    caution = tb.explain.staged_caution()
    assert caution[0] == "warning" and "Mushroom Cloud" in caution[1]
    D.click(app, D.button_pos(tb, "confirm"))
    assert D.top(app).name == "confirm", "no question before the losing counter"
    D.key(app, pygame.K_RETURN)                       # the safe answer has the focus
    assert D.top(app) is tb and tb.session.decisions == 0 and tb.flow.phase == "human"


def test_a_risk_is_shown_without_a_question(app):
    s = counter_spot(bop=1)
    tb = table_at(app, s, "USA")
    D.click(app, D.card_pos(tb, card("Marshall Plan")))
    caution = tb.explain.staged_caution()
    assert caution[0] == "risk" and "one space from your own cloud" in caution[1]
    D.click(app, D.button_pos(tb, "confirm"))
    assert D.top(app).name != "confirm" and tb.session.decisions == 1


def test_the_cloud_distance_is_in_the_play_and_tokens_prompts(app):
    s = turn_start(era=1, bop=2, tokens=(1, 1))
    tb = table_at(app, s, "USSR")
    assert "Your cloud is 6 spaces away." in tb.explain.prompt_text(tb.model.deciding)[1]


def test_a_counter_that_cancels_all_movement_says_no_move(app):
    """Issue 50 item 17: America's Berlin Airlift with 2 tokens is worth 0; countering Russia's
    First Lightning leaves 0 against 0: the landing preview stays, on the token, "no move"."""
    from squabble.ui.squabble import drawing
    s = turn_start(era=1, tokens=(2, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Berlin Airlift", "Operation Paperclip"))
    s, _ = act(s, "tokens", bop=2, space=0)
    tb = table_at(app, s, "USA")
    assert "lands here" in D.drawn_texts(app, drawing)                  # 0 against 3: it moves
    D.click(app, D.card_pos(tb, card("Marshall Plan")))
    assert tb.explain.projected_bop() == s["bop"] == 0
    said = D.drawn_texts(app, drawing)
    assert "no move" in said and "lands here" not in said


def test_the_claim_prompt_says_the_kitchen_debate_token(app):
    """Issue 50 item 18: under the Kitchen Debate a value-2 card offers 3; the prompt says why
    (the engine's ``allows`` and ``limit``), not "up to its Activity Value"."""
    s = turn_start(era=1, events=True, event="kitchen-debate")
    s = play_both(s, ("Cominform", "First Lightning"), ("Marshall Plan", "Operation Paperclip"))
    s = pass_counters(s)
    while s["pending"] != {"kind": "take_tokens", "player": "USA"}:
        s, _ = E.apply(s, 0)
    assert E.ACTIVITY[E.decision(s)["context"]["card"]] == 2          # Berlin Airlift
    ctx = E.decision(s)["context"]
    assert ctx["limit"] == 3 and ctx["allows"] == 3
    tb = table_at(app, s, "USA")
    line = tb.explain.prompt_text(tb.model.deciding)[1]
    assert "Up to 3" in line and "Kitchen Debate" in line, line
    assert "Up to its Activity Value" not in line


def test_the_token_tray_has_two_places_under_the_oil_embargo(app):
    """Issue 50 item 18: the tray beside each side draws the places it may hold: 2 under the
    Oil Embargo (it drew 3)."""
    import pygame as pg
    from squabble.ui.squabble import drawing
    s = turn_start(era=1, events=True, event="oil-embargo")
    tb = table_at(app, s, "USSR")
    circles = []
    real = pg.draw.circle
    pg.draw.circle = lambda surf, col, *a, **k: (circles.append(col), real(surf, col, *a, **k))[1]
    try:
        app.draw()
    finally:
        pg.draw.circle = real
    empty = [c for c in circles if tuple(c) == (60, 90, 84)]
    assert len(empty) == 4          # two sides, no token held, two places each


def test_the_oil_embargo_return_flies_a_token_back_to_the_supply(data_dir):
    """Issue 50 item 14: the token a side gives back under the Oil Embargo leaves its tray for
    the supply on the table (from the states of the beat, not its words)."""
    from squabble.framework.session import Beat
    from squabble.ui.squabble import beats as B
    app = D.new_app(anim="normal")
    s = turn_start(era=3, tokens=(3, 0), events=True, event="hotline")
    s["event_deck"].insert(0, "oil-embargo")
    s["step"], s["pending"], s["todo"] = "draw", None, []
    log = []
    after = E.clone(s)
    E.run(after, log)
    back = next(x for x in log if x.kind == "return_tokens")
    tb = TableScene(app, squabble_game.resume_session(s, {"mode": "computer", "human": "USSR",
                                                          "level": "easy", "events": True}, []))
    tb.model.display = s
    tb.model.flights = []
    tb.beats.play(Beat(str(back), after, back.kind, dict(back.data)), False)
    assert [f["b"] for f in tb.model.flights] == [B.SUPPLY_POS]
    assert tb.model.flights[0]["side"] == "USA"
