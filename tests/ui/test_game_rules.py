"""F1 and the title's Rules open the rules of the game in front: on the title the last pick
(issue 50, item 12: they opened Twilight Squabble's after a pick of Twilight Struggle)."""

import pygame

from tests.ui import driver as D
from squabble.ui import gamepick


def _title(app):
    app.to_title()
    D.step(app, 2)
    assert D.top(app).name == "title"


def test_the_titles_rules_are_the_last_picked_games(app):
    gamepick.remember("struggle")
    _title(app)
    D.menu_click(app, "rules")
    assert D.top(app).name == "struggle_rules"
    app.draw()          # draws Twilight Struggle's rules, and Esc closes them
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "title"
    D.key(app, pygame.K_F1)              # F1 on the title: the same
    assert D.top(app).name == "struggle_rules"
    D.key(app, pygame.K_F1)              # F1 again closes them
    assert D.top(app).name == "title"
    gamepick.remember("squabble")
    _title(app)
    D.menu_click(app, "rules")
    assert D.top(app).name == "rules"


def test_rules_inside_a_game_are_that_games(app):
    from tests.ui import struggle_driver as SD
    gamepick.remember("squabble")        # the last pick says one game, the screen another
    SD.start(app, "computer", "USSR", level="easy")
    assert D.run_until(app, lambda: SD.waiting(app), 2000)
    D.key(app, pygame.K_ESCAPE)
    assert D.top(app).name == "struggle_pause"
    app.open_rules()
    assert D.top(app).name == "struggle_rules"


class _Recording(pygame.Surface):
    """A surface that notes where each picture is put."""

    def __init__(self, size):
        super().__init__(size)
        self.put = []

    def blit(self, img, pos, *a, **k):
        r = super().blit(img, pos, *a, **k)
        self.put.append(pygame.Rect(round(pos[0]), round(pos[1]), *img.get_size()))
        return r


def test_twilight_struggles_rules_never_show_half_a_row(app):
    """Issue 50, item 13: the rules overlay's last row was cut at the area's bottom edge."""
    from squabble.ui.struggle.help import StruggleHelp
    h = StruggleHelp()
    for size in ((1280, 720), (1920, 1080)):
        surf = _Recording(size)
        u = min(size[0] / 1280, size[1] / 720)
        area = pygame.Rect(round(40 * u), round(104 * u), size[0] - round(80 * u),
                           size[1] - round(140 * u))
        h.scroll = 0.0
        h.draw(surf)
        for step in range(0, int(h.max_scroll) + 60, 37):
            h.scroll = float(min(step, h.max_scroll))
            surf.put = []
            h._draw_rules(surf, area, u)
            for r in surf.put:
                if r.colliderect(area):
                    assert area.contains(r), (size, h.scroll, r, area)
