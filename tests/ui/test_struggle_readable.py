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
