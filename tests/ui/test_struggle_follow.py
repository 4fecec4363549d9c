"""Following the computer's moves (issue 20): its placements come at a readable pace, a click
skips them, and every country whose influence it changed keeps a change badge until the person
decides."""

from tests.ui import driver as D
from tests.ui import struggle_driver as SD


def _usa_placing(sc) -> bool:
    """The computer's (the USA's) influence changes are on screen (the one being followed now)
    or still queued in the flow."""
    return sc.following() or any(getattr(b, "by", None) == "USA" and b.kind == "influence"
                                 for b in sc.flow.beats)


def _to_computer_placements(app, sc):
    """Decide (the USSR) until the computer's (the USA's) beats include influence changes;
    returns while those beats are shown."""
    for _ in range(300):
        assert D.run_until(app, lambda: SD.waiting(app) or _usa_placing(sc))
        if _usa_placing(sc):
            return
        sc.commit(0)
    raise AssertionError("the computer placed no influence")


def test_the_computers_placements_are_paced_and_badged(app):
    app.settings.anim = "normal"
    sc = SD.start(app, "computer", "USSR")
    _to_computer_placements(app, sc)
    frames = 0
    shown = set()
    while sc.flow.beats or sc.following():
        D.step(app)
        frames += 1
        shown |= set(sc.follow.changes["USSR"])
        assert not sc.human_turn()
        assert not sc.plain_prompt()[0].startswith("You") or sc.flow.beats or sc.following()
    assert frames >= 20, "the computer's placements flashed by"
    assert sc.follow.changes["USSR"], "no change badge after the computer's placements"
    usa = {c for c, d in sc.follow.changes["USSR"].items() if d["USA"]}
    assert usa
    # the badges stay through the person's look at the map ...
    assert D.run_until(app, lambda: SD.waiting(app))
    D.step(app, 10)
    assert set(sc.follow.changes["USSR"]) == shown or sc.follow.changes["USSR"]
    # ... and go when the person decides
    SD.decide_mouse(app, 0)
    assert not sc.follow.changes["USSR"]


def test_a_click_skips_the_computers_placements(app):
    app.settings.anim = "normal"
    sc = SD.start(app, "computer", "USSR")
    _to_computer_placements(app, sc)
    D.step(app)
    if sc.moment is not None:
        sc.moment = None
    D.click(app, app.layout.p(1100, 400))
    frames = 0
    while not SD.waiting(app):            # the rest of the computer's turn comes at once
        if sc.moment is not None:
            sc.moment = None
        D.step(app)
        frames += 1
        assert sc.pause_t == 0 or not sc.following()
    assert frames < 200
    assert sc.follow.changes["USSR"]            # skipped, but the badges say what changed


def test_change_badges_sit_on_no_neighbours_box(app):
    """Issue 50, item 13: the "+1" badges of the other side's changes sat on the names of the
    countries above (Benelux over France, Spain over Italy).  Each badge covers no other
    country's box, wherever the changes are."""
    import pygame
    from squabble.games.struggle.data import COUNTRIES
    from squabble.ui.struggle.map_markers import draw_change_badges

    class Recording(pygame.Surface):
        def __init__(self, size):
            super().__init__(size)
            self.put = []

        def blit(self, img, pos, *a, **k):
            self.put.append(pygame.Rect(round(pos[0]), round(pos[1]), *img.get_size()))
            return super().blit(img, pos, *a, **k)

    sc = SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    app.draw()
    m = sc.map
    crowded = ["France", "Benelux", "W.Germany", "Italy", "Spain/Portugal", "Austria",
               "E.Germany", "Poland", "Czechoslovakia", "Hungary", "Yugoslavia", "Turkey",
               "Greece", "Romania", "Bulgaria", "Lebanon", "Syria", "Israel", "Iraq", "Jordan"]
    crowded = [c for c in crowded if c in COUNTRIES]
    assert len(crowded) >= 15
    surf = Recording(app.screen.get_size())
    placed = draw_change_badges(m, surf, {c: {"USA": 1, "USSR": -2} for c in crowded})
    assert surf.put
    boxes = {n: m.country_rect(n) for n in COUNTRIES}
    for r in surf.put:          # a badge touches at most one box
        hit = [n for n, b in boxes.items() if b.colliderect(r)]
        assert len(hit) <= 1 and set(hit) <= set(crowded), (r, hit)
    assert sorted(n for n, _ in placed) == sorted(crowded)
    for name, r in placed:      # ...its own
        assert {n for n, b in boxes.items() if b.colliderect(r)} <= {name}, name
