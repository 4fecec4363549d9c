"""The Struggle prompt's arithmetic comes from the engine (the decision's context), never from a
formula of its own."""

from tests.struggle.struggle_helpers import action_round_state, choose
from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def test_the_coup_prompt_shows_the_engines_coup_sum(app):
    # rewrite 2.3.6(d): die + ops + modifiers − 2 × stability; Japan (stability 4) with 3 ops
    # needs a 6.  The prompt once computed this itself and left out the ops a region bonus adds.
    app.settings.anim = "fast"
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    sc.session.state = st
    sc.session.look.needs_handoff = lambda side, private: False
    sc.hover_country = "Japan"
    main, why = sc.plain_prompt()
    assert "coup target (3 Ops)" in main
    assert why == "Coup in Japan: roll + 3 Ops − 2 × 4 stability; a roll of 6 or more changes influence."
    sc.hover_country = "Panama"   # stability 2
    assert "a roll of 2 or more" in sc.plain_prompt()[1]
    # The China Card: 4 ops, +1 when all go to Asia -- a coup in Japan is conducted with 5
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]})
    st, _ = choose(st, mode="play", card=6)
    st, _ = choose(st, mode="coup")
    sc.session.state = st
    sc.hover_country = "Japan"
    assert sc.plain_prompt()[1] == ("Coup in Japan: roll + 5 Ops − 2 × 4 stability; a roll of 4 "
                                    "or more changes influence.")


def test_the_realignment_prompt_shows_the_engines_modifiers(app):
    # rewrite 2.3.6(c): +1 per adjacent controlled country (a superpower counts), +1 for more
    # influence.  USA realigns Mexico (next to the USA): USA +1 (superpower), USSR +1 (more).
    app.settings.anim = "fast"
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    st = action_round_state(hands={"USSR": [7], "USA": [4, 8]}, phasing="USA",
                            influence={"Mexico": (0, 1)})
    st, _ = choose(st, mode="play", card=4)
    st, _ = choose(st, mode="realign")
    sc.session.state = st
    sc.session.look.needs_handoff = lambda side, private: False
    sc.hover_country = "Mexico"
    assert sc.plain_prompt()[1] == ("Realign Mexico: USA +1 (superpower), USSR +1 (more influence); "
                                    "USA wins 42%, loses 42%.")


def test_the_top_bar_and_the_side_panel_name_the_same_action_round(data_dir):
    """Issue 50, item 13: for a second or two after a round the side panel said "Action round
    1 · USA to play" while the top bar already asked for action round 2.  Every frame drawn on
    the way from the USSR's first action round to its second agrees."""
    import re
    from squabble.ui.struggle import panels
    app = D.new_app(anim="fast")     # with the beats' moments and stops (the clock runs fast)
    SD.start(app, "computer", "USSR", level="easy")
    sc = SD.play_to(app, "action_card", "USSR")
    s = sc.session
    first = s.state["action_round"]
    frames = 0
    for _ in range(3000):
        if SD.waiting(app):
            if s.describe()["kind"] == "action_card" and s.state["action_round"] > first:
                break
            sc.commit(0)
        D.step(app)
        said = " ".join(SD.drawn_texts(app, panels))
        m = re.search(r"action round (\d+)", said)
        if m:
            frames += 1
            assert int(m.group(1)) == sc.shown["action_round"], (said, sc.shown["action_round"])
    assert frames and s.state["action_round"] > first


def test_every_decision_kind_has_its_prompt_in_the_one_table():
    """The prompt of each kind the engine asks is owned by one table (ui/struggle/prompts.py),
    not by a ladder of ``if kind ==`` in the panels (issue 51)."""
    import ast
    import inspect

    from squabble.games.struggle.core import KINDS
    from squabble.ui.struggle import panels
    from squabble.ui.struggle.prompts import PROMPTS
    assert set(PROMPTS) == set(KINDS)
    tree = ast.parse(inspect.getsource(panels))
    ladder = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Compare)
              and any(isinstance(c, ast.Constant) and c.value in KINDS for c in n.comparators)]
    assert not ladder, f"panels.py compares a decision kind at lines {ladder}"
