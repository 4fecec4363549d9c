"""Couch play: a secret card is only ever drawn face up while its owner has the screen."""

import random
from contextlib import contextmanager

import pygame

from tests.ui import driver as D
from tests.ui.test_play import start
from squabble.framework.cards import FACE_UP
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import AGENT, CARDS, DOUBLE_AGENT, OTHER, SIDES
from squabble.ui.menus import ResultScene


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


@contextmanager
def recording(app):
    """Record every face-up card draw (the framework's FACE_UP record) while the block runs."""
    FACE_UP.clear()
    FACE_UP.enabled = True
    app.privacy = []
    try:
        yield
    finally:
        FACE_UP.enabled = False
        FACE_UP.clear()
        app.privacy = None


def check_record(app):
    frames = {f: (viewer, state) for f, viewer, state in app.privacy}
    own_private = {"USA": 0, "USSR": 0}
    for frame, key in FACE_UP.entries:
        if key not in CARDS:
            continue  # events and other public faces
        owner = CARDS[key].side
        assert frame in frames, f"a card face was drawn at frame {frame} without the table"
        viewer, state = frames[frame]
        assert viewer != "all", "spectator view in a two-player game"
        if viewer == owner:
            if key in state["hands"][owner]:
                own_private[owner] += 1
            continue
        hidden = set(E.hidden_from(state, OTHER[owner])["cards"]) - revealed_agents(state)
        assert key not in hidden, (
            f"frame {frame}: {owner}'s secret card {key} was drawn face up while "
            f"{'nobody' if viewer is None else viewer} had the screen")
    return own_private


def test_hotseat_game_never_shows_a_secret_to_the_other_player(app):
    with recording(app):
        start(app, "hotseat", "USSR", events=True)
        rnd = random.Random(21)

        def handoff(a):
            D.key(a, pygame.K_RETURN)

        # prefer agents and long games: avoid clouds by taking the first option often
        counts = D.play_to_end(app, D.decide_mouse, handoff,
                               choice=lambda d, i: rnd.randrange(len(d["options"])))
        assert isinstance(D.top(app), ResultScene)
        own = check_record(app)
        # the check is not empty: each side did see its own hand during its private turns
        assert own["USA"] > 0 and own["USSR"] > 0
        assert counts["handoffs"] >= 2


def test_many_seeds_hotseat_privacy(app):
    """Several hot-seat games (with agents forced often) keep the rule."""
    with recording(app):
        for g in range(3):
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
            check_record(app)
            FACE_UP.clear()
            app.privacy = []


def test_vs_computer_the_computers_cards_stay_hidden(app):
    with recording(app):
        start(app, "computer", "USA")
        D.play_to_end(app, D.decide_mouse, lambda a: None)
        frames = {f: (v, s) for f, v, s in app.privacy}
        for frame, key in FACE_UP.entries:
            if key in CARDS and CARDS[key].side == "USSR":
                viewer, state = frames[frame]
                assert viewer == "USA"
                hidden = set(E.hidden_from(state, "USA")["cards"]) - revealed_agents(state)
                assert key not in hidden, f"the computer's secret {key} was shown"


def test_the_privacy_check_catches_a_leak(app, monkeypatch):
    """Mutation check: a table that shows hands during public moments must fail the test."""
    import pytest
    from squabble.ui.table import TableScene
    orig = TableScene.face_allowed
    monkeypatch.setattr(TableScene, "face_allowed",
                        lambda self, cid: orig(self, cid) or self.viewer is None)
    with pytest.raises(AssertionError, match="secret card"):
        test_hotseat_game_never_shows_a_secret_to_the_other_player(app)


def test_privacy_holds_with_animations_on(data_dir):
    """With slides, flips, moments and banners playing, the rule still holds on every frame."""
    app = D.new_app(anim="fast")
    app.seed = 8
    test_hotseat_game_never_shows_a_secret_to_the_other_player(app)
