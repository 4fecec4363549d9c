"""Sound effects and a music loop synthesised in pure Python (no files, nothing downloaded)."""

from __future__ import annotations

import math
import random
import threading
from array import array

import pygame

RATE = 22050


def _env(i, n, attack=0.01, release=0.3):
    t = i / RATE
    dur = n / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    r = min(1.0, (dur - t) / (dur * release)) if release > 0 else 1.0
    return max(0.0, a * r)


def tone(freq, dur, vol=0.4, wave="sine", slide=0.0, attack=0.005, release=0.5):
    n = int(RATE * dur)
    out = []
    ph = 0.0
    for i in range(n):
        f = freq + slide * i / n
        ph += 2 * math.pi * f / RATE
        if wave == "square":
            v = 1.0 if math.sin(ph) >= 0 else -1.0
            v *= 0.5
        elif wave == "tri":
            v = 2 / math.pi * math.asin(math.sin(ph))
        else:
            v = math.sin(ph)
        out.append(v * vol * _env(i, n, attack, release))
    return out


def noise(dur, vol=0.4, smooth=0.0, seed=1, release=0.8):
    rnd = random.Random(seed)
    n = int(RATE * dur)
    out = []
    last = 0.0
    for i in range(n):
        x = rnd.uniform(-1, 1)
        last = last * smooth + x * (1 - smooth)
        out.append(last * vol * _env(i, n, 0.002, release))
    return out


def mix(*parts, offsets=None):
    offsets = offsets or [0.0] * len(parts)
    n = max(int(o * RATE) + len(p) for p, o in zip(parts, offsets))
    out = [0.0] * n
    for p, o in zip(parts, offsets):
        k = int(o * RATE)
        for i, v in enumerate(p):
            out[k + i] += v
    return out


def recipes() -> dict:
    """name -> mono float samples"""
    return {
        "click": tone(880, 0.05, 0.25, "tri", release=0.8),
        "select": tone(660, 0.08, 0.25, "tri", slide=220),
        "deny": tone(180, 0.16, 0.3, "square", slide=-60),
        "card": noise(0.09, 0.35, smooth=0.6, seed=3),
        "flip": mix(noise(0.05, 0.3, smooth=0.3, seed=5), tone(520, 0.06, 0.12, "tri"),
                    offsets=[0, 0.03]),
        "token": mix(tone(1200, 0.06, 0.2), tone(1800, 0.05, 0.12), offsets=[0, 0.02]),
        "step": tone(300, 0.07, 0.3, "tri", slide=-40),
        "banner": mix(tone(523, 0.12, 0.18, "square"), tone(784, 0.2, 0.18, "square"),
                      offsets=[0, 0.1]),
        "agent": mix(tone(392, 0.15, 0.2, "tri"), tone(466, 0.15, 0.2, "tri"),
                     tone(370, 0.35, 0.2, "tri"), offsets=[0, 0.15, 0.3]),
        "counter": mix(noise(0.2, 0.35, smooth=0.2, seed=9), tone(220, 0.25, 0.25, "square",
                                                                  slide=-80)),
        "rocket": mix(noise(0.7, 0.25, smooth=0.85, seed=11), tone(200, 0.7, 0.15, "sine",
                                                                     slide=600)),
        "boom": mix(noise(1.6, 0.7, smooth=0.97, seed=13, release=0.9),
                    tone(55, 1.4, 0.5, "sine", slide=-25)),
        "win": mix(tone(523, 0.15, 0.2, "square"), tone(659, 0.15, 0.2, "square"),
                   tone(784, 0.15, 0.2, "square"), tone(1047, 0.4, 0.2, "square"),
                   offsets=[0, 0.15, 0.3, 0.45]),
    }


def music_samples(seconds: float = 12.0) -> list[float]:
    """A slow, tense minor-key pad with a ticking pulse."""
    chords = [(110.0, 130.81, 164.81), (98.0, 123.47, 146.83), (87.31, 110.0, 130.81),
              (82.41, 103.83, 123.47)]
    n = int(RATE * seconds)
    per = n // len(chords)
    out = [0.0] * n
    for ci, ch in enumerate(chords):
        for f in ch:
            w = 2 * math.pi * f / RATE
            for i in range(per):
                k = ci * per + i
                e = min(1.0, i / (RATE * 0.5), (per - i) / (RATE * 0.5))
                out[k] += 0.06 * e * math.sin(w * k)
    beat = int(RATE * 0.5)
    tick = tone(1400, 0.02, 0.05, "tri")
    for b in range(0, n - len(tick), beat):
        for i, v in enumerate(tick):
            out[b + i] += v
    return out


def to_sound(samples: list[float]) -> pygame.mixer.Sound | None:
    init = pygame.mixer.get_init()
    if not init:
        return None
    freq, _fmt, channels = init
    ratio = freq / RATE
    n = int(len(samples) * ratio)
    buf = array("h")
    for i in range(n):
        v = samples[min(len(samples) - 1, int(i / ratio))]
        s = int(max(-1.0, min(1.0, v)) * 32000)
        for _ in range(channels):
            buf.append(s)
    return pygame.mixer.Sound(buffer=buf.tobytes())


class SoundBank:
    """Plays the effects at the chosen volume; silent (never crashing) without an audio device."""

    def __init__(self, volume: float = 0.7, music_volume: float = 0.4):
        self.volume = volume
        self.music_volume = music_volume
        self.sounds: dict = {}
        self.music = None
        self.music_channel = None
        self.ok = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.ok = bool(pygame.mixer.get_init())
        except pygame.error:
            self.ok = False
        self._built = False
        if self.ok and volume > 0:
            self._start_build()

    def _start_build(self):
        if not self._built:
            self._built = True
            threading.Thread(target=self._build, daemon=True).start()

    def _build(self):
        try:
            for name, samples in recipes().items():
                self.sounds[name] = to_sound(samples)
        except Exception:
            self.sounds = {}

    def play(self, name: str) -> None:
        if not self.ok or self.volume <= 0:
            return
        s = self.sounds.get(name)
        if s is not None:
            try:
                s.set_volume(self.volume)
                s.play()
            except pygame.error:
                pass

    def set_volumes(self, volume: float, music_volume: float) -> None:
        self.volume, self.music_volume = volume, music_volume
        if self.ok and volume > 0:
            self._start_build()
        self.update_music()

    def update_music(self) -> None:
        if not self.ok:
            return
        if self.music_volume <= 0:
            if self.music_channel is not None:
                self.music_channel.stop()
                self.music_channel = None
            return
        if self.music is None:
            def build():
                try:
                    self.music = to_sound(music_samples())
                    self.update_music()
                except Exception:
                    self.music = None
            self.music = False  # building
            threading.Thread(target=build, daemon=True).start()
            return
        if self.music is False:
            return
        try:
            self.music.set_volume(self.music_volume)
            if self.music_channel is None or not self.music_channel.get_busy():
                self.music_channel = self.music.play(loops=-1)
        except pygame.error:
            pass
