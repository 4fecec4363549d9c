"""Complete games through the real UI: vs the computer and hot-seat, by mouse, keys and pads."""

import random

import pygame

from tests.ui import driver as D
from squabble.framework.handoff import HandOffScene
from squabble.ui.menus import TitleScene
from squabble.ui.squabble.scenes import ResultScene, SetupScene


def start(app, mode="computer", human="USSR", events=False):
    D.new_game(app)
    assert isinstance(D.top(app), SetupScene)
    s = D.top(app)
    while s.opts["mode"] != mode:
        D.menu_click(app, "mode")
    while s.opts["human"] != human:
        D.menu_click(app, "human")
    while s.opts["events"] != events:
        D.menu_click(app, "events")
    D.menu_click(app, "start")
    return D.table_of(app)


def test_full_game_vs_computer_by_mouse(app):
    assert isinstance(D.top(app), TitleScene)
    tb = start(app, "computer", "USSR")
    rnd = random.Random(2)
    counts = D.play_to_end(app, D.decide_mouse, lambda a: None,
                           choice=lambda d, i: rnd.randrange(len(d["options"])))
    assert counts["decisions"] >= 2 and counts["handoffs"] == 0
    res = D.top(app)
    assert isinstance(res, ResultScene)
    assert res.session.state["winner"] in ("USA", "USSR", "draw")
    D.menu_click(app, "title")
    assert isinstance(D.top(app), TitleScene)


def test_full_game_vs_computer_by_keyboard_with_events(app):
    tb = start(app, "computer", "USA", events=True)
    rnd = random.Random(2)
    D.play_to_end(app, D.decide_keys, lambda a: None,
                  choice=lambda d, i: rnd.randrange(len(d["options"])))
    assert isinstance(D.top(app), ResultScene)


def test_full_hotseat_game_by_two_gamepads(app):
    tb = start(app, "hotseat", "USSR")
    ids = {"USSR": 10, "USA": 11}
    # the pads speak once so each gets its seat (player 1 = Russia, player 2 = America)
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USSR"])
    D.pad(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER, ids["USA"])

    def handoff(a):
        side = D.top(a).title.split("'")[0]
        who = "USSR" if side == "Russia" else "USA"
        D.pad(a, pygame.CONTROLLER_BUTTON_A, ids["USA" if who == "USSR" else "USSR"])
        assert isinstance(D.top(a), HandOffScene), "the other player's pad confirmed a hand-off"
        D.pad(a, pygame.CONTROLLER_BUTTON_A, ids[who])

    def decide(a, choice):
        side = D.table_of(a).session.decision()["player"]
        D.decide_pad(a, choice, ids[side])

    rnd = random.Random(2)
    counts = D.play_to_end(app, decide, handoff,
                           choice=lambda d, i: rnd.randrange(len(d["options"])))
    assert counts["handoffs"] >= 2
    assert isinstance(D.top(app), ResultScene)


def test_dimmed_card_says_why(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    dec = tb.session.decision()
    assert dec["kind"] == "play"
    shown = []
    app.toast = lambda msg, seconds=2.6: shown.append(msg)
    hand = tb.chooser.hand_index_cards()
    acts = [c for c in hand if "agent" not in c]
    for c in acts[:3]:
        D.click(app, D.card_pos(tb, c))
    assert shown and "slot" in shown[-1]
    # undo takes the last card back
    D.key(app, pygame.K_BACKSPACE)
    assert tb.staging.stage["space"] is None and tb.staging.stage["bop"] is not None
    D.click(app, D.button_pos(tb, "confirm"))  # disabled: says why, commits nothing
    assert tb.session.decisions == 0 and "Choose" in shown[-1]


def test_pause_menu_rules_and_options_from_the_table(app):
    tb = start(app, "computer", "USSR")
    D.run_until(app, lambda: D.waiting_for_human(app))
    D.key(app, pygame.K_F1)
    assert D.top(app).name == "rules"
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app) is tb
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "pause"
    D.menu_click(app, "options")
    assert D.top(app).name == "options"
    D.menu_click(app, "colour_blind")
    assert app.settings.colour_blind
    D.menu_click(app, "back")
    D.menu_click(app, "resume")
    assert D.top(app) is tb
    D.step(app, 3)


def test_discards_and_event_can_be_inspected(app):
    from squabble.ui.squabble.scenes import DiscardScene
    tb = start(app, "computer", "USSR", events=True)
    D.run_until(app, lambda: D.waiting_for_human(app))
    it = next(i for i in tb.model.items if i.name == "discards:USA")
    D.click(app, D.centre(app, it.rect))
    assert isinstance(D.top(app), DiscardScene)
    D.key(app, pygame.K_RETURN)  # the Close button has the focus
    assert D.top(app) is tb
    ev = next(i for i in tb.model.items if i.kind == "event")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=D.centre(app, ev.rect),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    D.step(app, 2)
    assert tb.model.hover_event


def test_f11_toggles_fullscreen_and_back(app):
    D.key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    D.key(app, pygame.K_F11)
    assert not app.fullscreen
    D.step(app, 2)


def test_the_computer_thinks_off_the_ui_thread(app, monkeypatch):
    """A slow computer player never blocks a frame, and a thinking indicator shows.  Counted in
    frames, not timed: while the computer sleeps on its worker, frames keep coming (on the UI
    thread the first frame would wait out the whole sleep and the next find it done)."""
    import time
    from squabble.ui.squabble import game as SS
    from tests.worker_choosers import slow_squabble
    # a module-level chooser: the session sends it to its worker process (a patched
    # computer_choice would not reach that process)
    monkeypatch.setattr(SS, "_chooser", slow_squabble)
    tb = start(app, "computer", "USA")   # Russia (the computer) plays first
    frames_thinking = 0
    seen_thinking = False
    t_end = time.monotonic() + 120          # a bound for a stalled game, not a speed goal
    while tb.session.decisions == 0 and time.monotonic() < t_end:
        app.step()
        if tb.flow.phase == "thinking" and tb.flow.thinker is not None and not tb.flow.thinker.done:
            frames_thinking += 1
            seen_thinking = seen_thinking or tb.flow.thinker.elapsed > 0.2
        time.sleep(0.005)
    assert tb.session.decisions == 1
    assert seen_thinking
    assert frames_thinking >= 3, f"only {frames_thinking} frames while the computer thought"


def test_controls_page_from_options(app):
    D.menu_click(app, "options")
    D.menu_click(app, "controls")
    assert D.top(app).name == "controls"
    D.step(app, 2)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "options"


def test_pause_during_the_computers_turn_waits_for_resume(app):
    tb = start(app, "computer", "USA")  # the computer (Russia) moves first
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "pause"
    D.step(app, 120)
    assert D.top(app).name == "pause"  # nothing popped over the menu
    D.menu_click(app, "resume")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    assert tb.session.decision()["player"] == "USA"


def test_hotseat_game_through_all_five_eras_by_keyboard(app):
    """Both players avoid the clouds, so the war lasts until 1991; keyboard only."""
    from squabble.games.squabble import engine as E
    app.seed = 2
    tb = start(app, "hotseat", "USA", events=True)
    rnd = random.Random(2)

    def careful(d, i):
        state = tb.session.state
        safe = []
        for j in range(len(d["options"])):
            new, _log = E.apply(state, j)
            if not (new["result"] and new["result"]["how"] == "cloud"):
                safe.append(j)
        return rnd.choice(safe) if safe else 0

    counts = D.play_to_end(app, D.decide_keys, lambda a: D.key(a, pygame.K_RETURN),
                           choice=careful)
    res = D.top(app)
    assert isinstance(res, ResultScene)
    st = res.session.state
    assert st["result"]["how"] in ("balance", "leader", "draw")
    assert len(st["history"]) == 5 and counts["decisions"] >= 20
