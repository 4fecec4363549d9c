"""The one typeface every screen draws with.

pygame's built-in font (FreeSans Bold) lacks many characters the games print ("→" came out as an
empty box) and its hinting breaks the letter spacing of small text ("le ft", "compu ter").  The
game ships DejaVu Sans Condensed Bold (assets/fonts/, its licence beside it), which has every
character the games use and keeps its spacing at 8 px.  ``font(px)`` takes the same size numbers
as ``pygame.font.Font(None, px)`` did (pygame scales its built-in font to 0.6875 of the asked
size), so every layout keeps its text widths.  Without the file the built-in font is used.
"""

from __future__ import annotations

import pygame

#: pygame.font.Font(None, px) draws its built-in font at this fraction of px
DEFAULT_SCALE = 0.6875
_cache: dict = {}
_keys: dict = {}     # font -> (px, bold): the size a font was asked for
_designed: dict = {}  # font -> the smallest px it stands for at the designed size (in the
#                       window as it is now: ``forget_designed`` when its scale or text size
#                       changes)
_path: list = []
#: the player's text size (Options: 1.0, 1.25, 1.5; set by ``Layout.set_text_scale``): the
#: layout's fonts grow by it, and a text with no room for that shrinks back, never below the
#: size it was designed at (``note_designed``)
TEXT_SCALE = [1.0]


def font_path():
    """The bundled font file, or None when it is missing (then the built-in font is used)."""
    if not _path:
        try:
            from squabble.assets_loc import asset_path
            p = asset_path("fonts", "DejaVuSansCondensed-Bold.ttf")
            _path.append(str(p) if p.is_file() else None)
        except Exception:
            _path.append(None)
    return _path[0]


def font(px: float, bold: bool = False) -> pygame.font.Font:
    """A font of nominal size ``px`` (the size pygame.font.Font(None, px) would take)."""
    key = (max(6, round(px)), bool(bold))
    f = _cache.get(key)
    if f is None:
        path = font_path()
        if path is None:
            f = pygame.font.Font(None, key[0])
        else:
            f = pygame.font.Font(path, max(5, round(key[0] * DEFAULT_SCALE)))
        if bold:
            f.set_bold(True)
        _cache[key] = f
        _keys[f] = key
    return f


def grow(size: float, scale: float | None = None) -> float:
    """How much the player's text size (``scale``, by default the window's) grows a font of
    logical size ``size`` (at 1280 × 720): body text (24 and below) by all of it, display text
    (48 and up) not at all (it is large already), sizes between by a share."""
    k = TEXT_SCALE[0] if scale is None else scale
    share = min(1.0, max(0.0, (48 - size) / 24))
    return 1.0 + (k - 1.0) * share


def size_of(f: pygame.font.Font):
    """(px, bold) ``f`` was made with by ``font``, or None for a font made elsewhere."""
    return _keys.get(f)


def note_designed(f: pygame.font.Font, px: int) -> None:
    """``f`` was given for a text designed at ``px`` pixels (before the player's text size
    grew it to ``f``'s)."""
    if _designed.get(f, 1 << 30) > px:       # (sizes a pixel apart may share a font)
        _designed[f] = px


def forget_designed() -> None:
    _designed.clear()


def designed_px(f: pygame.font.Font):
    """The size in pixels the text ``f`` was given for was designed at, before the player's
    text size grew it; None for a font made elsewhere."""
    key = size_of(f)
    if key is None:
        return None
    if TEXT_SCALE[0] <= 1.0:
        return key[0]
    return _designed.get(f, round(key[0] / TEXT_SCALE[0]))


def smaller(f: pygame.font.Font, floor: int | None = None):
    """The font one pixel size below ``f`` while that stays at or above ``floor`` (by default
    the size ``f``'s text was designed at: ``designed_px``), else None."""
    key = size_of(f)
    if key is None:
        return None
    floor = designed_px(f) if floor is None else floor
    if key[0] - 1 < max(6, floor):
        return None
    return font(key[0] - 1, key[1])


def missing_glyphs(f: pygame.font.Font, text: str) -> set:
    """The characters of ``text`` that ``f`` has no glyph for (drawn as its empty box)."""
    out = set()
    box = f.render("\ue000", True, (255, 255, 255))     # a private-use point: the empty box
    box_bytes = pygame.image.tobytes(box, "RGBA")
    for ch in set(text) - {" ", "\n", "\t"}:
        m = f.metrics(ch)
        if not m or m[0] is None:
            out.add(ch)
            continue
        img = f.render(ch, True, (255, 255, 255))
        if img.get_size() == box.get_size() and pygame.image.tobytes(img, "RGBA") == box_bytes:
            out.add(ch)
    return out
