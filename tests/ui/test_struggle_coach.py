"""The coach (contract 4): H, pad Y or the Hint button shows the computer player's top options
for the side deciding now; on one couch it is private (a hand-off first, gone with the screen).

The scene hands the coach a copy of the game's state; the coach reads only what the deciding side
may see (it deals the rest again: tests/struggle/test_struggle_hint.py).  Checked here against who
may look: the real coach's panel names no card hidden from the side, and is the same when the
other side's hidden cards are dealt differently.  The flow tests use a stub coach."""

import random
import sys
import types

import pygame
import pytest

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.handoff import HandOffScene
from squabble.games.struggle.data import CARDS
from squabble.games.struggle.describe import hidden_from
from squabble.ui.struggle.coach import coach_seed, hint_text


@pytest.fixture
def coach(monkeypatch):
    calls = []

    def hint(state, side, seed, k=3):
        calls.append((state, side))
        d = state["pending"]
        return [{"index": 0, "label": d["options"][0]["label"], "reasons": [f"For the {side}."]}]
    mod = types.ModuleType("squabble.ai.struggle_hint")
    mod.hint = hint
    monkeypatch.setitem(sys.modules, "squabble.ai.struggle_hint", mod)
    return calls


def _wait_hint(app, sc):
    assert D.run_until(app, lambda: sc.coach.hint_for is not None and sc.coach.job is None, 500)


def _drawn_text(app, sc):
    import squabble.ui.struggle.coach as C
    return " ".join(SD.drawn_texts(app, C))


def _other_hidden_dealt_again(state, side, rnd):
    """``state`` with the cards hidden from ``side`` (the enemy's hand, the draw pile) dealt
    again among themselves: the same game as far as ``side`` may know."""
    from squabble.games.struggle import copy_state
    enemy = "USA" if side == "USSR" else "USSR"
    st = copy_state(state)
    pool = st["hands"][enemy] + st["deck"]
    rnd.shuffle(pool)
    n = len(st["hands"][enemy])
    st["hands"][enemy], st["deck"] = sorted(pool[:n]), pool[n:]
    return st


def test_h_shows_the_real_coach_naming_nothing_the_side_may_not_see(app):
    from squabble.ai.struggle_hint import hint
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    D.key(app, pygame.K_h)
    _wait_hint(app, sc)
    shown = _drawn_text(app, sc)
    assert "Coach for the USSR" in shown and sc.coach.hint_lines[0].startswith("1. ")
    st = sc.session.state
    for c in hidden_from(st, "USSR"):
        assert CARDS[c]["name"] not in shown, f"the hint showed {CARDS[c]['name']}"
    # against who may look: the same lines when the USA's hidden cards are dealt differently
    seed = coach_seed(sc.session.game, st, "USSR")
    other = _other_hidden_dealt_again(st, "USSR", random.Random(3))
    assert other["hands"]["USA"] != st["hands"]["USA"]
    assert hint_text(hint(other, "USSR", seed, 3)) == sc.coach.hint_lines
    D.key(app, pygame.K_h)                          # H again closes it
    assert sc.coach.hint_for is None


def test_the_hint_goes_with_its_decision_and_pad_y_asks(app, coach):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    D.pad(app, pygame.CONTROLLER_BUTTON_Y, 0)
    _wait_hint(app, sc)
    assert sc.coach.hint_lines and sc.coach.hint_lines[0].startswith("1. ")
    SD.decide_mouse(app, 0)
    D.step(app)
    assert sc.coach.hint_for is None


def test_hotseat_hint_is_private_behind_a_hand_off(app, coach):
    sc = SD.start(app, "hotseat", "USSR")
    s = sc.session
    _to_public_decision(app, sc)  # (the play of a card's Ops)
    assert sc.viewer() is None                     # a public screen
    D.key(app, pygame.K_h)
    assert isinstance(D.top(app), HandOffScene) and not coach
    assert D.run_until(app, lambda: D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    side = s.decision()["player"]
    _wait_hint(app, sc)
    assert coach[-1][1] == side and sc.viewer() == side
    shown = _drawn_text(app, sc)
    for c in hidden_from(s.state, side):
        assert CARDS[c]["name"] not in shown
    assert "Coach for the" in shown
    # the screen turns public again (the decision is made): the hint is gone
    sc.commit(0)
    D.step(app)
    assert sc.coach.hint_for is None and "Coach for the" not in _drawn_text(app, sc)


def test_the_coachs_panel_never_covers_a_warning_sentence(app):
    """Seen in the hint screenshot: the coach's panel hid the end of the red warning strip."""
    sc = SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    d = sc.session.decision()
    sc.pointed_sentences = lambda: [("warning", "DEFCON would fall to 1 in your own action "
                                     "round: you lose the game. " * 2)]
    sc.coach.hint_for = (d["player"], sc.session.decisions)
    sc.coach.hint_lines = ["1. Place 1 influence in Hungary", "   A reason in plain words."]
    app.draw()
    strip, panel = sc.warning_strip, sc.coach.hint_rect
    assert strip is not None and panel is not None
    assert not pygame.Rect(strip).colliderect(pygame.Rect(panel)), (strip, panel)


def _to_public_decision(app, sc):
    """A hot-seat game on to a public decision (the play of a card's Ops), hand-offs confirmed."""
    s = sc.session
    for _ in range(80):
        assert D.run_until(app, lambda: SD.waiting(app))
        if isinstance(D.top(app), HandOffScene):
            assert D.run_until(app, lambda: D.top(app).ready)
            D.key(app, pygame.K_RETURN)
            continue
        if s.describe()["kind"] == "play_mode":
            return
        sc.commit(0)
    raise AssertionError("no public decision reached")


def _secrets_drawn(app, state, frames):
    """Secret cards (in either hand or the draw pile) whose faces were drawn on ``frames``,
    with this test's own reading of what is secret: on a public screen nobody may look."""
    from squabble.framework.cards import FACE_UP
    secret = set(state["hands"]["USA"]) | set(state["hands"]["USSR"]) | set(state["deck"])
    out = []
    for frame, key in FACE_UP.entries:
        if frame in frames and str(key).startswith("struggle:"):
            card = int(str(key).split(":")[1])
            if card in secret:
                out.append(card)
    return out


def test_closing_the_coach_on_a_public_decision_makes_the_screen_nobodys(app, coach):
    """Issue 50, item 6: after the coach's hand-off on a public decision, the side's hand stayed
    face up until its next decision.  The look the coach lent ends when the coach closes."""
    from squabble.framework.cards import FACE_UP
    sc = SD.start(app, "hotseat", "USSR")
    s = sc.session
    _to_public_decision(app, sc)
    side = s.decision()["player"]
    FACE_UP.clear()
    FACE_UP.enabled = True
    try:
        D.key(app, pygame.K_h)
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
        _wait_hint(app, sc)
        app.draw()
        looked = set(range(app.frame - 2, app.frame + 1))
        # while the coach is open the side's own hand is face up (the check is not empty)
        assert set(_secrets_drawn(app, s.state, looked)) & set(s.state["hands"][side])
        D.key(app, pygame.K_h)                      # the coach closes
        assert sc.coach.hint_for is None
        FACE_UP.clear()
        first = app.frame + 1
        for _ in range(4):
            D.step(app)
            app.draw()
        after = set(range(first, app.frame + 1))
        leaked = _secrets_drawn(app, s.state, after)
        assert not leaked, f"secret cards {leaked} face up after the coach closed"
    finally:
        FACE_UP.enabled = False
        FACE_UP.clear()
    assert sc.viewer() is None
    # the decision is still the same public one, and it is still answered by that side
    assert s.decision()["player"] == side and not isinstance(D.top(app), HandOffScene)


def test_a_keyboard_zoomed_card_leaves_the_coachs_panel_readable(app):
    """Issue 50, item 7: a card focused with the keys and zoomed (Z) covered the coach."""
    SD.start(app, "computer", "USSR", level="easy")
    sc = SD.play_to(app, "headline", "USSR")
    d = sc.session.decision()
    sc.coach.hint_for = (d["player"], sc.session.decisions)
    sc.coach.hint_lines = ["1. Headline a card", "   A reason in plain words."] * 4
    for _ in range(80):                       # Tab to a card of the hand
        cur = sc.focus.current
        if sc.focus.visible and cur is not None and cur.kind == "card":
            break
        D.key(app, pygame.K_TAB)
    assert sc.focus.current.kind == "card"
    if sc.hover_card != sc.focus.current.payload:
        D.key(app, pygame.K_z)                # (the focus may zoom it already)
    assert sc.hover_card == sc.focus.current.payload
    drawn = []
    card = sc._card

    def record(surf, c, rect, **kw):
        drawn.append((c, rect))
        return card(surf, c, rect, **kw)
    sc._card = record
    app.draw()
    del sc._card
    zoomed = [r for c, r in drawn if c == sc.hover_card and r[2] >= 200]
    assert zoomed and sc.coach.hint_rect is not None
    for r in zoomed:
        assert not pygame.Rect(r).colliderect(pygame.Rect(sc.coach.hint_rect)), (r, sc.coach.hint_rect)
        assert pygame.Rect(0, 0, 1280, 720).contains(pygame.Rect(r))


def test_the_odds_of_a_die_do_not_push_a_reason_out_of_the_coachs_panel():
    """The odds sentence the hint puts first where a die decides is shown beside the option's
    three reasons, not instead of the third (the lesson's coup lost "DEFCON falls to 4" so)."""
    from squabble.ui.struggle.coach import hint_text
    odds = "The coup succeeds on a roll of 3 or more (4 chances in 6)."
    h = {"label": "Coup in Iran", "odds": odds,
         "reasons": [odds, "Takes control of Iran.", "DEFCON falls to 4.", "Meets this turn's "
                     "military operations.", "The computer's first choice."]}
    lines = hint_text([h])
    assert lines == ["1. Coup in Iran", f"   {odds}", "   Takes control of Iran.",
                     "   DEFCON falls to 4.", "   Meets this turn's military operations."]
    plain = {"label": "Influence", "odds": "", "reasons": ["a.", "b.", "c.", "d."]}
    assert hint_text([plain]) == ["1. Influence", "   a.", "   b.", "   c."]


def test_the_coach_gives_a_position_the_same_seed_after_an_undo(app, monkeypatch):
    """The coach's seed comes from the deciding side's view, like the computer's, never from a
    count of decisions: the same position after a decision and its undo (or a continued save)
    gets the same advice (issue 50, item 22)."""
    from squabble.ui.struggle import coach
    seeds = []

    def hint(state, side, seed, k=3):
        seeds.append(seed)
        return [{"index": 0, "label": state["pending"]["options"][0]["label"], "reasons": []}]
    monkeypatch.setattr(coach, "_hint_fn", lambda: hint)
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    assert D.run_until(app, lambda: SD.waiting(app))
    before = s.state
    D.key(app, pygame.K_h)
    _wait_hint(app, sc)
    D.key(app, pygame.K_h)
    SD.decide_keys(app, 0)
    assert D.run_until(app, lambda: SD.waiting(app))
    D.key(app, pygame.K_BACKSPACE)            # the placement taken back: the same position
    assert D.run_until(app, lambda: SD.waiting(app))
    assert s.state == before and s.decisions == 2
    D.key(app, pygame.K_h)
    _wait_hint(app, sc)
    assert len(seeds) == 2 and seeds[0] == seeds[1]
