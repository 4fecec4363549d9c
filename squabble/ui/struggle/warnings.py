"""Options the engine marks as dangerous (contract 2 of the decision): an option carrying
``warning`` loses the game for the side taking it; one carrying ``risk`` hands the enemy a way
to end it now.  The window shows a warning in red on its target or button and asks before it is
applied; a risk in amber, without asking.  The sentences are the engine's; nothing here judges
an option.  Options are always applied by index (never by comparing option dicts).

``WarningMarks`` is mixed into ``StruggleScene``; it reads the scene's ``choices``, ``focus``,
``hover_*`` and ``menu``.
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


class WarningMarks:
    """Marks and the confirmation for the scene (a mixin of ``StruggleScene``)."""

    warning_strip = None     # the logical rect of the sentence strip drawn last, or None

    def needs_confirmation(self, index: int) -> str:
        """The warning sentence of option ``index`` of the decision now ("" when none, and
        always for the computer's own decisions: nobody is asked for them)."""
        d = self.session.decision()
        if d is None or not 0 <= index < len(d["options"]) \
                or self.session.controller(d["player"]) != "human":
            return ""
        return str(d["options"][index].get("warning") or "")

    def ask_then_commit(self, index: int, sentence: str) -> None:
        """The Squabble cloud confirmation's model: the safe answer has the focus."""
        key = self.choice_key

        def yes():
            if self.choice_key == key:     # still the same decision
                self.commit(index, confirmed=True)

        self.menu = None
        self.app.sounds.play("deny")
        self.app.stack.push(ConfirmScene(
            self.app, "This loses the game", sentence, "Do it anyway", "Choose again", yes))

    def flag_of_target(self, kind: str, payload) -> str | None:
        cs = self.choices
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

    def pointed_sentences(self) -> list[tuple[str, str]]:
        """(flag, sentence) of the target under the mouse or the focus (or the open menu's
        row), to show at the map's top."""
        cs = self.choices
        if cs is None or not self.human_turn():
            return []
        chs = []
        if self.menu is not None:
            chs = [self.menu.choices[self.menu.index]]
        else:
            cur = self.focus.current if self.focus.visible else None
            if self.hover_country in cs.by_country:
                chs = cs.by_country[self.hover_country]
            elif self.hover_card in cs.by_card:
                chs = cs.by_card[self.hover_card]
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

    def draw_warning_marks(self, surf, L) -> None:
        """Red / amber frames on flagged countries, a strip with the sentence of the target
        pointed at (at the map's top)."""
        cs = self.choices if self.human_turn() else None
        if cs is None:
            return
        w = max(2, L.s(3))
        for c, chs in cs.by_country.items():
            f = worst(chs)
            if f:
                try:
                    r = self.map.country_rect(c)
                except Exception:
                    continue
                if r.colliderect(self.map.rect):
                    pygame.draw.rect(surf, COLOUR[f], r.inflate(w * 4, w * 4), w,
                                     border_radius=L.s(6))
        for card, rect in self._card_rects:
            f = worst(cs.by_card.get(card, []))
            if f:
                pygame.draw.rect(surf, COLOUR[f], L.r(rect).inflate(L.s(8), L.s(8)), w,
                                 border_radius=L.s(8))
        said = self.pointed_sentences()
        self.warning_strip = None
        if said:
            f, sentence = said[0]
            label = ("Warning: " if f == "warning" else "Risk: ") + sentence
            font = fit_font(L, label, 730, 18, bold=True, min_size=14)
            lines = wrap(label, font, L.s(730))[:2]
            h = 14 + len(lines) * font.get_linesize() / max(0.01, L.scale)
            box = L.r(170, 58, 750, h)    # the map's top, right of the card being decided
            self.warning_strip = (170, 58, 750, h)   # (logical) the coach's panel goes below
            pygame.draw.rect(surf, BUTTON[f], box, border_radius=L.s(6))
            pygame.draw.rect(surf, COLOUR[f], box, max(1, L.s(2)), border_radius=L.s(6))
            y = box.y + L.s(7)
            for ln in lines:
                text(surf, ln, font, (255, 244, 230), (box.x + L.s(10), y))
                y += font.get_linesize()
