"""Input of the Twilight Struggle map scene: raw events (the help overlay's search box, the map's
zoom keys and right stick), actions from keys and pads (focus, explore mode, pad seats on one
couch) and the mouse (hover, clicks on countries, cards, buttons and tracks, drag to pan).

``MapInput`` is a part the scene holds and hands its events to.  It is built with what it uses:
the ``MapModel`` of what is shown (choices, focus, hover, menu, moment, buttons, the hand's card
rectangles), the map, the tracks, the log, the region jumps, the first-game guide and the
scene's ``MapCommands`` (commit, undo, skip the beats, help, pause...); its own state is the
mouse drag it follows."""

from __future__ import annotations

import pygame

from squabble.games.struggle.query import effect_cards
from squabble.framework.choices import TargetMenu
from squabble.framework.input import Action
from squabble.games.struggle.data import CARDS
from squabble.ui.struggle.log_panel import LOG_R
from squabble.ui.struggle.panels import BUTTONS_PER_PAGE, BUTTONS_R, MAP_R, TRACKS_R, _inside

#: a mouse click, as ``pad_allowed`` asks about it (the mouse is nobody's pad)
_CLICK = Action("click", "mouse")
#: the explore toggle, as the pad's right stick click gives it
_ZOOM = Action("zoom", "pad")


class Target:
    """One focusable thing: a lit country, a lit card, a button."""

    def __init__(self, name, rect, kind, payload=None):
        self.name, self.rect, self.kind, self.payload = name, rect, kind, payload


class MapInput:
    """Keys, pads and mouse on the map of ``model``: ``map``, ``tracks``, ``log``, ``jump`` (the
    region jumps) and ``guide`` (the first-game hints) are the parts it drives, ``commands`` what
    it asks the scene; ``drag_from``: where a mouse press began (a drag pans the map, a click
    picks)."""

    def __init__(self, model, commands, *, map, tracks, log, jump, guide):
        self.model = model
        self.commands = commands
        self.map = map
        self.tracks = tracks
        self.log = log
        self.jump = jump
        self.guide = guide
        self.drag_from = None

    def handle_raw(self, ev) -> bool:
        """Raw events before they become actions: the help overlay's search box, and the map's
        own zoom keys (+, -, Ctrl+arrows) and right stick / triggers."""
        m = self.model
        if m.help is not None:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
                m.help = None
                return True
            used = False
            try:
                used = bool(m.help.handle_event(ev))
            except Exception:
                used = False
            if getattr(m.help, "closed", False):
                m.help = None
                return True
            return used or ev.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if m.demo:
            return False
        if self.log.key(m.app.layout, ev) or self.jump.key(ev) or self.pad_raw(ev):
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

    def pad_raw(self, ev) -> bool:
        """Pad Y asks the coach for a hint on the map scene (the pad's explore moves to the right
        stick's click)."""
        if ev.type != pygame.CONTROLLERBUTTONDOWN:
            return False
        if ev.button == pygame.CONTROLLER_BUTTON_Y:
            self.commands.hint()
            return True
        if ev.button == pygame.CONTROLLER_BUTTON_RIGHTSTICK:
            self.explore_action(_ZOOM)
            return True
        return False

    def pad_allowed(self, a) -> bool:
        """On one couch each pad drives its own side."""
        m = self.model
        if a.source != "pad" or m.session.mode != "hotseat" or a.seat is None:
            return True
        d = m.session.decision()
        if d is None:
            return True
        if m.seat_of(d["player"]) != a.seat:
            m.app.toast(f"It is the {d['player']} player's decision.")
            return False
        return True

    def handle_action(self, a):
        m = self.model
        if m.demo:
            m.app.to_title()
            return
        if m.help is not None:
            if a.name in ("back", "help", "menu"):
                m.help = None
            elif hasattr(m.help, "handle_action"):
                m.help.handle_action(a)
            return
        if a.name == "guide":              # H: the coach
            self.commands.hint()
            return
        cur = m.focus.current
        if a.name in ("up", "down") and m.focus.visible and cur is not None \
                and cur.kind == "log" and m.menu is None:
            self.log.scroll_by(m.app.layout, 3 if a.name == "up" else -3)
            return
        if m.moment is not None or m.flow.beats or m.following():
            if a.name == "confirm" and m.moment is not None:
                m.moment = None          # this moment read: the next beat
            elif a.name in ("confirm", "back"):
                self.commands.skip_beats()           # to the next decision
            return
        if m.explore is not None or (a.name == "zoom" and not self._card_focused()):
            if self.explore_action(a):
                return
        if a.name in ("menu", "back") and m.menu is None:
            self.commands.pause()
            return
        if not m.human_turn() or not self.pad_allowed(a):
            if a.name == "undo" and self.pad_allowed(a):
                self.commands.undo()
            return
        if m.menu is not None:
            menu = m.menu
            if a.name == "up":
                menu.index = (menu.index - 1) % len(menu.choices)
            elif a.name == "down":
                menu.index = (menu.index + 1) % len(menu.choices)
            elif a.name == "confirm":
                self.commands.commit(menu.choices[menu.index].index)
            elif a.name in ("back", "undo"):
                m.menu = None
            elif a.name == "number" and 1 <= a.number <= len(menu.choices):
                self.commands.commit(menu.choices[a.number - 1].index)
            return
        if a.name in ("up", "down", "left", "right"):
            m.focus.move(a.name)
            self._focus_moved()
        elif a.name == "tab":
            m.focus.next(1)
            self._focus_moved()
        elif a.name == "prev":
            m.focus.next(-1)
            self._focus_moved()
        elif a.name == "confirm":
            cur = m.focus.current
            if cur is not None:
                m.focus.visible = True
                self.pick_target(cur)
        elif a.name == "undo":
            self.commands.undo()
        elif a.name == "number":
            opts = [b for b in m.buttons if b.name.startswith("opt")]
            if 1 <= a.number <= len(opts):
                opts[a.number - 1].action()
        elif a.name == "zoom":
            cur = m.focus.current
            if cur is not None and cur.kind == "card":
                m.hover_card = None if m.hover_card == cur.payload else cur.payload

    def _card_focused(self) -> bool:
        m = self.model
        cur = m.focus.current
        return m.focus.visible and cur is not None and cur.kind == "card"

    def explore_action(self, a) -> bool:
        """Z / pad Y: walk the whole map with the arrows (any country's detail), Enter picks a
        lit one, Z / Esc / B leaves.  Returns True when the action was used."""
        m = self.model
        if m.explore is None:
            cur = m.focus.current
            start = cur.payload if cur is not None and cur.kind == "country" else None
            lit = sorted(m.choices.by_country) if m.choices and m.human_turn() else []
            m.explore = start or (lit[0] if lit else "W. Germany")
            self._explore_to(m.explore)
            return True
        if a.name in ("zoom", "back"):
            m.explore = None
            m.hover_country = None
            return True
        d = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}.get(a.name)
        if d is not None:
            n = self.map.neighbour_in_direction(m.explore, *d)
            if n:
                self._explore_to(n)
            return True
        if a.name == "confirm":
            if m.human_turn() and self.pad_allowed(a) and m.choices \
                    and m.explore in m.choices.by_country:
                r = self.map.country_rect(m.explore)
                L = m.app.layout
                x0, y0 = L.to_logical(r.topleft)
                x1, y1 = L.to_logical(r.bottomright)
                name = m.explore
                m.explore = None
                self.pick_target(Target(f"country:{name}", (x0, y0, x1 - x0, y1 - y0), "country",
                                        name))
            else:
                m.app.sounds.play("deny")
                m.app.toast(f"{m.explore} is not a choice now.")
            return True
        return False

    def _explore_to(self, name):
        m = self.model
        m.explore = name
        self.map.ensure_visible(name)
        m.hover_country = name

    def _focus_moved(self):
        m = self.model
        cur = m.focus.current
        if cur is not None and cur.kind == "country" and hasattr(self.map, "ensure_visible"):
            self.map.ensure_visible(cur.payload)
        m.hover_country = cur.payload if cur is not None and cur.kind == "country" else None
        m.hover_card = cur.payload if cur is not None and cur.kind == "card" else None
        m.hover_button = None        # the keys moved on: the focus says its own

    def _map_event(self, kind, lp, button):
        """Hand a mouse event to the map view (zoom with the wheel, pan by dragging)."""
        m = self.model
        L = m.app.layout
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
        m = self.model
        if m.demo:
            if kind in ("down", "wheel"):
                m.app.to_title()
            return
        if m.help is not None:
            if hasattr(m.help, "handle_mouse"):
                m.help.handle_mouse(kind, lp, button)
            elif kind == "up":
                m.help = None
            return
        if kind == "wheel" and _inside(LOG_R, lp):
            self.log.scroll_by(m.app.layout, 3 * button)
            return
        if kind == "up" and button == 1 and self.guide.click(lp):
            self.drag_from = None
            return
        if m.moment is not None or m.flow.beats or m.following():
            if kind == "up" and button == 1:
                if m.moment is not None:
                    m.moment = None
                else:
                    self.commands.skip_beats()
            return
        in_map = _inside(MAP_R, lp)
        if m.menu is not None:
            if kind == "up" and button == 1:
                i = m.menu.hit(lp)
                if i is not None:
                    self.commands.commit(m.menu.choices[i].index)
                else:
                    m.menu = None
            elif kind == "move":
                i = m.menu.hit(lp)
                if i is not None:
                    m.menu.index = i
            return
        if kind == "wheel":
            if in_map:
                self._map_event(kind, lp, button)
            elif _inside(BUTTONS_R, lp) and m.choices and \
                    len(m.choices.buttons) > BUTTONS_PER_PAGE:
                self.commands.next_page()
            return
        if kind == "move":
            m.hover_card = None
            m.hover_country = None
            for card, rect in reversed(m.card_rects):
                if _inside(rect, lp):
                    m.hover_card = card
                    break
            m.hover_track = None
            if in_map:
                self._map_event(kind, lp, button)
                try:
                    m.hover_country = self.map.country_at(m.app.layout.p(*lp))
                except Exception:
                    m.hover_country = None
            elif _inside(TRACKS_R, lp):
                try:
                    m.hover_track = self.tracks.hit(m.app.layout.p(*lp))
                except Exception:
                    m.hover_track = None
            m.hover_button = None
            for it in m.focus.items:
                if it.kind == "button" and _inside(it.rect, lp):
                    m.focus.focus(it)
                    m.hover_button = it.payload.name   # its risk is said as the focus's is
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
        if m.session.can_undo() and self._hit_button("undo", lp):
            self.commands.undo()
            return
        if _inside(TRACKS_R, lp) and self.open_track(lp):
            return
        if not m.human_turn():
            return
        if not self.pad_allowed(_CLICK):
            return
        for b in m.buttons:
            if b.contains(lp):
                m.focus.visible = False
                b.action()
                return
        for card, rect in reversed(m.card_rects):
            if _inside(rect, lp):
                if m.choices and card in m.choices.by_card:
                    self.pick_target(Target(f"card:{card}", rect, "card", card), anchor=lp)
                else:
                    m.app.sounds.play("deny")
                    m.app.toast("That card is not a choice now.")
                return
        if in_map:
            try:
                c = self.map.country_at(m.app.layout.p(*lp))
            except Exception:
                c = None
            if c is not None and m.choices:
                if c in m.choices.by_country:
                    self.pick_target(Target(f"country:{c}", (lp[0], lp[1], 1, 1), "country", c),
                                     anchor=lp)
                elif m.choices.by_country:
                    m.app.sounds.play("deny")
                    m.app.toast(f"{c} is not a legal target now (the lit countries are).")

    def open_track(self, lp) -> bool:
        """A click on the tracks: the discard or removed pile opens face up (public), an effect in
        force opens its card in the reference."""
        m = self.model
        try:
            key = self.tracks.hit(m.app.layout.p(*lp))
        except Exception:
            key = None
        if not key:
            return False
        kind, _, arg = key.partition(":")
        st = m.public_state(m.shown)
        if kind in ("discard", "removed"):
            cards = list(st["discard"] if kind == "discard" else st["removed"])
            title = "Discard pile" if kind == "discard" else "Removed from the game"
            self.commands.open_pile(title, cards)
            return True
        if kind == "scoring" and arg:      # a region's row: the map zooms there
            self.jump.jump_to(arg)
            return True
        if kind == "effects":             # "+N more": every card in force
            self.commands.open_pile("Effects in force", list(dict.fromkeys(effect_cards(st))))
            return True
        if kind == "effect" and arg.isdigit():
            self.commands.help()
            if m.help is not None:
                m.help.open_card(int(arg))
            return True
        return False

    def pick_target(self, target, anchor=None):
        """A lit country or card picked (its one option is committed, several open a menu
        beside it), or a button pressed."""
        m = self.model
        cs = m.choices
        if cs is None:
            return
        if target.kind == "button":
            target.payload.action()
            return
        chs = cs.for_target(country=target.payload) if target.kind == "country" else \
            cs.for_target(card=target.payload)
        if not chs:
            return
        if len(chs) == 1:
            self.commands.commit(chs[0].index)
        else:
            x, y, w, h = target.rect
            title = target.payload if target.kind == "country" else CARDS[target.payload]["name"]
            m.menu = TargetMenu(str(title), chs, anchor or (x + w, y))

    def _hit_button(self, name, lp):
        m = self.model
        return any(b.name == name and b.contains(lp) for b in m.buttons)

