"""The first-game guide: one short hint the first time each moment comes."""

from __future__ import annotations

from squabble.framework.layout import fit_font, text, text_block
from squabble.framework.widgets import panel
from squabble.ui import theme as T


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
                    "Your last Activity card is discarded; take tokens for it (the prompt "
                    "below says how many) to spend in phase 4 of the next era."),
    10: ("Phase 10 · victory?",
         "After era 5 the side the balance favours wins; at DEFCON 5 the Leader card holder."),
}
GUIDE_RECT = (322, 136, 272, 128)   # between the top Balance of Power slot and the Event


class Guide:
    """The first-game guide of one table: on or off, the topics already shown, the hint on
    screen now (``hint``: (title, text) or None)."""

    def __init__(self, on: bool, memo: dict | None = None):
        """``memo``: the game's ``Session.ui``; its ``"guide"`` (the topics already shown) is
        read here and kept up to date, so it is saved with the game and a game continued does
        not show a hint again."""
        self.on = on
        self.memo = memo if memo is not None else {}
        self.seen: set = set(self.memo.get("guide") or ())
        self.hint = None
        self.phase = None      # the phase the hint on screen belongs to

    def show(self, topic, phase=None):
        """Show the first-game hint for ``topic`` the first time it comes up (in ``phase``:
        the hint leaves with it, ``keep_to``)."""
        if self.on and topic in GUIDE and topic not in self.seen:
            self.seen.add(topic)
            self.memo["guide"] = sorted(self.seen, key=str)
            self.hint = GUIDE[topic]
            self.phase = phase

    def keep_to(self, phase) -> None:
        """The table shows ``phase``: a hint of another phase leaves (however the phase came:
        a beat, moves skipped, the friend's moves arriving online)."""
        if self.hint is not None and self.phase is not None and phase != self.phase:
            self.close()

    def close(self):
        self.hint = None
        self.phase = None

    def draw(self, surf, L):
        """The hint's panel between the top Balance of Power slot and the Event."""
        if not self.hint:
            return
        x, y, w, h = GUIDE_RECT
        panel(surf, L, GUIDE_RECT, colour=(30, 34, 52), edge=(140, 180, 255), alpha=240)
        text(surf, "FIRST-GAME GUIDE · " + self.hint[0], fit_font(L, "FIRST-GAME GUIDE · " +
                                                                 self.hint[0], w - 40, 15, True),
             (170, 200, 255), L.p(x + 8, y + 6))
        text(surf, "x", L.font(18, True), T.TEXT, L.p(x + w - 12, y + 12), "center")
        foot = "H or x: close · set-up: guide on/off"
        ff = fit_font(L, foot, w - 16, 13)
        fh = ff.get_linesize() / L.scale          # (the player's text size may grow it)
        text_block(surf, self.hint[1], L.font(15), T.TEXT,
                   L.r(x + 8, y + 26, w - 16, h - 32 - fh))
        text(surf, foot, ff, T.MUTED, L.p(x + 8, y + h - 6), "bottomleft")

    def close_hit(self, lp) -> bool:
        x, y, w, h = GUIDE_RECT
        return self.hint is not None and x + w - 28 <= lp[0] < x + w and y <= lp[1] < y + 26
