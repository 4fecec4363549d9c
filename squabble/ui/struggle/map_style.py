"""The map's palette and naming: sea and paper colours, each region's land tint, the shorter
names used when a country's full name does not fit its box (used by every map module)."""

from __future__ import annotations

from squabble.games.struggle.data import COUNTRIES
from squabble.ui import theme

# ---------------------------------------------------------------- palette
OCEAN = (14, 24, 40)
OCEAN_LINE = (24, 38, 60)
INK = (24, 24, 30)
PAPER = (236, 230, 214)
LINK = (120, 128, 150)
BG_NAME = (150, 34, 56)          # battleground name strip (crimson, like the board game's)
PLAIN_NAME = (52, 56, 70)

#: the tint of each region's land (sub-regions get their own shade)
REGION_TINT = {
    "Western Europe": (70, 96, 138),
    "Eastern Europe": (120, 82, 96),
    "Europe": (92, 90, 120),          # Austria and Finland (both sub-regions)
    "Middle East": (138, 112, 70),
    "Asia": (140, 96, 62),
    "Southeast Asia": (112, 124, 64),
    "Africa": (146, 120, 60),
    "Central America": (72, 122, 112),
    "South America": (70, 120, 78),
}
REGION_LABEL = {
    "Western Europe": "WESTERN EUROPE", "Eastern Europe": "EASTERN EUROPE",
    "Middle East": "MIDDLE EAST", "Asia": "ASIA", "Southeast Asia": "SOUTHEAST ASIA",
    "Africa": "AFRICA", "Central America": "CENTRAL AMERICA", "South America": "SOUTH AMERICA",
}

#: shorter names used when the full name does not fit its box
SHORT_NAME = {
    "Afghanistan": "Afghan.", "Czechoslovakia": "Czech.", "Dominican Rep": "Dom. Rep",
    "Laos/Cambodia": "Laos/Camb.", "SE African States": "SE Africa", "Saharan States": "Sahara",
    "West African States": "W. Africa", "Spain/Portugal": "Spain/Port.", "Saudi Arabia": "Saudi Ar.",
    "South Africa": "S. Africa", "Gulf States": "Gulf St.", "Ivory Coast": "Ivory C.",
    "El Salvador": "El Salv.",
}
#: the shortest names, for a whole-world view on a small window
TINY_NAME = {
    "Afghanistan": "Afgh.", "Argentina": "Arg.", "Australia": "Austl.", "Botswana": "Botsw.",
    "Bulgaria": "Bulg.", "Cameroon": "Cam.", "Colombia": "Col.", "Costa Rica": "C.Rica",
    "Czechoslovakia": "Czech", "Dominican Rep": "Dom.R", "E. Germany": "E.Ger", "El Salvador": "Salv.",
    "Ethiopia": "Ethi.", "Guatemala": "Guat.", "Gulf States": "Gulf", "Honduras": "Hond.",
    "Hungary": "Hung.", "Indonesia": "Indon.", "Ivory Coast": "Ivory", "Laos/Cambodia": "Laos",
    "Lebanon": "Leb.", "Malaysia": "Malay.", "Nicaragua": "Nic.", "Pakistan": "Pak.",
    "Paraguay": "Par.", "Philippines": "Phil.", "Romania": "Rom.", "S. Korea": "S.Kor",
    "N. Korea": "N.Kor", "SE African States": "SE Afr", "Saharan States": "Sahel",
    "Saudi Arabia": "Saudi", "South Africa": "S.Afr", "Spain/Portugal": "Spain", "Thailand": "Thai.",
    "Venezuela": "Ven.", "Vietnam": "Viet.", "W. Germany": "W.Ger", "West African States": "W.Afr",
    "Yugoslavia": "Yugo.", "Zimbabwe": "Zimb.", "Denmark": "Den.", "Ecuador": "Ecua.",
    "Finland": "Fin.", "Morocco": "Mor.", "Nigeria": "Nig.", "Tunisia": "Tun.", "Uruguay": "Urug.",
    "Benelux": "Benel.", "Austria": "Aust.", "Algeria": "Alg.", "Jordan": "Jord.", "Somalia": "Som.",
}
#: names are never drawn smaller than this many pixels (abbreviations take over first)
MIN_NAME_PX = 14

LIT = theme.LEGAL
_KEY = (255, 0, 255)    # colour key of opaque sprites with rounded corners
FOCUS = theme.FOCUS


def tint_region(country: str) -> str:
    """The region whose tint a country's land takes (its most specific region)."""
    regs = COUNTRIES[country]["regions"]
    for r in ("Southeast Asia", "Eastern Europe", "Western Europe"):
        if r in regs:
            if r != "Southeast Asia" and "Eastern Europe" in regs and "Western Europe" in regs:
                return "Europe"
            return r
    for r in ("Middle East", "Asia", "Africa", "Central America", "South America"):
        if r in regs:
            return r
    return regs[0]


def _mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))
