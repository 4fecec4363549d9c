"""Every player can read it (issue 57, item 13): the Options' text size (100%, 125%, 150%) is
honoured by every screen of both games at 1280 × 720 and above, and no title, button or
sentence is cut: each screen of the tour is drawn at each size while the framework's watchers
(``layout.WATCHERS``) see each line of text, each panel and each card as they are drawn; a line
is cut when it was ellipsized or found no font that fits, lies outside its surface, its clip or
the panel it starts in, is covered by a card or panel drawn after it, or overlaps another line
of the same screen."""

import pygame
import pytest

from squabble.framework import layout as LY
from squabble.ui import settings as S
from tests.ui.driver import new_app
from tests.ui.screen_tour import prepare_fresh, tour


def problems(rec, screen) -> list[str]:
    """What is cut or overlaps among ``rec``: (kind, drawn by the top scene, surface, rect,
    string, clip) in drawing order."""
    out, panels, texts, groups = [], {}, [], {}
    for kind, top, surf, rect, s, clip in rec:
        if surf is not None and surf.get_size() == screen.get_size():
            surf = screen        # a layer of the window's size: the window's coordinates
        if kind == "cut":
            out.append(f"cut to fit: {s[:50]!r}")
            continue
        if kind in ("panel", "cover"):
            if kind == "panel":
                panels.setdefault(id(surf), []).append(rect)
            for t, ts, tsurf, ttop in texts:
                inter = t.clip(rect)
                # (a third of a line's box is more than its descent: letters are cut)
                if tsurf is surf and ttop == top and inter.w >= 3 and inter.h >= 0.3 * t.h \
                        and not rect.contains(t):
                    out.append(f"covered: {ts[:40]!r} {t} by a {kind} {rect}")
            continue
        if not s.strip():
            continue
        texts.append((rect, s, surf, top))
        if clip is not None and not clip.contains(rect):
            out.append(f"clipped: {s[:40]!r} {rect} (clip {clip})")
        if not surf.get_rect().contains(rect):
            out.append(f"off its surface: {s[:40]!r} {rect}")
        for p in reversed(panels.get(id(surf), [])):
            if p.collidepoint(rect.topleft) or p.collidepoint(rect.midleft):
                # (a last line's descent may pass the edge by a third, as text_block allows)
                if not p.inflate(4, 4 + 2 * (rect.h // 3)).contains(rect):
                    out.append(f"out of its box: {s[:40]!r} {rect} (box {p})")
                break
        if surf is not screen or top:
            groups.setdefault(id(surf), []).append((rect, s))
    for items in groups.values():
        for i, (a, sa) in enumerate(items):
            for b, sb in items[i + 1:]:
                inter = a.clip(b)
                if inter.w >= 3 and inter.h >= 0.2 * min(a.h, b.h) and not (a == b and sa == sb):
                    out.append(f"overlap: {sa[:30]!r} {a} / {sb[:30]!r} {b}")
    return list(dict.fromkeys(out))


def screens_at(size, percent):
    """{screen name: its problems} with the text size at ``percent``."""
    app = new_app(size=size)
    app.settings.text_size = percent
    app.apply_settings()
    rec, watching, top = [], [False], [False]

    def watch(kind, surf, rect, s, font, colour):
        if watching[0]:
            rec.append((kind, top[0], surf, rect, s,
                        surf.get_clip() if surf is not None else None))

    found = {}
    LY.WATCHERS.append(watch)
    try:
        for name in tour(app):
            prepare_fresh(app)
            rec.clear()
            watching[0] = True
            shown = app.stack.visible()
            for i, sc in enumerate(shown):
                top[0] = i == len(shown) - 1
                sc.draw(app.screen)
            watching[0] = False
            found[name] = problems(rec, app.screen)
    finally:
        LY.WATCHERS.remove(watch)
    return found


@pytest.mark.parametrize("size,percent", [((1280, 720), 100), ((1280, 720), 125),
                                          ((1280, 720), 150), ((1920, 1080), 150)])
def test_no_text_is_cut_or_overlaps_on_any_screen(data_dir, size, percent):
    found = screens_at(size, percent)
    assert len(found) >= 15, sorted(found)
    bad = [f"{name}: {p}" for name, ps in found.items() for p in ps]
    assert not bad, "\n".join(bad)


def test_the_text_size_grows_the_text_and_is_kept(data_dir):
    """Options' Text size steps 100 → 125 → 150 → 100, grows the layout's fonts, and is saved
    in settings.json (a wrong value there reads as 100)."""
    from tests.ui import driver as D
    app = new_app()
    h100 = app.layout.font(20).get_height()
    D.menu_click(app, "options")
    for want in (125, 150):
        D.menu_click(app, "text_size")
        assert app.settings.text_size == want and app.layout.text_scale == want / 100
        assert S.load().text_size == want
    assert app.layout.font(20).get_height() >= h100 * 1.4
    D.menu_click(app, "text_size")
    assert app.settings.text_size == 100 and app.layout.font(20).get_height() == h100
    from squabble import userdata
    userdata.write_json(S.FILE, {"text_size": 130})
    assert S.load().text_size == 100
    pygame.event.clear()


def test_a_grown_font_shrinks_back_to_its_designed_size_and_no_further(data_dir):
    """text_block's room-making: a font the text size grew steps down to the size its text
    was designed at (a 36 grows by a share only: 1.25 at 150%), never below."""
    from squabble.framework import fonts
    app = new_app()
    app.settings.text_size = 150
    app.apply_settings()
    for size in (16, 36):
        f = app.layout.font(size)
        assert fonts.size_of(f)[0] == round(size * app.layout.grow(size))
        floor = fonts.designed_px(f)
        while fonts.smaller(f, floor) is not None:
            f = fonts.smaller(f, floor)
        assert fonts.size_of(f)[0] == size
    app.settings.text_size = 100
    app.apply_settings()
    assert fonts.smaller(app.layout.font(16)) is None
