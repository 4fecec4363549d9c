"""A pause menu's "Keep the game so far": a game left unfinished is kept as a game record
(``squabble/records.py``) only when its player asks; and whether it offers "Continue from
here" (``may_continue``: ui/continue_from.py starts it, through the app)."""

from __future__ import annotations

from squabble import records

KEEP_LABEL = "Keep the game so far"


def may_keep_so_far(session) -> tuple[bool, str]:
    """(whether a pause menu's "Keep the game so far" may be pressed, why not)."""
    rec = (getattr(session, "ui", None) or {}).get("record")
    if getattr(session, "mode", None) not in ("computer", "hotseat"):
        return False, "Only a game on this computer is kept here."
    if not isinstance(rec, dict) or not rec.get("moves"):
        return False, "Nothing has been decided yet."
    return True, ""


def may_continue(session) -> bool:
    """A couch game in progress may be continued from its position (not an online game, the
    attract mode or a finished game)."""
    return not getattr(session, "kept_on_server", False) and \
        session.setup.get("mode") in ("hotseat", "computer") and not session.over


def keep_so_far(app, session) -> None:
    """A game left unfinished is kept only when its player asks: this is the asking (a pause
    menu's button).  The game goes on; the record says it was left unfinished."""
    try:
        kept = records.keep_abandoned(session)
    except OSError as e:
        app.toast(f"The game could not be kept ({e.strerror or type(e).__name__}).", 5)
        return
    if kept is not None:
        app.toast("Kept in Finished games as left unfinished; the game goes on.", 4)
