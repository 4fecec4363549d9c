"""Learn to play: a guided first turn of Twilight Struggle on a fixed path (a part the map scene
holds).

The lesson is a real game against the computer, always the same (``ai/struggle_lesson.py``): a
fixed seed deals the hands (the USSR, you: Decolonization, Marshall Plan, Red Scare/Purge,
Socialist Governments, Fidel, Indo-Pakistani War, Europe Scoring, Captured Nazi Scientist and
The China Card), the USA plays a script through the lesson's turn, and the dice of the lesson's
path wait in the engine's forced dice queue.  Each step names the card to play, how and where;
any other choice is refused with a sentence saying what the lesson asks, and everything else is
the real scene and the real rules.  Every move the lesson asks for is the coach's own first
choice among all the options (the coach is asked with no restriction) and stays its first
choice in most other deals of the cards the USSR cannot see, and every step works (the Space
Race roll succeeds, the realignments win, both coups take their country).  The step
is derived from the state, so a lesson saved and continued goes on where it was.
"""

from __future__ import annotations

from squabble.ai import struggle_lesson as lesson
from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.games.struggle.data import CARDS
from squabble.ui import theme

SEED = lesson.SEED
SETUP = {"mode": "computer", "human": "USSR", "level": "easy", "options": {}, "tutorial": True}

#: (title, what the step teaches): ``lesson.STEPS``'s steps, the starting influence first
STEPS = (
    ("1 · Starting influence",
     "Click the lit countries to place your 6 points: 4 in Poland, 1 in E. Germany, 1 in "
     "Austria. A side controls a country when its influence beats the enemy's by at least the "
     "stability (the number in the disc): then its marker is solid."),
    ("2 · The headline and an event",
     "Both sides pick a card in secret; the higher Ops goes first. Headline Decolonization: "
     "its event gives you 1 influence in 4 countries of Africa or Southeast Asia (Angola, "
     "Cameroon, Nigeria, Zaire)."),
    ("3 · The Space Race",
     "Marshall Plan is the USA's card: played for Ops, its event would fire for the USA. Play "
     "it on the Space Race instead (its event never happens): roll 1-3 to reach Earth "
     "Satellite, 2 VP for the first there."),
    ("4 · Influence",
     "Play Red Scare/Purge and choose 'Spread influence': 4 Ops, a point each in or next to "
     "your countries, 2 Ops for a point where the USA has control. Put 1 in Iran (2 Ops), 1 "
     "in Lebanon and 1 in N. Korea."),
    ("5 · Realignment",
     "Play Socialist Governments for realignments in N. Korea, W. Germany, then Italy: each "
     "side rolls, +1 per adjacent country it controls and +1 for more influence there; the "
     "loser loses the difference."),
    ("6 · A coup",
     "Play Fidel for a coup in Iran: die + 2 Ops − 2 × stability is what changes hands. Iran "
     "is a battleground (crimson name): a coup there lowers DEFCON by one, and at DEFCON 1 "
     "the side whose turn it is loses."),
    ("7 · Military operations",
     "The USA's coup took Nigeria: take it back with Indo-Pakistani War for a coup there. "
     "Coups count for military operations; DEFCON falls to 2, so one more battleground coup "
     "would end the game for whoever makes it."),
    ("8 · A scoring card",
     "Play Europe Scoring: a scoring card must be played in the turn it is drawn or you lose. "
     "Both sides have presence in Europe, so it scores little now."),
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
        self._memo = (None, None)      # (state, its step): the panel asks every frame
        self.shown = None              # the step on the panel: (title, words), or None

    def step(self):
        """The step (title, words) the state is at (None: the lesson is over)."""
        st = self.session.state
        if self._memo[0] is not st:
            self._memo = (st, lesson.step_of(st))
        r = self._memo[1]
        return None if r is None else STEPS[r]

    def refuses(self, index: int) -> str:
        """Why the lesson refuses option ``index`` ("" when it allows it)."""
        if not self.on:
            return ""
        step = self.step()
        d = self.session.decision()
        if step is None or d is None or d["player"] != "USSR":
            return ""
        want = lesson.wanted(self.session.state)
        if want is None or want == index:
            return ""
        o = d["options"][want]
        kind = (self.session.describe() or {}).get("kind")
        if kind in ("headline", "action_card") and "card" in o:
            return f"The lesson asks for {CARDS[o['card']]['name']} now ({step[0][4:]})."
        if kind in ("play_mode", "ops_kind") and o.get("mode") in dict(_USES):
            return f"The lesson asks to use it for {dict(_USES)[o['mode']]}."
        verb = {"coup_target": "the coup in", "realign_target": "a realignment in"}.get(
            kind, "influence in")
        if "country" in o:
            return f"The lesson asks for {verb} {o['country']} now."
        return f"The lesson asks for \u201c{o.get('label', '')}\u201d now."

    def path(self, state) -> list[int] | None:
        """The options of the USSR's decision in ``state`` the lesson's path allows (None: all):
        the coach plays an action out along it for its reasons."""
        return lesson.allowed(state) if self.on else None

    def draw(self, surf, L, settled: bool = True) -> None:
        """The panel.  ``settled``: the person decides and every move before is shown: the
        panel goes to the state's step; until then it keeps the step it showed (while the
        computer thinks or a move plays, the state is ahead of the picture: the USA's coup in
        Nigeria was described while the coup before it still played)."""
        if not self.on:
            return
        if settled or self.shown is None:
            self.shown = self.step() or DONE
        title, words = self.shown
        x, y, w, h = TUTOR_R
        panel(surf, L, TUTOR_R, colour=(30, 40, 34), edge=(130, 220, 150), alpha=255)
        head = "LEARN TO PLAY · " + title
        text(surf, head, fit_font(L, head, w - 16, 16, True), (160, 235, 170), L.p(x + 8, y + 6))
        text_block(surf, words, L.font(15), theme.TEXT, L.r(x + 8, y + 28, w - 16, h - 32))


_USES = (("influence", "influence ('Spread influence')"), ("coup", "a coup ('Launch a coup')"),
         ("realign", "realignments"), ("space", "the Space Race"))
