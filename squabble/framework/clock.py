"""Frame clocks: a real 60 fps clock, and a no-wait clock for tests and benchmarks."""

from __future__ import annotations

import pygame


class RealClock:
    def __init__(self, fps: int = 60):
        self.fps = fps
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        ms = self._clock.tick(self.fps)
        return min(ms, 100) / 1000.0


class NoWaitClock:
    """Every frame lasts exactly 1/fps of game time and nobody sleeps."""

    def __init__(self, fps: int = 60):
        self.dt = 1.0 / fps

    def tick(self) -> float:
        return self.dt
