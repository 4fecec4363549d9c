"""What new players met on the Squabble table (issue 22, "what the tests found"): the Rules
screen agrees with the table and lists the cards, the guide hides nothing and leaves with its
phase, era 1's Event has its public moment, the words are the table's words, and the keyboard
ring always shows what Enter does."""

import pygame

from squabble.framework.handoff import HandOffScene
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS
from squabble.ui.rulings_text import RULINGS
from squabble.ui.squabble import moments
from squabble.ui.squabble.guide import GUIDE, GUIDE_RECT
from squabble.ui.squabble.layout import EVENT_RECT
from tests.squabble_helpers import play_both, turn_start
from tests.ui import driver as D
from tests.ui.test_play import start
from tests.ui.test_squabble_previews import table_at


def _overlap(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_ruling_r1_names_the_cloud_the_table_draws(app):
    # the table's cloud at America's end says "Russia wins": R1 must say the same
    tb = table_at(app, turn_start(era=1), "USSR")
    spaces = tb.drawer._bop_spaces()
    assert spaces[-1].label == "CLOUD" and "Russia wins" in spaces[-1].sub
    r1 = dict(RULINGS)["R1 — The Balance of Power track"]
    assert "cloud at America's end" in r1 and "Russia wins" in r1
    assert "blue cloud" not in r1


def test_rulings_speak_plain_words():
    for title, body in RULINGS:
        for dev in (".json", ".py", "engine counts", "−4…+4"):
            assert dev not in body, (title, dev)


def test_the_rules_screen_lists_both_decks_and_the_events(app):
    app.open_rules()
    D.step(app, 2)
    words = " ".join(r[1] for r in D.top(app).rows())
    for c in CARDS.values():
        if c.is_activity:
            assert c.name in words, c.name
    assert "Treaty of Rome" in words and "The cards, era by era" in words


def test_the_guide_never_covers_the_event_card():
    assert not _overlap(GUIDE_RECT, EVENT_RECT)


def test_a_phase_hint_leaves_with_its_phase(app):
    s = turn_start(era=1, tokens=(0, 0))
    s = play_both(s, ("First Lightning", "Cominform"), ("Marshall Plan", "Berlin Airlift"))
    while s["pending"]["kind"] != "take_tokens":
        s, _ = E.apply(s, len(E.decision(s)["options"]) - 1)
    tb = table_at(app, s, s["pending"]["player"])
    tb.guide.hint, tb.model.shown_phase = GUIDE[8], 8   # phase 8's hint was up
    tb.flow_human(tb.session.decision())               # the person's turn begins
    assert tb.model.shown_phase == 9 and tb.guide.hint != GUIDE[8]


def test_era_1_event_has_its_public_moment_before_the_first_handoff(app):
    seen = []
    start(app, "hotseat", "USSR", events=True)
    tb = D.table_of(app)
    for _ in range(400):
        if tb.model.moment and tb.model.moment["kind"] == "event":
            seen.append(D.top(app) is tb and tb.session.look.viewer is None)
        if isinstance(D.top(app), HandOffScene):
            break
        D.step(app)
    assert seen and all(seen), "no NEW EVENT moment on the public table before the hand-off"


def test_moments_speak_of_russia_and_america(app, monkeypatch):
    tb = table_at(app, turn_start(era=1), "USSR")
    said = []
    monkeypatch.setattr(moments, "text_block", lambda surf, msg, *a, **k: said.append(msg))
    tb.model.moment = {"kind": "agent", "t": 1.0, "len": 2.0, "agents": {},
                 "line": "USSR's Agent sees USA's Space Race card."}
    moments.draw_moment(app.screen, app.layout, tb.model, tb.display)
    assert said == ["Russia's Agent sees America's Space Race card."]


def test_a_double_agent_is_replaced_as_a_double_agent():
    s = turn_start(era=2)
    s = play_both(s, ("Double Agent", "Sputnik"), ("Cuban Quarantine", "Explorer 1"))
    d = E.decision(s)
    s, log = E.apply(s, 0)
    assert any("replaces its spent Double Agent" in str(x) for x in log), [str(x) for x in log]
    assert d["kind"] == "replace"


def test_the_continue_line_uses_the_tracks_words(monkeypatch):
    from squabble.ui.squabble import entry
    assert entry.summary({"state": {"bop": 1, "era": 2}}) == \
        "Twilight Squabble · era 2 · Balance of Power America 4"
    assert entry.summary({"state": {"bop": -3, "era": 4}}) == \
        "Twilight Squabble · era 4 · Balance of Power Russia 2"


def test_a_toast_and_a_tooltip_never_say_the_same_at_once(app):
    s = turn_start(era=1)
    tb = table_at(app, s, "USSR")
    b = next(b for b in tb.model.buttons if b.name == "confirm")
    assert not b.enabled
    pos = D.button_pos(tb, "confirm")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    D.step(app)
    assert tb.model.tip and tb.model.tip[0] == b.reason
    D.click(app, pos)                                  # tried anyway: the toast says why
    assert app._toast[0] == b.reason and tb.model.tip is None


def test_keyboard_words_and_the_ring(app):
    s = turn_start(era=1)
    tb = table_at(app, s, "USSR")
    words = tb.explain.prompt_text(tb.model.deciding)[1] + " ".join(b.reason for b in tb.model.buttons)
    assert "Click" not in words
    # the mouse wandered off: Enter still presses the main button, and the ring is drawn on it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 700), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    D.step(app)
    assert not tb.model.focus.visible and tb.chooser.enter_target() is tb.chooser.main_button()


def test_tab_on_the_tokens_screen_reaches_plus_and_minus_first(app):
    s = turn_start(era=2, tokens=(2, 2))
    s = play_both(s, ("Hungarian Uprising Crushed", "Sputnik"), ("Cuban Quarantine", "Explorer 1"))
    tb = table_at(app, s, s["pending"]["player"])
    assert tb.model.deciding["kind"] == "tokens"
    names = []
    for _ in range(4):
        D.key(app, pygame.K_TAB)
        names.append(tb.model.focus.current.name)
    assert names == ["plus_bop", "minus_bop", "plus_space", "minus_space"], names


def test_no_card_can_counter_words_and_one_button(app):
    s = turn_start(era=3, bop=-1, tokens=(1, 2))
    s = play_both(s, ("Invasion of Czechoslovakia", "Tsar Bomba"), ("Man on the Moon", "Vietnam"))
    while s["pending"]["kind"] == "tokens":
        s, _ = E.apply(s, 0)
    side = s["pending"]["player"]
    tb = table_at(app, s, side)
    assert "no card of yours can counter" in tb.explain.prompt_text(tb.model.deciding)[0]
    assert [b.name for b in tb.model.buttons if b.name != "undo"] == ["pass"]
    assert tb.explain.public_prompt(tb.model.deciding) == "counter their card?"


def test_a_change_made_without_a_key_is_drawn(app):
    """The picture once stayed unchanged after Enter until the next key: whatever update()
    changes on a still table (no key, nothing moving) is drawn at once."""
    tb = table_at(app, turn_start(era=1), "USSR")
    D.step(app, 30)
    assert not tb.animating()
    drawn = app.frames_drawn
    D.step(app, 5)
    assert app.frames_drawn == drawn                 # at rest nothing is drawn
    tb.guide.hint = ("A hint", "shown by the table itself") # a change made without a key
    D.step(app, 2)
    assert app.frames_drawn > drawn, "the change waited for the next key"
