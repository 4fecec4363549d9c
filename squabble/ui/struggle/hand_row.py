"""The hand row of the Struggle map scene: plain functions drawing the hand they are given (the
cards, who may look, the lit choices, the focus) and returning where each card went.

The hand takes the width the choices panel leaves: when the decision has no buttons (a card to
play, a headline) the cards spread over both panels, whole and never overlapping; when the
choices panel is in use and the cards would overlap, the hand becomes a list of one line per
card (ops and title in full), so no title is ever hidden.  Faces go through the scene's
``may_show_hand`` and card_art's recorded drawing, as every card face does.
"""

from __future__ import annotations

from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.widgets import fan, panel
from squabble.games.struggle.data import CARDS, CHINA, ENEMY
from squabble.ui import theme
from squabble.ui.struggle.moments import SIDE_COL

HAND_R = (0, 500, 600, 220)
WIDE_R = (0, 500, 930, 220)      # the hand and the (empty) choices panel together
CARD_W, CARD_H = 104, 146
ROW_H, ROW_GAP = 30, 6


def _count(st, side) -> str:
    """"7 cards", "7 cards + The China Card": what the hand row shows, counted."""
    n = len(st["hands"][side])
    out = f"{n} card{'s' if n != 1 else ''}"
    return out + (" + The China Card" if st["china"]["holder"] == side else "")


def hand_is_wide(choices, menu) -> bool:
    """The hand spreads over the choices panel: ``choices`` (None when no person decides) have
    no buttons and no target menu is open."""
    return not (choices is not None and choices.buttons) and not menu


def hand_slots(wide: bool, n: int):
    """(list mode, logical rects) for ``n`` cards: whole cards side by side when they fit;
    a wide hand too long for that takes two rows of compact cards (their whole titles and text
    at a readable size, ``card_art.compact_layout``); else a list of one line per card."""
    x, y, w, h = WIDE_R if wide else HAND_R
    if n * (CARD_W + 6) - 6 <= w - 20:
        return False, fan(n, x + w / 2, y + 28, CARD_W, CARD_H, w - 20, gap=6)
    if wide:
        per = -(-n // 2)
        cw = (w - 20 - 4 * (per - 1)) / per
        ch = (h - 30 - 4) / 2
        return True, [(x + 10 + (i % per) * (cw + 4), y + 26 + (i // per) * (ch + 4), cw, ch)
                      for i in range(n)]
    cols = 2
    per = -(-n // cols)
    cw = (w - 20 - ROW_GAP) / cols
    rows = []
    for i in range(n):
        c, r = divmod(i, per)
        rows.append((x + 10 + c * (cw + ROW_GAP), y + 30 + r * (ROW_H + ROW_GAP), cw, ROW_H))
    return True, rows


def draw_hand(surf, L, draw_card, *, state, cards, owner, viewer, mode, wide, choices, focused,
              hover_card, face_up, open_enemy, undo_button, sending=None, t=0.0) -> list:
    """The hand row; returns [(card, logical rect)] of the cards drawn (the click targets).

    ``draw_card(surf, card, rect, face_up=, highlight=, dim=, row=)``: the scene's one way a card
    reaches the screen; ``face_up(card)``: may its face show; ``cards``: the hand shown (of
    ``owner``); ``viewer``: who may look (None: a public screen); ``mode``: the session's;
    ``choices``: the lit choices (None when no person decides); ``focused``: the focused target
    (None when the focus is hidden); ``open_enemy``: enemy cards the viewer may see;
    ``undo_button``: drawn again over a wide hand; ``sending``: the card of a move on its way
    to the server (online), marked so (``t``: the time, for its dots)."""
    st = state
    as_list, slots = hand_slots(wide, len(cards))
    x, y, w, h = WIDE_R if wide else HAND_R
    panel(surf, L, (x, y, w, h), colour=(22, 26, 38), radius=0, alpha=255)
    if not cards:
        return _draw_no_hand(surf, L, draw_card, st, viewer, mode)
    title = f"{owner} hand: {_count(st, owner)}"
    text(surf, title + " · hover or Z to zoom", L.font(16, True),
         SIDE_COL.get(owner, theme.TEXT),
         L.p(x + 10, y + 6))
    cs = choices
    cur = focused
    rects = []
    for card, r in zip(cards, slots):
        lit = cs is not None and card in cs.by_card
        foc = cur is not None and cur.kind == "card" and cur.payload == card
        hl = theme.FOCUS if foc else (theme.LEGAL if lit else None)
        dim = cs is not None and bool(cs.by_card) and not lit
        lift = 10 if (foc or hover_card == card) and not as_list else 0
        if card == sending:
            hl, dim, lift = theme.GOLD, False, 0 if as_list else 18
        rr = (r[0], r[1] - lift, r[2], r[3])
        draw_card(surf, card, rr, face_up=face_up(card), highlight=hl, dim=dim, row=as_list)
        if card == sending:
            _sending_mark(surf, L, rr, t)
        rects.append((card, rr))
    _draw_open_enemy_hand(surf, L, viewer, open_enemy, x, y, w)
    if wide and undo_button is not None:   # the choices panel's Undo stays on top of a wide hand
        undo_button.draw(surf, L, focused=cur is not None and cur.payload is undo_button)
    return rects


def _sending_mark(surf, L, rect, t):
    """"sending…" on the card of a move not answered yet: it was played, and stays so (never
    back among the cards to choose) while the line carries it or is down."""
    import pygame
    x, y, w, h = rect
    hh = min(24, h - 4)
    r = L.r(x + 3, y + h - hh - 2, w - 6, hh)
    pygame.draw.rect(surf, (20, 22, 30), r, border_radius=L.s(5))
    pygame.draw.rect(surf, theme.GOLD, r, max(1, L.s(1.5)), border_radius=L.s(5))
    text(surf, "sending" + "." * (1 + int(t * 3) % 3), fit_font(L, "sending...", w - 12, 15),
         theme.GOLD, r.center, "center")


def _draw_no_hand(surf, L, draw_card, st, v, mode):
    x, y, w, h = HAND_R
    if mode == "demo":
        msg = "Attract mode: both hands stay hidden."
    elif v is None and mode == "online":
        msg = "Watching: each side's hand, counted (its cards are the players' alone)."
    elif v is None:
        msg = "Public screen: both hands are hidden; a hand-off shows a hand in private."
    else:
        msg = "No cards in hand."
    text(surf, msg, fit_font(L, msg, w - 20, 16), theme.MUTED, L.p(x + 10, y + 6))
    for i, side in enumerate(("USSR", "USA")):
        n = len(st["hands"][side]) + (st["china"]["holder"] == side)
        yy = y + 30 + i * 94
        label = f"{side}: {_count(st, side)}"    # wrapped, never shrunk past reading
        f = L.font(15, True)
        lines = wrap(label, f, L.s(106))
        ly = yy + 40 - len(lines) * f.get_linesize() / max(0.01, L.scale) / 2
        for ln in lines:
            text(surf, ln, f, SIDE_COL[side], L.p(x + 10, ly))
            ly += f.get_linesize() / max(0.01, L.scale)
        china = st["china"]["holder"] == side
        for k in range(min(n - china, 9 - china)):
            draw_card(surf, 0, (x + 120 + k * 50, yy, 56, 80), face_up=False)
        if china:   # The China Card is public: face up after the hidden cards (dim: face down)
            k = min(n - 1, 8)
            draw_card(surf, CHINA, (x + 120 + k * 50, yy, 56, 80), face_up=True,
                      dim=not st["china"].get("face_up", True))
    return []


def _draw_open_enemy_hand(surf, L, v, open_cards, x, y, w):
    """An enemy hand the viewer may see (an event can open it), named under the hand."""
    if v is None:
        return
    if open_cards:
        line = (f"The {ENEMY[v]} hand is open to you: "
                + ", ".join(CARDS[c]["name"] for c in open_cards))
        text(surf, line, fit_font(L, line, w - 20, 15), theme.GOLD, L.p(x + 10, y + 200))
