"""The table: both tracks, slots, hands, piles, the Event, the log, and the player's choices."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pygame

from squabble.framework.cards import CardSprite, draw_card, draw_space_symbol
from squabble.framework.confirm import ConfirmScene
from squabble.framework.focus import FocusRing
from squabble.framework.handoff import HandOffScene
from squabble.framework.layout import fit_font, text, text_block, wrap
from squabble.framework.scene import Scene
from squabble.framework.tween import Stepper
from squabble.framework.widgets import Button, TrackSpace, draw_track, fan, panel, token
from squabble.games.logline import data_of, kind_of
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import CARDS, ERA_YEARS, EVENTS, OTHER, SIDES
from squabble.ui import couch_prefs
from squabble.ui import theme as T
from squabble.ui.session import PRIVATE_KINDS, Session, public_agents

# ---- layout (logical 1280x720) ---------------------------------------------------------------
TOP_HAND_Y, TOP_CARD = 46, (57, 80)
SLOT_CARD = (92, 129)
TOP_SLOT_Y, BOT_SLOT_Y = 134, 398
TRACK_Y = 272
HAND_Y, HAND_CARD = 536, (120, 168)
BOP_X, SPACE_X = 270, 770        # centres of the two columns
BOP_TRACK = (14, TRACK_Y + 20, 512, 78)
SPACE_TRACK = (568, TRACK_Y + 20, 330, 78)
LEADER = (908, TRACK_Y + 8, 84, 102)
RIGHT = (1004, 46, 268, 666)
DECK_X, DISC_X = 16, 90
PILE = (62, 87)
ZOOM_PANEL = (1004, 262, 268, 450)   # covers the whole log and hint, never the turn order
ZOOM = (1012, 290, 252, 353)
EVENT_RECT = (600, TOP_SLOT_Y + 8, 80, 112)

CONTROLS = ("Click · arrows/Tab + Enter · 1-9 pick a card · Backspace undo · Esc menu · F1 rules"
            " · F11 full screen.  Pad: D-pad, A choose, X undo, Start menu")


# The first-game guide: one short hint the first time each moment comes (never blocking;
# H or the x closes it; off after the first finished game unless asked for again in set-up).
GUIDE = {
    "play": ("Play two cards, face down",
             "Your first pick goes to Balance of Power: its value pushes the BoP token your way. "
             "The second goes to the Space Race. Agents may only go to Balance of Power."),
    3: ("Phase 3 · Agents",
        "A played Agent is shown to both sides and peeks at the other Space Race card; then it "
        "is replaced by an Activity card from hand."),
    "replace": ("Replace your spent agent",
                "Pick an Activity card for the Balance of Power slot. Your Space Race card stays."),
    "tokens": ("Tokens (phase 4)",
               "Each token adds 1 to a card. But on Balance of Power, tokens EQUAL to its "
               "printed value make it 0. The gold 'value' shows the result."),
    "counter": ("Counter (phase 6)",
                "A card whose Counter Value equals their printed Activity Value cancels their "
                "Balance of Power card. The dashed space shows where the token lands."),
    7: ("Phase 7 · the balance moves",
        "The token moves by the difference of the two values. If it reaches a cloud, the side "
        "it moved toward LOSES. 'clouds: < a · b >' counts the spaces left."),
    8: ("Phase 8 · the Space Race",
        "The higher value advances (ties: the rocket symbol). Space 1 offers a token, space 2 a "
        "shift. Whoever is ahead holds the Leader card."),
    "shift": ("Space 2: a shift",
              "You may move the balance one space your way. Onto a cloud it loses the game, so "
              "'No thanks' is then the default."),
    "take_tokens": ("Phase 9 · tokens for next era",
                    "Your last Activity card is discarded; take up to its value in tokens (at "
                    "most 3 held) to spend in phase 4 of the next era."),
    10: ("Phase 10 · victory?",
         "After era 5 the side the balance favours wins; at DEFCON 5 the Leader card holder."),
}
GUIDE_RECT = (432, 136, 280, 128)


@dataclass
class Item:
    """A focusable thing on the table."""
    name: str
    rect: tuple
    kind: str          # card | button | pile
    ref: object = None


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_SIDE_WORD = re.compile(r"\b(USSR|USA)\b")
_MAYBE_PLURAL = re.compile(r"\b(\d+) (space|token)\(s\)")


def plain(line: str) -> str:
    """A log line in the table's words: Russia / America (as everywhere on screen) and real
    plurals.  The engine's text itself stays as the protocol prints it."""
    line = _MAYBE_PLURAL.sub(lambda m: plural(int(m.group(1)), m.group(2)), str(line))
    return _SIDE_WORD.sub(lambda m: "Russia" if m.group(1) == "USSR" else "America", line)


def side_row(bottom: str, side: str) -> str:
    return "bottom" if side == bottom else "top"


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session: Session, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.demo = demo or session.mode == "demo"
        st = session.state
        self.display = st                         # the state drawn now
        self.beats: list = []
        self.beat_t = 0.0
        self.beat_len = 0.0
        self.mode = "await"                       # await | beats | human | thinking | handoff | over
        self.bottom = session.setup["human"] if session.mode != "demo" else "USSR"
        self.stage: dict = {}
        self.sprites: dict[str, CardSprite] = {}
        self.focus = FocusRing()
        self.items: list[Item] = []
        self.buttons: list[Button] = []
        self.hover: str | None = None
        self.hover_event = False
        self.flights: list[dict] = []             # tokens sliding between tray, cards, supply
        self._no_fly = None
        self.zoom_key: tuple | None = None
        self.banner = None                        # (text, colour, t, length)
        self.moment = None                        # dict(kind, t, len, ...)
        self.thinker = None
        self.think_wait = 0.0
        self.t = 0.0
        self.bop = Stepper(st["bop"], 0.32)
        self.space = {s: Stepper(st["space"][s], 0.4) for s in SIDES}
        self.last_private = None
        self.log_scroll = 0
        self.cloud_t = None
        self.shake = 0.0
        self.result_pushed = False
        self.held = None                          # a beat whose words wait for its motion
        self.guide = (not self.demo) and couch_prefs.guide_on()
        self.guide_seen: set = set()
        self.hint = None                          # (title, text) of the guide, or None
        self.tip = None                           # (text, logical mouse position): hover help
        self.shown_phase = st["phase"]            # the phase the header and turn order show
        self.demo_restart = None
        self._hidden_cache = (None, None)
        self._layers: dict = {}
        self._layout_sprites(snap=True)
        self._items()

    # ---- helpers ---------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return self.app.settings.speed

    def dur(self, base: float) -> float:
        return base * self.speed

    @property
    def cb(self) -> bool:
        return self.app.settings.colour_blind

    def sound(self, name):
        self.app.sounds.play(name)

    def hidden(self, side: str) -> set:
        """Cards hidden from ``side`` in the displayed state (cached per state object)."""
        key, val = self._hidden_cache
        if key is not self.display:
            val = {s: set(E.hidden_from(self.display, s)["cards"]) for s in SIDES}
            self._hidden_cache = (self.display, val)
        return val[side]

    @property
    def viewer(self) -> str | None:
        """The side that may look at its secrets right now (the session's LookRule)."""
        return self.session.look.viewer

    def face_allowed(self, cid: str) -> bool:
        """May this card's face be drawn now?  Its owner may look (the session's one rule), or
        the engine says the other side can see it too."""
        if self.demo:
            return True
        owner = CARDS[cid].side
        if self.session.may_look(owner):
            return True
        if cid in public_agents(self.display):
            return True
        return cid not in self.hidden(OTHER[owner])

    @property
    def deciding(self) -> dict | None:
        return self.session.decision() if self.mode == "human" else None

    # ---- zones: where every card belongs ------------------------------------------------------
    def zone_rects(self) -> dict[str, tuple]:
        d = self.display
        out = {}
        dec = self.deciding
        staging_side = dec["player"] if dec else None
        staged = set()
        if dec and dec["kind"] in ("play", "replace", "counter"):
            staged = {c for c in (self.stage.get("bop"), self.stage.get("space"),
                                  self.stage.get("counter")) if c}
        for side in SIDES:
            row = side_row(self.bottom, side)
            # the fan is laid out over the whole hand, staged cards included, so the cards left
            # in hand keep their places (and numbers) while a choice is being staged
            hand = list(d["hands"][side])
            if row == "bottom":
                rects = fan(len(hand), 500, HAND_Y, *HAND_CARD, 960)
            else:
                rects = fan(len(hand), 500, TOP_HAND_Y, *TOP_CARD, 560)
            for c, r in zip(hand, rects):
                if side == staging_side and c in staged:
                    continue
                if row == "bottom" and self.hover == c and self.mode == "human":
                    r = (r[0], r[1] - 14, r[2], r[3])
                out[c] = r
            sy = TOP_SLOT_Y if row == "top" else BOT_SLOT_Y
            slot = d["slots"][side]
            bop, space = slot["bop"], slot["space"]
            if side == staging_side and dec["kind"] == "play":
                bop, space = self.stage.get("bop"), self.stage.get("space")
            if side == staging_side and dec["kind"] == "replace":
                bop = self.stage.get("bop")
            if bop:
                out[bop] = (BOP_X - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
            if space:
                out[space] = (SPACE_X - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
            if side == staging_side and dec["kind"] == "counter" and self.stage.get("counter"):
                # the chosen counter card stands beside the opponent's Balance of Power card
                oy = TOP_SLOT_Y if row == "bottom" else BOT_SLOT_Y
                out[self.stage["counter"]] = (BOP_X + SLOT_CARD[0] / 2 + 14, oy, *SLOT_CARD)
            for c in d["discards"][side]:
                out[c] = (DISC_X, sy, *PILE)
            for c in d["decks"][side]:
                out[c] = (DECK_X, sy, *PILE)
        return out

    def zone_of(self, cid: str) -> str:
        d = self.display
        side = CARDS[cid].side
        if cid in d["decks"][side]:
            return "deck"
        if cid in d["discards"][side]:
            return "discard"
        return "table"

    def _layout_sprites(self, snap=False):
        rects = self.zone_rects()
        dur = 0 if snap else self.dur(0.38)
        for cid, r in rects.items():
            sp = self.sprites.get(cid)
            if sp is None:
                sp = self.sprites[cid] = CardSprite(cid)
                sp.place(r, 0, snap=True)
            else:
                sp.place(r, dur, snap=snap or dur == 0)

    # ---- flow -----------------------------------------------------------------------------
    def on_enter(self):
        self.app.sounds.update_music()

    def update(self, dt):
        self.t += dt
        if self.app.stack.top is not self:
            # covered by a menu, the rules or the hand-off: the game waits (a computer player
            # may keep thinking on its thread; its move is shown once the table is back)
            return
        self._animate(dt)
        if self.mode == "beats":
            self.beat_t += dt
            busy = self.bop.moving or any(s.moving for s in self.space.values())
            if self.held is not None:
                if not busy or self.speed == 0:
                    self._show_beat(*self.held)
            # the next beat waits for the token to stop and the phase banner to leave
            elif self.beat_t >= self.beat_len and not ((busy or self.banner) and self.speed > 0):
                self._next_beat()
        elif self.mode == "await":
            self._await()
        elif self.mode == "thinking":
            self.think_wait += dt
            if self.thinker.done and self.think_wait >= self.dur(0.55):
                idx = self.thinker.result
                self.thinker = None
                self._commit(idx)
        elif self.mode == "over":
            self._over(dt)

    def animating(self) -> bool:
        """Only a table waiting on a person, with nothing in motion, is still (idle CPU)."""
        if self.mode == "handoff":
            return False            # the opaque hand-off screen covers the table
        if self.mode != "human":
            return True             # beats, the computer thinking, the ending
        if self.flights or self.moment or self.banner or self.shake > 0 or self.held or \
                self.cloud_t is not None:
            return True
        if self.bop.moving or any(st.moving for st in self.space.values()):
            return True
        return any(sp.motion.moving or sp.flip is not None for sp in self.sprites.values())

    def _animate(self, dt):
        for sp in self.sprites.values():
            sp.update(dt)
        if self.speed == 0:
            self.bop.set(self.display["bop"], snap=True)
            for s in SIDES:
                self.space[s].set(self.display["space"][s], snap=True)
        else:
            self.bop.step_time = 0.32 * self.speed
            self.bop.set(self.display["bop"])
            if self.bop.update(dt):
                self.sound("step")
            for s in SIDES:
                self.space[s].step_time = 0.4 * self.speed
                self.space[s].set(self.display["space"][s])
                self.space[s].update(dt)
        if self.banner:
            self.banner[2] += dt
            if self.banner[2] >= self.banner[3]:
                self.banner = None
        if self.moment:
            self.moment["t"] += dt
            if self.moment["t"] >= self.moment["len"]:
                self.moment = None
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.flights:
            for f in self.flights:
                f["t"] += dt
            done = [f for f in self.flights if f["t"] >= f["len"]]
            if done:
                self.sound("token")
                self.flights = [f for f in self.flights if f["t"] < f["len"]]

    def _await(self):
        s = self.session
        dec = s.decision()
        if dec is None:
            self.mode = "over"
            self.over_t = 0.0
            return
        side = dec["player"]
        if s.controller(side) == "computer":
            self.thinker = s.think()
            self.think_wait = 0.0
            self.mode = "thinking"
            return
        # a human decides: every private decision in hot-seat play starts with a hand-off
        if s.needs_handoff():
            self._hand_off(side)
            return
        self._start_human()

    def _hand_off(self, side):
        self.mode = "handoff"
        name = T.NAME[side]
        other = T.NAME[OTHER[side]]

        def confirm():
            self.session.handoff_confirmed(side)
            self.bottom = side
            self._layout_sprites(snap=True)
            self.sound("select")
            self._start_human()

        seats = self.app.pad_seats()
        accepts = (lambda a: a.source != "pad" or seats.get(a.seat) in (None, side))
        nxt = self.session.decision()
        what = self._prompt_text(nxt)[0] if nxt else ""
        self.app.stack.push(HandOffScene(
            self.app, f"{name}'s turn",
            f"Pass the screen to {name}. {other}: please look away.", T.SIDE[side], confirm,
            detail=f"Next for {name}: {what}" if what else "",
            accepts=accepts, controls="Enter / Space · click the button · gamepad A · Esc menu",
            on_menu=lambda: self.app.open_pause(self)))

    def _start_human(self):
        self.mode = "human"
        self.stage = {"bop": None, "space": None, "counter": None, "bop_t": 0, "space_t": 0}
        dec = self.session.decision()
        self.last_private = dec["player"]
        self.display = self.session.state
        self.shown_phase = self.display["phase"]
        self._layout_sprites()
        self._rebuild()
        self._focus_main()
        self._guide(dec["kind"])

    def _guide(self, topic):
        """Show the first-game hint for ``topic`` the first time it comes up."""
        if self.guide and topic in GUIDE and topic not in self.guide_seen:
            self.guide_seen.add(topic)
            self.hint = GUIDE[topic]

    def _draw_hint(self, surf):
        if not self.hint or self.moment or self.cloud_t is not None:
            return
        L = self.app.layout
        x, y, w, h = GUIDE_RECT
        panel(surf, L, GUIDE_RECT, colour=(30, 34, 52), edge=(140, 180, 255), alpha=240)
        text(surf, "FIRST-GAME GUIDE · " + self.hint[0], fit_font(L, "FIRST-GAME GUIDE · " +
                                                                 self.hint[0], w - 40, 15, True),
             (170, 200, 255), L.p(x + 8, y + 6))
        text(surf, "x", L.font(18, True), T.TEXT, L.p(x + w - 12, y + 12), "center")
        text_block(surf, self.hint[1], L.font(15), T.TEXT, L.r(x + 8, y + 26, w - 16, h - 44))
        text(surf, "H or x: close · set-up: guide on/off", L.font(13), T.MUTED,
             L.p(x + 8, y + h - 6), "bottomleft")

    def _hint_close_hit(self, lp) -> bool:
        x, y, w, h = GUIDE_RECT
        return self.hint is not None and x + w - 28 <= lp[0] < x + w and y <= lp[1] < y + 26

    def main_button(self) -> Button | None:
        """The button Enter presses when nothing else was picked: the decision's main action,
        and the safe one when the main action would lose the game on the spot."""
        names = [b.name for b in self.buttons]
        for want in ("confirm", "no" if self._shift_loses() else "yes"):
            if want in names:
                return self.buttons[names.index(want)]
        return next((b for b in self.buttons if b.name.startswith("take")), None) or \
            (self.buttons[0] if self.buttons else None)

    def _focus_main(self):
        b = self.main_button()
        for it in self.items:
            if it.ref is b and b is not None:
                self.focus.focus(it)
                return

    def _shift_loses(self) -> bool:
        dec = self.deciding
        if not dec or dec["kind"] != "shift":
            return False
        nb = self.display["bop"] + (1 if dec["player"] == "USA" else -1)
        return abs(nb) >= E.CLOUD

    def _commit(self, index: int):
        s = self.session
        dec = s.decision()
        side = dec["player"]
        # tokens a person staged are already on the cards: do not fly them in again
        self._no_fly = side if (dec["kind"] == "tokens" and self.mode == "human") else None
        beats = s.apply(index)   # the session's LookRule makes the screen public
        self.sound("click")
        self.stage = {}
        self.buttons = []
        self._items()
        self.focus.visible = False     # nothing stays highlighted for the next Enter
        self.beats = list(beats)
        self.mode = "beats"
        self.beat_t = self.beat_len = 0.0
        self._next_beat()

    def _next_beat(self):
        if not self.beats:
            self.display = self.session.state
            self.shown_phase = self.display["phase"]
            self._layout_sprites()
            self._items()
            self.mode = "await"
            if self.app.stack.top is self:  # else update() does it once menus close
                self._await()
            return
        line, snap = self.beats.pop(0)
        prev = self.display
        self.display = snap
        self._token_flights(prev, snap)
        self._layout_sprites()
        self._items()
        moved = snap["bop"] != prev["bop"] or snap["space"] != prev["space"]
        if kind_of(line) == "end" and moved and self.speed > 0:
            # the outcome follows the motion: the token walks to the cloud (or its last space)
            # first, under the old header; the words and phase 10 come when it arrives
            self.held = (line, snap, prev)
            self.beat_t, self.beat_len = 0.0, 0.0
            return
        self._show_beat(line, snap, prev)

    def _show_beat(self, line, snap, prev):
        """The beat's words, header, banner, moment and sound: all at once, with the state."""
        self.held = None
        self.app.log_line(line)
        if snap["phase"] != self.shown_phase:
            self.hint = None          # a hint belongs to its moment
            self._guide(snap["phase"])
        self.shown_phase = snap["phase"]
        length = 0.45
        if snap["phase"] != prev["phase"] or snap["era"] != prev["era"]:
            self._banner(snap)
            length += 0.7
        k = kind_of(line)
        data = data_of(line)
        if k in ("play", "replace"):
            self.sound("card")
        if k == "era":
            self.sound("card")
            length = max(length, 1.2)
        elif k == "event":
            self.moment = {"kind": "event", "t": 0.0, "len": self.dur(2.4), "line": line,
                           "event": snap["event"]}
            length = max(length, 2.4)
        elif k == "agents":
            self.moment = {"kind": "agent", "t": 0.0, "len": self.dur(2.6), "line": line,
                           "agents": dict(snap["agents"])}
            self.sound("agent")
            length = max(length, 2.6)
        elif k == "reveal":
            self.sound("flip")
            length = max(length, 0.8)
        elif k == "counter":
            who = data.get("side")
            cards = [(data.get("card"), "counter"), (data.get("target"), "cancelled")]
            cards = [(c, lab) for c, lab in cards if c]
            self.moment = {"kind": "counter", "t": 0.0, "len": self.dur(2.4), "line": line,
                           "cards": cards, "side": who}
            self.sound("counter")
            self.shake = self.dur(0.3)
            length = max(length, 2.0)
        elif k == "race":
            self.moment = {"kind": "race", "t": 0.0, "len": self.dur(2.2), "line": line,
                           "winner": data.get("winner", snap["race_winner"])}
            self.sound("rocket")
            length = max(length, 2.2)
        elif k in ("move", "shift"):
            length = max(length, 0.6)
        elif k == "end" and data.get("how") == "cloud":
            self.sound("boom")
            length = 0.3
        elif k in ("take_token", "claim"):
            self.sound("token")
        self.beat_len = self.dur(length)
        self.beat_t = 0.0

    # ---- tokens sliding ---------------------------------------------------------------------
    def _tray_pos(self, side, k):
        sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
        return (DECK_X + 62 + k * 20, sy + PILE[1] + 40)

    def _slot_token_pos(self, side, slot, k, n):
        sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
        # a column beside the card (left of Balance of Power, right of Space Race), so tokens
        # never cover the card's value, side or Counter Value
        x = BOP_X - SLOT_CARD[0] / 2 - 14 if slot == "bop" else SPACE_X + SLOT_CARD[0] / 2 + 14
        return (x, sy + 24 + k * 24)

    SUPPLY_POS = (RIGHT[0] + 150, RIGHT[1] + RIGHT[3] - 54)

    def _fly(self, a, b, side, dest, delay=0.0):
        if self.speed == 0:
            return
        self.flights.append({"a": a, "b": b, "side": side, "dest": dest,
                             "t": -delay, "len": self.dur(0.45)})

    def _token_flights(self, prev, snap):
        for side in SIDES:
            p_sl, n_sl = prev["slots"][side], snap["slots"][side]
            p_av, n_av = prev["tokens"][side], snap["tokens"][side]
            k = 0
            for slot in ("bop", "space"):
                a, b = p_sl[f"{slot}_tokens"], n_sl[f"{slot}_tokens"]
                for j in range(a, b if side != self._no_fly else a):  # placed: tray -> card
                    self._fly(self._tray_pos(side, max(0, p_av - 1 - k)),
                              self._slot_token_pos(side, slot, j, b), side, (side, slot),
                              delay=0.08 * k)
                    k += 1
                for j in range(b, a):           # returned: card -> supply
                    self._fly(self._slot_token_pos(side, slot, j, a), self.SUPPLY_POS, side,
                              None, delay=0.05 * (j - b))
            if n_av > p_av - k:                 # taken from the supply -> tray
                start = p_av - k
                for j in range(start, n_av):
                    self._fly(self.SUPPLY_POS, self._tray_pos(side, j), side, (side, "tray"),
                              delay=0.1 * (j - start))

    def _in_flight(self, key) -> int:
        return sum(1 for f in self.flights if f["dest"] == key)

    def _draw_flights(self, surf):
        L = self.app.layout
        for f in self.flights:
            if f["t"] < 0:
                k = 0.0
            else:
                k = min(1.0, f["t"] / f["len"]) if f["len"] else 1.0
            e = 1 - (1 - k) ** 3
            x = f["a"][0] + (f["b"][0] - f["a"][0]) * e
            y = f["a"][1] + (f["b"][1] - f["a"][1]) * e - math.sin(math.pi * k) * 40
            token(surf, L, (x, y), 10, T.SIDE[f["side"]], pattern_mark=T.MARK[f["side"]])

    def _banner(self, d):
        if d["winner"] is not None:
            return
        txt = f"Phase {d['phase']} · {E.PHASE_NAMES[d['phase']]}"
        if d["phase"] == 1:
            txt = f"Era {d['era']} · {ERA_YEARS[d['era']]} — Phase 1 · Draw"
        self.banner = [txt, T.GOLD, 0.0, self.dur(1.3)]
        self.sound("banner")

    def _over(self, dt):
        res = self.session.state["result"]
        self.over_t += dt
        if res["how"] == "cloud" and self.cloud_t is None:
            self.cloud_t = 0.0
            self.sound("boom")
            self.shake = self.dur(0.8)
        if self.cloud_t is not None:
            self.cloud_t += dt
        wait = self.dur(4.0 if res["how"] == "cloud" else 1.2)
        if self.over_t >= wait and not self.result_pushed:
            self.result_pushed = True
            self.app.show_result(self)

    # ---- the human's choice -----------------------------------------------------------------
    def _rebuild(self):
        """Buttons and focus items for the current moment."""
        self.buttons = []
        dec = self.deciding
        if dec:
            k = dec["kind"]
            bx, by = 330, BOT_SLOT_Y + 52
            if k == "play":
                both = self.stage.get("bop") and self.stage.get("space")
                self.buttons.append(Button("confirm", "Play face down", (bx, by, 190, 56),
                                           self._confirm_play, enabled=bool(both),
                                           reason="Choose a Balance of Power card and a Space "
                                                  "Race card first.", hint="Enter",
                                           colour=(40, 110, 70)))
                can_swap = both and CARDS[self.stage["bop"]].is_activity
                self.buttons.append(Button("swap", "Swap", (bx + 200, by, 80, 56), self._swap,
                                           enabled=bool(can_swap),
                                           reason="Swap needs two Activity cards in the slots.",
                                           hint="slots"))
                self.buttons.append(Button("undo", "Undo", (bx + 290, by, 80, 56), self._undo,
                                           enabled=bool(self.stage.get("bop") or
                                                        self.stage.get("space")),
                                           reason="Nothing to take back.", hint="Bksp"))
            elif k == "replace":
                self.buttons.append(Button("confirm", "Place face down", (bx, by, 220, 56),
                                           self._confirm_replace,
                                           enabled=bool(self.stage.get("bop")),
                                           reason="Choose an Activity card from your hand.",
                                           hint="Enter", colour=(40, 110, 70)))
                self.buttons.append(Button("undo", "Undo", (bx + 230, by, 100, 56), self._undo,
                                           enabled=bool(self.stage.get("bop")),
                                           reason="Nothing to take back.", hint="Bksp"))
            elif k == "tokens":
                avail = self.display["tokens"][dec["player"]]
                used = self.stage["bop_t"] + self.stage["space_t"]
                for slot, cx in (("bop", BOP_X), ("space", SPACE_X)):
                    # BoP buttons left of its card (the prompt is on the right), Space on the right
                    x = cx - SLOT_CARD[0] / 2 - 72 if slot == "bop" else cx + SLOT_CARD[0] / 2 + 26
                    self.buttons.append(Button(f"plus_{slot}", "+", (x, BOT_SLOT_Y + 4, 46, 40),
                                               lambda s=slot: self._tok(s, 1),
                                               enabled=used < avail,
                                               reason=f"You have only {plural(avail, 'token')}."))
                    self.buttons.append(Button(f"minus_{slot}", "-", (x, BOT_SLOT_Y + 84, 46, 40),
                                               lambda s=slot: self._tok(s, -1),
                                               enabled=self.stage[f"{slot}_t"] > 0,
                                               reason="No token there to take back."))
                self.buttons.append(Button("confirm", f"Place {plural(used, 'token')}",
                                           (bx + 60, by, 250, 56), self._confirm_tokens,
                                           hint="Enter", colour=(40, 110, 70)))
            elif k == "counter":
                c = self.stage.get("counter")
                self.buttons.append(Button("confirm", "Counter!" if c else "Pick a counter card",
                                           (bx, by, 200, 56), self._confirm_counter,
                                           enabled=bool(c),
                                           reason="Click a highlighted card in your hand first.",
                                           hint="Enter", colour=(150, 60, 40)))
                self.buttons.append(Button("pass", "Don't counter", (bx + 210, by, 160, 56),
                                           lambda: self._pick_mode("pass"), hint="pass"))
            elif k in ("take_token", "shift"):
                yes = "Take a token" if k == "take_token" else "Shift the balance"
                hint = ""
                action = (lambda m=k: self._pick_mode(m))
                colour = (40, 110, 70)
                if k == "shift":
                    hint = "one space toward you"
                    if self._shift_loses():
                        hint = "lands on a Mushroom Cloud: you lose!"
                        colour = (150, 50, 40)
                        action = self._confirm_losing_shift
                self.buttons.append(Button("yes", yes, (bx, by, 200, 56), action, hint=hint,
                                           colour=colour))
                self.buttons.append(Button("no", "No thanks", (bx + 210, by, 150, 56),
                                           lambda: self._pick_mode("pass"),
                                           hint="safe" if self._shift_loses() else "pass"))
            elif k == "take_tokens":
                opts = dec["options"]
                w = min(120, 360 / max(1, len(opts)) - 8)
                for i, o in enumerate(opts):
                    self.buttons.append(Button(f"take{o['amount']}", f"Take {o['amount']}",
                                               (bx + i * (w + 8), by, w, 56),
                                               lambda i=i: self._commit(i),
                                               hint="token" + ("s" if o["amount"] != 1 else "")))
        self._items()

    def _items(self):
        items: list[Item] = []
        d = self.display
        dec = self.deciding
        if dec and dec["player"] == self.bottom and dec["kind"] in PRIVATE_KINDS:
            rects = self.zone_rects()
            for c in d["hands"][self.bottom]:
                if c in rects and c not in (self.stage.get("bop"), self.stage.get("space"),
                                            self.stage.get("counter")):
                    items.append(Item(f"card:{c}", rects[c], "card", c))
            for c in (self.stage.get("bop"), self.stage.get("space"), self.stage.get("counter")):
                if c and c in rects:
                    items.append(Item(f"card:{c}", rects[c], "card", c))
        for b in self.buttons:
            items.append(Item(b.name, b.rect, "button", b))
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            items.append(Item(f"discards:{side}", (DISC_X, sy, *PILE), "pile", side))
        if d["event"]:
            items.append(Item("event", EVENT_RECT, "event", d["event"]))
        self.items = items
        self.focus.set_items(items)

    def _hand_index_cards(self):
        """The deciding hand in its fan order; key n picks (or takes back) the n-th card.  The
        numbers stay put while cards are staged, so a quick second key means what it says."""
        return list(self.display["hands"][self.bottom])

    def click_card(self, cid: str):
        dec = self.deciding
        if not dec or CARDS[cid].side != dec["player"]:
            self.app.toast("It is not your card to play now.")
            return
        k = dec["kind"]
        st = self.stage
        c = CARDS[cid]
        if k == "play":
            if cid in (st["bop"], st["space"]):
                self._unstage(cid)
            elif not c.is_activity:
                if E.rule_active(self.display, "no_agents"):
                    return self._deny("The Event forbids Agents and Double Agents this turn.")
                if st["bop"]:
                    if st["space"] is None and CARDS[st["bop"]].is_activity:
                        st["space"] = st["bop"]
                st["bop"] = cid
                self.sound("card")
            elif st["bop"] is None:
                st["bop"] = cid
                self.sound("card")
            elif st["space"] is None:
                st["space"] = cid
                self.sound("card")
            else:
                return self._deny("Both slots are full: click a card in a slot to take it back.")
        elif k == "replace":
            if not c.is_activity:
                return self._deny("Only an Activity card can replace a spent agent.")
            st["bop"] = None if st["bop"] == cid else cid
            self.sound("card")
        elif k == "counter":
            legal = [o["card"] for o in dec["options"] if o["mode"] == "counter"]
            if cid == st.get("counter"):
                st["counter"] = None
            elif cid in legal:
                st["counter"] = cid
                self.sound("card")
            else:
                opp = self.display["slots"][OTHER[dec["player"]]]["bop"]
                need = CARDS[opp].activity if opp else "?"
                if not c.is_activity:
                    return self._deny("Agents cannot counter.")
                return self._deny(f"{c.name} has Counter Value {c.counter}; a counter needs "
                                  f"{need} (their printed Activity Value).")
        elif k == "tokens":
            return self._deny("Place tokens with the + and - buttons beside your cards.")
        elif k == "take_tokens":
            return self._deny("Choose how many tokens to take with the buttons.")
        self._layout_sprites()
        self._rebuild()
        self.focus.set_items(self.items)

    def _deny(self, why):
        self.sound("deny")
        self.app.toast(why)

    def _unstage(self, cid):
        for k in ("bop", "space", "counter"):
            if self.stage.get(k) == cid:
                self.stage[k] = None
        self.sound("card")

    def _undo(self):
        st = self.stage
        dec = self.deciding
        if not dec:
            return
        if dec["kind"] == "tokens":
            if st["space_t"]:
                st["space_t"] -= 1
            elif st["bop_t"]:
                st["bop_t"] -= 1
            else:
                return self._deny("Nothing to take back.")
        elif st.get("space"):
            st["space"] = None
        elif st.get("bop"):
            st["bop"] = None
        elif st.get("counter"):
            st["counter"] = None
        else:
            return self._deny("Nothing to take back; committed choices are final.")
        self.sound("card")
        self._layout_sprites()
        self._rebuild()

    def _swap(self):
        st = self.stage
        st["bop"], st["space"] = st["space"], st["bop"]
        self.sound("card")
        self._layout_sprites()
        self._rebuild()

    def _tok(self, slot, d):
        self.stage[f"{slot}_t"] += d
        self.sound("token")
        self._rebuild()

    def _find(self, **want) -> int | None:
        for i, o in enumerate(self.session.decision()["options"]):
            if all(o.get(k) == v for k, v in want.items()):
                return i
        return None

    def _confirm_play(self):
        i = self._find(mode="play", bop=self.stage["bop"], space=self.stage["space"])
        if i is None:
            return self._deny("That pair cannot be played.")
        self._commit(i)

    def _confirm_replace(self):
        i = self._find(mode="replace", card=self.stage["bop"])
        if i is not None:
            self._commit(i)

    def _confirm_tokens(self):
        i = self._find(mode="tokens", bop=self.stage["bop_t"], space=self.stage["space_t"])
        if i is not None:
            self._commit(i)

    def _confirm_counter(self):
        i = self._find(mode="counter", card=self.stage.get("counter"))
        if i is not None:
            self._commit(i)

    def _confirm_losing_shift(self):
        """A move that loses on the spot asks first; the safe answer has the focus."""
        me = T.NAME[self.deciding["player"]]
        self.app.stack.push(ConfirmScene(
            self.app, "This loses the game",
            f"Shifting the Balance of Power puts it on the Mushroom Cloud: nuclear war, and "
            f"{me} loses at once.", "Shift and lose", "Keep the balance",
            on_yes=lambda: self._pick_mode("shift")))

    def _pick_mode(self, mode):
        i = self._find(mode=mode)
        if i is not None:
            self._commit(i)

    def activate(self, item: Item):
        if item.kind == "button":
            b = item.ref
            if b.enabled:
                self.sound("click")
                b.action()
            else:
                self._deny(b.reason or "Not now.")
        elif item.kind == "card":
            self.click_card(item.ref)
        elif item.kind == "pile":
            self.app.show_discards(self, item.ref)
        elif item.kind == "event":
            self.focus.visible = True  # the zoom panel shows the Event in full

    # ---- input ----------------------------------------------------------------------------
    def pad_may_act(self, a) -> bool:
        if a.source != "pad":
            return True
        seats = self.app.pad_seats()
        side = seats.get(a.seat)
        dec = self.deciding
        if self.session.mode == "computer" or side is None or dec is None:
            return True
        return side == dec["player"]

    def handle_action(self, a):
        if self.demo:
            self.app.leave_demo()
            return
        if a.name in ("back", "menu") and not (a.name == "back" and a.source == "pad" and
                                                self.mode == "human" and self._has_stage()):
            self.app.open_pause(self)
            return
        if a.name == "guide":
            self.hint = None
            return
        if not self.pad_may_act(a):
            self.app.toast(f"It is {T.NAME[self.deciding['player']]}'s turn: use that "
                           "player's controller.")
            return
        if self.mode != "human":
            if a.name in ("left", "right", "up", "down", "tab", "prev"):
                self.focus.move(a.name) if a.name not in ("tab", "prev") else \
                    self.focus.next(1 if a.name == "tab" else -1)
            elif a.name == "confirm" and self.focus.current and \
                    self.focus.current.kind in ("pile", "event"):
                self.activate(self.focus.current)
            return
        if a.name in ("left", "right", "up", "down"):
            self.focus.move(a.name)
        elif a.name == "tab":
            self.focus.next(1)
        elif a.name == "prev":
            self.focus.next(-1)
        elif a.name == "confirm":
            cur = self.focus.current
            if cur is not None and self.focus.visible:
                self.activate(cur)
            else:
                b = self.main_button()
                if b:
                    self.activate(Item(b.name, b.rect, "button", b))
                self.focus.visible = True
        elif a.name in ("undo", "back"):
            self._undo()
        elif a.name == "number":
            hand = self._hand_index_cards()
            if 1 <= a.number <= len(hand):
                self.click_card(hand[a.number - 1])
                b = next((b for b in self.buttons if b.name == "confirm" and b.enabled), None)
                if b is not None:
                    for it in self.items:
                        if it.ref is b:
                            self.focus.focus(it)
            else:
                self._deny(f"You have {plural(len(hand), 'card')} in hand.")
        elif a.name == "zoom":
            self.focus.visible = True

    def _has_stage(self):
        st = self.stage
        return bool(st.get("bop") or st.get("space") or st.get("counter") or st.get("bop_t")
                    or st.get("space_t"))

    def handle_mouse(self, kind, lp, button):
        if self.demo:
            if kind == "down":
                self.app.leave_demo()
            return
        if kind == "move":
            tip = self.tooltip_at(lp)
            self.tip = (tip, lp) if tip else None
            self.hover = None
            self.hover_event = False
            self.focus.visible = False
            for it in reversed(self.items):
                x, y, w, h = it.rect
                if x <= lp[0] < x + w and y <= lp[1] < y + h:
                    self.focus.focus(it)
                    if it.kind == "card":
                        self.hover = it.ref
                    self.hover_event = it.kind == "event"
                    break
            else:
                self.hover = self._card_at(lp)
            if self.mode == "human" and self.deciding:
                self._layout_sprites()
            return
        if kind == "wheel":
            self.log_scroll = max(0, self.log_scroll + (1 if button > 0 else -1))
            return
        if kind != "up" or button != 1:
            return
        if self._hint_close_hit(lp):
            self.hint = None
            return
        for it in reversed(self.items):
            x, y, w, h = it.rect
            if x <= lp[0] < x + w and y <= lp[1] < y + h:
                if it.kind in ("pile", "event"):
                    self.activate(it)
                    return
                if self.mode != "human":
                    self.app.toast("Please wait: it is not your choice yet.")
                    return
                self.activate(it)
                return
        if self.mode == "human":
            c = self._card_at(lp)
            if c and self.deciding and CARDS[c].side != self.deciding["player"]:
                self.app.toast("That card is not yours.")
            elif c is None and self.deciding and self.deciding["kind"] in ("play", "replace"):
                for cx in (BOP_X, SPACE_X):
                    x, y = cx - SLOT_CARD[0] / 2, BOT_SLOT_Y
                    if x <= lp[0] < x + SLOT_CARD[0] and y <= lp[1] < y + SLOT_CARD[1]:
                        self.app.toast("Click a card in your hand: the first goes to the "
                                       "Balance of Power slot, the second to the Space Race.")

    def _card_at(self, lp):
        for cid, sp in sorted(self.sprites.items(), key=lambda kv: -kv[1].rect[1]):
            x, y, w, h = sp.rect
            if self.zone_of(cid) != "deck" and x <= lp[0] < x + w and y <= lp[1] < y + h:
                return cid
        return None

    # ---- positions (for tests and attract mode) -------------------------------------------
    def pixel_center(self, rect) -> tuple[int, int]:
        x, y, w, h = rect
        return self.app.layout.p(x + w / 2, y + h / 2)

    def card_pos(self, cid):
        for it in self.items:
            if it.kind == "card" and it.ref == cid:
                return self.pixel_center(it.rect)
        return None

    def button_pos(self, name):
        for b in self.buttons:
            if b.name == name:
                return self.pixel_center(b.rect)
        return None

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surf):
        L = self.app.layout
        if self.app.privacy is not None:
            self.app.privacy.append((self.app.frame, "all" if self.demo else self.viewer,
                                     self.display))
        bg = self._layers.get("bg")
        if bg is None or bg[0] != L.size:
            img = pygame.Surface(L.size).convert()
            img.fill(T.BG)
            felt = L.r(8, 40, 990, 676)
            pygame.draw.rect(img, T.FELT, felt, border_radius=L.s(14))
            pygame.draw.rect(img, T.FELT_EDGE, felt, max(1, L.s(2)), border_radius=L.s(14))
            bg = self._layers["bg"] = (L.size, img)
        surf.blit(bg[1], (0, 0))
        d = self.display
        self._draw_topbar(surf, d)
        self._draw_tracks(surf, d)
        self._draw_side_info(surf, d)
        self._draw_event(surf, d)
        self._draw_cards(surf, d)
        self._draw_slot_tokens(surf, d)
        self._draw_previews(surf, d)
        self._draw_flights(surf)
        self._draw_prompt(surf, d)
        for b in self.buttons:
            cur = self.focus.current
            b.draw(surf, L, focused=self.focus.visible and cur is not None and cur.ref is b)
        self._draw_focus(surf)
        self._draw_hint(surf)
        self._draw_right(surf, d)
        self._draw_zoom(surf)
        self._draw_banner(surf)
        self._draw_moment(surf, d)
        self._draw_cloud(surf)
        self._draw_tip(surf)
        if self.shake > 0 and self.speed > 0:   # counters and the cloud shake the table
            amp = max(1, L.s(7 * min(1.0, self.shake / 0.3)))
            k = int(self.t * 60)
            surf.scroll((k * 7919) % (2 * amp + 1) - amp, (k * 104729) % (2 * amp + 1) - amp)

    def _draw_topbar(self, surf, d):
        self._layer(surf, "top", (d["era"], self.shown_phase, d["event"], self.demo),
                    (0, 0, 1280, 40), lambda tmp: self._draw_topbar_now(tmp, d))

    def _draw_topbar_now(self, surf, d):
        L = self.app.layout
        pygame.draw.rect(surf, (10, 12, 20), L.r(0, 0, 1280, 40))
        era = d["era"]
        text(surf, f"Era {era} of 5 · {ERA_YEARS[era]}", L.font(26, True), T.GOLD, L.p(14, 20),
             "midleft")
        ph = self.shown_phase
        text(surf, f"Phase {ph} · {E.PHASE_NAMES[ph]}", L.font(26, True), T.TEXT, L.p(560, 20),
             "center")
        ev = d["event"]
        if ev:
            text(surf, f"Event: {EVENTS[ev].name}", fit_font(L, f"Event: {EVENTS[ev].name}", 250,
                                                             20), (200, 170, 240),
                 L.p(1000, 20), "midright")
        if self.demo:
            text(surf, "ATTRACT MODE — press any key", L.font(20, True), T.GOLD,
                 L.p(1268, 20), "midright")
        else:
            text(surf, "F1 rules · Esc menu", L.font(18), T.MUTED, L.p(1268, 20), "midright")

    def _bop_spaces(self):
        us, ru = T.SIDE["USA"], T.SIDE["USSR"]
        pu, pr = (T.PATTERN["USA"], T.PATTERN["USSR"]) if self.cb else ("", "")
        mu, mr = (T.MARK["USA"], T.MARK["USSR"]) if self.cb else ("", "")
        return [TrackSpace("CLOUD", (40, 70, 150), "America wins", pu, mu),
                TrackSpace("2", ru, "Russia", pr, mr), TrackSpace("3", ru, "Russia", pr, mr),
                TrackSpace("4", ru, "Russia", pr, mr),
                TrackSpace("5", T.NEUTRAL, "DEFCON", "", ""),
                TrackSpace("4", us, "America", pu, mu), TrackSpace("3", us, "America", pu, mu),
                TrackSpace("2", us, "America", pu, mu),
                TrackSpace("CLOUD", (150, 40, 40), "Russia wins", pr, mr)]

    @staticmethod
    def _track_rects(rect, n, gap=4):
        x, y, w, h = rect
        sw = (w - gap * (n - 1)) / n
        return [(x + i * (sw + gap), y, sw, h) for i in range(n)]

    def _layer(self, surf, name, key, rect, fn):
        """Draw a rarely-changing region once into a cached surface; blit it each frame."""
        L = self.app.layout
        pr = L.r(rect).clip(surf.get_rect())
        full = (key, L.size, self.cb)
        c = self._layers.get(name)
        if c is None or c[0] != full:
            tmp = pygame.Surface(L.size, pygame.SRCALPHA)
            fn(tmp)
            c = (full, tmp.subsurface(pr).copy().convert_alpha(), pr.topleft)
            self._layers[name] = c
        surf.blit(c[1], c[2])

    def _draw_tracks_static(self, surf, d):
        L = self.app.layout
        text(surf, "BALANCE OF POWER", L.font(17, True), T.TEXT,
             L.p(BOP_TRACK[0] + 4, TRACK_Y + 4))
        rects = draw_track(surf, L, BOP_TRACK, self._bop_spaces())
        for i in (0, 8):
            x, y, w, h = rects[i]
            self._mini_cloud(surf, (x + w / 2, y + h * 0.52), w * 0.32)
        text(surf, "SPACE RACE", L.font(17, True), T.TEXT, L.p(SPACE_TRACK[0] + 4, TRACK_Y + 4))
        sub = ["", "+1 token", "shift BoP", "", "", ""]
        spaces = [TrackSpace("Start" if i == 0 else str(i), (60, 66, 90) if i else (44, 48, 62),
                             sub[i]) for i in range(6)]
        draw_track(surf, L, SPACE_TRACK, spaces)
        # leader card
        lr = L.r(LEADER)
        holder = d["leader"]
        col = T.SIDE[holder] if holder else (70, 70, 80)
        pygame.draw.rect(surf, col, lr, border_radius=L.s(8))
        pygame.draw.rect(surf, T.GOLD, lr, max(1, L.s(2)), border_radius=L.s(8))
        draw_space_symbol(surf, L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 30), L.s(17))
        text(surf, "LEADER", L.font(16, True), T.TEXT,
             L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 60), "center")
        text(surf, T.NAME[holder] if holder else "nobody", L.font(17, True), T.TEXT,
             L.p(LEADER[0] + LEADER[2] / 2, LEADER[1] + 82), "center")

    def _draw_tracks(self, surf, d):
        L = self.app.layout
        self._layer(surf, "tracks", d["leader"], (BOP_TRACK[0], TRACK_Y, 990 - BOP_TRACK[0],
                                                  LEADER[1] + LEADER[3] + 4 - TRACK_Y),
                    lambda tmp: self._draw_tracks_static(tmp, d))
        rects = self._track_rects(BOP_TRACK, 9)
        pos = self.bop.shown if self.speed > 0 else d["bop"]
        i = pos + 4
        x0 = rects[0][0] + rects[0][2] / 2
        step = rects[1][0] - rects[0][0]
        cx = x0 + step * i
        hop = abs(math.sin(math.pi * (self.bop.pos - math.floor(self.bop.pos)))) * 10 \
            if self.bop.moving else 0
        token(surf, L, (cx, BOP_TRACK[1] + BOP_TRACK[3] / 2 - hop + 8), 15, (245, 245, 240),
              ring=(30, 30, 30))
        text(surf, "BoP", L.font(14, True), (20, 20, 20),
             L.p(cx, BOP_TRACK[1] + BOP_TRACK[3] / 2 - hop + 8), "center")
        srects = self._track_rects(SPACE_TRACK, 6)
        for side, dx in (("USA", -12), ("USSR", 12)):
            p = self.space[side].shown if self.speed > 0 else d["space"][side]
            x0 = srects[0][0] + srects[0][2] / 2
            stp = srects[1][0] - srects[0][0]
            lift = 0
            if self.space[side].moving:
                lift = abs(math.sin(math.pi * (self.space[side].pos % 1))) * 12
            token(surf, L, (x0 + stp * p + dx, SPACE_TRACK[1] + SPACE_TRACK[3] / 2 + 4 - lift), 11,
                  T.SIDE[side], pattern_mark=T.MARK[side])

    def _mini_cloud(self, surf, c, r):
        L = self.app.layout
        col = (235, 225, 210)
        cx, cy = c
        pygame.draw.rect(surf, col, L.r(cx - r * 0.18, cy - r * 0.1, r * 0.36, r * 0.9))
        for dx, dy, rr in ((-0.45, -0.35, 0.45), (0.45, -0.35, 0.45), (0, -0.6, 0.55)):
            pygame.draw.circle(surf, col, L.p(cx + dx * r, cy + dy * r), L.s(rr * r))

    def _draw_side_info(self, surf, d):
        L = self.app.layout
        for side in SIDES:
            row = side_row(self.bottom, side)
            sy = TOP_SLOT_Y if row == "top" else BOT_SLOT_Y
            # piles
            deck = d["decks"][side]
            if deck:
                for k in range(min(3, (len(deck) + 2) // 3)):
                    draw_card(surf, L, None, (DECK_X - k * 2, sy - k * 2, *PILE), face_up=False,
                              back=T.card_back(side, self.cb))
            else:
                pygame.draw.rect(surf, (30, 60, 54), L.r(DECK_X, sy, *PILE),
                                 max(1, L.s(1)), border_radius=L.s(6))
            text(surf, f"Deck {len(deck)}", L.font(15), T.MUTED,
                 L.p(DECK_X + PILE[0] / 2, sy + PILE[1] + 8), "center")
            text(surf, f"Discards {len(d['discards'][side])}", L.font(15), T.MUTED,
                 L.p(DISC_X + PILE[0] / 2, sy + PILE[1] + 8), "center")
            if not d["discards"][side]:
                pygame.draw.rect(surf, (30, 60, 54), L.r(DISC_X, sy, *PILE),
                                 max(1, L.s(1)), border_radius=L.s(6))
            # who and tokens
            who = self._who(side)
            avail = d["tokens"][side]
            ty = sy + PILE[1] + 24
            text(surf, f"{T.NAME[side]} {who}", L.font(17, True), T.SIDE_LIGHT[side],
                 L.p(DECK_X, ty), "midleft")
            text(surf, "Tokens:", L.font(15), T.TEXT, L.p(DECK_X, ty + 16), "midleft")
            avail -= self._in_flight((side, "tray"))
            dec = self.deciding
            if dec and dec["kind"] == "tokens" and dec["player"] == side and "bop_t" in self.stage:
                avail -= self.stage["bop_t"] + self.stage["space_t"]   # staged: on the cards
            for k in range(3):
                if k < avail:
                    token(surf, L, (DECK_X + 62 + k * 20, ty + 16), 8, T.SIDE[side],
                          pattern_mark=T.MARK[side] if self.cb else "")
                else:
                    pygame.draw.circle(surf, (60, 90, 84), L.p(DECK_X + 62 + k * 20, ty + 16),
                                       L.s(8), max(1, L.s(1)))
            if side_row(self.bottom, side) == "top" and self.mode == "thinking" and \
                    self.thinker is not None and self.thinker.elapsed > 0.2:
                dots = "." * (1 + int(self.t * 3) % 3)
                text(surf, f"thinking{dots}", L.font(20, True), T.GOLD,
                     L.p(330, TOP_SLOT_Y + 12), "midleft")
                ang = self.t * 6
                c = L.p(318, TOP_SLOT_Y + 12)
                pygame.draw.arc(surf, T.GOLD, pygame.Rect(c[0] - L.s(8), c[1] - L.s(8),
                                                          L.s(16), L.s(16)), ang, ang + 4.2,
                                max(1, L.s(3)))

    def _who(self, side):
        s = self.session
        if s.mode == "demo":
            return "(computer)"
        if s.controller(side) == "computer":
            return f"(computer, {s.setup.get('level', 'normal')})"
        if s.mode == "hotseat":
            return "(player 1)" if side == s.setup["human"] else "(player 2)"
        return "(you)"

    def _draw_event(self, surf, d):
        L = self.app.layout
        ev = d["event"]
        x, y = EVENT_RECT[0], EVENT_RECT[1]
        if not d["options"]["events"]:
            return
        if ev:
            draw_card(surf, L, T.event_face(ev), (x, y, 80, 112), face_up=True)
        left = len(d["event_deck"])
        text(surf, f"Events left {left}", L.font(14), T.MUTED, L.p(x + 40, y + 124), "center")

    def _sprite_order(self, d):
        order = []
        for side in SIDES:
            disc = d["discards"][side]
            for c in disc[-2:]:
                order.append(c)
            for c in disc[:-2]:
                if self.sprites.get(c) and self.sprites[c].motion.moving:
                    order.append(c)
        for side in SIDES:
            for c in d["decks"][side]:
                sp = self.sprites.get(c)
                if sp and sp.motion.moving:
                    order.append(c)
        slots = []
        hands = []
        for side in SIDES:
            sl = d["slots"][side]
            slots += [c for c in (sl["bop"], sl["space"]) if c]
            hands += list(d["hands"][side])
        rest = slots + hands
        rest.sort(key=lambda c: (self.sprites[c].motion.moving if c in self.sprites else 0,
                                 self.sprites[c].rect[0] if c in self.sprites else 0))
        return order + rest

    def _draw_cards(self, surf, d):
        L = self.app.layout
        dec = self.deciding
        legal = self._legal_cards(dec) if dec else None
        for cid in self._sprite_order(d):
            sp = self.sprites.get(cid)
            if sp is None:
                continue
            side = CARDS[cid].side
            zone = self.zone_of(cid)
            allowed = zone != "deck" and self.face_allowed(cid)
            up, scale = sp.face_for(allowed, self.dur(0.3))
            highlight = None
            dim = False
            if legal is not None and side == dec["player"] and cid in d["hands"][side] and \
                    zone == "table":
                if cid in legal:
                    highlight = T.LEGAL
                else:
                    dim = True
            if cid in (self.stage.get("bop"), self.stage.get("space"), self.stage.get("counter")):
                highlight = T.GOLD
            draw_card(surf, L, T.card_face(cid, self.cb), sp.rect, face_up=up,
                      back=T.card_back(side, self.cb), flip=scale, highlight=highlight, dim=dim)
            if highlight == T.LEGAL and self.cb:
                self._legal_mark(surf, sp.rect)
        # number keys: a small badge over each card of the deciding hand
        if dec and dec["player"] == self.bottom and dec["kind"] in PRIVATE_KINDS:
            f = L.font(16, True)
            for n, cid in enumerate(self._hand_index_cards()[:9], start=1):
                x, y, w, h = self.sprites[cid].rect
                c = L.p(x + w / 2, y - 2)
                pygame.draw.circle(surf, (20, 22, 30), c, L.s(10))
                pygame.draw.circle(surf, T.MUTED, c, L.s(10), max(1, L.s(1.5)))
                text(surf, str(n), f, T.TEXT, c, "center")
        # slot labels under empty slots
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            for key, cx, lab in (("bop", BOP_X, "Balance of Power card"),
                                 ("space", SPACE_X, "Space Race card")):
                r = (cx - SLOT_CARD[0] / 2, sy, *SLOT_CARD)
                occupied = d["slots"][side][key] is not None
                if dec and side == dec["player"] and (dec["kind"] == "play" or
                                                      (dec["kind"] == "replace" and key == "bop")):
                    occupied = bool(self.stage.get(key))
                if not occupied:
                    pr = L.r(r)
                    pygame.draw.rect(surf, (34, 64, 58), pr, border_radius=L.s(8))
                    pygame.draw.rect(surf, (70, 110, 100), pr, max(1, L.s(2)),
                                     border_radius=L.s(8))
                    text_block(surf, lab, L.font(16), (150, 190, 180), pr.inflate(-L.s(10), 0),
                               align="center", valign="center")

    def _legal_mark(self, surf, rect):
        """Colour-blind aid: a legal card also carries a shape (a ticked tab on its corner), not
        only a green outline."""
        L = self.app.layout
        x, y, w, h = rect
        c = L.p(x + w - 4, y + 4)
        r = L.s(11)
        pygame.draw.circle(surf, (250, 250, 250), c, r)
        pygame.draw.circle(surf, (20, 20, 20), c, r, max(1, L.s(2)))
        pts = [(c[0] - r * 0.5, c[1]), (c[0] - r * 0.1, c[1] + r * 0.45),
               (c[0] + r * 0.55, c[1] - r * 0.45)]
        pygame.draw.lines(surf, (20, 20, 20), False, pts, max(2, L.s(3)))

    # ---- tooltips: hover explains -------------------------------------------------------
    def tooltip_at(self, lp) -> str | None:
        """What hovering ``lp`` explains: a disabled button's reason, the Leader card, a track
        space, a side's tokens."""
        d = self.display
        for b in self.buttons:
            if b.contains(lp) and not b.enabled:
                return b.reason or "Not now."
        x, y = lp

        def inside(r):
            return r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]

        if inside(LEADER):
            who = T.NAME[d["leader"]] if d["leader"] else "nobody yet"
            return (f"Space Race Leader card (now: {who}). The side strictly ahead on the Space "
                    "Race holds it; if era 5 ends at DEFCON 5, its holder wins.")
        for i, r in enumerate(self._track_rects(BOP_TRACK, 9)):
            if inside(r):
                b = i - E.CLOUD
                if abs(b) == E.CLOUD:
                    loser = "America" if b > 0 else "Russia"
                    return (f"Mushroom Cloud: if the Balance of Power token reaches it, nuclear "
                            f"war and {loser} (who pushed it this far) LOSES.")
                if b == 0:
                    return "DEFCON 5: neutral. At the end the Leader card decides."
                fav = "America" if b > 0 else "Russia"
                return (f"{fav}'s space {5 - abs(b)}: favours {fav}. "
                        f"{plural(E.CLOUD - abs(b), 'space')} from the cloud on this side.")
        for i, r in enumerate(self._track_rects(SPACE_TRACK, 6)):
            if inside(r):
                extra = {0: "Where both sides start.",
                         1: "Reaching it, you may take a Socio-Economic token.",
                         2: "Reaching it, you may shift the Balance of Power one space your way."}
                return f"Space Race {'start' if i == 0 else 'space ' + str(i)}: " + \
                    extra.get(i, "No reward; being ahead takes the Leader card.")
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            ty = sy + PILE[1] + 40
            if DECK_X <= x < DECK_X + 130 and ty - 10 <= y < ty + 10:
                n = d["tokens"][side]
                return (f"{T.NAME[side]} holds {plural(n, 'Socio-Economic token')} (at most "
                        f"{E.token_cap(d)}). They are placed on cards in phase 4 and earned in "
                        "phases 8 and 9.")
        return None

    def _draw_tip(self, surf):
        if not self.tip:
            return
        L = self.app.layout
        msg, (mx, my) = self.tip
        f = L.font(16)
        w = 320
        lines = wrap(msg, f, L.s(w - 16))
        h = len(lines) * f.get_linesize() / L.scale + 12
        x = min(max(4, mx + 14), 1276 - w)
        y = my + 20 if my + 20 + h < 716 else my - h - 10
        panel(surf, L, (x, y, w, h), colour=(24, 24, 34), edge=T.GOLD, alpha=245)
        yy = y + 6
        for ln in lines:
            surf.blit(f.render(ln, True, T.TEXT), L.p(x + 8, yy))
            yy += f.get_linesize() / L.scale

    def _legal_cards(self, dec):
        k = dec["kind"]
        opts = dec["options"]
        if k == "play":
            return {o["bop"] for o in opts} | {o["space"] for o in opts}
        if k == "replace":
            return {o["card"] for o in opts}
        if k == "counter":
            return {o["card"] for o in opts if o["mode"] == "counter"}
        return set()

    # ---- previews: what a choice will do -------------------------------------------------
    def staged_values(self) -> dict | None:
        """While placing tokens: the deciding side's card values after the staged tokens
        (tokens equal to the Balance of Power card's printed value make it 0, R7)."""
        dec = self.deciding
        if not dec or dec["kind"] != "tokens" or "bop_t" not in self.stage:
            return None
        st = E.clone(self.display)
        sl = st["slots"][dec["player"]]
        sl["bop_tokens"], sl["space_tokens"] = self.stage["bop_t"], self.stage["space_t"]
        return {"bop": E.bop_value(st, dec["player"]), "space": E.space_value(st, dec["player"])}

    def projected_bop(self) -> int | None:
        """Where the Balance of Power token lands if nothing changes: once both Balance of Power
        cards are face up (phases 5-6) the phase 7 measure is known; at Space 2 the shift."""
        d = self.display
        dec = self.deciding
        if dec and dec["kind"] == "shift":
            return max(-E.CLOUD, min(E.CLOUD, d["bop"] + (1 if dec["player"] == "USA" else -1)))
        if d["step"] != "counter" or d["winner"] is not None:
            return None
        st = E.clone(d)
        E._step_measure(st, None)
        return st["bop"]

    def _draw_previews(self, surf, d):
        L = self.app.layout
        # how far each cloud is, always (a new player's most needed number)
        b = d["bop"]
        text(surf, f"clouds: < {E.CLOUD + b} · {E.CLOUD - b} >", L.font(17, True), T.GOLD,
             L.p(BOP_TRACK[0] + BOP_TRACK[2], TRACK_Y + 4), "topright")
        proj = self.projected_bop()
        if proj is not None and proj != b:
            rects = self._track_rects(BOP_TRACK, 9)
            x, ry, w, h = rects[proj + E.CLOUD]
            pr = L.r(x, ry, w, h)
            for k in range(0, int(pr.w), max(4, L.s(8))):   # dashed frame: a pattern, not a hue
                pygame.draw.line(surf, T.GOLD, (pr.x + k, pr.y), (min(pr.right, pr.x + k + L.s(4)),
                                                                 pr.y), max(2, L.s(3)))
                pygame.draw.line(surf, T.GOLD, (pr.x + k, pr.bottom - 1),
                                 (min(pr.right, pr.x + k + L.s(4)), pr.bottom - 1), max(2, L.s(3)))
            cloud = abs(proj) >= E.CLOUD
            lab = "CLOUD!" if cloud else "lands here"
            text(surf, lab, L.font(14, True), (255, 120, 100) if cloud else T.GOLD,
                 L.p(x + w / 2, ry + h + 8), "center", shadow=(0, 0, 0))
        vals = self.staged_values()
        if vals is not None:
            dec = self.deciding
            for slot, cx in (("bop", BOP_X), ("space", SPACE_X)):
                self._value_pill(surf, cx, BOT_SLOT_Y, f"value {vals[slot]}")

    def _draw_slot_tokens(self, surf, d):
        L = self.app.layout
        dec = self.deciding
        for side in SIDES:
            sy = TOP_SLOT_Y if side_row(self.bottom, side) == "top" else BOT_SLOT_Y
            sl = d["slots"][side]
            bt, st = sl["bop_tokens"], sl["space_tokens"]
            if dec and dec["kind"] == "tokens" and side == dec["player"]:
                bt, st = self.stage["bop_t"], self.stage["space_t"]
            for n, slot in ((bt, "bop"), (st, "space")):
                for k in range(n - self._in_flight((side, slot))):
                    token(surf, L, self._slot_token_pos(side, slot, k, n), 10,
                          T.SIDE[side], pattern_mark=T.MARK[side])
            # values once revealed
            if E.STEP_PHASE.get(d["step"], 10) >= 5 and sl["bop"] and CARDS[sl["bop"]].is_activity:
                self._value_pill(surf, BOP_X, sy, f"= {E.bop_value(d, side)}")

    def _value_pill(self, surf, cx, sy, label):
        """A value on the top edge of a slot card (over the era band only)."""
        L = self.app.layout
        f = L.font(18, True)
        w = f.size(label)[0] / L.scale + 16
        r = L.r(cx - w / 2, sy - 11, w, 22)
        pygame.draw.rect(surf, (20, 20, 28), r, border_radius=L.s(11))
        pygame.draw.rect(surf, T.GOLD, r, max(1, L.s(2)), border_radius=L.s(11))
        text(surf, label, f, T.GOLD, r.center, "center")

    def _draw_prompt(self, surf, d):
        L = self.app.layout
        dec = self.deciding
        box = (330, BOT_SLOT_Y, 380, 48)
        if dec:
            who = T.NAME[dec["player"]]
            msg = self._prompt_text(dec)
            text(surf, f"{who}: {msg[0]}", fit_font(L, f"{who}: {msg[0]}", box[2], 21, True),
                 T.GOLD, L.p(box[0], box[1] + 4))
            if msg[1]:
                text_block(surf, msg[1], L.font(16), T.TEXT, L.r(box[0], box[1] + 24, box[2], 28))
        elif self.mode == "thinking":
            who = T.NAME[self.session.decision()["player"]]
            text(surf, f"{who} is choosing…", L.font(21, True), T.MUTED, L.p(box[0], box[1] + 4))
        elif self.mode == "beats" and self.app.log_lines:
            text_block(surf, plain(self.app.log_lines[-1]), L.font(18), T.TEXT,
                       L.r(box[0], box[1] + 4, box[2], 100))

    def _prompt_text(self, dec) -> tuple[str, str]:
        k = dec["kind"]
        if k == "play":
            return ("play two cards face down.",
                    "Click a card for the Balance of Power slot, then one for the Space Race.")
        if k == "replace":
            spent = "Double Agent" if self.display["agents"].get(dec["player"]) == "double" \
                else "Agent"
            return (f"replace your spent {spent}.",
                    "Click an Activity card to play face down in the Balance of Power slot.")
        if k == "tokens":
            n = self.display["tokens"][dec["player"]]
            return (f"place tokens ({plural(n, 'token')} available).",
                    "Tokens equal to a card's printed value make it 0; otherwise +1 each.")
        if k == "counter":
            return ("counter their card?", "Highlighted cards have the matching Counter Value.")
        if k == "take_token":
            return ("you reached space 1.", "Take one Socio-Economic token?")
        if k == "shift":
            return ("you reached space 2.", "Shift the Balance of Power one space your way?")
        if k == "take_tokens":
            _lim, left = E.claim_limit(self.display, dec["player"])
            name = CARDS[left[0]].name if left else "your last Activity card"
            return (f"take tokens for {name}.",
                    f"Up to its Activity Value, at most {E.token_cap(self.display)} held; "
                    f"{name} is then discarded face up.")
        return (dec["prompt"], "")

    def _draw_focus(self, surf):
        L = self.app.layout
        cur = self.focus.current
        if not self.focus.visible or cur is None or cur.kind == "button":
            return
        r = L.r(cur.rect).inflate(L.s(10), L.s(10))
        pygame.draw.rect(surf, T.FOCUS, r, max(2, L.s(3)), border_radius=L.s(10))

    def _draw_right(self, surf, d):
        sup = tuple(d["tokens"].values()) + tuple(d["slots"][x]["bop_tokens"] +
                                                  d["slots"][x]["space_tokens"] for x in SIDES)
        key = (self.shown_phase, len(self.app.log_lines),
               self.app.log_lines[-1] if self.app.log_lines else "", self.log_scroll, sup,
               self.app.settings.hints)
        self._layer(surf, "right", key, RIGHT, lambda tmp: self._draw_right_now(tmp, d))

    def _draw_right_now(self, surf, d):
        L = self.app.layout
        panel(surf, L, RIGHT)
        x, y, w, h = RIGHT
        text(surf, "TURN ORDER", L.font(16, True), T.MUTED, L.p(x + 12, y + 8))
        for i in range(1, 11):
            cur = i == self.shown_phase
            col = T.GOLD if cur else (T.TEXT if i > self.shown_phase else T.MUTED)
            fy = y + 26 + (i - 1) * 19
            if cur:
                pygame.draw.rect(surf, (70, 60, 30), L.r(x + 6, fy - 2, w - 12, 19),
                                 border_radius=L.s(4))
            text(surf, f"{i}. {E.PHASE_NAMES[i]}", L.font(17, cur), col, L.p(x + 12, fy))
        ly = y + 226
        text(surf, "LOG", L.font(16, True), T.MUTED, L.p(x + 12, ly))
        f = L.font(16)
        lines: list[tuple[str, bool]] = []
        src = self.app.log_lines
        for n, ln in enumerate(src[-40:]):
            wrapped = wrap(plain(ln), f, L.s(w - 24))
            for j, wl in enumerate(wrapped):
                lines.append((wl if j == 0 else "  " + wl, n == len(src[-40:]) - 1))
        lh = f.get_linesize()
        avail = max(1, int((L.p(0, y + h - 68)[1] - L.p(0, ly + 18)[1]) / lh))
        start = max(0, len(lines) - avail - self.log_scroll)
        yy = L.p(0, ly + 18)[1]
        for wl, last in lines[start:start + avail]:
            surf.blit(f.render(wl, True, T.TEXT if last else (190, 190, 196)), (L.p(x + 12, 0)[0],
                                                                                yy))
            yy += lh
        # (no "token supply" count: by ruling R14 the supply never runs short; only the cap
        # of three held tokens limits a side, and the tray beside each side shows that)
        if self.app.settings.hints:
            text_block(surf, CONTROLS, L.font(14), T.MUTED, L.r(x + 12, y + h - 44, w - 20, 44))

    def _draw_zoom(self, surf):
        L = self.app.layout
        cid = None
        cur = self.focus.current
        ev_item = cur is not None and cur.kind == "event" and (self.focus.visible or
                                                             self.hover_event)
        if ev_item and self.display["event"]:
            panel(surf, L, ZOOM_PANEL, alpha=255)
            text(surf, "EVENT IN EFFECT", L.font(16, True), T.MUTED,
                 L.p(ZOOM_PANEL[0] + 12, ZOOM_PANEL[1] + 8))
            draw_card(surf, L, T.event_face(self.display["event"]), ZOOM, face_up=True)
            return
        if self.focus.visible and cur is not None and cur.kind == "card":
            cid = cur.ref
        elif self.hover:
            cid = self.hover
        if not cid or cid not in self.sprites or self.zone_of(cid) == "deck":
            return
        if not self.face_allowed(cid):
            return
        panel(surf, L, ZOOM_PANEL, alpha=255)
        text(surf, "ZOOM (hover or focus a card)", L.font(16, True), T.MUTED,
             L.p(ZOOM_PANEL[0] + 12, ZOOM_PANEL[1] + 8))
        draw_card(surf, L, T.card_face(cid, self.cb), ZOOM, face_up=True)

    def _draw_banner(self, surf):
        if not self.banner or self.moment:
            return
        L = self.app.layout
        txt, col, t, ln = self.banner
        k = t / ln if ln else 1
        slide = 1 - min(1, t / 0.25) if k < 0.5 else max(0, (t - (ln - 0.25)) / 0.25)
        x = 500 + (-1 if k >= 0.5 else 1) * slide * 700
        r = (x - 330, 236, 660, 60)
        panel(surf, L, r, colour=(20, 20, 28), edge=T.GOLD, alpha=235)
        text(surf, txt, fit_font(L, txt, 640, 32, True), col, L.p(x, 266), "center")

    def _draw_moment(self, surf, d):
        m = self.moment
        if not m:
            return
        L = self.app.layout
        k = min(1.0, m["t"] / 0.3) if m["len"] else 1.0
        dim = 255 - int(150 * k)   # darken in place: no full-screen surface per frame
        surf.fill((dim, dim, dim), special_flags=pygame.BLEND_RGB_MULT)
        box = (150, 150 + (1 - k) * 40, 700, 380)
        if m["kind"] == "agent":
            panel(surf, L, box, colour=(26, 26, 36), edge=T.GOLD)
            text(surf, "AGENTS REVEALED", L.font(40, True), T.GOLD, L.p(500, box[1] + 36),
                 "center")
            shown = [(cid, "played") for cid in sorted(public_agents(d))]
            for side in SIDES:
                seen = d["slots"][OTHER[side]]["space"]
                if d["spied"][side] and seen:
                    shown.append((seen, f"{T.NAME[side]} sees"))
            cw = 130 if len(shown) > 2 else 150
            for i, (cid, lab) in enumerate(shown):
                x = 500 - (cw + 16) * len(shown) / 2 + (cw + 16) * i + 8
                draw_card(surf, L, T.card_face(cid, self.cb), (x, box[1] + 76, cw, cw * 1.4),
                          face_up=self.face_allowed(cid), back=T.card_back(CARDS[cid].side))
                text(surf, lab, L.font(18, True), T.SIDE_LIGHT[CARDS[cid].side]
                     if lab == "played" else T.GOLD, L.p(x + cw / 2, box[1] + 66), "center")
            text_block(surf, m["line"], L.font(22), T.TEXT,
                       L.r(box[0] + 20, box[1] + 292, box[2] - 40, 80), align="center")
        elif m["kind"] == "counter":
            panel(surf, L, box, colour=(40, 20, 20), edge=(255, 120, 90))
            text(surf, "COUNTER ACTIVITY!", L.font(40, True), (255, 150, 120),
                 L.p(500, box[1] + 36), "center")
            cards = m.get("cards", [])
            for i, (cid, lab) in enumerate(cards):
                x = 500 - 85 * len(cards) + 170 * i + 10
                k2 = min(1.0, m["t"] / max(0.01, m["len"] * 0.4))
                dx = 0 if lab == "counter" else (1 - k2) * -60
                draw_card(surf, L, T.card_face(cid, self.cb), (x + dx, box[1] + 76, 150, 210),
                          face_up=self.face_allowed(cid), back=T.card_back(CARDS[cid].side),
                          dim=lab == "cancelled" and k2 >= 1)
                text(surf, lab, L.font(20, True), (255, 170, 140) if lab == "cancelled"
                     else T.GOLD, L.p(x + 75, box[1] + 66), "center")
                if lab == "cancelled" and k2 >= 1:
                    r = L.r(x, box[1] + 76, 150, 210)
                    pygame.draw.line(surf, (255, 90, 70), r.topleft, r.bottomright, L.s(6))
                    pygame.draw.line(surf, (255, 90, 70), r.topright, r.bottomleft, L.s(6))
            text_block(surf, m["line"], L.font(21), T.TEXT,
                       L.r(box[0] + 30, box[1] + 296, box[2] - 60, 80), align="center")
        elif m["kind"] == "race":
            panel(surf, L, box, colour=(16, 20, 40), edge=(140, 180, 255))
            text(surf, "THE SPACE RACE", L.font(40, True), (170, 200, 255),
                 L.p(500, box[1] + 36), "center")
            for i, side in enumerate(("USSR", "USA")):
                cid = d["slots"][side]["space"]
                x = 500 - 180 + 210 * i
                if cid:
                    draw_card(surf, L, T.card_face(cid, self.cb), (x, box[1] + 66, 150, 210),
                              face_up=self.face_allowed(cid), back=T.card_back(side))
                    text(surf, f"{T.NAME[side]}: {E.space_value(d, side)}", L.font(22, True),
                         T.SIDE_LIGHT[side], L.p(x + 75, box[1] + 292), "center")
            w = m.get("winner")
            msg = f"{T.NAME[w]} advances!" if w else "A tie: nobody advances."
            # a little rocket rising for the winner
            if w:
                rk = min(1.0, m["t"] / max(0.01, m["len"] * 0.8))
                rx = 500 - 180 + 210 * (0 if w == "USSR" else 1) + (-24 if w == "USSR" else 174)
                draw_space_symbol(surf, L.p(rx, box[1] + 280 - 210 * rk), L.s(16))
            text(surf, msg, L.font(28, True), T.GOLD, L.p(500, box[1] + 340), "center")
        elif m["kind"] == "event":
            panel(surf, L, box, colour=(30, 20, 44), edge=(200, 170, 240))
            text(surf, "NEW EVENT", L.font(40, True), (210, 180, 250), L.p(500, box[1] + 36),
                 "center")
            ev = m["event"]
            if ev:
                draw_card(surf, L, T.event_face(ev), (box[0] + 40, box[1] + 70, 200, 280),
                          face_up=True)
                e = EVENTS[ev]
                text(surf, f"{e.name} ({e.year})", fit_font(L, f"{e.name} ({e.year})", 400, 28,
                                                            True), T.TEXT,
                     L.p(box[0] + 270, box[1] + 90))
                text_block(surf, e.text, L.font(24), T.TEXT,
                           L.r(box[0] + 270, box[1] + 130, 400, 200))

    def _draw_cloud(self, surf):
        if self.cloud_t is None:
            return
        L = self.app.layout
        t = self.cloud_t / max(0.01, self.speed or 0.01)
        if self.speed == 0:
            t = 4.0
        w, h = surf.get_size()
        k0 = min(1.0, t / 1.5)
        surf.fill((255 - int(170 * k0), 255 - int(215 * k0), 255 - int(225 * k0)),
                  special_flags=pygame.BLEND_RGB_MULT)
        flash = max(0.0, 1 - t / 0.6)
        if flash > 0:
            surf.fill((int(255 * flash), int(250 * flash), int(230 * flash)),
                      special_flags=pygame.BLEND_RGB_ADD)
        k = min(1.0, t / 2.5)
        cx, base = 500, 640
        top = base - 420 * k
        fire = (255, 170 - int(80 * k), 60)
        smoke = (200 - int(60 * k), 180 - int(60 * k), 160 - int(50 * k))
        # shockwave
        ring = 60 + 700 * min(1.0, t / 1.8)
        pygame.draw.ellipse(surf, (255, 230, 200), L.r(cx - ring, base - ring * 0.15, ring * 2,
                                                       ring * 0.3), max(1, L.s(4)))
        pygame.draw.rect(surf, smoke, L.r(cx - 30 - 10 * k, top + 60, 60 + 20 * k, base - top - 60))
        for i in range(14):
            a = i / 14 * math.tau + t * 0.8
            rr = 70 + 60 * k
            px = cx + math.cos(a) * rr * 1.4
            py = top + math.sin(a) * rr * 0.5
            pygame.draw.circle(surf, smoke, L.p(px, py), L.s(50 + 25 * k))
        pygame.draw.circle(surf, fire, L.p(cx, top), L.s(80 + 50 * k))
        pygame.draw.circle(surf, (255, 230, 150), L.p(cx, top), L.s(40 + 20 * k))
        if t > 1.5:
            res = self.session.state["result"]
            text(surf, "MUTUALLY ASSURED DESTRUCTION", L.font(46, True), (255, 240, 220),
                 L.p(500, 90), "center", shadow=(0, 0, 0))
            text(surf, f"{T.NAME[res['winner']]} wins", L.font(36, True), T.GOLD,
                 L.p(500, 140), "center", shadow=(0, 0, 0))
