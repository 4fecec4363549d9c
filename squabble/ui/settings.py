"""Player settings, kept as JSON in the user data folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from squabble import userdata

FILE = "settings.json"
WINDOW_SIZES = [(1280, 720), (1600, 900), (1920, 1080), (960, 540)]
ANIM_SPEEDS = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}


@dataclass
class Settings:
    sound: float = 0.7
    music: float = 0.0
    fullscreen: bool = False
    window: tuple = (1280, 720)
    colour_blind: bool = False
    anim: str = "normal"
    level: str = "normal"
    hints: bool = True   # show the controls line on screen

    @property
    def speed(self) -> float:
        return ANIM_SPEEDS.get(self.anim, 1.0)


def load() -> Settings:
    s = Settings()
    try:
        raw = userdata.read_json(FILE)
    except ValueError:
        userdata.set_aside(FILE)
        return s
    if not isinstance(raw, dict):
        return s
    for f in fields(Settings):
        if f.name in raw:
            v = raw[f.name]
            default = getattr(s, f.name)
            if f.name == "window":
                if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v):
                    s.window = (max(640, v[0]), max(360, v[1]))
            elif isinstance(default, bool):
                if isinstance(v, bool):
                    setattr(s, f.name, v)
            elif isinstance(default, float):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    setattr(s, f.name, max(0.0, min(1.0, float(v))))
            elif isinstance(default, str) and isinstance(v, str):
                setattr(s, f.name, v)
    if s.anim not in ANIM_SPEEDS:
        s.anim = "normal"
    if s.level not in ("easy", "normal", "hard"):
        s.level = "normal"
    return s


def save(s: Settings) -> None:
    d = asdict(s)
    d["window"] = list(s.window)
    try:
        userdata.write_json(FILE, d)
    except OSError:
        pass
