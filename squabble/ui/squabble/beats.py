"""The table's beats: each engine log line shown with its state, by its kind; tokens
flying; phase banners; the ending."""

from __future__ import annotations

import math

from squabble.framework.widgets import token
from squabble.games.squabble import engine as E
from squabble.games.squabble.cards import ERA_YEARS, SIDES
from squabble.ui import theme as T
from squabble.ui.squabble.layout import (
    BOP_X, BOT_SLOT_Y, DECK_X, PILE, RIGHT, SLOT_CARD, SPACE_X, TOP_SLOT_Y, side_row)


class BeatsMixin:
    """Part of TableScene (squabble.ui.squabble.table)."""

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
        beat = self.beats.pop(0)        # a framework Beat: line, state, kind, data
        snap = beat.state
        prev = self.display
        self.display = snap
        self._token_flights(prev, snap)
        self._layout_sprites()
        self._items()
        moved = snap["bop"] != prev["bop"] or snap["space"] != prev["space"]
        if beat.kind == "end" and moved and self.speed > 0:
            # the outcome follows the motion: the token walks to the cloud (or its last space)
            # first, under the old header; the words and phase 10 come when it arrives
            self.held = (beat, prev)
            self.beat_t, self.beat_len = 0.0, 0.0
            return
        self._show_beat(beat, prev)

    def _show_beat(self, beat, prev):
        """The beat's words, header, banner, moment and sound: all at once, with the state."""
        self.held = None
        line, snap = beat.line, beat.state
        self.app.log_line(line)
        if snap["phase"] != self.shown_phase:
            self.hint = None          # a hint belongs to its moment
            self._guide(snap["phase"])
        self.shown_phase = snap["phase"]
        length = 0.45
        if snap["phase"] != prev["phase"] or snap["era"] != prev["era"]:
            self._banner(snap)
            length += 0.7
        k = beat.kind
        data = beat.data
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
