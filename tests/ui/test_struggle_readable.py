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


def test_a_region_chip_or_key_zooms_to_that_region(app):
    import pygame
    from squabble.games.struggle.data import REGIONS
    from squabble.ui.struggle.region_jump import chip_rects
    sc = SD.start(app, "computer", "USSR")
    assert D.run_until(app, lambda: SD.waiting(app))
    view = sc.map.view
    assert view.zoom == 1.0
    r = next(r for label, region, r in chip_rects() if region == "Europe")
    D.click(app, app.layout.p(r[0] + r[2] / 2, r[1] + r[3] / 2))
    assert view.zoom > 1.3
    for n in REGIONS["Europe"]:
        assert view.rect.contains(sc.map.country_rect(n)), n
    D.key(app, pygame.K_F2)
    assert view.zoom == 1.0
    D.key(app, pygame.K_F6)       # Africa
    assert view.zoom > 1.3
    for n in REGIONS["Africa"]:
        assert view.rect.contains(sc.map.country_rect(n)), n
