"""Player settings, kept as JSON in the user data folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from squabble import userdata

FILE = "settings.json"
WINDOW_SIZES = [(1280, 720), (1600, 900), (1920, 1080), (960, 540)]
MIN_WINDOW = (640, 360)
MAX_WINDOW = (7680, 4320)   # no display offers more; a larger number in the file is a mistake
ANIM_SPEEDS = {"slow": 1.5, "normal": 1.0, "fast": 0.5, "instant": 0.0}
TEXT_SIZES = (100, 125, 150)   # per cent of the designed size (issue 57, item 13)


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
    online_server: str = ""   # the online game server last typed in (Play online, issue 52)
    display_name: str = ""    # what online friends see this player called (issue 59)
    move_alert: bool = True   # a background window's title and a sound say "your move" online
    name_asked: bool = False  # the first online game asked for the display name (issue 59)
    expert_longer: bool = False   # Twilight Struggle's expert level thinks longer (issue 62)
    text_size: int = 100      # per cent, one of TEXT_SIZES

    @property
    def text_scale(self) -> float:
        return (self.text_size if self.text_size in TEXT_SIZES else 100) / 100

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
                if isinstance(v, list) and len(v) == 2 and all(
                        isinstance(x, int) and not isinstance(x, bool) for x in v):
                    s.window = clamp_window(v)
            elif isinstance(default, bool):
                if isinstance(v, bool):
                    setattr(s, f.name, v)
            elif isinstance(default, float):
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    setattr(s, f.name, max(0.0, min(1.0, float(v))))
            elif isinstance(default, str) and isinstance(v, str):
                setattr(s, f.name, v)
            elif f.name == "text_size":
                if v in TEXT_SIZES and not isinstance(v, bool):
                    s.text_size = int(v)
    if s.anim not in ANIM_SPEEDS:
        s.anim = "normal"
    if s.level not in ("easy", "normal", "hard"):
        s.level = "normal"
    return s


def clamp_window(size, display=None) -> tuple[int, int]:
    """A windowed size no smaller than MIN_WINDOW and no larger than MAX_WINDOW or, when
    ``display`` (w, h) is known, than the display itself."""
    top_w, top_h = MAX_WINDOW
    if display and display[0] > 0 and display[1] > 0:
        top_w, top_h = min(top_w, display[0]), min(top_h, display[1])
    w = min(max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[0], top_w))
    h = min(max(MIN_WINDOW[1], int(size[1])), max(MIN_WINDOW[1], top_h))
    return (w, h)


def save(s: Settings) -> None:
    d = asdict(s)
    d["window"] = list(s.window)
    try:
        userdata.write_json(FILE, d)
    except OSError:
        pass  # settings are a convenience: the app says once that nothing can be kept
