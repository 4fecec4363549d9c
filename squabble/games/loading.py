"""The shape both engines' ``load`` share: a state is accepted only if it is consistent; with a
null or absent ``pending`` in a game not over, the engine first derives the decision the rules ask
there (a position set up by hand).  Whatever the input holds, the only failure is a ValueError
with one sentence naming the first problem.
"""

from __future__ import annotations

from typing import Callable


class Refused(Exception):
    """Raised by a ``settle`` function: the state cannot be played; the message is the sentence."""


def load_checked(state, *, validate: Callable, settle: Callable, copy: Callable,
                 stuck: str = "The game cannot go on from this state") -> dict:
    """A consistent copy of ``state`` for play.

    ``validate(state, derive=False)`` -> None or a sentence (``derive``: the pending decision is
    not checked); ``settle(state)`` -> a copy with the pending decision derived (it raises
    ``Refused(sentence)`` for a state it refuses; any other error becomes "<stuck> (<error>).");
    ``copy(state)`` -> an independent copy."""
    try:
        return _load(state, validate, settle, copy, stuck)
    except ValueError:
        raise
    except Exception as exc:  # never anything but a sentence, whatever the input holds
        raise ValueError(f"The state is malformed ({type(exc).__name__}: {str(exc)[:200]}).") \
            from None


def _load(state, validate, settle, copy, stuck) -> dict:
    if isinstance(state, dict) and state.get("pending") is None and state.get("winner") is None:
        state = dict(state)
        state["pending"] = None
        problem = validate(state, derive=True)
        if problem:
            raise ValueError(problem)
        try:
            state = settle(state)
        except Refused as exc:
            raise ValueError(str(exc)) from None
        except Exception as exc:
            raise ValueError(f"{stuck} ({type(exc).__name__}: {str(exc)[:200]}).") from None
    problem = validate(state)   # checked before it is copied: the copy never meets garbage
    if problem:
        raise ValueError(problem)
    return copy(state)
