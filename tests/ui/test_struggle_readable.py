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


def test_nine_cards_and_the_china_card_in_the_hand_are_whole_and_readable_at_720p(app):
    """Issue 50, item 10: nine cards in a hand that is the decision's choices (a headline, a card
    to play) overlapped at 1280x720 ("Ussuri Riv Skirmish", "Comecor") with text about 6 px.
    Every card of the hand row is drawn apart, its title whole, its text at 10 px or more (the
    whole cards of a shorter hand have 9 px)."""
    import pygame
    from squabble.games.struggle.data import CARDS
    from squabble.ui.struggle import card_art, hand_row
    assert app.screen.get_size() == (1280, 720)
    L = app.layout
    hands = ([76, 14, 82, 89, 7, 69, 37, 95, 91, 6], [27, 46, 52, 64, 67, 68, 71, 77, 78],
             [17, 18, 81, 88, 89, 91, 95, 76, 82, 6])
    for cards in hands:
        drawn = []

        def draw_card(surf, card, rect, *, face_up, highlight=None, dim=False, row=False):
            drawn.append((card, L.r(rect), row))
        hand_row.draw_hand(app.screen, L, draw_card, state=_hand_state(cards), cards=cards,
                           owner="USSR", viewer="USSR", mode="computer", wide=True,
                           choices=None, focused=None, hover_card=None,
                           face_up=lambda c: True, open_enemy=[], undo_button=None)
        assert [c for c, _, _ in drawn] == cards
        area = L.r(hand_row.WIDE_R)
        for i, (card, r, row) in enumerate(drawn):
            assert area.contains(r), (card, r)
            for other, r2, _ in drawn[i + 1:]:
                assert not r.colliderect(r2), f"{CARDS[card]['name']} is under {CARDS[other]['name']}"
            if not row:
                continue        # a whole card, side by side with the others
            assert r.h * card_art.COMPACT_RATIO >= r.w      # drawn as a compact card
            lay = card_art.compact_layout(card, r.w, r.h)
            name = CARDS[card]["name"]
            assert " ".join(lay["title"]).rstrip("*") == name, lay["title"]
            assert all(lay["title_font"].size(ln)[0] <= lay["text_w"] for ln in lay["title"])
            assert lay["title_px"] >= 12 and lay["body_px"] >= 10, (name, lay["body_px"])
            assert lay["body"] and lay["body_font"].size(lay["body"][0])[0] <= lay["text_w"]
            # the text is the card's own, from its first word
            assert CARDS[card]["text"].startswith(lay["body"][0].rstrip("…"))
        pygame.display.flip()


def _hand_state(cards):
    return {"hands": {"USSR": [c for c in cards if c != 6], "USA": []},
            "china": {"holder": "USSR" if 6 in cards else "USA", "face_up": True}}
