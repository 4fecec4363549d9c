"""Couch play: a secret card is only ever drawn face up while its owner may look.

Who may look is worked out HERE, by the test, from what happened on screen: between two hand-offs
only the side that confirmed the last hand-off may see its secrets, and once a decision is committed
nobody may until the next hand-off (every public beat plays on a public screen).  Every face-up draw
(the framework's FACE_UP record) is checked against that and against what the engine says is
hidden from the other side; the table's own idea of who owns the screen is never consulted.
"""

import random
from contextlib import contextmanager

import pygame
import pytest

from tests.ui import driver as D
from tests.ui.test_play import start
from squabble.framework.cards import FACE_UP
from squabble.framework.handoff import HandOffScene
from squabble.framework.privacy import LookRule
from squabble.framework.turnflow import TurnFlow
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import AGENT, CARDS, DOUBLE_AGENT, OTHER, SIDES
from squabble.ui.squabble.scenes import ResultScene


def revealed_agents(state):
    """rb phase 3: every Agent / Double Agent played this turn is revealed to both sides."""
    out = set()
    for side in SIDES:
        a = state["agents"].get(side)
        if a == "agent":
            out.add(AGENT[side])
        elif a == "double":
            out.add(DOUBLE_AGENT[side])
    return out


class Watch:
    """Follows the real frame loop and keeps, per frame, who may look and the state drawn."""

    def __init__(self, app, solo=None):
        self.app = app
        self.solo = solo
        self.rule = LookRule()
        self.frames: dict[int, tuple] = {}
        self.handoffs: list[tuple[int, str]] = []     # (frame, side) of confirmed hand-offs
        self.commits: list[tuple[int, str, str]] = []  # (frame, side, kind)
        self._session = None
        self._decisions = 0
        self._handoff = None                           # (scene, side) on the stack

    def before(self):
        t = self.app.stack.top
        s = self.app.session
        if isinstance(t, HandOffScene) and s is not None and s.decision() is not None:
            self._handoff = (t, s.decision()["player"])
        self._pending = s.decision() if s is not None else None

    def after(self):
        app = self.app
        s = app.session
        if s is not self._session:
            self._session = s
            self._decisions = s.decisions if s else 0
            self.rule = LookRule()
        if self._handoff is not None and self._handoff[0] not in app.stack.scenes:
            self.rule.handoff_confirmed(self._handoff[1])
            self.handoffs.append((app.frame, self._handoff[1]))
            self._handoff = None
        if s is not None and s.decisions != self._decisions:
            self._decisions = s.decisions
            self.rule.public_step()
            if self._pending:
                self.commits.append((app.frame, self._pending["player"], self._pending["kind"]))
        viewer = self.solo if self.solo else self.rule.viewer
        tb = D.table_of(app)
        state = tb.display if tb is not None else (s.state if s else None)
        self.frames[app.frame] = (viewer, state)


@contextmanager
def recording(app, solo=None):
    """Record every face-up card draw and who may look at each frame while the block runs."""
    FACE_UP.clear()
    FACE_UP.enabled = True
    w = Watch(app, solo)
    real_step = app.step

    def step():
        w.before()
        real_step()
        w.after()

    app.step = step
    try:
        yield w
    finally:
        app.step = real_step
        FACE_UP.enabled = False
        FACE_UP.clear()


def check_record(w):
    own_private = {"USA": 0, "USSR": 0}
    for frame, key in FACE_UP.entries:
        if key not in CARDS:
            continue  # events and other public faces
        owner = CARDS[key].side
        assert frame in w.frames, f"a card face was drawn at frame {frame} outside the game"
        viewer, state = w.frames[frame]
        if viewer == owner:
            if key in state["hands"][owner]:
                own_private[owner] += 1
            continue
        hidden = set(E.hidden_from(state, OTHER[owner])["cards"]) - revealed_agents(state)
        assert key not in hidden, (
            f"frame {frame}: {owner}'s secret card {key} was drawn face up while "
            f"{'nobody' if viewer is None else viewer} may look")
    return own_private


def confirm_handoff(app):
    D.key(app, pygame.K_RETURN)


def test_hotseat_game_never_shows_a_secret_to_the_other_player(app):
    with recording(app) as w:
        start(app, "hotseat", "USSR", events=True)
        rnd = random.Random(21)
        counts = D.play_to_end(app, D.decide_mouse, confirm_handoff,
                               choice=lambda d, i: rnd.randrange(len(d["options"])))
        assert isinstance(D.top(app), ResultScene)
        own = check_record(w)
        # the check is not empty: each side did see its own hand during its private turns
        assert own["USA"] > 0 and own["USSR"] > 0
        assert counts["handoffs"] >= 2


def test_many_seeds_hotseat_privacy(app):
    """Several hot-seat games (with agents forced often) keep the rule."""
    for g in range(3):
        with recording(app) as w:
            app.seed = 100 + g
            app.to_title()
            start(app, "hotseat", "USA" if g % 2 else "USSR", events=bool(g % 2))
            rnd = random.Random(g)

            def choice(d, i):
                # play an agent whenever possible, to exercise the Agent reveal
                for j, o in enumerate(d["options"]):
                    if o.get("mode") == "play" and "agent" in o["bop"]:
                        return j
                return rnd.randrange(len(d["options"]))

            D.play_to_end(app, D.decide_mouse, lambda a: D.key(a, pygame.K_SPACE), choice=choice)
            check_record(w)


def test_vs_computer_the_computers_cards_stay_hidden(app):
    with recording(app, solo="USA") as w:
        start(app, "computer", "USA")
        D.play_to_end(app, D.decide_mouse, lambda a: None)
        own = check_record(w)
        assert own["USA"] > 0


# ---- the scenario: two new players, Event deck off, keys pick the hand cards ----------

def _nth_after(hand, a, b):
    """Keys a then b as the reported game typed them (the hand re-fanned after the first)."""
    h = list(hand)
    first = h.pop(a - 1)
    return first, h[b - 1]


SCRIPT = [
    # era 1
    ("USSR", "play", (4, 4)), ("USA", "play", (4, 4)), ("USA", "take_token", None),
    ("USSR", "take_tokens", 3), ("USA", "take_tokens", 2),
    # era 2
    ("USSR", "play", (4, 3)), ("USA", "play", (4, 3)), ("USSR", "tokens", (0, 0)),
    ("USA", "tokens", (0, 0)), ("USA", "counter", "Cuban Quarantine"),
    ("USSR", "counter", "Berlin Wall"), ("USA", "shift_pass", None),
    # era 3
    ("USSR", "play", (4, 3)), ("USA", "play", (4, 3)), ("USSR", "tokens", (0, 0)),
    ("USA", "tokens", (0, 0)), ("USSR", "counter", "Brezhnev Doctrine"),
]


def forced_pass(app, dec) -> bool:
    """R8: a side that cannot counter is asked too, with Pass only (the scripted game was
    recorded before): answer it by keyboard and say so."""
    if dec["kind"] == "counter" and [o["mode"] for o in dec["options"]] == ["pass"]:
        D.decide_keys(app, 0)
        return True
    return False


def _option_for(state, dec, kind, arg):
    for i, o in enumerate(dec["options"]):
        m = o["mode"]
        if kind == "play" and m == "play":
            b, sp = _nth_after(state["hands"][dec["player"]], *arg)
            if (o["bop"], o["space"]) == (b, sp):
                return i
        elif kind == "tokens" and m == "tokens" and (o["bop"], o["space"]) == arg:
            return i
        elif kind == "take_tokens" and m == "take_tokens" and o["amount"] == arg:
            return i
        elif kind == "take_token" and m == "take_token":
            return i
        elif kind == "shift_pass" and m == "pass":
            return i
        elif kind == "counter" and m == "counter" and CARDS[o["card"]].name == arg:
            return i
    raise AssertionError(f"no option {kind} {arg} in {dec}")


def play_script(app, w, upto=len(SCRIPT)):
    """Play the scripted decisions by keyboard, confirming every hand-off with Enter."""
    tb = start(app, "hotseat", "USSR", events=False)
    done = 0
    while done < upto:
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000), "the table stalled"
        if isinstance(D.top(app), HandOffScene):
            confirm_handoff(app)
            continue
        side, kind, arg = SCRIPT[done]
        dec = tb.session.decision()
        if forced_pass(app, dec):
            continue
        assert dec["player"] == side, (done, dec["player"], dec["kind"])
        D.decide_keys(app, _option_for(tb.session.state, dec, kind, arg))
        done += 1
    return tb


def _handoff_between(w, after_frame, before_frame, side):
    return any(after_frame < f <= before_frame and s == side for f, s in w.handoffs)


def test_public_reveals_play_in_public_then_a_handoff(app):
    """Era 2: America places tokens, then (after the public phase 5 reveal) decides a counter.
    The reveal must not play on America's private screen, and the counter starts with a hand-off."""
    with recording(app) as w:
        tb = play_script(app, w, upto=9)         # up to America's era 2 token placement
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
        tokens_frame = w.commits[-1][0]
        assert w.commits[-1][1:] == ("USA", "tokens")
        assert isinstance(D.top(app), HandOffScene), \
            "America's counter decision began without a hand-off after the public reveal"
        confirm_handoff(app)
        assert _handoff_between(w, tokens_frame, app.frame, "USA")
        check_record(w)


def test_same_side_twice_in_a_row_starts_with_a_handoff(app):
    """Era 3: Russia counters Vietnam; public steps follow (measure, Space Race, era 4 banner);
    Russia's next private decision (era 4 play) must start with a hand-off, and Russia's hand
    stays face down while America watches the public steps."""
    with recording(app) as w:
        tb = play_script(app, w)
        counter_frame = w.commits[-1][0]
        assert w.commits[-1][1:] == ("USSR", "counter")
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
        dec = tb.session.decision()
        assert (dec["player"], dec["kind"]) == ("USSR", "play") and tb.session.state["era"] == 4
        assert isinstance(D.top(app), HandOffScene), \
            "Russia: play two cards face down appeared with no hand-off"
        confirm_handoff(app)
        assert _handoff_between(w, counter_frame, app.frame, "USSR")
        check_record(w)


def test_the_privacy_check_catches_a_leak(app, monkeypatch):
    """Mutation check: a table that lets anyone look during public moments must fail the test."""
    # the one rule lets everyone look at any time: the table (which asks it, through the
    # framework's flow) then shows hands in public, and the watcher, which works out who may
    # look on its own, objects
    monkeypatch.setattr(TurnFlow, "may_look", lambda self, side: side is not None)
    with pytest.raises(AssertionError, match="secret card"):
        test_hotseat_game_never_shows_a_secret_to_the_other_player(app)


def test_privacy_holds_with_animations_on(data_dir):
    """With slides, flips, moments and banners playing, the rule still holds on every frame."""
    app = D.new_app(anim="fast")
    app.seed = 8
    test_hotseat_game_never_shows_a_secret_to_the_other_player(app)


def test_a_quick_double_enter_cannot_open_the_next_players_cards(app):
    """The previous player's second Enter lands on the hand-off: it must be ignored."""
    tb = start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene))
    D.key(app, pygame.K_RETURN)                  # at once: ignored
    D.key(app, pygame.K_RETURN)
    assert isinstance(D.top(app), HandOffScene)
    assert tb.session.look.viewer is None
    assert D.run_until(app, lambda: D.top(app).ready)
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is tb and tb.session.look.viewer == "USSR"


def test_esc_on_the_handoff_opens_the_pause_menu(app):
    tb = start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    h = D.top(app)
    assert isinstance(h, HandOffScene)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "pause"
    assert tb.session.look.viewer is None          # nothing was opened
    D.menu_click(app, "resume")
    assert D.top(app) is h
    D.key(app, pygame.K_RETURN)
    assert D.top(app) is tb and tb.session.look.viewer == "USSR"
