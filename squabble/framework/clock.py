"""Frame clocks: a real 60 fps clock, and a no-wait clock for tests and benchmarks.

Both offer ``wait(seconds)``: the frame loop calls it when nothing on screen moves, so a window
waiting for a person sleeps until an event arrives (or ``seconds`` pass) instead of counting
60 frames a second.  The no-wait clock never sleeps: its frames last 1/fps of game time each,
at rest as in motion, so tests step a resting screen exactly as before.
"""

from __future__ import annotations

import time

import pygame

MAX_DT = 0.1   # a frame never advances the game by more than this (a stall skips, never jumps)


class RealClock:
    def __init__(self, fps: int = 60):
        self.fps = fps
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        ms = self._clock.tick(self.fps)
        return min(ms / 1000.0, MAX_DT)

    def wait(self, seconds: float) -> list:
        """Sleep until an event arrives or ``seconds`` pass; return the events got (if any),
        which the caller handles with the next frame's events.

        Sleeps in slices of ``SLICE`` seconds and looks at the queue between them: SDL's own
        waiting (``pygame.event.wait``) looks every millisecond, which costs more than the
        resting screen it waits on (measured by bench/ui_idle_cpu.py)."""
        end = time.monotonic() + seconds
        while True:
            evs = pygame.event.get()
            left = end - time.monotonic()
            if evs or left <= 0.001:
                return evs
            time.sleep(min(self.SLICE, left))

    SLICE = 0.02   # an input waits at most this long for its frame (one 60 fps frame is 0.017)


class NoWaitClock:
    """Every frame lasts exactly 1/fps of game time and nobody sleeps."""

    def __init__(self, fps: int = 60):
        self.dt = 1.0 / fps

    def tick(self) -> float:
        return self.dt

    def wait(self, seconds: float) -> list:
        return []
