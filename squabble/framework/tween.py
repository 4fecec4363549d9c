"""Easing curves and tweened values (time in seconds of game time)."""

from __future__ import annotations

import math


def linear(t): return t
def out_quad(t): return 1 - (1 - t) * (1 - t)
def in_out_quad(t): return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2
def out_cubic(t): return 1 - (1 - t) ** 3
def in_out_cubic(t): return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t, s=1.70158):
    t -= 1
    return t * t * ((s + 1) * t + s) + 1


def out_elastic(t):
    if t in (0, 1):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


def clamp01(t): return 0.0 if t < 0 else 1.0 if t > 1 else t


class Tween:
    """One value going from a to b over duration seconds with an easing curve."""

    def __init__(self, a: float, b: float, duration: float, ease=out_cubic, delay: float = 0.0):
        self.a, self.b, self.duration, self.ease, self.t = a, b, max(0.0, duration), ease, -delay

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def value(self) -> float:
        if self.duration <= 0:
            return self.b
        k = clamp01(self.t / self.duration)
        return self.a + (self.b - self.a) * self.ease(k)


class Motion:
    """A 2D point (or rect x/y/w/h) that glides to new targets with easing."""

    def __init__(self, values: tuple, duration: float = 0.35, ease=out_cubic):
        self.values = tuple(float(v) for v in values)
        self.start = self.values
        self.target = self.values
        self.duration, self.ease, self.t = duration, ease, duration

    def go(self, target: tuple, duration: float | None = None, snap: bool = False) -> None:
        target = tuple(float(v) for v in target)
        if snap:
            self.values = self.start = self.target = target
            self.t = self.duration
            return
        if target == self.target:
            return
        self.start = self.values
        self.target = target
        if duration is not None:
            self.duration = duration
        self.t = 0.0

    def update(self, dt: float) -> None:
        if self.t >= self.duration:
            self.values = self.target
            return
        self.t += dt
        k = clamp01(self.t / self.duration) if self.duration > 0 else 1.0
        e = self.ease(k)
        self.values = tuple(a + (b - a) * e for a, b in zip(self.start, self.target))

    @property
    def moving(self) -> bool:
        return self.t < self.duration


class Stepper:
    """A value that walks toward an integer target one unit at a time (e.g. a track token)."""

    def __init__(self, value: int, step_time: float = 0.3):
        self.pos = float(value)
        self.target = value
        self.step_time = step_time

    def set(self, target: int, snap: bool = False) -> None:
        self.target = target
        if snap:
            self.pos = float(target)

    def update(self, dt: float) -> bool:
        """Advance; True when the token crossed onto a new space this frame."""
        if self.pos == self.target:
            return False
        before = math.floor(self.pos + 1e-9) if self.target > self.pos else math.ceil(self.pos - 1e-9)
        step = dt / self.step_time if self.step_time > 0 else 99
        if self.target > self.pos:
            self.pos = min(self.target, self.pos + step)
        else:
            self.pos = max(self.target, self.pos - step)
        after = math.floor(self.pos + 1e-9) if self.target > self.pos or self.pos == self.target \
            else math.ceil(self.pos - 1e-9)
        return after != before

    @property
    def moving(self) -> bool:
        return self.pos != self.target

    @property
    def shown(self) -> float:
        """Eased position: each single space is travelled with an ease-in-out."""
        base = math.floor(self.pos)
        frac = self.pos - base
        return base + in_out_cubic(frac)
