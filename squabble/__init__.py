"""Twilight Squabble: a couch card game of the Cold War, with a Twilight Struggle mode."""

__version__ = "0.1.0"
