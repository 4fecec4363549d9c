"""framework/session.py and framework/choices.py serve any game of the registry."""

import random

from squabble.framework.choices import ChoiceSet
from squabble.framework.session import Session
from squabble.games import registry


def test_the_session_plays_a_whole_squabble_game_with_handoffs_and_undo():
    g = registry.get("squabble")
    s = Session.new(g, {"mode": "hotseat", "human": "USSR", "level": "easy",
                        "options": {"events": True}}, seed=3)
    rnd = random.Random(3)
    handoffs = undos = 0
    while not s.over:
        side = s.needs_handoff()
        if side is not None:
            assert s.is_private()
            s.look.handoff_confirmed(side)
            handoffs += 1
            assert s.needs_handoff() is None and s.viewer() == side
        d = s.decision()
        cs = ChoiceSet.of(d)
        assert len(cs) == len(d["options"])
        before = s.state
        s.apply(rnd.randrange(len(d["options"])))
        assert s.viewer() is None            # every commit is a public step
        if s.can_undo(d["player"]) and rnd.random() < 0.3:
            assert s.undo(d["player"]) and s.state == before
            undos += 1
    assert handoffs > 2 and undos > 0
    assert s.state["winner"] is not None


def test_the_computer_thinks_on_a_thread_and_a_broken_one_falls_back():
    g = registry.get("struggle")

    def broken(state, level, seed):
        raise RuntimeError("no idea")

    s = Session.new(g, {"mode": "computer", "human": "USA", "level": "easy"}, seed=2,
                    chooser=broken)
    t = s.think()
    i = t.wait(10)
    assert t.done and 0 <= i < len(s.decision()["options"]) and "no idea" in t.error
    s.apply(i)


def test_choices_light_countries_cards_and_buttons_without_naming_rules():
    d = {"player": "USA", "prompt": "p", "options": [
        {"label": "Place 1 in A", "country": "A", "amount": 2},
        {"label": "Coup in A", "country": "A"},
        {"label": "Play 7", "card": 7},
        {"label": "Play 8", "card": 8},
        {"label": "Done"}]}
    cs = ChoiceSet.of(d, card_shown=lambda c: c == 7)
    assert cs.lit_countries() == {"A": "…"}          # two options on A: a menu
    assert [c.index for c in cs.for_target(country="A")] == [0, 1]
    assert list(cs.by_card) == [7]
    assert [b.label for b in cs.buttons] == ["Play 8", "Done"]   # a card not shown is a button
    one = ChoiceSet.of({"player": "USA", "prompt": "", "options": d["options"][:1]})
    assert one.lit_countries() == {"A": "2"}
