"""Every player can read it (issue 57, item 13): body text reads at 4.5:1 or more against what
it is drawn on (WCAG 2's AA level; large text, 24 px and up, at 3:1), measured from the theme's
colours and from every screen of both games as it is drawn."""

from collections import Counter

import pytest

from squabble.framework import layout as LY
from squabble.framework import widgets
from squabble.framework.vision import contrast
from squabble.ui import theme as T
from squabble.ui.struggle import map_style, moments, tracks
from tests.ui.screen_tour import fresh_draw, tour

BODY, LARGE = 4.5, 3.0


def theme_pairs():
    """(what, text colour, background) for each way the theme's colours are put together."""
    out = []
    for bg_name, bg in (("window", T.BG), ("table felt", T.FELT), ("panel", widgets.PANEL),
                        ("Struggle panel", tracks.PANEL), ("Struggle sea", map_style.OCEAN)):
        out += [("text on the " + bg_name, T.TEXT, bg), ("muted text on the " + bg_name,
                                                          T.MUTED, bg)]
    for side in ("USA", "USSR"):
        out += [(f"text on a {side} card or space", T.TEXT, T.SIDE[side]),
                (f"{side} words on a card's paper", T.SIDE[side], map_style.PAPER),
                (f"{side} words in a Struggle panel", moments.SIDE_COL[side], tracks.PANEL),
                (f"{side} light words on the window", T.SIDE_LIGHT[side], T.BG)]
    out += [("text on the DEFCON space", T.TEXT, T.NEUTRAL),
            ("text on an event card", T.TEXT, T.EVENT),
            ("a button's label", widgets.TEXT, (58, 70, 98)),
            ("a disabled button's label", widgets.MUTED, (44, 46, 56)),
            ("the map's ink on paper", map_style.INK, map_style.PAPER)]
    return out


@pytest.mark.parametrize("what,fg,bg", theme_pairs(), ids=[p[0] for p in theme_pairs()])
def test_the_themes_text_colours_read_at_4_5_to_1(what, fg, bg):
    assert contrast(fg, bg) >= BODY, f"{what}: {contrast(fg, bg):.2f}:1"


def _backdrop(surface, rect):
    """The commonest colour under ``rect`` (what the text is drawn on), before it is drawn."""
    r = rect.clip(surface.get_rect())
    if r.w <= 0 or r.h <= 0:
        return None
    sub = surface.subsurface(r)
    step = max(1, r.w * r.h // 400)
    seen = Counter(tuple(sub.get_at((i % r.w, i // r.w)))[:3] for i in range(0, r.w * r.h, step))
    return seen.most_common(1)[0][0]


def test_every_text_of_every_screen_reads_against_what_it_is_drawn_on(app):
    """Each line the framework draws (labels, sentences, the map's names and numbers, the
    Struggle tracks) is measured against the colour under it as it is drawn."""
    low, measured, watching, where = [], Counter(), [False], ["?"]

    def watch(kind, surf, rect, s, font, colour):
        if not watching[0] or kind != "text" or not s.strip() or surf is None:
            return
        bg = _backdrop(surf, rect)
        if bg is None:
            return
        measured[where[0]] += 1
        need = LARGE if font.get_height() >= 24 else BODY
        c = contrast(colour, bg)
        if c < need:
            low.append(f"{where[0]}: {s[:40]!r} {tuple(colour[:3])} on {bg}: {c:.2f}:1")

    LY.WATCHERS.append(watch)
    try:
        for name in tour(app):
            where[0] = name
            watching[0] = True
            fresh_draw(app)
            watching[0] = False
    finally:
        LY.WATCHERS.remove(watch)
    assert not low, "\n".join(low)
    assert len(measured) >= 15 and measured["struggle-map"] > 100, measured
