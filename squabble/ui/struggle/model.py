"""What the Twilight Struggle map scene shows right now, and what its parts may ask it to do.

``MapModel``: the state on screen (a beat's, during beats), the moment on screen, the choices
of a person's decision (the focus, the hover, the target menu, the page of buttons, the buttons
and the hand's card rectangles drawn last), the help overlay, and who may look (the flow's one
rule).  The scene's parts (``MapInput``, ``MapPanels``) are given one ``MapModel`` and the
collaborators they use, never the scene; ``MapCommands`` is what they may ask it to do (commit,
undo, skip the beats, help, pause...).  The turn itself is the framework's ``TurnFlow``.
"""

from __future__ import annotations

from squabble.framework.choices import ChoiceSet, TargetMenu
from squabble.framework.focus import FocusRing
from squabble.framework.turnflow import HANDOFF, HUMAN
from squabble.games.struggle.data import CHINA, ENEMY
from squabble.games.struggle.query import hidden_from


class MapModel:
    """The map's picture state.  ``flow``: the framework's decision flow of ``session``;
    ``follow``: the badges of the other side's moves (it says while they are still shown);
"""

    def __init__(self, app, session, flow, follow, demo: bool):
        self.app = app
        self.session = session
        self.flow = flow
        self.follow = follow
        self.demo = demo
        self.shown = session.state          # the state on screen (a beat's, during beats)
        self.moment = None                  # the moment of the beat on screen, if it has one
        self.pause_t = 0.0                  # the short stop after a beat without a moment
        self.choices: ChoiceSet | None = None
        self.choice_key = None
        self.page = 0
        self.focus = FocusRing()
        self.menu: TargetMenu | None = None
        self.hover_card = None
        self.hover_country = None
        self.hover_button = None     # the name of the option button under the mouse, or None
        self.hover_track = None
        self.explore = None          # a country walked to with the arrows in explore mode (Z)
        self.warning_strip = None    # the logical rect of the warning sentence drawn last
        self.help = None             # the rules help over the map (F1), or None
        self.t = 0.0
        self.buttons: list = []      # the buttons laid out for this frame
        self.card_rects: list = []   # (card, logical rect) of the hand row drawn last

    # ---------------------------------------------------------------- settings
    @property
    def speed(self) -> float:
        if self.demo:
            return 1.0
        return getattr(self.app.settings, "speed", 1.0)

    def colour_blind(self) -> bool:
        return bool(getattr(self.app.settings, "colour_blind", False))

    # ---------------------------------------------------------------- the flow, as shown
    @property
    def thinker(self):
        """The computer's thought in progress (the flow's), or None."""
        return self.flow.thinker

    def viewer(self):
        return self.flow.viewer

    def following(self) -> bool:
        """The other side's placements are still being shown (the prompt says so, the person's
        choices wait)."""
        return self.pause_t > 0 and self.follow.following

    def handoff_open(self) -> bool:
        return self.flow.phase == HANDOFF

    def human_turn(self) -> bool:
        """A person decides now and nothing plays: the choices are lit."""
        return (self.flow.phase == HUMAN and not self.flow.beats and self.moment is None
                and not self.following())

    def current(self):
        """The focused item while the focus shows, else None."""
        return self.focus.current if self.focus.visible else None

    def seat_of(self, side):
        p1 = self.session.setup.get("human", "USSR")
        return 0 if side == p1 else 1

    # ---------------------------------------------------------------- who may look
    def may_show(self, card: int, state=None) -> bool:
        """May ``card``'s face be on screen now?  Only if it is hidden from nobody who may be
        looking: the viewer's own secrets, or public cards on a public screen."""
        st = state if state is not None else self.shown
        v = self.viewer()
        if v is not None:
            return card not in hidden_from(st, v)
        return card not in hidden_from(st, "USA") and card not in hidden_from(st, "USSR")

    def may_show_hand(self, card) -> bool:
        return self.may_show(card)

    def revealed_now(self) -> tuple:
        """(the engine's line, its cards) while a reveal moment is on screen, else None: an
        event or a rule that shows cards (CIA Created, Five Year Plan, a scoring card held at the
        end of a turn...) shows them to both players, exactly those the line names."""
        m = self.moment
        if m is not None and m.kind == "reveal" and m.cards:
            return (m.lines[0] if m.lines else "", tuple(m.cards))
        return None

    def public_state(self, st):
        """``st`` with the headlines hidden from whoever may be looking replaced by "hidden"
        (the tracks and map draw from this, never from a secret)."""
        hl = st.get("headline") or {}
        secret = [s for s in ("USA", "USSR") if isinstance(hl.get(s), int)
                  and not self.may_show(hl[s], st)]
        if not secret:
            return st
        out = dict(st)
        out["headline"] = dict(hl)
        for s in secret:
            out["headline"][s] = "hidden"
        out["table"] = [c for c in st["table"] if c not in {hl[s] for s in secret}]
        return out

    def hand_cards(self, state=None) -> list:
        """The cards in the hand row: the viewer's hand (and The China Card if they hold it)."""
        st = state if state is not None else self.shown
        v = self.viewer()
        if v is None:
            return []
        cards = list(st["hands"][v])
        if st["china"]["holder"] == v:
            cards.append(CHINA)
        return cards

    def open_enemy_cards(self, state=None) -> list:
        """Cards of the enemy's hand the viewer may see now (none unless an event opens it)."""
        st = state if state is not None else self.shown
        v = self.viewer()
        if v is None:
            return []
        return [c for c in st["hands"][ENEMY[v]] if self.may_show(c, st)]


class MapCommands:
    """What the map's parts may ask the scene to do: ``commit(index)`` an option (the lesson
    and the engine's warnings have their say), ``undo()``, ``skip_beats()`` to the next
    decision, ``help()`` opens or closes the rules help, ``pause()`` opens the pause menu,
    ``hint()`` asks the coach, ``next_page()`` of buttons, ``open_pile(title, cards)`` shows a
    pile face up."""

    def __init__(self, *, commit, undo, skip_beats, help, pause, hint, next_page, open_pile):
        self.commit = commit
        self.undo = undo
        self.skip_beats = skip_beats
        self.help = help
        self.pause = pause
        self.hint = hint
        self.next_page = next_page
        self.open_pile = open_pile
