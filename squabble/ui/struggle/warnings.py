"""Options the engine marks as dangerous (contract 2 of the decision): an option carrying
``warning`` loses the game for the side taking it; one carrying ``risk`` hands the enemy a way
to end it now.  The window shows a warning in red on its target or button and asks before it is
applied; a risk in amber, without asking.  The sentences are the engine's; nothing here judges
an option.  Options are always applied by index (never by comparing option dicts).

Plain functions: the map scene hands them its choices, what is pointed at, and where things
are drawn.
"""

from __future__ import annotations

import pygame

from squabble.framework.confirm import ConfirmScene
from squabble.framework.layout import fit_font, text, wrap

WARNING = (224, 60, 48)
WARNING_BG = (120, 30, 26)
RISK = (240, 168, 40)
RISK_BG = (112, 78, 18)


def flag(option: dict) -> str | None:
    """"warning", "risk" or None for one option dict of the decision."""
    if option.get("warning"):
        return "warning"
    if option.get("risk"):
        return "risk"
    return None


def worst(choices) -> str | None:
    """The strongest flag among several choices (a target with a menu of options)."""
    flags = {flag(ch.option) for ch in choices}
    return "warning" if "warning" in flags else ("risk" if "risk" in flags else None)


COLOUR = {"warning": WARNING, "risk": RISK}
BUTTON = {"warning": WARNING_BG, "risk": RISK_BG}
#: what tells a warning from a risk without its colour (issue 57, item 12: red and amber look
#: alike to many colour-blind players): its tag's shape and text, and its button's first words
TAG = {"warning": ("square", "!!"), "risk": ("triangle", "!")}
PREFIX = {"warning": "!! ", "risk": "! "}


def label(option_label: str, f: str | None) -> str:
    """A flagged option's button label: its flag's mark before the words."""
    return PREFIX.get(f, "") + option_label


def draw_tag(surf, corner: tuple[int, int], size: int, f: str) -> pygame.Rect:
    """The flag's tag centred on ``corner`` (a frame's top-left): a square with "!!" for a
    warning, a triangle with "!" for a risk, dark ink on the flag's colour."""
    from squabble.framework.fonts import font as font_of
    shape, mark = TAG[f]
    r = pygame.Rect(0, 0, size, size)
    r.center = corner
    ink = (24, 16, 12)
    if shape == "square":
        pygame.draw.rect(surf, COLOUR[f], r, border_radius=max(1, size // 8))
        pygame.draw.rect(surf, ink, r, max(1, size // 12), border_radius=max(1, size // 8))
    else:
        pts = [(r.centerx, r.top - size // 8), (r.right + size // 8, r.bottom),
               (r.left - size // 8, r.bottom)]
        pygame.draw.polygon(surf, COLOUR[f], pts)
        pygame.draw.polygon(surf, ink, pts, max(1, size // 12))
    fnt = font_of(max(8, round(size * (0.95 if shape == "square" else 0.8))), True)
    img = fnt.render(mark, True, ink)
    surf.blit(img, img.get_rect(center=(r.centerx, r.centery + (1 if shape == "square"
                                                                 else size // 6))))
    return r


def needs_confirmation(session, index: int) -> str:
    """The warning sentence of option ``index`` of the decision now ("" when none, and always
    for the computer's own decisions: nobody is asked for them)."""
    d = session.decision()
    if d is None or not 0 <= index < len(d["options"]) \
            or session.controller(d["player"]) != "human":
        return ""
    return str(d["options"][index].get("warning") or "")


def ask_then_commit(app, sentence: str, yes) -> None:
    """The Squabble cloud confirmation's model: the safe answer has the focus; ``yes()``
    applies the option."""
    app.sounds.play("deny")
    app.stack.push(ConfirmScene(app, "This loses the game", sentence, "Do it anyway",
                                "Choose again", yes))


def flag_of_target(cs, kind: str, payload) -> str | None:
    """The flag of one target of the choices ``cs`` (a country, a card, an option button)."""
    if cs is None:
        return None
    if kind == "country":
        return worst(cs.by_country.get(payload, []))
    if kind == "card":
        return worst(cs.by_card.get(payload, []))
    if kind == "button" and getattr(payload, "name", "").startswith("opt"):
        i = int(payload.name[3:])
        return flag(cs.choices[i].option) if 0 <= i < len(cs.choices) else None
    return None


def pointed_sentences(cs, menu, focused, hover_country, hover_card,
                      hover_button=None) -> list[tuple[str, str]]:
    """(flag, sentence) of the target under the mouse (``hover_*``: a country, a card, an
    option button's name) or the focus (``focused``: the focused target, None when the focus
    is not shown) or the open menu's row, to show at the map's top: the mouse shows what the
    focus shows."""
    if cs is None:
        return []
    chs = []
    cur = focused
    if menu is not None:
        chs = [menu.choices[menu.index]]
    elif hover_country in cs.by_country:
        chs = cs.by_country[hover_country]
    elif hover_card in cs.by_card:
        chs = cs.by_card[hover_card]
    elif hover_button is not None:
        chs = [ch for ch in cs.buttons if f"opt{ch.index}" == hover_button]
    elif cur is not None and cur.kind == "country":
        chs = cs.by_country.get(cur.payload, [])
    elif cur is not None and cur.kind == "card":
        chs = cs.by_card.get(cur.payload, [])
    elif cur is not None and cur.kind == "button":
        chs = [ch for ch in cs.buttons if f"opt{ch.index}" == cur.payload.name]
    out = []
    for ch in chs:
        f = flag(ch.option)
        if f:
            out.append((f, str(ch.option[f])))
    return out


def draw_warning_marks(surf, L, cs, map_view, card_rects, said):
    """Red / amber frames on the flagged countries and cards of ``cs``, a strip with the first
    of ``said`` (the pointed target's sentences) at the map's top.  Returns the strip's logical
    rect (the coach's panel goes below it), or None."""
    if cs is None:
        return None
    w = max(2, L.s(3))
    for c, chs in cs.by_country.items():
        f = worst(chs)
        if f:
            try:
                r = map_view.country_rect(c)
            except Exception:
                continue
            if r.colliderect(map_view.rect):
                fr = r.inflate(w * 4, w * 4)
                pygame.draw.rect(surf, COLOUR[f], fr, w, border_radius=L.s(6))
                draw_tag(surf, fr.topleft, L.s(18), f)
    for card, rect in card_rects:
        f = worst(cs.by_card.get(card, []))
        if f:
            fr = L.r(rect).inflate(L.s(8), L.s(8))
            pygame.draw.rect(surf, COLOUR[f], fr, w, border_radius=L.s(8))
            draw_tag(surf, fr.topleft, L.s(22), f)
    if not said:
        return None
    f, sentence = said[0]
    label = ("Warning: " if f == "warning" else "Risk: ") + sentence
    font = fit_font(L, label, 730, 18, bold=True, min_size=14)
    lines = wrap(label, font, L.s(730))[:2]
    h = 14 + len(lines) * font.get_linesize() / max(0.01, L.scale)
    box = L.r(170, 58, 750, h)    # the map's top, right of the card being decided
    pygame.draw.rect(surf, BUTTON[f], box, border_radius=L.s(6))
    pygame.draw.rect(surf, COLOUR[f], box, max(1, L.s(2)), border_radius=L.s(6))
    y = box.y + L.s(7)
    for ln in lines:
        text(surf, ln, font, (255, 244, 230), (box.x + L.s(10), y))
        y += font.get_linesize()
    return (170, 58, 750, h)
