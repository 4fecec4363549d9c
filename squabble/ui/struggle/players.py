"""The Struggle computer players a window's game uses, and the Options' "Expert thinks longer"."""

from __future__ import annotations


def computer_player(state, level, seed):
    """The Struggle computer player the protocol uses; it decides from its own side's view.  In
    the window's worker process it reports how far it is for the thinking indicator."""
    from squabble.ai import choose, struggle_expert
    from squabble.framework import worker
    struggle_expert.progress = worker.progress
    return choose("struggle", state, level, seed)


def computer_player_longer(state, level, seed):
    """``computer_player`` with the Options setting "Expert thinks longer" on."""
    return computer_player(state, "expert_long" if level == "expert" else level, seed)


def chooser_for(setup: dict, longer: bool = False):
    """The computer player of a game of ``setup``: the lesson's opponent plays its script in the
    lesson's turn (``ai/struggle_lesson.py``), every other game the Struggle computer player
    (``longer``: the Options setting "Expert thinks longer")."""
    if setup.get("tutorial"):
        from squabble.ai.struggle_lesson import lesson_player
        return lesson_player
    return computer_player_longer if longer else computer_player


def follow_settings(session, settings) -> None:
    """Give ``session`` the computer player the Options now ask for (a game under way follows
    "Expert thinks longer" from its next decision; the lesson keeps its own)."""
    if session.chooser in (computer_player, computer_player_longer):
        session.chooser = chooser_for(session.setup, bool(getattr(settings, "expert_longer",
                                                                  False)))
