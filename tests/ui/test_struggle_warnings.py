"""Options the engine marks (contract 2): a ``warning`` is shown in red and asks before it is
applied, a ``risk`` in amber without asking.  The engine's marks are stood in for here by
wrapping the adapter's decision (the window only reads the keys)."""

import copy

import pygame

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.framework.confirm import ConfirmScene
from squabble.framework.handoff import HandOffScene

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
    sc.session._memo = None       # the session asks the (wrapped) engine again
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
    D.click(app, D.button_pos(D.top(app), "yes"))
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


# ---------------------------------------------------------------- the engine's own warnings
def _at(app, sc, state):
    """The scene's session moved to ``state`` (a test position), as Continue would."""
    sc.session.state = state
    sc.choice_key = None
    D.step(app, 3)
    for _ in range(4):      # on one couch: the hand-off to the deciding side first
        assert D.run_until(app, lambda: SD.waiting(app))
        if not isinstance(D.top(app), HandOffScene):
            break
        assert D.run_until(app, lambda: D.top(app).ready)
        D.key(app, pygame.K_RETURN)
    assert D.top(app) is sc


def test_the_engines_defcon_2_battleground_coup_warning_asks_in_the_window(app):
    # rewrite 2.1.5(d) / 2.3.6(d): at DEFCON 2 a battleground coup by the phasing side brings
    # DEFCON 1 in its own action round and loses; the engine says so and the window asks
    import sys
    sys.path.insert(0, "tests/struggle")
    from struggle_helpers import action_round_state, choose
    sc = SD.start(app, "hotseat", "USSR")
    st = action_round_state(hands={"USSR": [7, 8], "USA": [4]}, defcon=2,
                            influence={"Angola": (1, 0), "Kenya": (1, 0)})
    st, _ = choose(st, mode="play", card=7)
    st, _ = choose(st, mode="coup")
    _at(app, sc, st)
    s = sc.session
    n = s.decisions
    d = s.decision()
    angola = next(o for o in d["options"] if o.get("country") == "Angola")
    assert angola["warning"].startswith("DEFCON would fall to 1")
    D.click(app, sc.map.country_rect("Angola").center)
    assert isinstance(D.top(app), ConfirmScene) and angola["warning"] in D.top(app).message
    D.key(app, pygame.K_ESCAPE)                       # choose again: nothing happened
    assert s.decisions == n and s.state["defcon"] == 2
    D.click(app, sc.map.country_rect("Kenya").center)  # not a battleground: no question
    assert not isinstance(D.top(app), ConfirmScene) and s.decisions == n + 1


def test_the_engines_held_scoring_card_warning_asks_in_the_window(app):
    # rewrite 4.2 (a scoring card may not be held): with two scoring cards and one action
    # round left, playing the other card holds one; the engine warns and the window asks
    import sys
    sys.path.insert(0, "tests/struggle")
    from struggle_helpers import action_round_state
    sc = SD.start(app, "hotseat", "USSR")
    st = action_round_state(hands={"USSR": [1, 2, 7], "USA": [4, 5, 8]}, action_round=6)
    _at(app, sc, st)
    s = sc.session
    d = s.decision()
    assert d["kind"] == "action_card"
    i = next(i for i, o in enumerate(d["options"]) if o.get("card") == 7)
    assert "warning" in d["options"][i]
    n = s.decisions
    rect = dict(sc._card_rects)[7]
    D.click(app, SD.lp_to_px(app, (rect[0] + 20, rect[1] + 40)))
    if sc.menu is not None:
        rows, _ = sc.menu.rects()
        D.click(app, SD.lp_to_px(app, SD.center(rows[[c.index for c in sc.menu.choices].index(i)])))
    assert isinstance(D.top(app), ConfirmScene) and s.decisions == n
