"""The table's previews tell the truth: every number comes from the engine applying the staged
choice to a copy (squabble/games/squabble/preview.py), and an option the engine warns about
(your own Mushroom Cloud) asks first."""

import pygame

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
    D.click(app, tb.card_pos(card("Marshall Plan")))  # stage the counter
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
    D.click(app, tb.card_pos(card("Marshall Plan")))
    caution = tb.explain.staged_caution()
    assert caution[0] == "warning" and "Mushroom Cloud" in caution[1]
    D.click(app, tb.button_pos("confirm"))
    assert D.top(app).name == "confirm", "no question before the losing counter"
    D.key(app, pygame.K_RETURN)                       # the safe answer has the focus
    assert D.top(app) is tb and tb.session.decisions == 0 and tb.flow.phase == "human"


def test_a_risk_is_shown_without_a_question(app):
    s = counter_spot(bop=1)
    tb = table_at(app, s, "USA")
    D.click(app, tb.card_pos(card("Marshall Plan")))
    caution = tb.explain.staged_caution()
    assert caution[0] == "risk" and "one space from your own cloud" in caution[1]
    D.click(app, tb.button_pos("confirm"))
    assert D.top(app).name != "confirm" and tb.session.decisions == 1


def test_the_cloud_distance_is_in_the_play_and_tokens_prompts(app):
    s = turn_start(era=1, bop=2, tokens=(1, 1))
    tb = table_at(app, s, "USSR")
    assert "Your cloud is 6 spaces away." in tb.explain.prompt_text(tb.model.deciding)[1]
