"""Learn to play: a guided first turn of Twilight Struggle on a fixed deal (a part the map scene
holds).

The lesson is a real game against the computer (easy), always started from the same seed, so
the hands are fixed and, on the lesson's path, so are the dice: the USSR (you) holds Middle East
Scoring, Decolonization, Red Scare/Purge, Suez Crisis, Olympic Games, Comecon, Vietnam Revolts,
De-Stalinization and The China Card.  Each step names the card to play and how; any other
choice is refused with a sentence saying what the lesson asks, and everything else is the real
scene and the real rules.  The step is derived from the state (set-up, headline, the USSR's
action round), so a lesson saved and continued goes on where it was.
"""

from __future__ import annotations

from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.games.struggle.data import CARDS
from squabble.ui import theme

SEED = 11
SETUP = {"mode": "computer", "human": "USSR", "level": "easy", "options": {}, "tutorial": True}

#: (card to play or None, how to use it or None, title, what the step teaches)
STEPS = (
    (None, None, "1 · Starting influence",
     "Click the lit countries of Eastern Europe to place your 6 starting points. A side "
     "controls a country when its influence beats the enemy's by at least the stability (the "
     "number in the disc): then its marker is solid."),
    (9, None, "2 · The headline",
     "Both sides pick a card in secret; the higher Ops goes first. Headline Vietnam Revolts "
     "(click it): its event helps you in Southeast Asia."),
    (14, "influence", "3 · Influence",
     "Play Comecon and choose 'Spread influence': 3 Ops, one point each in or next to your "
     "countries (2 into a country the enemy controls). Its event would help you too, but the "
     "lesson is Ops."),
    (28, "coup", "4 · A coup and DEFCON",
     "Play Suez Crisis for a coup: pick a country with US influence. Die + 3 Ops − 2 × "
     "stability is what changes hands. A coup in a battleground (crimson name) lowers DEFCON "
     "by one: at DEFCON 1 the side whose turn it is loses."),
    (30, "realign", "5 · Realignment",
     "Play Decolonization for realignments: each of its 2 Ops is one roll-off in a country "
     "with US influence. Each side rolls, +1 per adjacent country it controls and +1 for more "
     "influence there; the loser loses the difference."),
    (33, "space", "6 · The Space Race",
     "Play De-Stalinization on the Space Race: roll 1-3 to reach Earth Satellite (2 VP for "
     "the first there). The card's event does not happen."),
    (3, None, "7 · A scoring card",
     "Play Middle East Scoring: the region is scored now (presence, domination, control, "
     "battlegrounds). A scoring card must be played before the turn ends or you lose."),
)
DONE = ("The lesson is over",
        "You have played every kind of move. Play on to the end of the game, or Esc for the "
        "menu. F1 has the rules and every card.")
TUTOR_R = (934, 526, 342, 118)


class Tutor:
    """``on``: this game is the lesson (the step is read from ``session``'s state)."""

    def __init__(self, session, on: bool):
        self.session = session
        self.on = on

    def step(self):
        """The step the state is at (None: the lesson is over)."""
        st = self.session.state
        if not st.get("setup_done"):
            return STEPS[0]
        if st.get("turn") != 1:
            return None
        if not st.get("action_round"):           # the headline phase (round 0)
            return STEPS[1]
        r = st["action_round"] + (st.get("phasing") == "USA")   # the USSR's next round
        return STEPS[1 + r] if 1 <= r <= len(STEPS) - 2 else None

    def refuses(self, index: int) -> str:
        """Why the lesson refuses option ``index`` ("" when it allows it)."""
        if not self.on:
            return ""
        step = self.step()
        d = self.session.decision()
        if step is None or d is None or d["player"] != "USSR":
            return ""
        card, use, title, _words = step
        o = d["options"][index]
        kind = (self.session.describe() or {}).get("kind")
        if kind in ("headline", "action_card") and card is not None and o.get("card") != card:
            return f"The lesson asks for {CARDS[card]['name']} now ({title[4:]})."
        if kind == "play_mode" and use is not None and o.get("mode") != use:
            return f"The lesson asks to use it for {dict(_USES)[use]}."
        return ""

    def draw(self, surf, L) -> None:
        if not self.on:
            return
        step = self.step()
        title, words = (step[2], step[3]) if step is not None else DONE
        x, y, w, h = TUTOR_R
        panel(surf, L, TUTOR_R, colour=(30, 40, 34), edge=(130, 220, 150), alpha=255)
        head = "LEARN TO PLAY · " + title
        text(surf, head, fit_font(L, head, w - 16, 16, True), (160, 235, 170), L.p(x + 8, y + 6))
        text_block(surf, words, L.font(15), theme.TEXT, L.r(x + 8, y + 28, w - 16, h - 32))


_USES = (("influence", "influence ('Spread influence')"), ("coup", "a coup ('Launch a coup')"),
         ("realign", "realignments"), ("space", "the Space Race"))
