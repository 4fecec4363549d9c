"""Struggle in the window's life: autosave and Continue, damaged saves, undo (BGA policy), the
game pick, attract mode and random input on the map scene."""

import json
import random
import time

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble import userdata
from squabble.ui.struggle import saves
from squabble.framework.session import Session
from squabble.games import registry


def test_continue_resumes_the_struggle_game_exactly(app):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    for i in range(3):
        SD.decide_mouse(app, 0)
        assert D.run_until(app, lambda: SD.waiting(app), 2000)
    state = json.loads(json.dumps(sc.session.state))
    # quit to the title through the pause menu, then Continue
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
    D.menu_click(app, "title")
    t = D.top(app)
    assert t.name == "title" and t.button("continue").enabled
    assert "Twilight Struggle" in t.button("continue").hint and "turn 1" in t.button("continue").hint
    D.menu_click(app, "continue")
    sc2 = SD.scene(app)
    assert sc2 is not None and sc2 is not sc
    assert sc2.session.state == state


def test_a_corrupt_struggle_save_is_kept_aside_with_a_clear_message(app, data_dir):
    (data_dir / saves.FILE).write_text("{not json", encoding="utf-8")
    app.to_title()
    t = D.top(app)
    assert t.button("continue").enabled
    D.menu_click(app, "continue")
    t = D.top(app)
    assert t.name == "title" and "could not be read" in t.message
    assert not (data_dir / saves.FILE).exists()
    assert (data_dir / "save-struggle.bad.json").exists()


def test_an_incompatible_or_damaged_struggle_save_never_crashes(app, data_dir):
    st = registry.get("struggle").new(4)
    cases = [
        {"save_version": 99, "game": "struggle", "state": st,
         "setup": {"mode": "computer", "human": "USA", "level": "easy"}, "log": []},
        {"save_version": 1, "game": "struggle", "state": {"hands": 3},
         "setup": {"mode": "computer", "human": "USA", "level": "easy"}, "log": []},
        {"save_version": 1, "game": "struggle", "state": st,
         "setup": {"mode": "party", "human": "USA", "level": "easy"}, "log": []},
        [1, 2, 3],
    ]
    for raw in cases:
        userdata.write_json(saves.FILE, raw)
        app.to_title()
        D.menu_click(app, "continue")
        t = D.top(app)
        assert t.name == "title" and "could not be resumed" in t.message, t.message
        assert not (data_dir / saves.FILE).exists()


def test_undo_takes_back_own_decisions_until_a_die_or_draw(app):
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    if D.top(app).name == "handoff":           # the set-up is placed seeing one's hand
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
    s = sc.session
    before = json.loads(json.dumps(s.state))
    SD.decide_mouse(app, 0)
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    SD.decide_mouse(app, 0)
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    assert s.state != before and s.can_undo("USSR") and not s.can_undo("USA")
    D.key(app, pygame.K_BACKSPACE)
    D.key(app, pygame.K_BACKSPACE)
    assert s.state == before
    D.key(app, pygame.K_BACKSPACE)             # nothing more to take back
    assert s.state == before


def test_undo_stops_at_a_die_roll():
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=9)
    rolled = False
    for _ in range(600):
        d = s.decision()
        if d is None:
            break
        i = next((k for k, o in enumerate(d["options"]) if o.get("mode") in ("coup", "realign")
                  and "country" in o), None)
        if i is not None:
            s.apply(i)
            assert not s.can_undo(), "a die was rolled: no undo"
            rolled = True
            break
        # steer towards a coup or realignment (use a card's operations that way)
        j = next((k for k, o in enumerate(d["options"]) if o.get("mode") in ("coup", "realign")),
                 0)
        s.apply(j)
    assert rolled


def test_undo_stops_when_a_card_is_revealed():
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=4)
    while (g.describe(s.state)["kind"], s.decision()["player"]) != ("headline", "USA"):
        s.apply(0)
    s.apply(0)    # the second headline: both are revealed
    assert not s.turns.undoable() and not s.can_undo("USA")


def test_a_card_choice_is_undone_until_its_use_reveals_or_rolls():
    """Board Game Arena's policy: the card picked from one's own hand is shown by that choice,
    which stays undoable until its use reveals or rolls something."""
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=4)
    while g.describe(s.state)["kind"] != "action_card":
        s.apply(0)
    side = s.decision()["player"]
    before = s.state
    s.apply(0)
    assert s.can_undo(side) and s.undo(side) and s.state is before


def test_the_game_pick_is_remembered(app):
    D.menu_click(app, "new")
    assert D.top(app).focus.current.name == "squabble"
    D.menu_click(app, "struggle")
    D.menu_click(app, "back")
    assert D.top(app).name == "title"
    D.menu_click(app, "new")
    assert D.top(app).focus.current.name == "struggle"


def test_attract_mode_alternates_the_games(app):
    app.demo_next = "struggle"
    app.start_demo()
    assert SD.scene(app) is not None and SD.scene(app).demo
    D.step(app, 30)
    D.key(app, pygame.K_SPACE)
    assert D.top(app).name == "title"
    app.start_demo()
    from squabble.ui.squabble.table import TableScene
    assert app.stack.find(TableScene) is not None


def test_monkey_random_input_on_the_map_scene(app):
    SD.start(app, "hotseat", "USSR")
    rnd = random.Random(1234)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
            pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_1, pygame.K_3, pygame.K_z, pygame.K_PLUS,
            pygame.K_MINUS, pygame.K_F1, pygame.K_a, pygame.K_ESCAPE]
    w, h = app.screen.get_size()
    for n in range(800):
        r = rnd.random()
        if r < 0.45:
            D.click(app, (rnd.randrange(w), rnd.randrange(h)), settle=0)
        elif r < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice((-1, 1)),
                                                 flipped=False))
        elif r < 0.65:
            D.pad(app, rnd.choice([pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B,
                                   pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                                   pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
                                   pygame.CONTROLLER_BUTTON_X]), rnd.choice((1, 2)), settle=0)
        else:
            D.key(app, rnd.choice(keys), settle=0)
        D.step(app, 1)
        top = D.top(app)
        if top.name == "title" or top.name == "struggle_result":
            if SD.scene(app) is None and top.name == "title" and n < 780:
                D.menu_click(app, "continue") if top.button("continue").enabled else None
    # still alive and consistent
    sc = SD.scene(app)
    if sc is not None:
        assert registry.get("struggle").check_invariants(sc.session.state) is None


def test_the_session_carries_a_whole_ten_turn_game_with_structured_beats():
    from tests.ui.test_struggle_play import chooser
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=1)
    ch = chooser(4)        # this seed's game runs to the final scoring after turn 10
    from squabble.ui.struggle.panels import VP_KINDS, vp_after
    kinds = set()
    checked = 0
    while not s.over:
        d = s.decision()
        assert g.describe(s.state)["kind"], "every decision has a kind"
        beats = s.apply(ch(d))
        for i, b in enumerate(beats):
            kinds.add(b.kind)
            # every beat has text, except the engine's markers (a deal, an event's DEFCON move)
            assert isinstance(b.state, dict) and (b.line or b.kind in ("draw", "defcon"))
            if b.kind in VP_KINDS:   # the engine says the marker on every such line
                assert isinstance(b.data.get("vp_after"), int), (b.kind, b.line, b.data)
            after = vp_after(b.kind, b.data)
            if after is not None:   # the moment's "VP now" is where the marker really goes
                nxt = beats[i + 1].state if i + 1 < len(beats) else s.state
                assert nxt["vp"] == after, (b.line, after, nxt["vp"])
                checked += 1
    assert checked > 5
    assert s.state["end_reason"] == "final scoring" and s.state["turn"] == 10
    assert {"coup", "influence", "play", "score", "headline", "turn", "draw"} <= kinds, kinds


def test_two_players_bid_for_sides_in_secret(app):
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    s = D.top(app)
    while s.opts["mode"] != "hotseat":
        D.menu_click(app, "mode")
    while s.opts["handicap"] != "bid":
        D.key(app, pygame.K_LEFT) if s.focus.current.name == "handicap" else \
            s.focus.focus(s.button("handicap"))
    D.menu_click(app, "start")
    # player 1: hand-off, then bid 3 for the USA
    assert D.top(app).name == "handoff"
    assert D.run_until(app, lambda: D.top(app).ready, 200)   # past the hand-off's grace time
    D.key(app, pygame.K_RETURN)
    bid = D.top(app)
    assert bid.name == "struggle_bid"
    D.menu_click(app, "side")          # USSR -> USA
    for _ in range(3):
        D.menu_click(app, "number")
    assert bid.bid == {"side": "USA", "number": 3}
    D.menu_click(app, "done")
    # player 2 also wants the USA but bids 1: player 1 (the higher bid) gets the USA, and
    # player 2, not playing the side they chose, receives player 1's number (3) as the USSR
    assert D.top(app).name == "handoff"
    assert D.run_until(app, lambda: D.top(app).ready, 200)   # past the hand-off's grace time
    D.key(app, pygame.K_RETURN)
    D.menu_click(app, "side")
    D.menu_click(app, "number")
    D.menu_click(app, "done")
    sc = SD.scene(app)
    assert sc is not None
    assert sc.session.setup["human"] == "USA"
    assert sc.session.state["options"]["handicap"] == {"side": "USSR", "influence": 3}


def test_animated_moments_explain_the_numbers_and_piles_open(app):
    """With animations on, beats become moments built from LogLine data (never from text)."""
    app.settings.anim = "fast"
    sc = SD.start(app, "computer", "USSR")
    seen = {}
    rnd = random.Random(4)
    # the computer answers from its own process, in real time: the loop is bounded by the clock
    # (generous, for a loaded machine), not by a count of frames
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if sc.moment is not None:
            seen.setdefault(sc.moment.kind, sc.moment)
        if SD.waiting(app):
            if D.top(app).name == "struggle_result" or len(seen) >= 4:
                break
            d = sc.session.decision()
            coup = [i for i, o in enumerate(d["options"]) if o.get("mode") == "coup"]
            SD.decide_mouse(app, coup[0] if coup else rnd.randrange(len(d["options"])))
        D.step(app)
    assert "headline" in seen and len(seen) >= 3, sorted(seen)
    if "coup" in seen:
        assert "stability" in seen["coup"].lines[0] and seen["coup"].dice
    # the discard pile opens face up from the tracks panel, and any click closes it
    D.run_until(app, lambda: SD.waiting(app), 3000)
    hit = next(r for r, k in sc.tracks._hits if k == "discard")   # the panel's own coordinates
    D.click(app, hit.move(sc.tracks.rect.topleft).center)
    assert D.top(app).name == "struggle_pile"
    D.click(app, (5, 5))
    assert D.top(app) is sc


def test_undo_while_the_computer_thinks_drops_its_stale_answer(app):
    import threading
    sc = SD.start(app, "computer", "USA")          # the computer (USSR) places first
    gate, hold = threading.Event(), [False]
    real = sc.session.chooser

    def slow(state, level, seed):
        if hold[0]:
            gate.wait(5)
        return real(state, level, seed)

    sc.session.chooser = slow
    # the USA's seven set-up points; before the last one the computer is told to dawdle
    for _ in range(7):
        assert D.run_until(app, lambda: SD.waiting(app), 3000)
        assert sc.session.decision()["player"] == "USA"
        if sc.session.describe()["context"]["left"] == 1:
            hold[0] = True
        SD.decide_mouse(app, 0)
    D.step(app, 3)
    assert sc.session.decision()["player"] == "USSR"        # its headline
    assert sc.thinker is not None and not sc.thinker.done
    D.key(app, pygame.K_BACKSPACE)                            # the USA takes back point 7
    assert sc.thinker is None, "the stale answer must be dropped"
    assert sc.session.decision()["player"] == "USA"
    hold[0] = False
    gate.set()
    D.step(app, 5)
    assert sc.session.decision()["player"] == "USA"           # nothing applied behind our back
    assert registry.get("struggle").check_invariants(sc.session.state) is None


def test_explore_the_map_with_the_keyboard_and_pick_a_lit_country(app):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 3000)
    lit = set(sc.choices.by_country)
    D.key(app, pygame.K_z)
    assert sc.explore in lit and sc.hover_country == sc.explore
    walked = {sc.explore}
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT):
        D.key(app, k)
        walked.add(sc.explore)
    assert len(walked) >= 3                       # the arrows walk country to country
    while sc.explore not in lit:                  # back to a lit one (Z leaves, Z re-enters)
        D.key(app, pygame.K_z)
        D.key(app, pygame.K_z)
    before = sc.session.decisions
    D.key(app, pygame.K_RETURN)
    assert sc.session.decisions == before + 1 and sc.explore is None


def test_an_opened_enemy_hand_is_named_only_to_the_side_it_is_open_to(app):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 3000)
    st = sc.session.state
    assert sc.open_enemy_cards() == []
    st["effects"].append({"card": 98, "by": "USSR", "until": "turn"})   # the US hand open to
    # the USSR (an event in force)
    assert sorted(sc.open_enemy_cards(st)) == sorted(st["hands"]["USA"])
    D.step(app, 2)                    # and the scene draws with it
    sc.session.setup["human"] = "USA"  # the USSR hand is never opened by it
    assert sc.open_enemy_cards(st) == []


def test_a_new_struggle_game_asks_before_replacing_the_saved_one(app):
    from squabble.ui.struggle import saves
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 3000)
    SD.decide_mouse(app, 0)
    saved = saves.load()[0]
    app.to_title()
    D.new_game(app, "struggle")
    D.menu_click(app, "start")
    assert D.top(app).name == "confirm", "a new game silently replaced the saved game"
    D.key(app, pygame.K_RETURN)                     # the focused answer keeps the save
    assert D.top(app).name == "struggle_setup" and saves.load()[0] == saved
    D.menu_click(app, "start")
    SD.click_yes(app)
    assert SD.scene(app) is not None and SD.scene(app) is not sc


def test_esc_on_a_hand_off_opens_the_menu_without_showing_the_map(app):
    SD.start(app, "hotseat", "USSR")
    for _ in range(40):                     # the set-up is public; the first headline is not
        assert D.run_until(app, lambda: SD.waiting(app), 3000)
        if D.top(app).name == "handoff":
            break
        SD.decide_mouse(app, 0)
    assert D.top(app).name == "handoff"
    D.key(app, pygame.K_ESCAPE)
    p = D.top(app)
    assert p.name == "struggle_pause"
    assert not p.button("undo").enabled and not p.button("help").enabled
    D.key(app, pygame.K_ESCAPE)             # back to the hand-off, still covering the map
    assert D.top(app).name == "handoff"


def test_the_result_says_headline_phase_not_action_round_0(app):
    """A game that ends in the headline phase (e.g. a scoring card headlined past 20 VP) is
    summed up as "headline phase": action round 0 means nothing to a player."""
    from squabble.ui.struggle.screens import StruggleResultScene
    g = registry.get("struggle")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy"}, seed=3)
    state = json.loads(json.dumps(s.state))
    state.update(turn=5, action_round=0, setup_done=True, winner="USA", vp=21)
    s.state = state
    lines = StruggleResultScene(app, s, demo=True).summary_lines()
    assert lines[1] == "Turn 5, headline phase", lines
    state.update(action_round=3)
    assert StruggleResultScene(app, s, demo=True).summary_lines()[1] == "Turn 5, action round 3"


def test_attract_mode_shows_the_china_card_face_up_and_no_hidden_card(app):
    """Issue 50, item 13: attract mode drew The China Card face down though it is public."""
    from squabble.framework.cards import FACE_UP
    app.demo_next = "struggle"
    app.start_demo()
    sc = SD.scene(app)
    assert sc is not None and sc.demo and sc.viewer() is None
    FACE_UP.clear()
    FACE_UP.enabled = True
    try:
        D.step(app, 3)
        app.draw()
        faces = {k for _, k in FACE_UP.entries}
    finally:
        FACE_UP.enabled = False
        FACE_UP.clear()
    st = sc.shown
    assert st["china"]["holder"] is not None and "struggle:6" in faces
    hidden = set(st["hands"]["USA"]) | set(st["hands"]["USSR"]) | set(st["deck"])
    assert not {f"struggle:{c}" for c in hidden} & faces
