"""Learn to play: a guided first turn of Twilight Struggle on a fixed path (a part the map scene
holds).

The lesson is a real game against the computer, always the same (``ai/struggle_lesson.py``): a
fixed seed deals the hands (the USSR, you: Middle East Scoring, Decolonization, Red Scare/Purge,
Suez Crisis, Olympic Games, Comecon, Vietnam Revolts, De-Stalinization and The China Card), the
USA plays a script through the lesson's turn, and the dice of the lesson's path wait in the
engine's forced dice queue.  Each step names the card to play, how and where; any other choice
is refused with a sentence saying what the lesson asks, and everything else is the real scene
and the real rules.  Every step works (the coup takes Iran, both realignments win, the Space
Race roll succeeds, Middle East Scoring is played with the USSR dominating the region) and the
coach, asked during the lesson, advises within the step.  The step is derived from the state,
so a lesson saved and continued goes on where it was.
"""

from __future__ import annotations

from squabble.ai import struggle_lesson as lesson
from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.games.struggle.data import CARDS
from squabble.ui import theme

SEED = lesson.SEED
SETUP = {"mode": "computer", "human": "USSR", "level": "easy", "options": {}, "tutorial": True}

#: (title, what the step teaches): the starting influence, then ``lesson.USSR_PATH``'s steps
STEPS = (
    ("1 · Starting influence",
     "Click the lit countries of Eastern Europe to place your 6 starting points. A side "
     "controls a country when its influence beats the enemy's by at least the stability (the "
     "number in the disc): then its marker is solid."),
    ("2 · The headline",
     "Both sides pick a card in secret; the higher Ops goes first. Headline Vietnam Revolts "
     "(click it): its event helps you in Southeast Asia."),
    ("3 · Influence",
     "Play Comecon and choose 'Spread influence': 3 Ops, one point each in or next to your "
     "countries. Put 2 in Iraq and 1 in Syria: you then control both, ready for step 7."),
    ("4 · A coup and DEFCON",
     "Play Suez Crisis for a coup in Iran. Die + 3 Ops − 2 × stability is what changes hands. "
     "A coup in a battleground (crimson name) lowers DEFCON by one: at DEFCON 1 the side whose "
     "turn it is loses."),
    ("5 · Realignment",
     "Play Decolonization for realignments in Israel, then South Korea: each roll-off removes "
     "US influence. Each side rolls, +1 per adjacent country it controls and +1 for more "
     "influence there; the loser loses the difference."),
    ("6 · The Space Race",
     "Play De-Stalinization on the Space Race: roll 1-3 to reach Earth Satellite (2 VP for "
     "the first there). The card's event does not happen."),
    ("7 · A scoring card",
     "Play Middle East Scoring: you control Iraq, Syria and Iran, the USA nothing there, so "
     "you dominate the region. A scoring card must be played before the turn ends or you lose."),
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
        """The step (title, words) the state is at (None: the lesson is over)."""
        st = self.session.state
        if not st.get("setup_done"):
            return STEPS[0]
        r = lesson.round_of(st)
        return None if r is None else STEPS[1 + r]

    def refuses(self, index: int) -> str:
        """Why the lesson refuses option ``index`` ("" when it allows it)."""
        if not self.on:
            return ""
        step = self.step()
        d = self.session.decision()
        if step is None or d is None or d["player"] != "USSR":
            return ""
        kind = (self.session.describe() or {}).get("kind")
        want = lesson.ussr_allows(self.session.state, d["options"][index], kind)
        if not want:
            return ""
        what, _, value = want.partition(":")
        if what == "card":
            return f"The lesson asks for {CARDS[int(value)]['name']} now ({step[0][4:]})."
        if what == "use":
            return f"The lesson asks to use it for {dict(_USES)[value]}."
        verb = {"influence": "influence in", "coup_target": "the coup in",
                "realign_target": "a realignment in"}.get(kind, "")
        return f"The lesson asks for {verb} {value} now."

    def allowed(self) -> list[int] | None:
        """The options of the USSR's decision the lesson allows now (None: it allows all)."""
        return lesson.allowed(self.session.state) if self.on else None

    def path(self, state) -> list[int] | None:
        """The same for any state of the lesson (the coach plays an action out along it)."""
        return lesson.allowed(state) if self.on else None

    def draw(self, surf, L) -> None:
        if not self.on:
            return
        step = self.step()
        title, words = step if step is not None else DONE
        x, y, w, h = TUTOR_R
        panel(surf, L, TUTOR_R, colour=(30, 40, 34), edge=(130, 220, 150), alpha=255)
        head = "LEARN TO PLAY · " + title
        text(surf, head, fit_font(L, head, w - 16, 16, True), (160, 235, 170), L.p(x + 8, y + 6))
        text_block(surf, words, L.font(15), theme.TEXT, L.r(x + 8, y + 28, w - 16, h - 32))


_USES = (("influence", "influence ('Spread influence')"), ("coup", "a coup ('Launch a coup')"),
         ("realign", "realignments"), ("space", "the Space Race"))
