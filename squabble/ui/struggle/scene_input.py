"""Input of the Twilight Struggle map scene: raw events (the help overlay's search box, the map's
zoom keys and right stick), actions from keys and pads (focus, explore mode, pad seats on one
couch) and the mouse (hover, clicks on countries, cards, buttons and tracks, drag to pan).

``SceneInput`` is mixed into ``StruggleScene``; it only reads and calls the scene's own state and
methods (choices, focus, map, menu, commit, undo)."""

from __future__ import annotations

import pygame

from squabble.ui.struggle.log_panel import LOG_R
from squabble.ui.struggle.panels import (BUTTONS_PER_PAGE, BUTTONS_R, MAP_R, TRACKS_R, PileScene,
                                         _inside)


class Target:
    """One focusable thing: a lit country, a lit card, a button."""

    def __init__(self, name, rect, kind, payload=None):
        self.name, self.rect, self.kind, self.payload = name, rect, kind, payload


class SceneInput:
    """Keys, pads and mouse for the map scene (mixed into ``StruggleScene``)."""

    def handle_raw(self, ev) -> bool:
        """Raw events before they become actions: the help overlay's search box, and the map's
        own zoom keys (+, -, Ctrl+arrows) and right stick / triggers."""
        if self.help is not None:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
                self.help = None
                return True
            used = False
            try:
                used = bool(self.help.handle_event(ev))
            except Exception:
                used = False
            if getattr(self.help, "closed", False):
                self.help = None
                return True
            return used or ev.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if self.demo:
            return False
        if self.log_key(ev) or self.region_key(ev) or self.coach_raw(ev):
            return True
        if ev.type in (pygame.KEYDOWN, pygame.CONTROLLERAXISMOTION):
            if ev.type == pygame.CONTROLLERAXISMOTION and ev.axis in (
                    pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                return False
            try:
                return bool(self.map.handle_event(ev))
            except Exception:
                return False
        return False

    def pad_allowed(self, a) -> bool:
        """On one couch each pad drives its own side."""
        if a.source != "pad" or self.session.mode != "hotseat" or a.seat is None:
            return True
        d = self.session.decision()
        if d is None:
            return True
        if self.seat_of(d["player"]) != a.seat:
            self.app.toast(f"It is the {d['player']} player's decision.")
            return False
        return True

    def handle_action(self, a):
        if self.demo:
            self.app.to_title()
            return
        if self.help is not None:
            if a.name in ("back", "help", "menu"):
                self.help = None
            elif hasattr(self.help, "handle_action"):
                self.help.handle_action(a)
            return
        if a.name == "guide":              # H: the coach
            self.ask_hint()
            return
        cur = self.focus.current
        if a.name in ("up", "down") and self.focus.visible and cur is not None \
                and cur.kind == "log" and self.menu is None:
            self.scroll_log(3 if a.name == "up" else -3)
            return
        if self.moment is not None or self.beats or self.following():
            if a.name == "confirm" and self.moment is not None:
                self.moment = None          # this moment read: the next beat
            elif a.name in ("confirm", "back"):
                self.skip_beats()           # to the next decision
            return
        if self.explore is not None or (a.name == "zoom" and not self._card_focused()):
            if self.explore_action(a):
                return
        if a.name in ("menu", "back") and self.menu is None:
            self.open_pause()
            return
        if not self.human_turn() or not self.pad_allowed(a):
            if a.name == "undo" and self.pad_allowed(a):
                self.undo()
            return
        if self.menu is not None:
            m = self.menu
            if a.name == "up":
                m.index = (m.index - 1) % len(m.choices)
            elif a.name == "down":
                m.index = (m.index + 1) % len(m.choices)
            elif a.name == "confirm":
                self.commit(m.choices[m.index].index)
            elif a.name in ("back", "undo"):
                self.menu = None
            elif a.name == "number" and 1 <= a.number <= len(m.choices):
                self.commit(m.choices[a.number - 1].index)
            return
        if a.name in ("up", "down", "left", "right"):
            self.focus.move(a.name)
            self._focus_moved()
        elif a.name == "tab":
            self.focus.next(1)
            self._focus_moved()
        elif a.name == "prev":
            self.focus.next(-1)
            self._focus_moved()
        elif a.name == "confirm":
            cur = self.focus.current
            if cur is not None:
                self.focus.visible = True
                self.pick_target(cur)
        elif a.name == "undo":
            self.undo()
        elif a.name == "number":
            opts = [b for b in self._buttons if b.name.startswith("opt")]
            if 1 <= a.number <= len(opts):
                opts[a.number - 1].action()
        elif a.name == "zoom":
            cur = self.focus.current
            if cur is not None and cur.kind == "card":
                self.hover_card = None if self.hover_card == cur.payload else cur.payload

    def _card_focused(self) -> bool:
        cur = self.focus.current
        return self.focus.visible and cur is not None and cur.kind == "card"

    def explore_action(self, a) -> bool:
        """Z / pad Y: walk the whole map with the arrows (any country's detail), Enter picks a
        lit one, Z / Esc / B leaves.  Returns True when the action was used."""
        if self.explore is None:
            cur = self.focus.current
            start = cur.payload if cur is not None and cur.kind == "country" else None
            lit = sorted(self.choices.by_country) if self.choices and self.human_turn() else []
            self.explore = start or (lit[0] if lit else "W. Germany")
            self._explore_to(self.explore)
            return True
        if a.name in ("zoom", "back"):
            self.explore = None
            self.hover_country = None
            return True
        d = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}.get(a.name)
        if d is not None:
            n = self.map.neighbour_in_direction(self.explore, *d)
            if n:
                self._explore_to(n)
            return True
        if a.name == "confirm":
            if self.human_turn() and self.pad_allowed(a) and self.choices \
                    and self.explore in self.choices.by_country:
                r = self.map.country_rect(self.explore)
                L = self.app.layout
                x0, y0 = L.to_logical(r.topleft)
                x1, y1 = L.to_logical(r.bottomright)
                name = self.explore
                self.explore = None
                self.pick_target(Target(f"country:{name}", (x0, y0, x1 - x0, y1 - y0), "country",
                                        name))
            else:
                self.app.sounds.play("deny")
                self.app.toast(f"{self.explore} is not a choice now.")
            return True
        return False

    def _explore_to(self, name):
        self.explore = name
        self.map.ensure_visible(name)
        self.hover_country = name

    def _focus_moved(self):
        cur = self.focus.current
        if cur is not None and cur.kind == "country" and hasattr(self.map, "ensure_visible"):
            self.map.ensure_visible(cur.payload)
        self.hover_country = cur.payload if cur is not None and cur.kind == "country" else None
        self.hover_card = cur.payload if cur is not None and cur.kind == "card" else None

    def _map_event(self, kind, lp, button):
        """Hand a mouse event to the map view (zoom with the wheel, pan by dragging)."""
        L = self.app.layout
        pos = L.p(*lp)
        if kind == "wheel":
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=button, flipped=False, precise_x=0.0,
                                    precise_y=float(button), touch=False, which=0)
            ev.pos = pos
        elif kind == "down":
            ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        elif kind == "up":
            ev = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        else:
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                    buttons=pygame.mouse.get_pressed() if pygame.display.get_init()
                                    else (0, 0, 0))
        try:
            return bool(self.map.handle_event(ev))
        except Exception:
            return False

    def handle_mouse(self, kind, lp, button):
        if self.demo:
            if kind in ("down", "wheel"):
                self.app.to_title()
            return
        if self.help is not None:
            if hasattr(self.help, "handle_mouse"):
                self.help.handle_mouse(kind, lp, button)
            elif kind == "up":
                self.help = None
            return
        if kind == "wheel" and _inside(LOG_R, lp):
            self.scroll_log(3 * button)
            return
        if kind == "up" and button == 1 and self.guide_click(lp):
            self._drag_from = None
            return
        if self.moment is not None or self.beats or self.following():
            if kind == "up" and button == 1:
                if self.moment is not None:
                    self.moment = None
                else:
                    self.skip_beats()
            return
        in_map = _inside(MAP_R, lp)
        if self.menu is not None:
            if kind == "up" and button == 1:
                i = self.menu.hit(lp)
                if i is not None:
                    self.commit(self.menu.choices[i].index)
                else:
                    self.menu = None
            elif kind == "move":
                i = self.menu.hit(lp)
                if i is not None:
                    self.menu.index = i
            return
        if kind == "wheel":
            if in_map:
                self._map_event(kind, lp, button)
            elif _inside(BUTTONS_R, lp) and self.choices and \
                    len(self.choices.buttons) > BUTTONS_PER_PAGE:
                self.next_page()
            return
        if kind == "move":
            self.hover_card = None
            self.hover_country = None
            for card, rect in reversed(self._card_rects):
                if _inside(rect, lp):
                    self.hover_card = card
                    break
            self.hover_track = None
            if in_map:
                self._map_event(kind, lp, button)
                try:
                    self.hover_country = self.map.country_at(self.app.layout.p(*lp))
                except Exception:
                    self.hover_country = None
            elif _inside(TRACKS_R, lp):
                try:
                    self.hover_track = self.tracks.hit(self.app.layout.p(*lp))
                except Exception:
                    self.hover_track = None
            for it in self.focus.items:
                if it.kind == "button" and _inside(it.rect, lp):
                    self.focus.focus(it)
            return
        if button != 1 and kind in ("down", "up"):
            if in_map:
                self._map_event(kind, lp, button)
            return
        if kind == "down":
            self._drag_from = lp
            if in_map:
                self._map_event(kind, lp, button)
            return
        # kind == "up": a click
        dragged = self._drag_from is not None and (abs(self._drag_from[0] - lp[0])
                                                  + abs(self._drag_from[1] - lp[1])) > 6
        self._drag_from = None
        if in_map:
            self._map_event(kind, lp, button)
        if dragged:
            return
        if self.session.can_undo() and self._hit_button("undo", lp):
            self.undo()
            return
        if _inside(TRACKS_R, lp) and self.open_track(lp):
            return
        if not self.human_turn():
            return
        if not self.pad_allowed(type("A", (), {"source": "mouse", "seat": None})()):
            return
        for b in self._buttons:
            if b.contains(lp):
                self.focus.visible = False
                b.action()
                return
        for card, rect in reversed(self._card_rects):
            if _inside(rect, lp):
                if self.choices and card in self.choices.by_card:
                    self.pick_target(Target(f"card:{card}", rect, "card", card), anchor=lp)
                else:
                    self.app.sounds.play("deny")
                    self.app.toast("That card is not a choice now.")
                return
        if in_map:
            try:
                c = self.map.country_at(self.app.layout.p(*lp))
            except Exception:
                c = None
            if c is not None and self.choices:
                if c in self.choices.by_country:
                    self.pick_target(Target(f"country:{c}", (lp[0], lp[1], 1, 1), "country", c),
                                     anchor=lp)
                elif self.choices.by_country:
                    self.app.sounds.play("deny")
                    self.app.toast(f"{c} is not a legal target now (the lit countries are).")

    def open_track(self, lp) -> bool:
        """A click on the tracks: the discard or removed pile opens face up (public), an effect in
        force opens its card in the reference."""
        try:
            key = self.tracks.hit(self.app.layout.p(*lp))
        except Exception:
            key = None
        if not key:
            return False
        kind, _, arg = key.partition(":")
        st = self.public_state(self.shown)
        if kind in ("discard", "removed"):
            cards = list(st["discard"] if kind == "discard" else st["removed"])
            title = "Discard pile" if kind == "discard" else "Removed from the game"
            self.app.stack.push(PileScene(self.app, self, title, cards))
            return True
        if kind == "scoring" and arg:      # a region's row: the map zooms there
            self.jump_to(arg)
            return True
        if kind == "effect" and arg.isdigit():
            self.toggle_help()
            if self.help is not None:
                self.help.open_card(int(arg))
            return True
        return False

    def _hit_button(self, name, lp):
        return any(b.name == name and b.contains(lp) for b in self._buttons)
