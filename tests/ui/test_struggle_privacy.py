"""Couch privacy in Twilight Struggle: over whole hot-seat games, every face-up card draw
(the framework's FACE_UP record) is checked against who may look at that frame (the session's
LookRule, as the scene asks it when it draws: recorded here around its ``draw``), with this
test's own reading of what is secret."""

import random
from contextlib import contextmanager

import pygame
import pytest

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from tests.ui.test_struggle_play import chooser
from squabble.framework.cards import FACE_UP
from squabble.games.struggle.data import CARDS

OTHER = {"USA": "USSR", "USSR": "USA"}


@contextmanager
def recording(app):
    """Records (frame, viewer, state shown, reveal on screen) each time the map scene draws, in
    ``app.privacy_record``, beside the framework's face-up record."""
    from squabble.ui.struggle.scene import StruggleScene
    FACE_UP.clear()
    FACE_UP.enabled = True
    app.privacy_record = []
    real_draw = StruggleScene.draw

    def draw(sc, surf):
        app.privacy_record.append((sc.app.frame, sc.viewer(), sc.shown, sc.revealed_now()))
        real_draw(sc, surf)
    StruggleScene.draw = draw
    try:
        yield
    finally:
        StruggleScene.draw = real_draw
        FACE_UP.enabled = False
        FACE_UP.clear()


def owner_of_secret(state, card):
    """The side a card is secret to (its holder), "deck" for the draw pile, or None if public."""
    for side in ("USA", "USSR"):
        if card in state["hands"][side]:
            return side
    if card in state["deck"]:
        return "deck"
    choosing = any(f.get("kind") == "headline" and f.get("stage") == "choose"
                   for f in state.get("stack") or [])
    hl = state["headline"]
    for side in ("USA", "USSR"):
        if choosing and hl.get(side) == card and hl.get("shown") != side:
            return side
    return None


def check_record(app):
    frames = {}
    for f, viewer, state, reveal in app.privacy_record:
        frames.setdefault(f, (viewer, state, reveal))
    own = {"USA": 0, "USSR": 0}
    n = 0
    for frame, key in FACE_UP.entries:
        if not str(key).startswith("struggle:"):
            continue
        n += 1
        card = int(str(key).split(":")[1])
        assert frame in frames, f"a card face was drawn at frame {frame} without the map scene"
        viewer, state, reveal = frames[frame]
        secret = owner_of_secret(state, card)
        if secret is None:
            continue
        if reveal is not None and card in reveal[1] and CARDS[card]["name"] in reveal[0]:
            # the engine's reveal line names this card: it is shown to both players
            continue
        assert secret == viewer, (
            f"frame {frame}: card {card} (secret of {secret}) was drawn face up while "
            f"{'nobody' if viewer is None else viewer} had the screen")
        own[viewer] += 1
    return own, n


def test_hotseat_struggle_never_shows_a_secret_to_the_other_player(app):
    with recording(app):
        SD.start(app, "hotseat", "USSR")
        counts = SD.play_to_end(app, SD.decide_mouse, lambda a: D.key(a, pygame.K_RETURN),
                                chooser(11))
        assert D.top(app).name == "struggle_result"
        own, n = check_record(app)
    # the check is not empty: each side saw its own hand during its private turns
    assert own["USA"] > 0 and own["USSR"] > 0 and n > 50
    assert counts["handoffs"] >= 4


def _leaky_hand_cards(model, state=None):
    """A scene that leaks: its hand row shows the deciding side's hand whoever has the screen."""
    from squabble.games.struggle.data import CHINA
    st = state if state is not None else model.shown
    d = model.session.decision()
    v = d["player"] if d else model.viewer()
    if v is None:
        return []
    return list(st["hands"][v]) + ([CHINA] if st["china"]["holder"] == v else [])


def test_a_deliberate_leak_is_caught(app, monkeypatch):
    from squabble.ui.struggle.model import MapModel
    monkeypatch.setattr(MapModel, "hand_cards", _leaky_hand_cards)
    monkeypatch.setattr(MapModel, "may_show_hand", lambda model, card: True)
    with recording(app):
        SD.start(app, "hotseat", "USSR")
        rnd = chooser(2)
        for _ in range(40):   # set-up, into the first headlines: enough for a leak to show
            assert D.run_until(app, lambda: SD.waiting(app), 5000)
            if D.top(app).name == "struggle_result":
                break
            if D.top(app).name == "handoff":
                D.run_until(app, lambda: D.top(app).ready)
                D.key(app, pygame.K_RETURN)
                continue
            SD.decide_mouse(app, rnd(SD.scene(app).session.decision()))
        with pytest.raises(AssertionError, match="drawn face up while"):
            check_record(app)


def _reveal_frames(app, text, cards, side="USSR"):
    """Put a reveal beat of the engine's shape on a public hot-seat screen and draw frames."""
    import copy

    from squabble.framework.session import Beat
    sc = SD.scene(app)
    sc.moment = None
    sc.flow.beats.clear()
    sc.session.look.public_step()          # the screen is public (nobody's secrets)
    st = copy.deepcopy(sc.session.state)
    sc.flow.start_beats([Beat(text, st, "reveal", {"side": side, "cards": list(cards)})])
    for _ in range(3):
        sc.update(1 / 60)
        app.frame += 1                       # a frame of its own in both records
        FACE_UP.begin_frame(app.frame)
        app.draw()
    return sc


def test_a_reveal_shows_exactly_the_cards_its_line_names_to_both_players(app):
    """Rules that show cards (a scoring card held at the end of a turn, CIA Created, Five Year
    Plan...) show those faces on the public screen; the record accepts them only because the
    engine's line names them, and a face the line does not name is still a leak."""
    with recording(app):
        app.settings.anim = "fast"              # moments are shown (not skipped)
        SD.start(app, "hotseat", "USSR")
        assert D.run_until(app, lambda: SD.waiting(app), 5000)
        if D.top(app).name == "handoff":
            D.run_until(app, lambda: D.top(app).ready)
            D.key(app, pygame.K_RETURN)
        sc = SD.scene(app)
        assert D.top(app) is sc
        hand = sc.session.state["hands"]["USSR"]
        shown, other = hand[0], hand[1]
        FACE_UP.clear()
        _reveal_frames(app, f"The USSR holds {CARDS[shown]['name']} at the end of the turn "
                            "and loses.", [shown])
        faces = {int(str(k).split(":")[1]) for _, k in FACE_UP.entries
                 if str(k).startswith("struggle:")}
        assert shown in faces, "the revealed card was drawn face down"
        assert other not in faces
        check_record(app)
        # a reveal beat whose line does not name the card it shows: caught
        _reveal_frames(app, "The USSR shows a card.", [other])
        with pytest.raises(AssertionError, match="drawn face up while"):
            check_record(app)
