"""Input of the Twilight Struggle map scene: raw events (the help overlay's search box, the map's
zoom keys and right stick), actions from keys and pads (focus, explore mode, pad seats on one
couch) and the mouse (hover, clicks on countries, cards, buttons and tracks, drag to pan).

``MapInput`` is a part the scene holds and hands its events to: it is given the scene and
reads and calls only the scene's public state and methods (choices, focus, map, menu, commit,
undo); its own state is the mouse drag it follows."""

from __future__ import annotations

import pygame

from squabble.games.struggle.query import effect_cards
from squabble.ui.struggle.log_panel import LOG_R
from squabble.ui.struggle.panels import (BUTTONS_PER_PAGE, BUTTONS_R, MAP_R, TRACKS_R, PileScene,
                                         _inside)


class Target:
    """One focusable thing: a lit country, a lit card, a button."""

    def __init__(self, name, rect, kind, payload=None):
        self.name, self.rect, self.kind, self.payload = name, rect, kind, payload


class MapInput:
    """Keys, pads and mouse for the map scene ``scene``; ``drag_from``: where a mouse press
    began (a drag pans the map, a click picks)."""

    def __init__(self, scene):
        self.scene = scene
        self.drag_from = None

    def handle_raw(self, ev) -> bool:
        """Raw events before they become actions: the help overlay's search box, and the map's
        own zoom keys (+, -, Ctrl+arrows) and right stick / triggers."""
        sc = self.scene
        if sc.help is not None:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
                sc.help = None
                return True
            used = False
            try:
                used = bool(sc.help.handle_event(ev))
            except Exception:
                used = False
            if getattr(sc.help, "closed", False):
                sc.help = None
                return True
            return used or ev.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if sc.demo:
            return False
        if sc.log.key(sc.app.layout, ev) or sc.jump.key(ev) or self.pad_raw(ev):
            return True
        if ev.type in (pygame.KEYDOWN, pygame.CONTROLLERAXISMOTION):
            if ev.type == pygame.CONTROLLERAXISMOTION and ev.axis in (
                    pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
                return False
            try:
                return bool(sc.map.handle_event(ev))
            except Exception:
                return False
        return False

    def pad_raw(self, ev) -> bool:
        """Pad Y asks the coach for a hint on the map scene (the pad's explore moves to the right
        stick's click)."""
        if ev.type != pygame.CONTROLLERBUTTONDOWN:
            return False
        if ev.button == pygame.CONTROLLER_BUTTON_Y:
            self.scene.ask_hint()
            return True
        if ev.button == pygame.CONTROLLER_BUTTON_RIGHTSTICK:
            self.explore_action(_Zoom())
            return True
        return False

    def pad_allowed(self, a) -> bool:
        """On one couch each pad drives its own side."""
        sc = self.scene
        if a.source != "pad" or sc.session.mode != "hotseat" or a.seat is None:
            return True
        d = sc.session.decision()
        if d is None:
            return True
        if sc.seat_of(d["player"]) != a.seat:
            sc.app.toast(f"It is the {d['player']} player's decision.")
            return False
        return True

    def handle_action(self, a):
        sc = self.scene
        if sc.demo:
            sc.app.to_title()
            return
        if sc.help is not None:
            if a.name in ("back", "help", "menu"):
                sc.help = None
            elif hasattr(sc.help, "handle_action"):
                sc.help.handle_action(a)
            return
        if a.name == "guide":              # H: the coach
            sc.ask_hint()
            return
        cur = sc.focus.current
        if a.name in ("up", "down") and sc.focus.visible and cur is not None \
                and cur.kind == "log" and sc.menu is None:
            sc.log.scroll_by(sc.app.layout, 3 if a.name == "up" else -3)
            return
        if sc.moment is not None or sc.flow.beats or sc.following():
            if a.name == "confirm" and sc.moment is not None:
                sc.moment = None          # this moment read: the next beat
            elif a.name in ("confirm", "back"):
                sc.skip_beats()           # to the next decision
            return
        if sc.explore is not None or (a.name == "zoom" and not self._card_focused()):
            if self.explore_action(a):
                return
        if a.name in ("menu", "back") and sc.menu is None:
            sc.open_pause()
            return
        if not sc.human_turn() or not self.pad_allowed(a):
            if a.name == "undo" and self.pad_allowed(a):
                sc.undo()
            return
        if sc.menu is not None:
            m = sc.menu
            if a.name == "up":
                m.index = (m.index - 1) % len(m.choices)
            elif a.name == "down":
                m.index = (m.index + 1) % len(m.choices)
            elif a.name == "confirm":
                sc.commit(m.choices[m.index].index)
            elif a.name in ("back", "undo"):
                sc.menu = None
            elif a.name == "number" and 1 <= a.number <= len(m.choices):
                sc.commit(m.choices[a.number - 1].index)
            return
        if a.name in ("up", "down", "left", "right"):
            sc.focus.move(a.name)
            self._focus_moved()
        elif a.name == "tab":
            sc.focus.next(1)
            self._focus_moved()
        elif a.name == "prev":
            sc.focus.next(-1)
            self._focus_moved()
        elif a.name == "confirm":
            cur = sc.focus.current
            if cur is not None:
                sc.focus.visible = True
                sc.pick_target(cur)
        elif a.name == "undo":
            sc.undo()
        elif a.name == "number":
            opts = [b for b in sc._buttons if b.name.startswith("opt")]
            if 1 <= a.number <= len(opts):
                opts[a.number - 1].action()
        elif a.name == "zoom":
            cur = sc.focus.current
            if cur is not None and cur.kind == "card":
                sc.hover_card = None if sc.hover_card == cur.payload else cur.payload

    def _card_focused(self) -> bool:
        sc = self.scene
        cur = sc.focus.current
        return sc.focus.visible and cur is not None and cur.kind == "card"

    def explore_action(self, a) -> bool:
        """Z / pad Y: walk the whole map with the arrows (any country's detail), Enter picks a
        lit one, Z / Esc / B leaves.  Returns True when the action was used."""
        sc = self.scene
        if sc.explore is None:
            cur = sc.focus.current
            start = cur.payload if cur is not None and cur.kind == "country" else None
            lit = sorted(sc.choices.by_country) if sc.choices and sc.human_turn() else []
            sc.explore = start or (lit[0] if lit else "W. Germany")
            self._explore_to(sc.explore)
            return True
        if a.name in ("zoom", "back"):
            sc.explore = None
            sc.hover_country = None
            return True
        d = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}.get(a.name)
        if d is not None:
            n = sc.map.neighbour_in_direction(sc.explore, *d)
            if n:
                self._explore_to(n)
            return True
        if a.name == "confirm":
            if sc.human_turn() and self.pad_allowed(a) and sc.choices \
                    and sc.explore in sc.choices.by_country:
                r = sc.map.country_rect(sc.explore)
                L = sc.app.layout
                x0, y0 = L.to_logical(r.topleft)
                x1, y1 = L.to_logical(r.bottomright)
                name = sc.explore
                sc.explore = None
                sc.pick_target(Target(f"country:{name}", (x0, y0, x1 - x0, y1 - y0), "country",
                                        name))
            else:
                sc.app.sounds.play("deny")
                sc.app.toast(f"{sc.explore} is not a choice now.")
            return True
        return False

    def _explore_to(self, name):
        sc = self.scene
        sc.explore = name
        sc.map.ensure_visible(name)
        sc.hover_country = name

    def _focus_moved(self):
        sc = self.scene
        cur = sc.focus.current
        if cur is not None and cur.kind == "country" and hasattr(sc.map, "ensure_visible"):
            sc.map.ensure_visible(cur.payload)
        sc.hover_country = cur.payload if cur is not None and cur.kind == "country" else None
        sc.hover_card = cur.payload if cur is not None and cur.kind == "card" else None

    def _map_event(self, kind, lp, button):
        """Hand a mouse event to the map view (zoom with the wheel, pan by dragging)."""
        sc = self.scene
        L = sc.app.layout
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
            return bool(sc.map.handle_event(ev))
        except Exception:
            return False

    def handle_mouse(self, kind, lp, button):
        sc = self.scene
        if sc.demo:
            if kind in ("down", "wheel"):
                sc.app.to_title()
            return
        if sc.help is not None:
            if hasattr(sc.help, "handle_mouse"):
                sc.help.handle_mouse(kind, lp, button)
            elif kind == "up":
                sc.help = None
            return
        if kind == "wheel" and _inside(LOG_R, lp):
            sc.log.scroll_by(sc.app.layout, 3 * button)
            return
        if kind == "up" and button == 1 and sc.guide.click(lp):
            self.drag_from = None
            return
        if sc.moment is not None or sc.flow.beats or sc.following():
            if kind == "up" and button == 1:
                if sc.moment is not None:
                    sc.moment = None
                else:
                    sc.skip_beats()
            return
        in_map = _inside(MAP_R, lp)
        if sc.menu is not None:
            if kind == "up" and button == 1:
                i = sc.menu.hit(lp)
                if i is not None:
                    sc.commit(sc.menu.choices[i].index)
                else:
                    sc.menu = None
            elif kind == "move":
                i = sc.menu.hit(lp)
                if i is not None:
                    sc.menu.index = i
            return
        if kind == "wheel":
            if in_map:
                self._map_event(kind, lp, button)
            elif _inside(BUTTONS_R, lp) and sc.choices and \
                    len(sc.choices.buttons) > BUTTONS_PER_PAGE:
                sc.next_page()
            return
        if kind == "move":
            sc.hover_card = None
            sc.hover_country = None
            for card, rect in reversed(sc._card_rects):
                if _inside(rect, lp):
                    sc.hover_card = card
                    break
            sc.hover_track = None
            if in_map:
                self._map_event(kind, lp, button)
                try:
                    sc.hover_country = sc.map.country_at(sc.app.layout.p(*lp))
                except Exception:
                    sc.hover_country = None
            elif _inside(TRACKS_R, lp):
                try:
                    sc.hover_track = sc.tracks.hit(sc.app.layout.p(*lp))
                except Exception:
                    sc.hover_track = None
            for it in sc.focus.items:
                if it.kind == "button" and _inside(it.rect, lp):
                    sc.focus.focus(it)
            return
        if button != 1 and kind in ("down", "up"):
            if in_map:
                self._map_event(kind, lp, button)
            return
        if kind == "down":
            self.drag_from = lp
            if in_map:
                self._map_event(kind, lp, button)
            return
        # kind == "up": a click
        dragged = self.drag_from is not None and (abs(self.drag_from[0] - lp[0])
                                                  + abs(self.drag_from[1] - lp[1])) > 6
        self.drag_from = None
        if in_map:
            self._map_event(kind, lp, button)
        if dragged:
            return
        if sc.session.can_undo() and self._hit_button("undo", lp):
            sc.undo()
            return
        if _inside(TRACKS_R, lp) and self.open_track(lp):
            return
        if not sc.human_turn():
            return
        if not self.pad_allowed(type("A", (), {"source": "mouse", "seat": None})()):
            return
        for b in sc._buttons:
            if b.contains(lp):
                sc.focus.visible = False
                b.action()
                return
        for card, rect in reversed(sc._card_rects):
            if _inside(rect, lp):
                if sc.choices and card in sc.choices.by_card:
                    sc.pick_target(Target(f"card:{card}", rect, "card", card), anchor=lp)
                else:
                    sc.app.sounds.play("deny")
                    sc.app.toast("That card is not a choice now.")
                return
        if in_map:
            try:
                c = sc.map.country_at(sc.app.layout.p(*lp))
            except Exception:
                c = None
            if c is not None and sc.choices:
                if c in sc.choices.by_country:
                    sc.pick_target(Target(f"country:{c}", (lp[0], lp[1], 1, 1), "country", c),
                                     anchor=lp)
                elif sc.choices.by_country:
                    sc.app.sounds.play("deny")
                    sc.app.toast(f"{c} is not a legal target now (the lit countries are).")

    def open_track(self, lp) -> bool:
        """A click on the tracks: the discard or removed pile opens face up (public), an effect in
        force opens its card in the reference."""
        sc = self.scene
        try:
            key = sc.tracks.hit(sc.app.layout.p(*lp))
        except Exception:
            key = None
        if not key:
            return False
        kind, _, arg = key.partition(":")
        st = sc.public_state(sc.shown)
        if kind in ("discard", "removed"):
            cards = list(st["discard"] if kind == "discard" else st["removed"])
            title = "Discard pile" if kind == "discard" else "Removed from the game"
            sc.app.stack.push(PileScene(sc.app, sc, title, cards))
            return True
        if kind == "scoring" and arg:      # a region's row: the map zooms there
            sc.jump.jump_to(arg)
            return True
        if kind == "effects":             # "+N more": every card in force
            sc.app.stack.push(PileScene(sc.app, sc, "Effects in force",
                                        list(dict.fromkeys(effect_cards(st)))))
            return True
        if kind == "effect" and arg.isdigit():
            sc.toggle_help()
            if sc.help is not None:
                sc.help.open_card(int(arg))
            return True
        return False

    def _hit_button(self, name, lp):
        sc = self.scene
        return any(b.name == name and b.contains(lp) for b in sc._buttons)


class _Zoom:
    """The explore toggle, as the pad's right stick click gives it."""
    name = "zoom"
    source = "pad"
    seat = None
