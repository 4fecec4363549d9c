"""Options' second page, online play (issue 59): the display name and the "your move" alert of a
window in the background; and the one way a name is typed (Play online's row, this page, and
the question before the first online game), checked by online/names.py (the server checks it
again)."""

from __future__ import annotations

from squabble.framework.layout import text_block
from squabble.framework.widgets import Button
from squabble.ui import settings as S
from squabble.ui import theme as T
from squabble.ui.menu_scene import MenuScene
from squabble.ui.online.textline import TextEntryScene

NAME_HELP = ("What your friend and the spectators see you called (a name, not a password: "
             "anyone may choose any name)")
FIRST_HELP = ("Your first online game: what should your friend see you called? Type a name "
              "and press Enter (Back: play as \"your friend\"; Options can set it later).")


def ask_name(app, then=None, first: bool = False) -> None:
    """Type the display name; it is kept in the settings.  ``then()`` runs once the name is
    kept (or, on the first game's question, also when it is left empty or Back is chosen:
    that question comes once)."""
    from squabble.online.names import MAX_CHARS, check

    def done(value):
        try:
            name = check(value) or ""
        except ValueError as e:
            app.toast(str(e), 6.0)
            if first:
                ask_name(app, then, first)      # asked again until a good name or none
            return
        if name or not first:
            app.settings.display_name = name
        app.settings.name_asked = True
        S.save(app.settings)
        if then is not None:
            then()

    scene = TextEntryScene(app, "Your name", FIRST_HELP if first else NAME_HELP,
                           getattr(app.settings, "display_name", ""), done, limit=MAX_CHARS)
    if first:
        def skip():
            app.stack.remove(scene)
            done("")
        scene.back = skip
    app.stack.push(scene)


def then_after_name(app, go) -> None:
    """``go()`` now, or after the name is asked on the first online game (create or join)
    when none is set and it was never asked."""
    s = app.settings
    if getattr(s, "display_name", "") or getattr(s, "name_asked", False):
        go()
    else:
        ask_name(app, go, first=True)


class OnlineOptionsScene(MenuScene):
    name = "options_online"
    title = "Options: online play"
    subtitle = "Saved automatically"

    def build(self):
        s = self.app.settings
        on = {True: "On", False: "Off"}
        name = getattr(s, "display_name", "") or "none yet"
        rows = [
            Button("name", f"Your name:  {name}", (340, 200, 600, 44),
                   lambda: ask_name(self.app, self.build), hint="Enter: type it"),
            Button("move_alert", f"Your-move alert:  <  {on[bool(s.move_alert)]}  >",
                   (340, 300, 600, 44), self._alert, kind="row"),
            Button("back", "Done", (490, 470, 300, 46), self.back),
        ]
        self.rebuilt(rows)

    def _alert(self, d=0):
        self.app.settings.move_alert = not self.app.settings.move_alert
        self.app.apply_settings()
        self.build()

    def on_resume(self):
        self.build()

    def draw(self, surf):
        super().draw(surf)
        L = self.app.layout
        text_block(surf, "Shown to your friend and to spectators instead of \"your friend\".",
                   L.font(18), T.MUTED, L.r(340, 248, 600, 40), align="center")
        text_block(surf, "When it becomes your move while this window is in the background, "
                   "its title says so and a short sound plays.", L.font(18), T.MUTED,
                   L.r(340, 348, 600, 60), align="center")
