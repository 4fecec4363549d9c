"""Twilight Struggle cards drawn by the project at any pixel size: ops, side, period, the
remove-after-event and war marks, the scoring band and the project's own text from cards.json;
and a card back.

``render_card`` returns a cached surface; ``draw_card`` blits one and notes face-up draws in the
framework's face-up record (``FACE_UP``) under the key ``struggle:<number>``, so privacy tests can
prove a hidden card was never shown.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from squabble.framework.cards import FACE_UP
from squabble.framework.fonts import font as font_of
from squabble.framework.layout import wrap
from squabble.games.struggle.data import CARDS
from squabble.ui import theme

PAPER = (244, 238, 222)
INK = (30, 28, 36)
NEUTRAL = (228, 224, 212)
SCORING = (218, 176, 64)
PERIOD_COLOUR = {"Early": (86, 128, 96), "Mid": (150, 110, 60), "Late": (120, 70, 110)}
WAR = (176, 36, 36)
STAR_ASTERISK = "*"

_fonts: dict = {}


def _font(px: float, bold=False):
    key = (max(6, round(px)), bold)
    f = _fonts.get(key)
    if f is None:
        f = _fonts[key] = font_of(key[0], bold)
    return f


def card_key(number: int) -> str:
    return f"struggle:{number}"


def side_colour(side: str):
    return theme.SIDE.get(side, (120, 116, 104))


def render_card(number: int, size: tuple[int, int], face_up: bool = True, *,
                colourblind: bool = False) -> pygame.Surface:
    w, h = max(8, int(size[0])), max(8, int(size[1]))
    s = _render(int(number) if face_up else 0, w, h, bool(colourblind))
    return s


def draw_card(surf: pygame.Surface, number: int, rect, face_up: bool = True, *,
              colourblind: bool = False) -> pygame.Rect:
    """Blit a card (face up or back) into ``rect``; face-up draws are recorded."""
    rect = pygame.Rect(rect)
    img = render_card(number, rect.size, face_up, colourblind=colourblind)
    if face_up:
        FACE_UP.note(card_key(number))
    surf.blit(img, rect)
    return rect


@lru_cache(maxsize=512)
def _render(number: int, w: int, h: int, colourblind: bool) -> pygame.Surface:
    if number == 0:
        img = _back(w, h)
    else:
        if number not in CARDS:
            raise ValueError(f"There is no Twilight Struggle card {number}.")
        img = _face(CARDS[number], w, h, colourblind)
    if pygame.display.get_surface() is not None:
        img = img.convert_alpha()
    return img


def _back(w, h):
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, w // 12)
    pygame.draw.rect(s, (34, 38, 56), (0, 0, w, h), border_radius=rad)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 7), -max(4, w // 7))
    half = inner.copy()
    half.w //= 2
    pygame.draw.rect(s, theme.SIDE["USA"], half, border_top_left_radius=rad, border_bottom_left_radius=rad)
    half.x += half.w
    half.w = inner.right - half.x
    pygame.draw.rect(s, theme.SIDE["USSR"], half, border_top_right_radius=rad, border_bottom_right_radius=rad)
    pygame.draw.rect(s, theme.GOLD, inner, max(1, w // 40), border_radius=rad)
    f = _font(h * 0.13, True)
    for i, word in enumerate(("TWILIGHT", "STRUGGLE")):
        img = f.render(word, True, PAPER)
        if img.get_width() > inner.w - 4:
            img = pygame.transform.smoothscale(img, (inner.w - 4, max(1, round(img.get_height() * (inner.w - 4) / img.get_width()))))
        s.blit(img, img.get_rect(center=(inner.centerx, inner.centery + (i - 0.5) * f.get_linesize())))
    pygame.draw.rect(s, INK, (0, 0, w, h), max(1, w // 60), border_radius=rad)
    return s


def _star(surf, centre, r, colour):
    import math
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


#: a whole card's title is never smaller than this part of the card's height: 12 px on a card
#: of 140 (the hand's whole cards at 1280x720), the size the 9-card hand's compact cards keep
TITLE_MIN = 12 / 140


def title_words(name: str, removed: bool) -> list:
    """A title's pieces for wrapping: its words, a hyphenated or slashed word also breakable
    after its "-" or "/" ("De-" "Stalinization"); the remove-after-event "*" joins the last."""
    out = []
    for word in name.split(" "):
        piece = ""
        for ch in word:
            piece += ch
            if ch in "-/" and len(piece) > 1:
                out.append((piece, False))
                piece = ""
        if piece:
            out.append((piece, True))      # (a space may follow it)
    if removed and out:
        out[-1] = (out[-1][0] + STAR_ASTERISK, True)
    return out


def wrap_title(pieces: list, font, width: int) -> list:
    """Greedy wrap of ``title_words`` pieces to a pixel width."""
    lines, line, space = [], "", False
    for piece, spaced in pieces:
        trial = line + (" " if line and space else "") + piece
        if not line or font.size(trial)[0] <= width:
            line = trial
        else:
            lines.append(line)
            line = piece
        space = spaced
    return lines + [line] if line else lines


@lru_cache(maxsize=1024)
def face_layout(number: int, w: int, h: int) -> dict:
    """Where a whole card (``w`` by ``h`` pixels) puts its title: the band's height, the star's
    radius and centre, the title's x, width, font, px and lines.  The title is at least
    ``TITLE_MIN`` of the height (one or two lines, three or four where it must, the band growing
    for them); only a card too small for that (a thumbnail) goes smaller."""
    c = CARDS[number]
    m = max(2, w // 22)
    band_h = max(6, round(h * 0.2))
    r = round(min(band_h * 0.45, w * 0.12))
    star_x = m + m // 2 + r
    x = star_x + r + m // 2 + 1 if c["ops"] is not None else 3 * m
    tw = (w - m) - x - m
    pieces = title_words(c["name"], bool(c.get("removed_after_event")))
    floor = max(6.0, h * TITLE_MIN)

    def fit(px, most):
        f = _font(px, True)
        lines = wrap_title(pieces, f, tw)
        return f, lines, len(lines) <= most and max(f.size(ln)[0] for ln in lines) <= tw

    px = max(floor, band_h * 0.46)
    f, lines, ok = fit(px, 2)
    while not ok and px - 0.5 >= floor:
        px -= 0.5
        f, lines, ok = fit(px, 2)
    for most in (3, 4):
        if not ok:
            f, lines, ok = fit(px, most)
    while not ok and px > 6:           # a thumbnail: smaller than the floor, as it must
        px -= 0.5
        f, lines, ok = fit(px, 4)
    need = f.get_linesize() * len(lines) + m
    return {"band_h": max(band_h, need), "star_r": r, "star_x": star_x,
            "star_y": band_h // 2 + 1, "title_x": x,
            "title_w": tw, "title_font": f, "title_px": max(6, round(px)), "title": lines}


def _face(c: dict, w: int, h: int, colourblind: bool):
    side = c["side"]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(2, w // 12)
    frame = SCORING if c["scoring"] else side_colour(side) if side != "Neutral" else (150, 146, 132)
    pygame.draw.rect(s, frame, (0, 0, w, h), border_radius=rad)
    m = max(2, w // 22)
    paper = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    pygame.draw.rect(s, PAPER, paper, border_radius=max(2, rad - m // 2))
    # title band (taller when the title takes three lines: ``face_layout``)
    lay = face_layout(c["number"], w, h)
    band = pygame.Rect(paper.x, paper.y, paper.w, lay["band_h"])
    pygame.draw.rect(s, frame, band, border_top_left_radius=max(2, rad - m // 2),
                     border_top_right_radius=max(2, rad - m // 2))
    if colourblind and side in ("USA", "USSR"):
        _pattern(s, band, side)
    # ops star (a side's card shows its star in its colour; a neutral card half and half)
    r = lay["star_r"]
    oc = (lay["star_x"], band.y + lay["star_y"])
    if c["ops"] is not None:
        if side == "Neutral":
            _star(s, oc, r, PAPER)
            _star(s, oc, r * 0.8, INK)
        else:
            _star(s, oc, r, PAPER)
            _star(s, oc, r * 0.8, side_colour(side))
        f = _font(r * 1.25, True)
        img = f.render(str(c["ops"]), True, PAPER)
        s.blit(img, img.get_rect(center=(oc[0], oc[1] + r // 8)))
    # title (the remove-after-event "*" ends it, as a part of its words: never on a letter)
    f, lines = lay["title_font"], lay["title"]
    lh = f.get_linesize()
    y0 = band.centery - lh * len(lines) / 2
    tcol = INK if c["scoring"] or side == "Neutral" else PAPER
    for i, ln in enumerate(lines):
        img = f.render(ln, True, tcol)
        s.blit(img, (lay["title_x"], round(y0 + i * lh)))
    # a strip with the number, period, side and marks
    strip = pygame.Rect(paper.x, band.bottom, paper.w, max(5, round(h * 0.085)))
    pygame.draw.rect(s, PERIOD_COLOUR.get(c["period"], INK), strip)
    fs = _font(strip.h * 0.82, True)
    side_txt = {"USA": "USA", "USSR": "USSR"}.get(side, "Scoring" if c["scoring"] else "Neutral")
    right = side_txt + (" (optional)" if c.get("optional") else "")
    # the longest wording that fits: "#31  Early War ... Neutral (optional)" down to "#31 ... Neu."
    for left, rt in ((f"#{c['number']}  {c['period']} War", right),
                     (f"#{c['number']}  {c['period']} War", side_txt),
                     (f"#{c['number']} {c['period']}", side_txt),
                     (f"#{c['number']}", side_txt),
                     (f"#{c['number']}", side_txt[:3])):
        if fs.size(left)[0] + fs.size(rt)[0] + 3 * m <= strip.w:
            break
    img = fs.render(left, True, PAPER)
    s.blit(img, img.get_rect(midleft=(strip.x + m, strip.centery + 1)))
    img = fs.render(rt, True, PAPER)
    s.blit(img, img.get_rect(midright=(strip.right - m, strip.centery + 1)))
    # body text
    body = pygame.Rect(paper.x + m, strip.bottom + m, paper.w - 2 * m, paper.bottom - strip.bottom - 2 * m)
    marks_h = max(6, round(h * 0.09))
    body.h -= marks_h
    text = c.get("text", "")
    px = max(7, h * 0.062)
    f = _font(px)
    lines = wrap(text, f, body.w)
    while f.get_linesize() * len(lines) > body.h and px > 7:
        px -= 0.5
        f = _font(px)
        lines = wrap(text, f, body.w)
    y = body.y
    for ln in lines:
        if y + f.get_linesize() > body.bottom + 2:
            break
        s.blit(f.render(ln, True, INK), (body.x, y))
        y += f.get_linesize()
    # marks along the bottom: remove-after-event, war, persistent
    marks = []
    if c.get("removed_after_event"):
        marks.append(("REMOVE AFTER EVENT", (150, 40, 40)))
    if c.get("war"):
        marks.append(("WAR", WAR))
    if c.get("persistent") and not c.get("removed_after_event"):
        marks.append(("STAYS IN FORCE", (60, 90, 140)))
    x = paper.x + m
    fm = _font(marks_h * 0.78, True)
    for label, col in marks:
        img = fm.render(label, True, PAPER)
        chip = pygame.Rect(x, paper.bottom - marks_h - m // 2, img.get_width() + 2 * m, marks_h)
        if chip.right > paper.right - m:
            break
        pygame.draw.rect(s, col, chip, border_radius=max(1, marks_h // 3))
        s.blit(img, img.get_rect(center=(chip.centerx, chip.centery + 1)))
        x = chip.right + m
    pygame.draw.rect(s, INK, (0, 0, w, h), max(1, w // 80), border_radius=rad)
    return s


def _pattern(s, rect, side):
    step = max(4, rect.h // 4)
    light = (255, 255, 255, 60)
    if side == "USA":
        for x in range(rect.left - rect.h, rect.right, step):
            pygame.draw.line(s, light, (max(rect.left, x), rect.bottom - 1 - max(0, rect.left - x)),
                             (min(rect.right - 1, x + rect.h), rect.top + max(0, x + rect.h - rect.right + 1)), 1)
    else:
        r = max(1, step // 5)
        for y in range(rect.top + step // 2, rect.bottom, step):
            for x in range(rect.left + step // 2, rect.right, step):
                pygame.draw.circle(s, light, (x, y), r)


#: a row this many times as wide as tall, or less, is a compact card (title and text), not a line
COMPACT_RATIO = 3.2


def draw_row(surf: pygame.Surface, number: int, rect, face_up: bool = True) -> pygame.Rect:
    """A card as one line of a list (ops star, title, side colour): the hand where there is no
    room for whole cards; in a taller rect a compact card with its whole title and its text at a
    readable size (``compact_layout``).  Face-up rows are recorded like whole cards."""
    rect = pygame.Rect(rect)
    if rect.h * COMPACT_RATIO >= rect.w:
        img = _compact(int(number) if face_up else 0, rect.w, rect.h)
    else:
        img = _row(int(number) if face_up else 0, rect.w, rect.h)
    if face_up:
        FACE_UP.note(card_key(number))
    surf.blit(img, rect)
    return rect


@lru_cache(maxsize=256)
def _row(number: int, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((max(8, w), max(8, h)), pygame.SRCALPHA)
    rad = max(2, h // 5)
    if number == 0:
        pygame.draw.rect(s, (34, 38, 56), s.get_rect(), border_radius=rad)
        pygame.draw.rect(s, theme.GOLD, s.get_rect(), 1, border_radius=rad)
        return s
    c = CARDS[number]
    side = c["side"]
    frame = SCORING if c["scoring"] else side_colour(side) if side != "Neutral" else (150, 146, 132)
    pygame.draw.rect(s, PAPER, s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, frame, (0, 0, h + 4, h), border_top_left_radius=rad,
                     border_bottom_left_radius=rad)
    r = round(h * 0.42)
    oc = (h // 2 + 2, h // 2)
    label = str(c["ops"]) if c["ops"] is not None else "S"
    if c["ops"] is not None:
        _star(s, oc, r, PAPER)
        _star(s, oc, r * 0.8, side_colour(side) if side != "Neutral" else INK)
    f = _font(r * 1.3, True)
    img = f.render(label, True, PAPER if c["ops"] is not None else INK)
    s.blit(img, img.get_rect(center=(oc[0], oc[1] + 1)))
    px = h * 0.62
    f = _font(px, True)
    room = w - h - 12
    while f.size(c["name"])[0] > room and px > 7:
        px -= 0.5
        f = _font(px, True)
    img = f.render(c["name"] + (STAR_ASTERISK if c.get("removed_after_event") else ""), True, INK)
    s.blit(img, img.get_rect(midleft=(h + 10, h // 2 + 1)))
    pygame.draw.rect(s, frame, s.get_rect(), max(1, h // 14), border_radius=rad)
    return s


def compact_layout(number: int, w: int, h: int) -> dict:
    """Where a compact card (``w`` by ``h`` pixels) puts its words: the ops bar's width, the title
    in whole lines (never cut: its font shrinks, then it takes a second line), the text's lines
    and both fonts.  The text keeps a readable size (at least 0.11 of the height: 10 px in the
    hand at 1280x720) and ends in "…" when it is longer than the card (the zoom shows it all)."""
    c = CARDS[number]
    bar = max(8, round(h * 0.3))
    m = max(2, round(h * 0.04))
    tw = w - bar - 3 * m
    name = c["name"] + (STAR_ASTERISK if c.get("removed_after_event") else "")
    tpx = h * 0.145
    f = _font(tpx, True)
    while f.size(name)[0] > tw and tpx > h * 0.12:
        tpx -= 0.5
        f = _font(tpx, True)
    title = [name] if f.size(name)[0] <= tw else wrap(name, f, tw)
    while max(f.size(ln)[0] for ln in title) > tw and tpx > 6:   # one very long word
        tpx -= 0.5
        f = _font(tpx, True)
        title = wrap(name, f, tw)
    body_top = m + f.get_linesize() * len(title) + m
    room = h - body_top - m
    bpx = h * 0.115
    fb = _font(bpx)
    lines = wrap(c.get("text", ""), fb, tw)
    while fb.get_linesize() * len(lines) > room and bpx > h * 0.11:
        bpx -= 0.5
        fb = _font(bpx)
        lines = wrap(c.get("text", ""), fb, tw)
    fit = max(1, int(room // fb.get_linesize()))
    if len(lines) > fit:
        lines = lines[:fit]
        last = lines[-1]
        while last and fb.size(last + "…")[0] > tw:
            last = last[:-1].rstrip()
        lines[-1] = last + "…"
    return {"bar": bar, "m": m, "text_w": tw, "title": title, "title_font": f,
            "title_px": max(6, round(tpx)), "body_top": body_top, "body": lines,
            "body_font": fb, "body_px": max(6, round(bpx))}


@lru_cache(maxsize=256)
def _compact(number: int, w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((max(8, w), max(8, h)), pygame.SRCALPHA)
    rad = max(2, h // 12)
    if number == 0:
        s.blit(_back(w, h), (0, 0))
        return s
    c = CARDS[number]
    side = c["side"]
    lay = compact_layout(number, w, h)
    frame = SCORING if c["scoring"] else side_colour(side) if side != "Neutral" else (150, 146, 132)
    bar, m = lay["bar"], lay["m"]
    pygame.draw.rect(s, PAPER, s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, frame, (0, 0, bar, h), border_top_left_radius=rad,
                     border_bottom_left_radius=rad)
    r = round(bar * 0.42)
    oc = (bar // 2, m + r + 1)
    if c["ops"] is not None:
        _star(s, oc, r, PAPER)
        _star(s, oc, r * 0.8, side_colour(side) if side != "Neutral" else INK)
    fo = _font(r * 1.3, True)
    img = fo.render(str(c["ops"]) if c["ops"] is not None else "S", True,
                    PAPER if c["ops"] is not None else INK)
    s.blit(img, img.get_rect(center=(oc[0], oc[1] + 1)))
    fs = _font(max(6, bar * 0.3), True)     # the card's number under the star
    img = fs.render(f"#{c['number']}", True, INK if c["scoring"] or side == "Neutral" else PAPER)
    s.blit(img, img.get_rect(midtop=(bar // 2, oc[1] + r + m)))
    x = bar + 2 * m
    f = lay["title_font"]
    y = m
    for ln in lay["title"]:
        s.blit(f.render(ln, True, INK), (x, y))
        y += f.get_linesize()
    pygame.draw.line(s, frame, (x, lay["body_top"] - m // 2 - 1),
                     (w - m, lay["body_top"] - m // 2 - 1), max(1, h // 60))
    fb = lay["body_font"]
    y = lay["body_top"]
    for ln in lay["body"]:
        s.blit(fb.render(ln, True, INK), (x, y))
        y += fb.get_linesize()
    pygame.draw.rect(s, frame, s.get_rect(), max(1, h // 40), border_radius=rad)
    return s
