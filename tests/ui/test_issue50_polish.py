"""Issue 50 item 20: text cut without an ellipsis, the pause panel's empty band, the hand-off's
focus ring after Backspace, and Continue for a save the title calls damaged."""

import pygame

from squabble.framework import handoff as H
from squabble.framework import layout as LY
from squabble.framework.handoff import HandOffScene
from tests.ui import driver as D
from tests.ui.test_play import start


def test_text_cut_short_ends_with_an_ellipsis(app):
    """The Agent's card text at 720p ended "...Space Race card, then" as if it were done."""
    font = app.layout.font(12)
    said = []
    real = LY.render
    LY.render = lambda s, *a, **k: (said.append(s), real(s, *a, **k))[1]
    try:
        body = ("Played to the Balance of Power: see the opponent's Space Race card, then "
                "replace this card with an Activity card from your hand.")
        surf = pygame.Surface((200, 200))
        line = font.get_linesize()
        LY.text_block(surf, body, font, (0, 0, 0), pygame.Rect(0, 0, 90, int(line * 3.2)))
    finally:
        LY.render = real
    assert 1 <= len(said) <= 4
    assert said[-1].endswith("…"), said
    assert all(font.size(s)[0] <= 90 for s in said)
    # text that fits is left alone
    said.clear()
    LY.render = lambda s, *a, **k: (said.append(s), real(s, *a, **k))[1]
    try:
        LY.text_block(surf, "Short words.", font, (0, 0, 0), pygame.Rect(0, 0, 190, 100))
    finally:
        LY.render = real
    assert said == ["Short words."]


def test_the_pause_panel_has_no_empty_band(app):
    start(app, "computer", "USSR")
    assert D.run_until(app, lambda: D.waiting_for_human(app))
    D.key(app, pygame.K_ESCAPE)
    p = D.top(app)
    assert p.name == "pause"
    first = min(b.rect[1] for b in p.buttons)
    x, y, w, h = p.panel_rect()
    last = max(b.rect[1] + b.rect[3] for b in p.buttons)
    assert first - 70 <= 60, "an empty band between the title (y 70) and the first button"
    assert y + h - last <= 40, "an empty band under the last button"


def test_backspace_on_a_handoff_keeps_the_focus_ring(app):
    start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: isinstance(D.top(app), HandOffScene) and D.top(app).ready)
    h = D.top(app)
    seen = []
    real = h.button.draw
    h.button.draw = lambda surf, L, focused=False: (seen.append(focused),
                                                     real(surf, L, focused=focused))[1]
    for t in (1.0, 1.6, 2.2, 2.7):       # at every moment of its animation
        h.t = t
        D.key(app, pygame.K_BACKSPACE)
        app.draw()
        assert D.top(app) is h
        assert seen[-1] is True, f"no focus ring at t={t}"


def test_a_damaged_save_is_not_offered_as_continue(app, data_dir):
    (data_dir / "save.json").write_text("{half a save")
    app.to_title()
    t = D.top(app)
    c = t.button("continue")
    assert "damaged" in c.hint
    assert c.label != "Continue"
    assert t.focus.current is not c and t.focus.current.name == "new"
    D.menu_click(app, "continue")          # it still sets the file aside with the reason
    assert D.top(app).name == "title" and D.top(app).message.startswith("The saved Twilight")
    assert not (data_dir / "save.json").exists()
