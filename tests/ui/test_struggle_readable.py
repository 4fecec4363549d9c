"""Readable at 1280 x 720 (issue 20: country names and influence numbers were about 7 px)."""

from tests.ui import driver as D
from tests.ui import struggle_driver as SD
from squabble.games.struggle.data import COUNTRIES


def test_names_and_influence_numbers_are_readable_at_720p(app):
    assert app.screen.get_size() == (1280, 720)
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    app.draw()
    m = sc.map
    s = m.view.scale
    for name in COUNTRIES:
        rr = m.country_rect(name)
        label, px = m.name_label(name, rr.w - max(2, round(6 * s)), 17.5 * s)
        assert m.font(px, True).get_height() >= 10, (name, label, px)
        assert m.font(px, True).size(label)[0] <= rr.w, (name, label)
        usa, ussr = m._marker_rects(rr, s)
        assert usa.h >= 14 and not usa.colliderect(ussr)


def test_a_region_row_or_key_zooms_to_that_region(app):
    """One click on a region's row of the "if scored now" table, or one key, zooms the map to
    that region; the same row again shows the whole map."""
    import pygame
    from squabble.games.struggle.data import REGIONS
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    app.draw()
    view = sc.map.view
    assert view.zoom == 1.0
    row = next(r for r, key in sc.tracks._hits if key == "scoring:Europe")
    pos = row.move(sc.tracks.rect.topleft).center
    D.click(app, pos)
    assert view.zoom > 1.3
    for n in REGIONS["Europe"]:
        assert view.rect.contains(sc.map.country_rect(n)), n
    D.click(app, pos)
    assert view.zoom == 1.0
    D.key(app, pygame.K_F6)       # Africa
    assert view.zoom > 1.3
    for n in REGIONS["Africa"]:
        assert view.rect.contains(sc.map.country_rect(n)), n
    D.key(app, pygame.K_F2)
    assert view.zoom == 1.0


def test_the_public_hand_counts_are_drawn_at_a_readable_size(app):
    """Seen in the held-cards screenshot: "USSR: 1 card + The China Card" was shrunk to fit
    108 px (about 6 px high at 720p); it wraps instead."""
    from squabble.ui.struggle import hand_row
    sc = SD.start(app, "hotseat", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    st = dict(sc.session.state)
    st["china"] = dict(st["china"], holder="USSR")
    st["hands"] = {"USSR": st["hands"]["USSR"][:1], "USA": st["hands"]["USA"][:1]}
    seen = []
    real = hand_row.text
    hand_row.text = lambda surf, s, font, *a, **k: (seen.append((s, font.get_height())),
                                                   real(surf, s, font, *a, **k))[1]
    try:
        hand_row._draw_no_hand(app.screen, app.layout, sc._card, st, None, sc.session.mode)
    finally:
        hand_row.text = real
    said = " ".join(s for s, _ in seen)
    assert "USSR: 1 card + The China Card" in said.replace("  ", " ") or \
        all(w in said for w in ("USSR:", "The China Card"))
    least = app.layout.font(13).get_height()
    assert all(h >= least for s, h in seen if "card" in s or s.endswith(":")), seen


def test_the_setup_rows_say_nothing_too_small_to_read(app):
    """Seen in the set-up screenshots: with ten rows each row's "left/right arrows or click to
    change" was about 7 px high; a row too short for it leaves it to the footer's controls."""
    from squabble.framework import widgets
    D.menu_click(app, "new")
    D.menu_click(app, "struggle")
    assert D.top(app).name == "struggle_setup"
    least = app.layout.font(11).get_height()
    small = []
    real = widgets.text
    widgets.text = lambda surf, s, font, *a, **k: (
        small.append(s) if font.get_height() < least else None, real(surf, s, font, *a, **k))[1]
    try:
        app.draw()
    finally:
        widgets.text = real
    assert small == [], small
