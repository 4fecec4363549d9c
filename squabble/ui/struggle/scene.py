"""The Twilight Struggle map scene: the map, the tracks, your hand, the prompt, the log.

The turn is the framework's (``framework/turnflow.py``): the scene holds a ``TurnFlow`` and is
its view, so waiting, the computer thinking, the hand-off, a person's turn, the beats of a
decision, undo and the end happen in one place for every game; the scene only shows them
(``flow_*`` below).  Its other parts are objects it holds, each with the state it owns: the
map drawing (``MapView``), the tracks (``TracksPanel``), the log (``LogPanel``), the badges of
the other side's moves (``FollowOpponent``), the coach, the first-game guide, the lesson
(``Tutor``), the region jumps, the input (``MapInput``) and the panels (``MapPanels``); the hand
row is a function drawing what the scene shows.  What is shown (choices, focus, hover, menu,
moment, buttons, card rectangles) is the ``MapModel`` (``model.py``): the input and the panels
are built with it, the collaborators they use and the scene's ``MapCommands`` (commit, undo,
skip the beats, help, pause...), never with the scene.  Every engine decision appears where it
belongs: lit countries on the map, lit cards in the hand, buttons with the engine's own text for
the rest.

Privacy: a card face is drawn only through ``_card``, which asks ``may_show`` (the session's
one rule, ``TurnFlow.viewer``, and the engine's ``hidden_from``), and notes every face in the
framework's ``FACE_UP`` record as ``"ts:<number>"``.
"""

from __future__ import annotations

import pygame

from squabble.framework.choices import ChoiceSet
from squabble.framework.handoff import HandOffScene
from squabble.framework.scene import Scene
from squabble.framework.turnflow import BEATS, HUMAN, OVER, TurnFlow
from squabble.framework import linebanner
from squabble.framework.widgets import Button
from squabble.games.struggle.data import ENEMY
from squabble.ui.struggle import hand_row, saves
from squabble.ui.struggle import warnings as W
from squabble.ui.struggle.coach import Coach, clear_of_panel
from squabble.ui.struggle.follow import FollowOpponent
from squabble.ui.struggle.guide import StruggleGuide
from squabble.ui.struggle.log_panel import LOG_R, LogPanel
from squabble.ui.struggle.model import MapCommands, MapModel
from squabble.ui.struggle.moments import SIDE_COL, coup_first, draw_moment, moment_for
from squabble.ui.struggle.region_jump import RegionJump
from squabble.ui.struggle.scene_input import MapInput, Target
from squabble.ui.struggle.screens import StrugglePauseScene, StruggleResultScene
from squabble.ui.struggle.tutorial import Tutor
from squabble.ui.struggle.panels import (  # noqa: F401  (vp_after: used by tests)
    BG, BUTTONS_PER_PAGE, BUTTONS_R, FOCUS, MAP_R, ROW, TRACKS_R, MapPanels, PileScene, vp_after,
    vp_text,
)


def _import_views():
    from squabble.ui.struggle.map_view import MapView
    from squabble.ui.struggle.tracks import TracksPanel
    from squabble.ui.struggle import card_art
    return MapView, TracksPanel, card_art


class _Shown:
    """A field of the scene's ``MapModel``, read and set on the scene as before (tests and the
    screens over the map ask the scene)."""

    def __init__(self, name):
        self.name = name

    def __get__(self, scene, owner=None):
        return self if scene is None else getattr(scene.model, self.name)

    def __set__(self, scene, value):
        setattr(scene.model, self.name, value)


class StruggleScene(Scene):
    name = "struggle"
    shown = _Shown("shown")                 # what is shown: the model's (model.py)
    moment = _Shown("moment")
    pause_t = _Shown("pause_t")
    choices = _Shown("choices")
    choice_key = _Shown("choice_key")
    page = _Shown("page")
    focus = _Shown("focus")
    menu = _Shown("menu")
    hover_card = _Shown("hover_card")
    hover_country = _Shown("hover_country")
    hover_track = _Shown("hover_track")
    explore = _Shown("explore")
    warning_strip = _Shown("warning_strip")
    help = _Shown("help")
    t = _Shown("t")
    _buttons = _Shown("buttons")
    _card_rects = _Shown("card_rects")

    def __init__(self, app, session, demo: bool = False, again=None):
        """``again(setup)``: a new game of the same set-up (the result screen's "play
        again")."""
        super().__init__(app)
        MapView, TracksPanel, card_art = _import_views()
        self.session = session
        self.demo = demo
        self.again = again
        self.flow = TurnFlow(session, self)
        self.map = MapView()
        self.tracks = TracksPanel()
        self.card_art = card_art
        self.log = LogPanel(session.log)
        self.follow = FollowOpponent(session)
        self.coach = Coach(app, session)
        self.tutor = Tutor(session, bool(session.setup.get("tutorial")) and not demo)
        self.coach.path = self.tutor.path if self.tutor.on else None   # the lesson's path
        self.guide = StruggleGuide(bool(session.setup.get("guide")) and not demo
                                   and not self.tutor.on, memo=session.ui)
        self.jump = RegionJump(self.map)
        self.model = MapModel(app, session, self.flow, self.follow, demo)
        self.commands = MapCommands(commit=self.commit, undo=self.undo,
                                    skip_beats=self.skip_beats, help=self.toggle_help,
                                    pause=self.open_pause, hint=self.ask_hint,
                                    next_page=self.next_page, open_pile=self.open_pile)
        self.input = MapInput(self.model, self.commands, map=self.map, tracks=self.tracks,
                              log=self.log, jump=self.jump, guide=self.guide)
        self.panels = MapPanels(self.model, log=self.log, map=self.map, tracks=self.tracks,
                                card=self._card)
        self.result_t = 0.0
        self._handoff = None         # the hand-off screen this scene pushed last
        self._last_size = None
        self._drawn = None

    # ---------------------------------------------------------------- helpers (the model's)
    @property
    def speed(self) -> float:
        return self.model.speed

    @property
    def thinker(self):
        """The computer's thought in progress (the flow's), or None."""
        return self.flow.thinker

    def colour_blind(self) -> bool:
        return self.model.colour_blind()

    def viewer(self):
        return self.model.viewer()

    def may_show(self, card: int, state=None) -> bool:
        return self.model.may_show(card, state)

    def may_show_hand(self, card) -> bool:
        return self.model.may_show_hand(card)

    def revealed_now(self) -> tuple:
        return self.model.revealed_now()

    def _moment_card(self, surf, card, rect):
        rv = self.revealed_now()
        self._card(surf, card, rect,
                   face_up=self.may_show(card) or (rv is not None and card in rv[1]))

    def _card(self, surf, card: int, rect, *, face_up: bool, highlight=None, dim=False,
              row=False):
        """The only place a Struggle card reaches the screen (face-up draws are recorded by
        ``card_art.draw_card`` / ``draw_row`` in FACE_UP as "struggle:<number>").  ``row``: the
        card as one line of a list (the hand when there is no room for whole cards)."""
        L = self.app.layout
        r = L.r(rect)
        if row:
            self.card_art.draw_row(surf, card if face_up else 0, r, face_up)
        else:
            pygame.draw.rect(surf, (0, 0, 0), r.move(L.s(2), L.s(3)), border_radius=L.s(6))
            self.card_art.draw_card(surf, card if face_up else 0, r, face_up,
                                    colourblind=self.colour_blind())
        if dim:
            veil = pygame.Surface(r.size, pygame.SRCALPHA)
            veil.fill((10, 12, 20, 130))
            surf.blit(veil, r)
        if highlight:
            pygame.draw.rect(surf, highlight, r.inflate(L.s(6), L.s(6)), max(2, L.s(3)),
                             border_radius=L.s(7))
        return r

    def public_state(self, st):
        return self.model.public_state(st)

    def following(self) -> bool:
        return self.model.following()

    def handoff_open(self) -> bool:
        return self.model.handoff_open()

    def human_turn(self) -> bool:
        return self.model.human_turn()

    def plain_prompt(self) -> tuple[str, str]:
        return self.panels.plain_prompt()

    # ---------------------------------------------------------------- lifecycle
    def on_enter(self):
        self.app.on_help = self.toggle_help

    def on_resume(self):
        self.app.on_help = self.toggle_help
        from squabble.ui.struggle.players import follow_settings
        follow_settings(self.session, self.app.settings)   # Options may have changed
        self.flow.resume()      # a private screen the pause menu covered: behind the hand-off

    def on_exit(self):
        if getattr(self.app, "open_rules", None):
            self.app.on_help = self.app.open_rules

    def toggle_help(self):
        if self.help is None:
            try:
                from squabble.ui.struggle.help import StruggleHelp
                self.help = StruggleHelp()
                cur = self.focus.current if self.focus.visible else None
                card = self.hover_card if self.hover_card is not None else (
                    cur.payload if cur is not None and cur.kind == "card" else None)
                if card is not None and self.may_show_hand(card):
                    self.help.open_card(card)   # F1 on a card: its reference page
            except Exception as e:  # help text missing must never stop the game
                self.app.toast(f"Rules help is not available ({type(e).__name__}).")
                self.help = None
        else:
            self.help = None

    # ---------------------------------------------------------------- input (MapInput)
    def handle_raw(self, ev) -> bool:
        return self.input.handle_raw(ev)

    def handle_action(self, a):
        if a.name == "chat" and getattr(self.session, "say", None) is not None:
            # (online: the box for a word to the friend; elsewhere T does nothing)
            self.app.open_chat(self.session)
            return
        self.input.handle_action(a)

    def chat_area(self) -> tuple:
        """The chat box goes over the log panel (ui/online/chat.py): the hand and the map
        stay in view."""
        return (LOG_R[0] + 2, LOG_R[1] - 8, LOG_R[2] - 4, LOG_R[3] + 6)

    def handle_mouse(self, kind, lp, button):
        self.input.handle_mouse(kind, lp, button)

    def ask_hint(self):
        self.coach.ask(self.human_turn(), self.viewer(), on_look=self._rebuild_choices)

    def _rebuild_choices(self):
        self.choice_key = None

    # ---------------------------------------------------------------- acting
    def commit(self, index: int, confirmed: bool = False):
        """Apply option ``index`` through the flow; the lesson may refuse it, and one the
        engine says loses the game asks first."""
        refused = self.tutor.refuses(index)
        if refused:                     # the lesson asks for another move
            self.app.sounds.play("deny")
            self.app.toast(refused)
            return
        sentence = "" if confirmed else W.needs_confirmation(self.session, index)
        if sentence:
            key = self.choice_key

            def yes():
                if self.choice_key == key:     # still the same decision
                    self.commit(index, confirmed=True)
            self.menu = None
            W.ask_then_commit(self.app, sentence, yes)
            return
        if not self.flow.commit(index):
            self._say_error()
            return
        self._say_error()

    def _say_error(self):
        if self.flow.error:
            self.app.toast(self.flow.error)
            self.flow.error = ""

    def undo(self):
        """Take back the newest decision of the side that may undo now (on one couch the side
        deciding now, never the other side's: ``Session.undo_side``)."""
        if self.flow.beats or self.moment:
            self.skip_beats()
        if self.flow.undo():
            self.app.sounds.play("select")
            self.app.toast("Decision taken back.")
        else:
            self.app.sounds.play("deny")
            self.app.toast("Nothing to take back: undo stops at a die roll, a card draw, a "
                           "revealed card or the other side's decision.")

    def skip_beats(self):
        """To the next decision: the moment on screen goes, the waiting beats are noted at
        once, and the rest of the other side's turn plays without pauses."""
        self.moment = None
        self.pause_t = 0.0
        self.follow.hurry = True
        self.flow.skip_beats()
        self.shown = self.session.state

    # ---------------------------------------------------------------- the flow's view
    def flow_committed(self, decision, index, beats):
        """A decision was applied (the person's or the computer's): its beats are marked with
        who made them and put in the order a person follows them (a coup before the DEFCON
        drop it causes: ``coup_first``)."""
        self.app.sounds.play("click")
        if self.explore is None:
            self.hover_country = None   # its detail must not cover the map through the beats
        self.model.hover_button = None  # (the next decision's buttons are others)
        self.explore = None
        self.menu = None
        self.choices = None
        self.choice_key = None
        side = decision["player"]
        beats[:] = coup_first(beats)     # (first: the beats it makes are marked too)
        self.follow.mark_beats(beats, side)
        if self.session.controller(side) == "human":
            self.follow.decided(side)

    def flow_beat(self, b, instant: bool):
        """One beat: its line in the log, its badges, its state on screen, and its moment (or a
        short stop) unless the player is in a hurry or the speed is instant."""
        self.follow.note_beat(b, self.shown)
        self.shown = b.state
        self.log.add(b.line, b.kind, b.data)
        if instant or self.speed <= 0:
            return
        m = moment_for(b.kind, b.data, b.line, b.state.get("options"))
        if m is not None:
            after = vp_after(b.kind, b.data)
            if after is not None:   # the line is logged just before the marker moves
                m.lines.append(f"Victory points now: {vp_text(after)}")
                # the tracks behind the moment agree with it (not the VP before scoring)
                self.shown = dict(b.state, vp=after)
            self.moment = m
            if m.sound:
                self.app.sounds.play(m.sound)
        elif b.kind in ("influence", "play", "event"):
            self.pause_t = (self.follow.beat_pause(b, bool(self.flow.beats), self.speed)
                            if b.kind == "influence" else 0.12 * self.speed)
            self.app.sounds.play("token" if b.kind == "influence" else "card")

    def flow_beat_busy(self) -> bool:
        return self.moment is not None or self.pause_t > 0

    def flow_handoff(self, side, confirm):
        """The hand-off screen over the map: the words say what the side is to decide."""
        self.shown = self.session.state
        if self._handoff is not None and self._handoff in self.app.stack.scenes:
            self._handoff.on_confirm = confirm      # already up: it confirms this turn
            return
        seat = self.seat_of(side)

        def accepts(a):
            return a.source != "pad" or a.seat is None or a.seat == seat

        kind = (self.session.describe() or {}).get("kind", "")
        what = {"headline": "a headline to choose",
                "setup_influence": "your starting influence to place, seeing your hand",
                "handicap_influence": "your extra influence to place, seeing your hand",
                }.get(kind, "a choice from the hand")
        self._handoff = HandOffScene(
            self.app, f"{side}'s turn",
            (f"{side} again: {what}, in private. {ENEMY[side]}: please look away."
             if self.session.look.again(side) else
             f"Pass the screen to the {side} player: {what}, in "
             f"private. {ENEMY[side]}: please look away."), SIDE_COL[side], confirm,
            accepts=accepts, controls="Enter · click · A on the " + side + " pad · Esc: menu",
            on_menu=self.open_pause,
            detail=f"Turn {self.session.state['turn']}, VP {vp_text(self.session.state['vp'])}")
        self.app.stack.push(self._handoff)

    def flow_human(self, decision):
        self.shown = self.session.state
        self.build_choices()

    def flow_over(self):
        self.shown = self.session.state
        self.result_t = 0.0

    def flow_note(self, line: str):
        """A line from the other side between decisions (online: the friend's chat)."""
        self.log.add(line)

    def flow_changed(self):
        """An undo replaced the state: the log without the undone lines, no staged choice."""
        self.moment = None
        self.pause_t = 0.0
        self.shown = self.session.state
        self.log.reset(self.session.log)
        self.choices = None
        self.choice_key = None

    def update(self, dt):
        self.t += dt
        self.coach.update(self.viewer())
        if self.help is not None and hasattr(self.help, "update"):
            self.help.update(dt)
        if hasattr(self.map, "update"):
            self.map.update(dt)
        if self.moment is not None:         # a beat's moment, held for its time
            self.moment.t += dt
            if self.moment.t >= self.moment.duration * self.speed:
                self.moment = None
            return
        if self.pause_t > 0:                # a beat's short stop
            self.pause_t -= dt
            return
        phase = self.flow.update(dt)
        self._say_error()
        if phase != BEATS:
            self.shown = self.session.state
        if phase == OVER:
            self.result_t += dt
            if self.result_t > 0.6 * self.speed:
                if self.demo is False and not self.session.kept_on_server:
                    saves.clear()     # (an online game is the server's: the autosave stays)
                self.app.stack.replace_all(StruggleResultScene(self.app, self.session,
                                                               demo=self.demo, again=self.again))
        elif phase == HUMAN and self.choice_key != (self.session.decisions,
                                                    id(self.session.state)):
            self.build_choices()      # the decision changed under the scene (a hint's hand-off)

    # ---------------------------------------------------------------- idle (GameApp.step)
    def _picture(self) -> tuple:
        """What the picture is drawn from, besides input: drawn again only when this changes."""
        return (self.shown, self.choice_key, self.log.lines[-1:], self.thinker is not None,
                self.handoff_open(), self.map.view.version, self.session.decisions,
                self.coach.hint_for, tuple(self.coach.hint_lines), self.guide.note,
                self.flow.line_down(), self.flow.line_note(), self.flow.sending() is None)

    def animating(self) -> bool:
        if self.flow.beats or self.moment is not None or self.pause_t > 0 or self.map.animating:
            return True
        return self._picture() != self._drawn

    @property
    def frame_every(self):
        """While the computer thinks its dots move six times a second; otherwise still."""
        if self.thinker is not None:
            return 1 / 6
        return linebanner.frame_every(self.flow)   # the line down: its banner

    def toast_area(self):
        """Toasts go over the map's lower part: never over the hand, the choices or the log."""
        return MAP_R

    def overlay(self):
        """The rules help (F1) is drawn over the whole map: a toast raised before it stays
        under it."""
        return self.help

    def wake_in(self):
        # the computer's or the coach's answer is shown at once
        if self.thinker is not None or self.coach.job is not None:
            return 1 / 30
        if self.flow.line_down():
            return 1 / 20                                  # the line back
        return 1 / 5 if self.flow.listening() else None    # (online: the friend's words)

    def open_pause(self):
        if not isinstance(self.app.stack.top, StrugglePauseScene):
            self.flow.pause()      # the screen is nobody's until the next hand-off
            self.app.stack.push(StrugglePauseScene(self.app, self.session,
                                                   hidden=self.handoff_open, undo=self.undo,
                                                   help=self.toggle_help))

    def open_pile(self, title, cards):
        """A pile (the discard pile, the removed cards) face up over the map."""
        def card(surf, c, rect):
            self._card(surf, c, rect, face_up=self.may_show(c))
        self.app.stack.push(PileScene(self.app, title, cards, card=card))

    def seat_of(self, side):
        return self.model.seat_of(side)

    # ---------------------------------------------------------------- choices
    def hand_cards(self, state=None) -> list:
        return self.model.hand_cards(state)

    def open_enemy_cards(self, state=None) -> list:
        return self.model.open_enemy_cards(state)

    def build_choices(self):
        s = self.session
        d = s.decision()
        hand = set(self.hand_cards(s.state))
        self.choices = ChoiceSet.of(d, card_shown=lambda c: c in hand)
        self.choice_key = (s.decisions, id(s.state))
        self.page = 0
        self.menu = None
        self.refresh_targets()
        if d:
            kind = (s.describe() or {}).get("kind")
            self.guide.for_kind(kind)
            if kind in ("coup_target", "realign_target", "influence", "setup_influence",
                        "place_influence", "remove_influence") and self.choices.by_country:
                first = sorted(self.choices.by_country)[0]
                if hasattr(self.map, "ensure_visible"):
                    self.map.ensure_visible(first)

    def refresh_targets(self):
        """Focus items: lit countries, lit cards, buttons (in that reading order)."""
        items = []
        L = self.app.layout
        cs = self.choices if self.human_turn() else None
        if cs is not None:
            for c in sorted(cs.by_country):
                try:
                    pr = self.map.country_rect(c)
                except Exception:
                    pr = None
                if pr is None:
                    continue
                x0, y0 = L.to_logical(pr.topleft)
                x1, y1 = L.to_logical(pr.bottomright)
                items.append(Target(f"country:{c}", (x0, y0, x1 - x0, y1 - y0), "country", c))
            for card, rect in self._card_rects:
                if card in cs.by_card:
                    items.append(Target(f"card:{card}", rect, "card", card))
        for b in self._buttons:
            items.append(Target(f"button:{b.name}", b.rect, "button", b))
        items.append(Target("log", LOG_R, "log"))     # focused: up / down scroll it
        self.focus.set_items(items, key=lambda it: it.name)

    def layout_buttons(self):
        """Buttons for the options that are neither a country nor a card in the hand, plus undo,
        paged four at a time."""
        btns = []
        x, y, w, h = BUTTONS_R
        cs = self.choices if self.human_turn() else None
        if cs is not None and cs.buttons:
            per = BUTTONS_PER_PAGE if len(cs.buttons) <= BUTTONS_PER_PAGE else BUTTONS_PER_PAGE - 1
            pages = max(1, -(-len(cs.buttons) // per))
            self.page %= pages
            chunk = cs.buttons[self.page * per:(self.page + 1) * per]
            for i, ch in enumerate(chunk):
                f = W.flag(ch.option)
                btns.append(Button(f"opt{ch.index}", W.label(ch.label, f),
                                   (x + 24, y + 30 + i * ROW, w - 32, ROW - 3),
                                   action=(lambda j=ch.index: self.commit(j)),
                                   hint="", colour=W.BUTTON.get(f, (52, 74, 110))))
            if pages > 1:
                btns.append(Button("more", f"More options ({self.page + 1}/{pages})",
                                   (x + 8, y + 30 + len(chunk) * ROW, w - 16, ROW - 5),
                                   action=self.next_page, colour=(60, 60, 80)))
        d = self.session.decision()
        if d is not None and not self.demo and self.human_turn() and \
                self.session.coach_allowed:       # the coach stays out of online games
            btns.append(Button("hint", "Hint (H)", (1180, 29, 92, 20), action=self.ask_hint,
                               colour=(90, 78, 40)))
        if d is not None and self.session.can_undo() and not self.demo and self.human_turn():
            btns.append(Button("undo", "Undo (Backspace)", (x + w - 150, y + 3, 142, 24),
                               action=lambda: self.undo(), colour=(80, 60, 50)))
        self._buttons = btns

    def next_page(self):
        self.page += 1
        self.layout_buttons()
        self.refresh_targets()

    def flag_of_target(self, kind: str, payload):
        return W.flag_of_target(self.choices, kind, payload)

    def pointed_sentences(self) -> list:
        """(flag, sentence) of the target pointed at, on a person's turn."""
        if not self.human_turn():
            return []
        return W.pointed_sentences(self.choices, self.menu,
                                   self.focus.current if self.focus.visible else None,
                                   self.hover_country, self.hover_card,
                                   self.model.hover_button)

    # ---------------------------------------------------------------- drawing
    def draw_hand(self, surf, L) -> list:
        """The hand row (``hand_row.draw_hand``) of the side that may look; returns the cards'
        rects."""
        v = self.viewer()
        cs = self.choices if self.human_turn() else None
        return hand_row.draw_hand(
            surf, L, self._card, state=self.shown, cards=self.hand_cards(),
            owner=v if v is not None else (self.session.decision() or {}).get("player"),
            viewer=v, mode=self.session.mode, wide=hand_row.hand_is_wide(cs, self.menu),
            choices=cs, focused=self.focus.current if self.focus.visible else None,
            hover_card=self.hover_card, face_up=self.may_show_hand,
            open_enemy=self.open_enemy_cards() if v is not None else [],
            undo_button=next((b for b in self._buttons if b.name == "undo"), None),
            sending=self._sending_card(), t=self.t)

    def _sending_card(self):
        """The card of this window's move on its way to the server (online), else None."""
        got = self.flow.sending() if self.flow.phase != HUMAN else None
        if got is None:
            return None
        d, index = got
        opts = d.get("options") or []
        return opts[index].get("card") if 0 <= index < len(opts) else None

    def draw(self, surf):
        self._drawn = self._picture()
        L = self.app.layout
        if self._last_size != surf.get_size():
            self._last_size = surf.get_size()
            self.map.set_rect(L.r(MAP_R))
            self.tracks.set_rect(L.r(TRACKS_R))
        surf.fill(BG)
        self.layout_buttons()
        self.refresh_targets()      # the focus holds this frame's buttons (drawn focused)
        lit = self.choices.lit_countries() if (self.choices and self.human_turn()) else None
        cur = self.focus.current if self.focus.visible else None
        focus_c = self.explore or (cur.payload if cur is not None and cur.kind == "country"
                                   else self.hover_country)
        pub = self.public_state(self.shown)
        self.map.draw(surf, pub, lit=lit, focus=focus_c, colourblind=self.colour_blind())
        self.follow.draw_change_badges(surf, self.map)
        self.tracks.draw(surf, pub, self.viewer())
        self.panels.draw_prompt(surf, L)
        self.panels.draw_buttons(surf, L)
        self._card_rects = self.draw_hand(surf, L)   # after the buttons: it may spread over them
        cur = self.focus.current if self.focus.visible else None
        self.log.draw(surf, L, focused=cur is not None and cur.kind == "log")
        self.refresh_targets()
        self.warning_strip = W.draw_warning_marks(
            surf, L, self.choices if self.human_turn() else None, self.map, self._card_rects,
            self.pointed_sentences())
        self.coach.draw(surf, L, self.viewer(), below=self.warning_strip)
        if self.moment is None and self.human_turn():
            self.guide.draw(surf, L)
        self.tutor.draw(surf, L, settled=self.human_turn())
        cur = self.focus.current if self.focus.visible else None
        if cur is not None and cur.kind == "country":
            pygame.draw.rect(surf, FOCUS, L.r(cur.rect).inflate(L.s(6), L.s(6)), max(2, L.s(3)),
                             border_radius=L.s(6))
        if self.menu is not None:
            self.panels.draw_menu(surf, L)
        if self.hover_card is not None and self.hover_card in self.hand_cards() \
                and self.may_show_hand(self.hover_card):
            self._card(surf, self.hover_card, clear_of_panel(self.coach, (640, 160, 230, 322)),
                       face_up=True)
        self.panels.draw_deciding_card(surf, L)
        if self.hover_country is not None and self.menu is None and self.moment is None:
            self.panels.draw_country_detail(surf, L, self.hover_country)
        elif self.hover_track is not None and self.moment is None:
            self.panels.draw_track_tip(surf, L)
        if self.moment is not None:
            veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            veil.fill((6, 8, 14, 150))
            surf.blit(veil, (0, 0))
            draw_moment(surf, L, self.moment, render_card=self._moment_card)
        if self.help is not None:
            self.help.draw(surf)
        linebanner.draw_banner(surf, L, self.flow, self.t, clock_x=760, centre_x=464,
                              clock_top=12)   # the line over the map, clocks in the top bar
