"""Every character any screen draws exists in the font it is drawn with (issue 20: "→" came out
as an empty box in the top bar, the log and the Squabble rules).

The strings: every string constant of the program's source (menus, prompts, rules, help, card
and log templates), every string of the assets (card texts, country names) and what two random
games of each game print (prompts, option labels, log lines)."""

import ast
import json
import random
from pathlib import Path

import pygame
import pytest

from squabble.framework import fonts
from squabble.games import registry

ROOT = Path(__file__).resolve().parents[2]


def _source_strings():
    for path in (ROOT / "squabble").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.value


def _asset_strings():
    def walk(x):
        if isinstance(x, str):
            yield x
        elif isinstance(x, dict):
            for k, v in x.items():
                yield str(k)
                yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)
    for path in (ROOT / "assets").rglob("*.json"):
        yield from walk(json.loads(path.read_text(encoding="utf-8")))


def _game_strings(name, seed, limit=3000):
    g = registry.get(name)
    st = g.new(seed)
    rnd = random.Random(seed)
    for _ in range(limit):
        d = g.decision(st)
        if d is None:
            break
        yield d.get("prompt", "")
        for o in d["options"]:
            yield str(o.get("label", ""))
            for key in ("warning", "risk"):
                yield str(o.get(key, ""))
        st, log = g.apply(st, rnd.randrange(len(d["options"])))
        for line in log:
            yield str(line)


def _all_text() -> str:
    chars = set()
    for s in _source_strings():
        chars |= set(s)
    for s in _asset_strings():
        chars |= set(s)
    for name in registry.GAMES:
        for seed in (1, 2):
            for s in _game_strings(name, seed):
                chars |= set(s)
    # control characters and the private-use point the glyph check itself uses are not drawn
    return "".join(c for c in chars if c.isprintable() and c != "\ue000")


@pytest.fixture(scope="module")
def all_text():
    pygame.font.init()
    return _all_text()


def test_the_game_font_has_every_character_the_game_prints(all_text):
    assert "→" in all_text and "·" in all_text     # the strings reach the arrows and dots
    for bold in (False, True):
        missing = fonts.missing_glyphs(fonts.font(18, bold), all_text)
        assert not missing, f"characters drawn as an empty box: {sorted(missing)}"


def test_the_glyph_check_finds_a_missing_character():
    pygame.font.init()
    assert fonts.missing_glyphs(fonts.font(18), "A\u0378 3") == {"\u0378"}   # unassigned
    assert fonts.missing_glyphs(pygame.font.Font(None, 18), "USA 5→6") == {"→"}  # the old font
    assert not fonts.missing_glyphs(fonts.font(18), "Austria → 3 · −2 × 4")
