"""Twilight Squabble's own screens around the table: the new-game set-up, the pause menu, a
discard pile, the Rules overlay (the ten phases, the rulings, every card, the Event deck) and
the result.  The shared menus (title, options, controls) are in ``squabble/ui/menus.py``."""

from __future__ import annotations

import pygame

from squabble.framework.cards import draw_card
from squabble.framework.layout import fit_font, text, wrap
from squabble.framework.scene import Scene
from squabble.framework.widgets import Button, panel
from squabble.games.squabble.cards import CARDS, ERA_YEARS, EVENTS, OTHER
from squabble.ui import settings as S
from squabble.ui import couch_prefs
from squabble.ui import theme as T
from squabble.ui.keep_record import KEEP_LABEL, keep_so_far, may_continue, may_keep_so_far
from squabble.ui.squabble import faces as F
from squabble.ui.squabble import game
from squabble.ui.menu_scene import MENU_CONTROLS, MenuScene, ResultMenuScene
from squabble.ui.option_setup import OptionRow, OptionSetupScene, on_off, opponent_rows
from squabble.ui.rulings_text import RULINGS


class SetupScene(OptionSetupScene):
    name = "setup"
    title = "New game"
    subtitle = "Choose who plays and how"
    START_LABEL = "Start the war"

    def __init__(self, app, message=""):
        # the set-up remembers the last choices (kept in the user data folder)
        opts = couch_prefs.last_setup({"mode": "computer", "human": "USSR",
                                       "level": app.settings.level, "events": False})
        opts["guide"] = couch_prefs.guide_on()
        rows = opponent_rows(lambda s: F.NAME[s]) + game.option_rows() + [
            OptionRow("guide", "First-game guide", [False, True], on_off),
        ]
        super().__init__(app, opts, rows, self.start_now, message)

    def saved_game_exists(self) -> bool:
        return game.SAVES.exists()

    def start_now(self, opts):
        self.app.settings.level = opts["level"]
        S.save(self.app.settings)
        couch_prefs.remember_setup(opts)
        couch_prefs.set_guide(opts["guide"])
        self.app.start(game.SAVES.name, {k: v for k, v in opts.items() if k != "guide"})

    def note(self) -> str:
        o = self.opts
        if o["mode"] == "hotseat":
            return ("Two players share the screen. A hand-off screen covers the table before "
                    "each secret choice, also between two steps of the same side when something "
                    "both players watched came in between. With two gamepads, each pad drives "
                    "its own side.")
        return (f"You play {F.NAME[o['human']]}; the computer plays "
                f"{F.NAME[OTHER[o['human']]]}. Russia plays its cards first each turn.")




class PauseScene(MenuScene):
    name = "pause"
    opaque = False
    title = "Paused"

    def __init__(self, app, session, flow):
        # a hot-seat player's own cards were on the screen: the table stays hidden under the
        # menu, and the screen is nobody's until the next hand-off (the session's look rule;
        # Resume goes back behind the hand-off, see TurnFlow.resume)
        self.covering = session.mode == "hotseat" and session.viewer() is not None
        self.session = session
        flow.pause()
        super().__init__(app)

    TOP = 110        # the first button, just under the title (no empty band between)

    def build(self):
        y = self.TOP
        online = getattr(self.app.session, "kept_on_server", False)   # the server keeps it
        self.set_buttons([
            Button("resume", "Resume", (490, y, 300, 52), self.back),
            Button("rules", "Rules (F1)", (490, y + 62, 300, 52), self.app.open_rules),
            Button("options", "Options", (490, y + 124, 300, 52), self.app.open_options),
            Button("title", "Leave to the title" if online else "Save and go to title",
                   (490, y + 186, 300, 52), self.app.to_title),
            Button("quit", "Leave and quit" if online else "Save and quit",
                   (490, y + 248, 300, 52), lambda: self.app.quit(0)),
        ] + ([] if online else [Button("keep", KEEP_LABEL, (490, y + 310, 300, 52),
                                       lambda: keep_so_far(self.app, self.session),
                                       enabled=may_keep_so_far(self.session)[0],
                                       reason=may_keep_so_far(self.session)[1])])
             + ([Button("continue", "Continue from here", (490, y + 372, 300, 52),
                        lambda: self.app.continue_from_here(self.session))]
                if may_continue(self.session) else [])
             + ([Button("chat", "A word to your friend", (490, y + 310, 300, 52), self._chat,
                         hint="or T at the table"),
                 Button("code", "Copy the invitation code", (490, y + 372, 300, 52),
                        lambda: self.app.toast(self.app.session.copy_code(), 6.0))]
                if online and not self.app.session.watching else []))

    def _chat(self):
        self.app.stack.remove(self)
        self.app.open_chat(self.app.session)

    def private_below(self) -> bool:
        """A hot-seat player's own cards were on the screen when the menu opened: the table
        stays hidden (the other player may walk up while the game is paused)."""
        return self.covering

    def panel_rect(self) -> tuple:
        """The panel around the title and the buttons, with an even margin below them."""
        bottom = max(b.rect[1] + b.rect[3] for b in self.buttons) + 30
        return (440, 30, 400, bottom - 30)

    def draw_background(self, surf):
        if self.private_below():
            surf.fill((12, 14, 20))
            text(surf, "The table is hidden while the game is paused.", self.app.layout.font(20),
                 T.MUTED, self.app.layout.p(640, 650), "center")
        else:
            surf.fill((85, 85, 85), special_flags=pygame.BLEND_RGB_MULT)
        panel(surf, self.app.layout, self.panel_rect(), alpha=240)
        # the controls line gets its own strip: it no longer runs over the hand
        panel(surf, self.app.layout, (0, 684, 1280, 36), colour=(14, 16, 24), alpha=250,
              radius=0)


class DiscardScene(MenuScene):
    """Inspect a discard pile (discards are public)."""
    name = "discards"
    opaque = False

    def __init__(self, app, model, side):
        """``model``: the table's ``TableModel`` (the state shown, whose faces may be shown)."""
        self.model, self.side = model, side
        super().__init__(app)

    def build(self):
        self.set_buttons([Button("close", "Close", (540, 640, 200, 48), self.back)])

    def draw(self, surf):
        L = self.app.layout
        surf.fill((65, 65, 65), special_flags=pygame.BLEND_RGB_MULT)
        panel(surf, L, (60, 40, 1160, 660))
        d = self.model.display
        cards = d["discards"][self.side]
        text(surf, f"{F.NAME[self.side]}'s discard pile ({len(cards)} cards)", L.font(32, True),
             T.SIDE_LIGHT[self.side], L.p(640, 74), "center")
        if not cards:
            text(surf, "Empty.", L.font(26), T.MUTED, L.p(640, 300), "center")
        for i, cid in enumerate(cards):
            x = 90 + (i % 9) * 124
            y = 110 + (i // 9) * 250
            draw_card(surf, L, F.card_face(cid, self.app.settings.colour_blind),
                      (x, y, 112, 157), face_up=self.model.face_allowed(cid),
                      back=T.card_back(self.side))
            c = CARDS[cid]
            text(surf, c.name, fit_font(L, c.name, 116, 15), T.TEXT, L.p(x + 56, y + 170),
                 "center")
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)


RULES = [
    ("Goal", "Finish era 5 (1985-1991) with the Balance of Power on your side — or, if it is on "
             "DEFCON 5, hold the Space Race Leader card. But if the Balance of Power token ever "
             "lands on a Mushroom Cloud, nuclear war: the side it went too far toward LOSES."),
    ("1. Draw", "Each side draws its three cards of the new era. (Event variant: reveal an Event; "
                "it changes one rule until covered.)"),
    ("2. Play", "Secretly play one card to the Balance of Power slot and one Activity card to the "
                "Space Race slot. Agents may only go to the Balance of Power."),
    ("3. Agents", "Agents are revealed. An Agent sees the opponent's Space Race card. A Double "
                  "Agent turns an enemy Agent; two Double Agents fail; a lone Double Agent brings "
                  "your Agent back from the discards. Spent agents are replaced by an Activity "
                  "card, face down."),
    ("4. Socio-Economic Impact", "Place available tokens on your cards: the favoured side first "
                                 "(neutral: Russia). On the Balance of Power card, tokens equal "
                                 "to its printed value make it 0; otherwise +1 each. On the Space "
                                 "Race card each token adds 1."),
    ("5. Reveal", "Both Balance of Power cards are revealed."),
    ("6. Counter", "Favoured side first (neutral: America). You may discard a card whose Counter "
                   "Value equals the opponent's printed Activity Value to cancel their card. "
                   "At most one counter each per turn."),
    ("7. Measure", "The token moves toward the higher value by the difference, space by space; "
                   "it stops on a cloud."),
    ("8. Space Race", "Space Race cards are revealed; the higher value advances. Ties: the Space "
                      "Symbol wins; both or neither: nobody moves. Space 1: may take a token. "
                      "Space 2: may shift the Balance of Power one space your way. The side "
                      "ahead takes the Leader card (a tie leaves it where it is)."),
    ("9. Socio-Economic Event", "Discard the Activity card left in hand and take up to its "
                                "Activity Value in tokens (never more than 3 held). Tokens used "
                                "this turn return to the supply."),
    ("10. Check for Victory", "After era 5: the favoured side wins; neutral: the Leader card "
                              "holder; nobody holds it: a draw."),
    ("The tracks", "Balance of Power: DEFCON 5 in the centre, then 4, 3, 2 toward each side, then a "
                   "Mushroom Cloud. Red spaces favour Russia, blue favour America. The cloud at the "
                   "end of America's side means Russia wins, and the other way round. Space Race: "
                   "Start, then spaces 1-5; space 1 gives a token, space 2 a shift."),
    ("Cards", "Each side: Agent, Double Agent and three cards per era, valued 1/2, 2/1 and 3/3 "
              "(Activity / Counter). One card per era carries a Space Symbol (the rocket)."),
    ("This table", "Click or use keys/pad. Green outline = legal now; dimmed = not legal (try it "
                   "to see why). Choices can be undone (Backspace / X) until you commit. "
                   "Discard piles can be inspected. The game saves after every decision."),
]


NOTICE = ("Twilight Squabble and Twilight Struggle are trademarks of their publishers; this is an "
          "unofficial fan implementation with its own art, sound and texts.")


def card_list() -> list[str]:
    """Both decks in words: the agents, then each era's three cards per side with Activity /
    Counter values and the Space Symbol (the rocket)."""
    def one(c):
        return f"{c.name} {c.activity}/{c.counter}" + (" (rocket)" if c.space_symbol else "")

    out = ["Each side also holds an Agent and a Double Agent (Balance of Power slot only). "
           "Values are Activity / Counter."]
    for era, years in ERA_YEARS.items():
        sides = []
        for side in ("USA", "USSR"):
            cards = [c for c in CARDS.values() if c.side == side and c.era == era]
            sides.append(f"{F.NAME[side]}: " + ", ".join(one(c) for c in cards))
        out.append(f"Era {era} ({years}) — " + "; ".join(sides) + ".")
    return out


class RulesScene(Scene):
    """A readable overlay of the ten phases, the rulings (R1-R14, built in so the one-file
    download has them), the events and the notice.  Scrolls by whole rows, so no row is ever
    cut at the top; a scroll bar and "more" marks show where you are.  F1 or Esc closes it."""
    name = "rules"
    opaque = True
    AREA = (80, 86, 1100, 580)

    def __init__(self, app):
        super().__init__(app)
        self.first = 0          # index of the first row shown
        self._rows = None       # (scale, [(kind, text, x)])

    def rows(self):
        L = self.app.layout
        if self._rows and self._rows[0] == L.scale:
            return self._rows[1]
        fb, fn = L.font(24, True), L.font(22)
        out = [("note", ln, 90) for ln in wrap(NOTICE, L.font(19), L.s(1080))] + [("gap", "", 0)]
        out.append(("title", "How a turn goes", 90))
        for head, body in RULES:
            lines = wrap(body, fn, L.s(800))
            out.append(("headline", head + "\t" + (lines[0] if lines else ""), 90))
            out += [("body", ln, 370) for ln in lines[1:]]
        out += [("gap", "", 0), ("title", "The rulings: how this game decides unclear points", 90)]
        for head, body in RULINGS:
            out.append(("head", head, 90))
            for para in body.split("\n"):
                indent = 120 if para.startswith("- ") else 90
                out += [("body", ln, indent) for ln in wrap(para, fn, L.s(1180 - indent))]
        out += [("gap", "", 0), ("title", "The cards, era by era", 90)]
        for line in card_list():
            out += [("body", ln, 90) for ln in wrap(line, fn, L.s(1090))]
        out += [("gap", "", 0), ("title", "The Event deck (variant)", 90)]
        for e in EVENTS.values():
            out += [("body", ln, 90) for ln in wrap(f"{e.name} ({e.year}): {e.text}", fn,
                                                    L.s(1090))]
        self._rows = (L.scale, out)
        return out

    def _visible(self):
        L = self.app.layout
        return max(1, int(self.AREA[3] / (L.font(22).get_linesize() / L.scale + 2)))

    def animating(self) -> bool:
        return False   # a still page: only input (a scroll, a resize) changes the picture

    def scroll_by(self, n):
        last = max(0, len(self.rows()) - self._visible())
        self.first = max(0, min(last, self.first + n))

    def handle_action(self, a):
        if a.name in ("back", "confirm", "help", "menu", "undo"):
            self.app.stack.remove(self)
        elif a.name == "down":
            self.scroll_by(2)
        elif a.name == "up":
            self.scroll_by(-2)
        elif a.name in ("right", "tab"):
            self.scroll_by(self._visible() - 2)
        elif a.name in ("left", "prev"):
            self.scroll_by(-(self._visible() - 2))

    def handle_mouse(self, kind, lp, button):
        if kind == "wheel":
            self.scroll_by(-2 * button)
        elif kind == "up" and button == 1:
            x, y = lp
            if 1100 <= x <= 1240 and 24 <= y <= 70:
                self.app.stack.remove(self)

    def draw(self, surf):
        L = self.app.layout
        surf.fill((14, 16, 26))
        text(surf, "How to play Twilight Squabble", L.font(40, True), T.GOLD, L.p(640, 48),
             "center")
        pygame.draw.rect(surf, (60, 60, 80), L.r(1100, 24, 140, 46), border_radius=L.s(8))
        text(surf, "Close (Esc)", L.font(22, True), T.TEXT, L.p(1170, 47), "center")
        rows = self.rows()
        n = self._visible()
        self.scroll_by(0)
        fb, fn, ft, fs = L.font(24, True), L.font(22), L.font(28, True), L.font(19)
        lh = fn.get_linesize() / L.scale + 2
        ax, ay, aw, ah = self.AREA
        y = ay
        for kind, line, x in rows[self.first:self.first + n]:
            if kind == "title":
                text(surf, line, ft, T.GOLD, L.p(x, y))
            elif kind == "head":
                text(surf, line, fb, T.SIDE_LIGHT["USA"], L.p(x, y))
            elif kind == "headline":
                head, first = line.split("\t")
                text(surf, head, fit_font(L, head, 360 - x, 24, True, max_h=lh),
                     T.SIDE_LIGHT["USA"], L.p(x, y))
                text(surf, first, fn, T.TEXT, L.p(370, y))
            elif kind == "note":
                text(surf, line, fs, T.MUTED, L.p(x, y))
            elif kind == "body":
                text(surf, line, fn, T.TEXT, L.p(x, y))
            y += lh
        # the scroll bar and "more" marks
        total = len(rows)
        bar = (1200, ay, 10, ah)
        pygame.draw.rect(surf, (40, 44, 60), L.r(bar), border_radius=L.s(5))
        if total > n:
            th = max(30, ah * n / total)
            ty = ay + (ah - th) * self.first / max(1, total - n)
            pygame.draw.rect(surf, T.GOLD, L.r(1200, ty, 10, th), border_radius=L.s(5))
        if self.first > 0:
            text(surf, "^ more above", L.font(17, True), T.GOLD, L.p(1190, ay - 4), "bottomright")
        more = total - self.first - n
        if more > 0:
            text(surf, f"v more below ({more} lines)", L.font(17, True), T.GOLD,
                 L.p(1190, ay + ah + 4), "topright")
        text(surf, "Up/Down or wheel: scroll · Left/Right: a page · Esc, Enter, F1 or B: close",
             L.font(18), T.MUTED, L.p(640, 700), "center")


HOW = {"cloud": "a Mushroom Cloud — the balance went too far",
       "balance": "the Balance of Power at the end of the war",
       "leader": "the Space Race Leader card (the balance ended at DEFCON 5)",
       "draw": "nobody: DEFCON 5 and no Space Race leader",
       "time": "the clock: the other side lost on time"}


def track_words(b: int) -> str:
    """A Balance of Power position as the track reads it: its spaces count down from DEFCON 5
    toward each cloud (+3, America's way, is the blue space marked 2)."""
    if b == 0:
        return "DEFCON 5"
    side = F.NAME["USA" if b > 0 else "USSR"]
    if abs(b) >= 4:
        return f"the cloud on {side}'s side"
    return f"{side} {5 - abs(b)}"


class ResultScene(ResultMenuScene):
    name = "result"

    def __init__(self, app, session, demo: bool = False):
        super().__init__(app, session, demo)
        app.sounds.play("win")
        if not demo:
            couch_prefs.game_finished()   # the first-game guide goes off after a first game

    side_name = staticmethod(lambda side: F.NAME[side])

    def build(self):
        self.set_buttons([
            self.rematch_button((400, 630, 220, 52), "Rematch", self.app.rematch),
            Button("title", "Title screen", (660, 630, 220, 52), self.app.to_title),
        ])

    def draw(self, surf):
        L = self.app.layout
        self.draw_background(surf)
        st = self.session.state
        res = st["result"]
        w = res["winner"]
        s = self.session
        if w == "draw":
            head, col = "A DRAW", T.GOLD
        else:
            if s.mode in ("computer", "online"):
                head = "YOU WIN!" if w == s.setup["human"] else "YOU LOSE"
                head += f"  —  {F.NAME[w]} wins"
            else:
                head = f"{F.NAME[w].upper()} WINS"
            col = T.SIDE_LIGHT[w]
        text(surf, head, fit_font(L, head, 1100, 72, True), col, L.p(640, 90), "center",
             shadow=(0, 0, 0))
        text(surf, f"by {HOW[res['how']]} · era {res['era']}", L.font(28), T.TEXT,
             L.p(640, 150), "center")
        # summary table
        panel(surf, L, (240, 190, 800, 370))
        hx = [300, 420, 560, 720, 880, 1030]    # (the last: the panel's right edge)
        for x, nx, hname in zip(hx, hx[1:], ["Era", "Balance", "Space race", "Space track",
                                             "Tokens"]):
            text(surf, hname, fit_font(L, hname, nx - x - 10, 22, True), T.MUTED, L.p(x, 210))
        for i, h in enumerate(st["history"]):
            y = 250 + i * 44
            b = h["bop"]
            bal = track_words(b)
            race = F.NAME[h["race"]] if h["race"] else "tie"
            vals = [f"{h['era']} ({ERA_YEARS[h['era']]})", bal, race,
                    f"A {h['space']['USA']} · R {h['space']['USSR']}",
                    f"A {h['tokens']['USA']} · R {h['tokens']['USSR']}"]
            for x, nx, v in zip(hx, hx[1:], vals):
                text(surf, v, fit_font(L, v, nx - x - 10, 21), T.TEXT, L.p(x, y))
        if res["how"] == "cloud":
            text(surf, f"Era {res['era']}: the Balance of Power reached a Mushroom Cloud.",
                 L.font(21), (255, 190, 160), L.p(300, 250 + len(st["history"]) * 44))
        ld = st["leader"]
        b = st["bop"]
        if b == 0:
            bal = "DEFCON 5 (neutral)"
        elif abs(b) >= 4:
            bal = f"a Mushroom Cloud, too far toward {F.NAME['USA' if b > 0 else 'USSR']}"
        else:
            bal = f"{track_words(b)}, favouring {F.NAME['USA' if b > 0 else 'USSR']}"
        text(surf, f"Final balance: {bal} · Space Race leader: {F.NAME[ld] if ld else 'nobody'}",
             L.font(21), T.TEXT, L.p(640, 506), "center")
        if s.mode == "computer":
            who = (f"You played {F.NAME[s.setup['human']]} against the computer "
                   f"({s.setup.get('level', 'normal')}).")
        elif s.mode == "hotseat":
            who = (f"Player 1 played {F.NAME[s.setup['human']]}, player 2 "
                   f"{F.NAME[OTHER[s.setup['human']]]}.")
        elif s.mode == "online":
            who = (f"Online: you played {F.NAME[s.setup['human']]} against your friend "
                   f"({F.NAME[OTHER[s.setup['human']]]}).")
        else:
            who = "Attract mode: the computer played both sides. Press any key to play."
        text(surf, who, L.font(19), T.MUTED, L.p(640, 536), "center")
        if self.offer is not None:        # online: what the friend did about the rematch
            self.offer.draw(surf, L, 580, self.t)
        cur = self.focus.current
        for b in self.buttons:
            b.draw(surf, L, focused=b is cur)
        text(surf, MENU_CONTROLS, L.font(17), T.MUTED, L.p(640, 700), "center")
