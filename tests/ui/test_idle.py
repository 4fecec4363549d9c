"""Nothing burning at rest (framework/app.py ``GameApp.step``): a screen waiting for a person
draws nothing and asks the engine nothing until something changes; a slow decor is drawn at its
own rate; the resting frame sleeps on the event queue and wakes for an event.  Counted in frames
and calls, never timed (the CPU figures are bench/ui_idle_cpu.py's)."""

from __future__ import annotations

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.clock import RealClock


class Counting:
    """A game adapter that counts the calls reaching the engine."""

    def __init__(self, game):
        self.game, self.calls = game, 0

    def __getattr__(self, name):
        fn = getattr(self.game, name)
        if name not in ("decision", "describe", "is_private"):
            return fn

        def counted(*a, **k):
            self.calls += 1
            return fn(*a, **k)
        return counted


def test_the_struggle_map_waiting_for_a_card_draws_nothing_and_asks_the_engine_nothing(app):
    sc = SD.start(app, mode="computer", human="USSR")
    kinds = ("headline", "action_card")
    for _ in range(4000):
        if SD.waiting(app) and (sc.session.describe() or {}).get("kind") in kinds:
            break
        if SD.waiting(app):
            sc.commit(0)
        D.step(app)
    assert (sc.session.describe() or {}).get("kind") in kinds
    D.step(app, 120)                       # the last influence pulses end
    counting = sc.session.game = Counting(sc.session.game)
    drawn = app.frames_drawn
    D.step(app, 120)
    assert app.frames_drawn == drawn, "a resting map was drawn again"
    assert counting.calls == 0, "a resting map asked the engine"
    # a key moves the focus: one new picture, from the decision already known
    D.key(app, pygame.K_TAB, settle=3)
    assert app.frames_drawn > drawn and counting.calls == 0


def test_a_decision_is_asked_once_per_state(app):
    sc = SD.start(app, mode="hotseat", human="USSR")
    s = sc.session
    before = s.state
    d = s.decision()
    counting = s.game = Counting(s.game)
    s.apply(0)                             # (applying may already ask about the new state)
    d1 = s.decision()
    # a new state asks again (the session may already have asked while applying: at most once)
    assert d1 is not d and d1["prompt"] != d["prompt"] and counting.calls <= 1
    assert s.decision() is d1
    s.describe(), s.needs_handoff()
    n = counting.calls
    assert n <= 3                          # decision, describe and is_private at most once each
    s.decision(), s.describe(), s.describe(), s.needs_handoff(), s.needs_handoff()
    assert counting.calls == n             # asked again: answered from the memo
    s.state = before                       # a state set by hand asks again too
    assert s.decision() == d and s.decision() is not d and counting.calls == n + 1


def test_a_menu_draws_its_drifting_decor_at_its_own_rate_not_every_frame(app):
    D.menu_click(app, "new")
    pick = D.top(app)
    assert pick.name == "gamepick"
    D.step(app, 10)
    drawn = app.frames_drawn
    D.step(app, 60)                        # one second of game time at 60 frames a second
    n = app.frames_drawn - drawn
    assert 12 <= n <= 16, n                # 15 pictures a second (MenuScene.frame_every)


def test_a_resting_frame_sleeps_until_an_event_and_hands_it_on(app):
    app.clock = RealClock()
    D.step(app, 3)
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    pygame.event.post(ev)
    got = app.clock.wait(5.0)              # returns with the event, not after five seconds
    assert [e.type for e in got] == [pygame.KEYDOWN]
    app._held.extend(got)
    focus = D.top(app).focus.current
    app.step()                             # the held event is handled by the next frame
    assert D.top(app).focus.current is not focus


def test_the_rules_overlay_rests_until_it_is_scrolled(app):
    # F1 opens the rules over the title: a still page, drawn again only when input changes it
    D.key(app, pygame.K_F1, settle=3)
    assert D.top(app).name == "rules" and not D.top(app).animating()
    drawn = app.frames_drawn
    D.step(app, 120)
    assert app.frames_drawn == drawn, "a resting rules page was drawn again"
    first = D.top(app).first
    D.key(app, pygame.K_DOWN, settle=3)
    assert D.top(app).first > first and app.frames_drawn > drawn
