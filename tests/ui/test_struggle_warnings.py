"""Options the engine marks (contract 2): a ``warning`` is shown in red and asks before it is
applied, a ``risk`` in amber without asking.  The engine's marks are stood in for here by
wrapping the adapter's decision (the window only reads the keys)."""

import copy

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.confirm import ConfirmScene

SENTENCE = "DEFCON would fall to 1 in your own action round: you lose the game."


def _mark(sc, country=None, mode=None, key="warning", sentence=SENTENCE):
    real = sc.session.game.decision

    def decision(state):
        d = real(state)
        if d is None:
            return d
        d = copy.deepcopy(d)
        for o in d["options"]:
            if (country and o.get("country") == country) or (mode and o.get("mode") == mode):
                o[key] = sentence
        return d
    sc.session.game.decision = decision
    sc.session._memo = None       # the session asks once per state: ask this state again
    sc.choice_key = None          # the scene rebuilds its choices from the marked decision


def test_a_warned_country_asks_before_it_is_applied(app):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    _mark(sc, country="Austria")
    D.step(app)
    assert D.run_until(app, lambda: SD.waiting(app))
    s = sc.session
    state, n = s.state, s.decisions
    pos = sc.map.country_rect("Austria").center
    D.click(app, pos)
    assert isinstance(D.top(app), ConfirmScene), "a game-losing option was applied at once"
    assert SENTENCE in D.top(app).message
    D.key(app, pygame.K_RETURN)          # the focus starts on the safe answer
    assert s.state is state and s.decisions == n
    assert D.top(app) is sc
    # the warning shows in red on the map while the country is pointed at
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert sc.pointed_sentences() == [("warning", SENTENCE)]
    # asked again, and this time yes
    D.click(app, pos)
    assert isinstance(D.top(app), ConfirmScene)
    D.click(app, D.top(app).button_pos("yes"))
    assert s.decisions == n + 1 and s.state["influence"]["Austria"]["USSR"] == 1


def test_a_warned_button_is_red_and_asks_by_keys_too(app):
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    SD.play_to(app, "play_mode")
    _mark(sc, mode="coup")
    D.step(app)
    assert D.run_until(app, lambda: SD.waiting(app))
    i = next(i for i, o in enumerate(s.decision()["options"]) if o.get("mode") == "coup")
    app.draw()
    b = next(b for b in sc._buttons if b.name == f"opt{i}")
    from squabble.ui.struggle.warnings import WARNING_BG
    assert b.colour == WARNING_BG
    n = s.decisions
    SD._focus_to(app, lambda: D.key(app, pygame.K_TAB), f"button:opt{i}")
    D.key(app, pygame.K_RETURN)
    assert isinstance(D.top(app), ConfirmScene) and s.decisions == n
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app) is sc and s.decisions == n


def test_a_risk_is_amber_and_does_not_ask(app):
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    _mark(sc, country="Austria", key="risk", sentence="The USA could end the game now.")
    D.step(app)
    assert D.run_until(app, lambda: SD.waiting(app))
    s = sc.session
    n = s.decisions
    pos = sc.map.country_rect("Austria").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert sc.pointed_sentences() == [("risk", "The USA could end the game now.")]
    D.click(app, pos)
    assert D.top(app) is sc and s.decisions == n + 1


def test_the_computers_warned_option_is_applied_without_asking(app):
    """Only a person is asked: the computer's own choice of a warned option goes through."""
    sc = SD.start(app, "computer", "USSR")
    s = sc.session
    real = s.game.decision

    def decision(state):
        d = real(state)
        if d is not None and d["player"] == "USA":
            d = copy.deepcopy(d)
            for o in d["options"]:
                o["warning"] = SENTENCE
        return d
    s.game.decision = decision
    for _ in range(300):
        assert D.run_until(app, lambda: SD.waiting(app) or isinstance(D.top(app), ConfirmScene))
        assert not isinstance(D.top(app), ConfirmScene), "the computer's move asked the person"
        if s.state["action_round"] >= 2:
            break
        sc.commit(0)
    assert s.state["action_round"] >= 2
