"""The map's picture (the static layer with the live layer painted on it, map_static.py): where a
country is drawn after zoom and pan at 4K is where the hit test finds it, and the picture is
painted again whenever what it shows changes (influence, lit targets, a shown region), also
while a zoom is under way."""

from __future__ import annotations

import pygame
import pytest

from squabble.games import struggle
from squabble.games.struggle.data import BATTLEGROUND, COUNTRIES
from squabble.ui import theme
from squabble.ui.struggle.map_style import BG_NAME, LIT, PLAIN_NAME


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    return pygame.display.set_mode((1280, 720))


def _map(size):
    from squabble.ui.struggle.map_view import MapView
    mv = MapView()
    mv.set_rect(pygame.Rect(0, 0, round(size[0] * 0.78), round(size[1] * 0.74)))
    return mv


def _settle(mv, surf, st, **kw):
    """Frames until nothing moves (the next picture is in place, no pulse runs)."""
    for _ in range(600):
        mv.draw(surf, st, **kw)
        if not mv.update(1 / 60) and not mv.animating:
            mv.draw(surf, st, **kw)
            return
    raise AssertionError("the map never settled")


def _px(surf, pos):
    return tuple(surf.get_at((int(pos[0]), int(pos[1]))))[:3]


def _count(surf, rect, colour):
    rect = rect.clip(surf.get_rect())
    return sum(_px(surf, (x, y)) == tuple(colour)[:3] for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


def _map_bytes(mv, surf):
    return pygame.image.tobytes(surf.subsurface(mv.rect), "RGB")


def test_countries_are_drawn_where_the_hit_test_finds_them_after_zoom_and_pan_at_4k(screen):
    size = (3840, 2160)
    surf = pygame.Surface(size)
    mv = _map(size)
    st = struggle.new_game(7)
    st["influence"]["Iran"]["USA"] = 6            # USA controls Iran (stability 2): solid marker
    _settle(mv, surf, st)
    mv.zoom(1.9, mv.country_rect("Iran").center)
    for _ in range(12):                          # a zoom over several frames, then a drag
        mv.zoom(1.03, mv.country_rect("Iran").center)
        mv.draw(surf, st)
    for _ in range(25):
        mv.view.pan_by(-23, 9)
        mv.draw(surf, st)
    _settle(mv, surf, st)
    seen = 0
    for name in COUNTRIES:
        r = mv.country_rect(name)
        if not mv.rect.contains(r.inflate(8, 8)):
            continue
        seen += 1
        assert mv.country_at(r.center) == name
        # the name strip lies at the top of the box the hit test uses
        strip = BG_NAME if name in BATTLEGROUND else PLAIN_NAME
        rad = round(8 * mv.view.scale)           # the box's rounded corners
        rim = round(1.5 * mv.view.scale) + 1     # and its outline
        for x, y in ((r.x + rad, r.y + rad), (r.centerx, r.y + rim + 1), (r.right - rad - 1, r.y + rad),
                     (r.x + rim + 1, r.y + rad), (r.right - rim - 2, r.y + rad)):
            assert _px(surf, (x, y)) == strip, name
        for x, y in ((r.centerx, r.y - 8), (r.x - 8, r.y + rad), (r.right + 7, r.y + rad)):
            assert _px(surf, (x, y)) != strip, name
    assert 10 < seen < 84          # zoomed in: some countries, not all
    # Iran's USA marker is solid blue exactly where the marker rectangles say
    mr = mv.live.marker_rects(mv.country_rect("Iran"), mv.view.scale)[0]
    assert mv.rect.contains(mr)
    assert _px(surf, (mr.x + mr.w // 4, mr.y + mr.h // 4)) == theme.SIDE["USA"]


def test_a_change_of_influence_is_painted_into_the_picture(screen):
    surf = pygame.Surface((1280, 720))
    mv = _map((1280, 720))
    st = struggle.new_game(7)
    lit = {"Iraq": "2", "Egypt": "1"}
    _settle(mv, surf, st, lit=lit)
    st["influence"]["Iran"]["USA"] = 6
    st["influence"]["Iraq"]["USSR"] = 4
    st["influence"]["U.K."]["USA"] = 0
    _settle(mv, surf, st, lit=lit)
    fresh = pygame.Surface((1280, 720))
    _settle(_map((1280, 720)), fresh, st, lit=lit)
    assert _map_bytes(mv, surf) == _map_bytes(mv, fresh)
    mr = mv.live.marker_rects(mv.country_rect("Iran"), mv.view.scale)[0]
    assert _px(surf, (mr.x + mr.w // 4, mr.y + mr.h // 4)) == theme.SIDE["USA"]


@pytest.mark.parametrize("change", ["lit", "region", "colourblind"])
def test_the_picture_is_painted_again_when_what_it_shows_changes(screen, change):
    surf = pygame.Surface((1280, 720))
    mv = _map((1280, 720))
    st = struggle.new_game(7)
    first = {"lit": {"lit": {"Iraq": "2"}}, "region": {"region": "Europe"},
             "colourblind": {"colourblind": True}}[change]
    _settle(mv, surf, st, **first)
    _settle(mv, surf, st)
    fresh = pygame.Surface((1280, 720))
    _settle(_map((1280, 720)), fresh, st)
    assert _map_bytes(mv, surf) == _map_bytes(mv, fresh)


def test_lit_targets_that_change_while_zooming_show_at_once(screen):
    size = (1920, 1080)
    surf = pygame.Surface(size)
    mv = _map(size)
    st = struggle.new_game(7)
    _settle(mv, surf, st, lit={"Egypt": "1"})
    mv.zoom(1.05, mv.country_rect("Iraq").center)
    mv.draw(surf, st, lit={"Iraq": "2"})
    assert mv.standing_in                       # the last picture, scaled, stands in
    ir, eg = mv.country_rect("Iraq"), mv.country_rect("Egypt")
    w = max(2, round(3 * mv.view.scale))
    assert _count(surf, pygame.Rect(ir.x - w, ir.centery, w, 4), LIT) > 0      # lit now
    assert _count(surf, pygame.Rect(eg.x - w, eg.centery, w, 4), LIT) == 0     # not any more


def test_influence_that_changes_while_zooming_shows_over_the_stand_in(screen):
    size = (1920, 1080)
    surf = pygame.Surface(size)
    mv = _map(size)
    st = struggle.new_game(7)
    _settle(mv, surf, st)
    st["influence"]["Iran"]["USA"] = 6
    for _ in range(90):                         # 1.5 s of zooming: the change's pulse is over
        mv.zoom(1.005, mv.rect.center)
        mv.draw(surf, st)
        mv.update(1 / 60)
    assert mv.standing_in and not mv._anims
    mr = mv.live.marker_rects(mv.country_rect("Iran"), mv.view.scale)[0]
    assert _px(surf, (mr.x + mr.w // 4, mr.y + mr.h // 4)) == theme.SIDE["USA"]
