"""A table that does not trap or mislead: one test per trap found on the couch (issue 10)."""

import random

import pygame
import pytest

from tests.ui import driver as D
from tests.ui.test_play import start
from tests.ui.test_privacy import SCRIPT, _option_for, forced_pass
from squabble.framework.confirm import ConfirmScene
from squabble.framework.handoff import HandOffScene
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS
from squabble.ui.squabble.scenes import DiscardScene
from squabble.ui.squabble.game import SAVES as SQUABBLE_SAVES


def find_state(pred, seeds=range(400)):
    """A reachable game state (random legal play) where ``pred(state, decision)`` holds."""
    for seed in seeds:
        rnd = random.Random(seed)
        s = E.new_game(seed, {"events": False})
        while s["winner"] is None:
            d = E.decision(s)
            if pred(s, d):
                return s
            s, _log = E.apply(s, rnd.randrange(len(d["options"])))
    raise AssertionError("no such state found")


def load(app, state, mode="hotseat", human="USSR"):
    SQUABBLE_SAVES.write(state, {"mode": mode, "human": human, "level": "normal",
                                 "events": False}, ["(test position)"])
    app.continue_game("squabble")
    tb = D.table_of(app)
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    if isinstance(D.top(app), HandOffScene):
        D.key(app, pygame.K_RETURN)
    return tb


def play_script_keys(app, upto):
    tb = start(app, "hotseat", "USSR", events=False)
    done = 0
    while done < upto:
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
        if isinstance(D.top(app), HandOffScene):
            D.key(app, pygame.K_RETURN)
            continue
        if forced_pass(app, tb.session.decision()):
            continue
        side, kind, arg = SCRIPT[done]
        D.decide_keys(app, _option_for(tb.session.state, tb.session.decision(), kind, arg))
        done += 1
    while True:
        assert D.run_until(app, lambda: D.waiting_for_human(app), 30000)
        if isinstance(D.top(app), HandOffScene):
            D.key(app, pygame.K_RETURN)
        elif not forced_pass(app, tb.session.decision()):
            return tb


def test_enter_does_what_the_main_button_says_after_play_face_down(app):
    """Phase 4 right after keyboard play: Enter placed the discard pile's focus; it must press
    the main button ('Place 0 tokens') instead."""
    tb = play_script_keys(app, 7)               # era 2: Russia places tokens next
    dec = tb.session.decision()
    assert (dec["player"], dec["kind"]) == ("USSR", "tokens")
    cur = tb.model.focus.current
    assert cur is not None and cur.name == "confirm", f"the focus starts on {cur and cur.name}"
    before = tb.session.decisions
    D.key(app, pygame.K_RETURN)
    assert not isinstance(D.top(app), DiscardScene), "Enter opened a discard pile"
    assert tb.session.decisions == before + 1


def _losing_shift(s, d):
    if d["kind"] != "shift":
        return False
    return abs(s["bop"] + (1 if d["player"] == "USA" else -1)) >= E.CLOUD


def test_space_2_shift_onto_a_cloud_is_not_the_default_and_asks_first(app):
    state = find_state(_losing_shift)
    tb = load(app, state)
    assert tb.session.decision()["kind"] == "shift"
    # Enter on the table takes the safe answer
    D.key(app, pygame.K_RETURN)
    assert tb.session.decisions == 1 and tb.session.state["winner"] is None, \
        "Enter shifted the balance onto the cloud"
    # the shift button asks first; Esc keeps the balance and commits nothing
    tb = load(app, state)
    assert tb.model.focus.current.name == "no"
    D.click(app, D.button_pos(tb, "yes"))
    assert isinstance(D.top(app), ConfirmScene), "a losing move did not ask first"
    assert D.top(app).focus.current.name == "no"
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app) is tb and tb.session.decisions == 0


def test_the_cloud_text_and_phase_10_wait_for_the_token(data_dir):
    app = D.new_app(anim="normal")
    state = find_state(_losing_shift)
    tb = load(app, state)
    D.click(app, D.button_pos(tb, "yes"))
    if isinstance(D.top(app), ConfirmScene):
        D.click(app, D.button_pos(D.top(app), "yes"))  # shift and lose, knowingly
    assert tb.session.state["result"]["how"] == "cloud"
    seen_moving = 0
    for _ in range(600):
        app.step()
        if tb.model.bop.moving:
            seen_moving += 1
            assert "Mushroom Cloud" not in app.log_lines[-1], \
                "the cloud's words appeared while the token was still moving"
            assert tb.model.shown_phase != 10, "phase 10 was shown while the token was still moving"
        if "Mushroom Cloud" in app.log_lines[-1]:
            break
    assert seen_moving > 0 and "Mushroom Cloud" in app.log_lines[-1]


def test_own_space_race_card_stays_visible_while_replacing_an_agent(app):
    state = find_state(lambda s, d: d["kind"] == "replace" and d["player"] == "USSR")
    tb = load(app, state, mode="computer", human="USSR")
    assert tb.session.decision()["kind"] == "replace"
    D.step(app, 3)
    space = tb.session.state["slots"]["USSR"]["space"]
    x, y, w, h = tb.model.sprites[space].rect
    px = app.screen.get_at(app.layout.p(x + w / 2, y + h * 0.7))[:3]
    assert px != (34, 64, 58), "an empty placeholder is drawn over the Space Race card"


def test_hand_keeps_its_places_and_numbers_while_staging(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    numbers = list(tb.chooser.hand_index_cards())
    before = tb.zones.zone_rects()
    D.key(app, pygame.K_3)
    picked = numbers[2]
    assert tb.staging.stage["bop"] == picked
    after = tb.zones.zone_rects()
    for c in numbers:
        if c != picked:
            assert after[c] == before[c], f"{c} moved when another card was staged"
    assert tb.chooser.hand_index_cards() == numbers
    D.key(app, pygame.K_3)                      # the same key takes the same card back
    assert tb.staging.stage["bop"] is None


def test_token_preview_shows_the_value_with_the_equal_tokens_rule(app):
    tb = play_script_keys(app, 7)               # Russia: 3 tokens, Hungarian Uprising (3)
    d = tb.session.state
    card = d["slots"]["USSR"]["bop"]
    printed = CARDS[card].activity
    assert d["tokens"]["USSR"] >= printed
    for _ in range(printed - 1):
        D.click(app, D.button_pos(tb, "plus_bop"))
    assert tb.explain.staged_values()["bop"] == 2 * printed - 1
    D.click(app, D.button_pos(tb, "plus_bop"))
    assert tb.explain.staged_values()["bop"] == 0        # equal to the printed value: 0 (R7)
    # the staged tokens have left the tray
    assert tb.staging.stage["bop_t"] == printed


def test_projection_shows_where_the_balance_lands(app):
    tb = play_script_keys(app, 9)                # era 2: America decides a counter
    d = tb.session.state
    assert tb.session.decision()["kind"] == "counter"
    u, r = E.bop_value(d, "USA"), E.bop_value(d, "USSR")
    assert tb.explain.projected_bop() == max(-4, min(4, d["bop"] + (u - r)))


def test_claim_prompt_names_the_last_card_beside_an_agent(app):
    tb = play_script_keys(app, 3)                # era 1: Russia takes tokens for its last card
    dec = tb.session.decision()
    assert dec["kind"] == "take_tokens"
    hand = tb.session.state["hands"]["USSR"]
    assert any("agent" in c for c in hand)
    last = next(c for c in hand if CARDS[c].is_activity)
    assert CARDS[last].name in tb.explain.prompt_text(dec)[0]


def test_log_speaks_the_tables_words():
    from squabble.ui.squabble.layout import plain
    assert plain("USSR puts 1 token(s) on its Balance of Power card and 2 on its Space Race "
                 "card.") == ("Russia puts 1 token on its Balance of Power card and 2 on its "
                              "Space Race card.")
    assert plain("The Balance of Power moves 3 space(s) toward USA.") == \
        "The Balance of Power moves 3 spaces toward America."


def test_an_idle_table_is_not_redrawn(app):
    """Redraw only when something changes or animates; input redraws at once."""
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app) and not tb.animating())
    D.step(app, 3)
    n = app.frames_drawn
    D.step(app, 60)
    assert app.frames_drawn == n, "an idle table was drawn every frame"
    D.key(app, pygame.K_3)                       # a pick: the table changes and is drawn
    assert app.frames_drawn > n


def test_hover_explains_a_disabled_button_and_the_table(app):
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    b = next(b for b in tb.model.buttons if b.name == "confirm")
    assert not b.enabled
    pos = D.centre(app, b.rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert tb.model.tip and tb.model.tip[0] == b.reason            # hover alone, no click
    from squabble.ui.squabble.layout import LEADER, BOP_TRACK
    assert "Leader card" in tb.explain.tooltip_at((LEADER[0] + 5, LEADER[1] + 5))
    assert "LOSES" in tb.explain.tooltip_at((BOP_TRACK[0] + 5, BOP_TRACK[1] + 5))
    assert tb.session.decisions == 0


@pytest.mark.parametrize("aids", [True, False])
def test_legal_cards_carry_a_shape_with_or_without_the_aids(app, monkeypatch, aids):
    """A ticked tab on each legal card: green and the staged card's gold look alike to many
    (issue 57, item 12), so the shape is drawn whether the colour-blind aids are on or not."""
    app.settings.colour_blind = aids
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    marked = []
    real = tb.drawer._legal_mark
    monkeypatch.setattr(tb.drawer, "_legal_mark", lambda surf, rect: (marked.append(rect),
                                                               real(surf, rect)))
    app.redraw = True
    D.step(app)
    legal = tb.explain.legal_cards(tb.session.decision())
    assert len(marked) == len([c for c in tb.session.state["hands"]["USSR"] if c in legal]) > 0


def test_the_window_has_a_readable_minimum_size(app):
    app.set_window_size((400, 300))
    w, h = app.screen.get_size()
    assert w >= 960 and h >= 540


def test_banners_and_headers_follow_their_beat(data_dir):
    """Era 3 (scripted): after Russia's counter the token walks 3 spaces. The phase 7 banner
    has left before the token moves, and the Space Race moment shows under the phase 8 header."""
    app = D.new_app(anim="normal")
    tb = play_script_keys(app, 16)
    dec = tb.session.decision()
    assert (dec["player"], dec["kind"]) == ("USSR", "counter")
    D.decide_keys(app, _option_for(tb.session.state, dec, "counter", "Brezhnev Doctrine"))
    moved = race = 0
    for _ in range(3000):
        app.step()
        if tb.model.bop.moving:
            moved += 1
            assert tb.model.banner is None, "the phase banner slid over the track while the token moved"
        if tb.model.moment and tb.model.moment["kind"] == "race":
            race += 1
            assert tb.model.shown_phase == 8, f"the Space Race shown under phase {tb.model.shown_phase}"
        if tb.flow.phase == "human" or isinstance(D.top(app), HandOffScene):
            break
    assert moved and race


def test_a_lone_double_agent_is_named_as_such(app):
    state = find_state(lambda s, d: d["kind"] == "replace" and d["player"] == "USSR"
                       and s["agents"]["USSR"] == "double")
    tb = load(app, state, mode="computer", human="USSR")
    assert "spent Double Agent" in tb.explain.prompt_text(tb.session.decision())[0]


def test_a_stray_enter_during_the_beats_opens_nothing(data_dir):
    app = D.new_app(anim="normal")
    tb = start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    D.decide_keys(app, 0)                        # committed by keys: Enter was the last press
    assert tb.flow.phase in ("beats", "thinking")
    D.key(app, pygame.K_RETURN)                  # the second press of a double Enter
    assert not isinstance(D.top(app), DiscardScene), "Enter opened a discard pile mid-beats"


def test_hovering_a_dimmed_card_says_why(app):
    tb = play_script_keys(app, 9)                # era 2: America may counter
    dec = tb.session.decision()
    agent = "usa-agent"
    assert agent in tb.session.state["hands"]["USA"]
    pos = D.centre(app, tb.model.sprites[agent].rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert tb.model.tip and tb.model.tip[0] == "Agents cannot counter."
    assert tb.explain.why_not("usa-cuban-quarantine", dec) is None
