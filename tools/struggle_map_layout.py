"""Generate assets/struggle/map.json: where each Twilight Struggle country sits on the drawn map.

Each country has its real-world position (latitude/longitude of its capital or middle, from public
atlases) and a hand-chosen place on the drawn map that keeps its geography but gives the crowded
corners room; any boxes that still overlap (plus a margin) are then pushed apart, a weak spring
keeping each near its chosen place.  Run by hand after changing the table below:

    python tools/struggle_map_layout.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: logical map size and country box size (MapView scales these to the window)
WORLD = (2260, 1060)
BOX = (108, 60)
GAP = 14          # smallest space kept between two boxes
SUPER_BOX = (150, 84)

#: name -> (latitude, longitude), approximate middle or capital
GEO = {
    "Afghanistan": (34, 66), "Algeria": (30, 3), "Angola": (-12, 18), "Argentina": (-36, -64),
    "Australia": (-25, 134), "Austria": (47.5, 14.5), "Benelux": (51, 5), "Bolivia": (-17, -64),
    "Botswana": (-22, 24), "Brazil": (-10, -50), "Bulgaria": (42.7, 25), "Burma": (21, 96),
    "Cameroon": (6, 12), "Canada": (56, -100), "Chile": (-33, -71), "Colombia": (4, -73),
    "Costa Rica": (10, -84), "Cuba": (22, -79), "Czechoslovakia": (49.5, 16.5), "Denmark": (56, 10),
    "Dominican Rep": (19, -70), "E. Germany": (52, 12.5), "Ecuador": (-1.5, -78), "Egypt": (27, 30),
    "El Salvador": (13.7, -89), "Ethiopia": (9, 39), "Finland": (63, 26), "France": (46.5, 2.5),
    "Greece": (39, 22), "Guatemala": (15.5, -90.3), "Gulf States": (24, 52), "Haiti": (19, -72.5),
    "Honduras": (15, -86.5), "Hungary": (47, 19.5), "India": (22, 79), "Indonesia": (-2, 115),
    "Iran": (32, 54), "Iraq": (33, 44), "Israel": (31, 35), "Italy": (42.5, 12.5),
    "Ivory Coast": (7.5, -5.5), "Japan": (36, 138), "Jordan": (31, 36.5), "Kenya": (0.5, 38),
    "Laos/Cambodia": (15, 104), "Lebanon": (34, 35.8), "Libya": (27, 17), "Malaysia": (3, 102),
    "Mexico": (23, -102), "Morocco": (32, -6), "N. Korea": (40, 127), "Nicaragua": (12.8, -85),
    "Nigeria": (9, 8), "Norway": (61, 9), "Pakistan": (30, 70), "Panama": (8.5, -80),
    "Paraguay": (-23, -58), "Peru": (-10, -75), "Philippines": (12, 122), "Poland": (52, 19),
    "Romania": (46, 25), "S. Korea": (36, 128), "SE African States": (-15, 37),
    "Saharan States": (17, 5), "Saudi Arabia": (24, 45), "Somalia": (5, 46),
    "South Africa": (-30, 25), "Spain/Portugal": (40, -4), "Sudan": (15, 30), "Sweden": (62, 16),
    "Syria": (35, 38.5), "Taiwan": (23.7, 121), "Thailand": (15, 101), "Tunisia": (34, 9.5),
    "Turkey": (39, 35), "U.K.": (54, -2), "Uruguay": (-33, -56), "Venezuela": (7, -66),
    "Vietnam": (16, 107.5), "W. Germany": (50.5, 9), "West African States": (12, -12),
    "Yugoslavia": (44, 20), "Zaire": (-3, 23), "Zimbabwe": (-19, 30),
}
SUPERPOWERS = {"USA": (40, -98), "USSR": (58, 62)}

#: where each box is placed on the drawn map (logical units), chosen by hand from the positions above:
#: the board game's crowded corners (Europe, the Caribbean, the Middle East) get more room than a
#: plain projection would give them, but every country keeps its neighbours on the same sides as on a
#: globe (checked by tests/ui/test_struggle_map.py).
PLACE = {
    # North and Central America
    "Canada": (330, 100), "Mexico": (175, 410), "Cuba": (420, 420), "Haiti": (545, 455),
    "Dominican Rep": (670, 470), "Guatemala": (175, 490), "Honduras": (300, 500),
    "El Salvador": (200, 575), "Nicaragua": (325, 580), "Costa Rica": (350, 655),
    "Panama": (475, 672),
    # South America
    "Colombia": (570, 745), "Venezuela": (700, 715), "Ecuador": (440, 815), "Brazil": (810, 840),
    "Peru": (500, 895), "Bolivia": (625, 855), "Paraguay": (690, 930), "Uruguay": (800, 1000),
    "Chile": (530, 985), "Argentina": (660, 1012),
    # Europe
    "Norway": (900, 60), "Sweden": (1022, 62), "Finland": (1150, 80), "U.K.": (790, 140),
    "Denmark": (930, 140), "Benelux": (820, 215), "W. Germany": (945, 215),
    "E. Germany": (1067, 215), "Poland": (1190, 200), "France": (800, 292), "Austria": (940, 290),
    "Czechoslovakia": (1065, 290), "Spain/Portugal": (690, 370), "Italy": (905, 368),
    "Hungary": (1080, 365), "Romania": (1210, 365), "Yugoslavia": (1025, 440),
    "Bulgaria": (1150, 440), "Greece": (1090, 518), "Turkey": (1230, 515),
    # Middle East
    "Libya": (895, 530), "Egypt": (1020, 605), "Lebanon": (1140, 595), "Israel": (1140, 670),
    "Syria": (1265, 595), "Jordan": (1265, 672), "Iraq": (1390, 595), "Saudi Arabia": (1390, 672),
    "Iran": (1515, 595), "Gulf States": (1515, 680),
    # Africa
    "Morocco": (640, 450), "Algeria": (770, 470), "Tunisia": (895, 450),
    "West African States": (640, 545), "Saharan States": (770, 555), "Ivory Coast": (665, 632),
    "Nigeria": (790, 640), "Cameroon": (880, 715), "Sudan": (1020, 690), "Ethiopia": (1170, 745),
    "Somalia": (1295, 790), "Kenya": (1170, 820), "Zaire": (960, 790), "Angola": (940, 880),
    "SE African States": (1205, 895), "Zimbabwe": (1080, 930), "Botswana": (950, 965),
    "South Africa": (1080, 1020),
    # Asia
    "Afghanistan": (1600, 470), "Pakistan": (1640, 575), "India": (1700, 660),
    "Burma": (1820, 625), "Thailand": (1835, 720), "Laos/Cambodia": (1960, 700),
    "Vietnam": (2050, 620), "Malaysia": (1870, 810), "Indonesia": (2000, 880),
    "Philippines": (2050, 780), "Australia": (1990, 1000), "Taiwan": (2050, 540),
    "Japan": (2055, 420), "S. Korea": (1930, 430), "N. Korea": (1900, 350),
}
SUPER_PLACE = {"USA": (300, 255), "USSR": (1480, 230)}
AMERICAS = {"Canada", "Mexico", "Cuba", "Haiti", "Dominican Rep", "Guatemala", "Honduras",
            "El Salvador", "Nicaragua", "Costa Rica", "Panama", "Colombia", "Venezuela", "Ecuador",
            "Brazil", "Peru", "Bolivia", "Paraguay", "Uruguay", "Chile", "Argentina", "USA"}
#: the Old World sits this much further east than the numbers above (room for the Atlantic)
OLD_WORLD_SHIFT = 140
PLACE = {n: (x + (0 if n in AMERICAS else OLD_WORLD_SHIFT), y) for n, (x, y) in PLACE.items()}
SUPER_PLACE = {n: (x + (0 if n in AMERICAS else OLD_WORLD_SHIFT), y)
               for n, (x, y) in SUPER_PLACE.items()}
#: region names drawn in open sea beside their region
LABELS = {"Western Europe": (860, 40), "Eastern Europe": (1210, 150), "Middle East": (1530, 545),
          "Africa": (980, 1040), "Central America": (175, 355), "South America": (330, 760),
          "Asia": (1880, 420), "Southeast Asia": (1960, 960)}


def solve(anchor: dict, sizes: dict, iterations: int = 4000) -> dict:
    """Push boxes apart until none overlap (plus GAP), each pulled weakly toward its anchor."""
    pos = {n: list(p) for n, p in anchor.items()}
    names = sorted(pos)
    for it in range(iterations):
        moved = False
        for i, a in enumerate(names):
            wa, ha = sizes[a]
            for b in names[i + 1:]:
                wb, hb = sizes[b]
                dx = pos[b][0] - pos[a][0]
                dy = pos[b][1] - pos[a][1]
                ox = (wa + wb) / 2 + GAP - abs(dx)
                oy = (ha + hb) / 2 + GAP - abs(dy)
                if ox > 0 and oy > 0:
                    moved = True
                    # push along the axis that needs less movement
                    if ox / (wa + wb) < oy / (ha + hb):
                        s = 1 if dx >= 0 else -1
                        pos[a][0] -= s * ox / 2 * 1.02
                        pos[b][0] += s * ox / 2 * 1.02
                    else:
                        s = 1 if dy >= 0 else -1
                        pos[a][1] -= s * oy / 2 * 1.02
                        pos[b][1] += s * oy / 2 * 1.02
        k = 0.02 if it < iterations - 400 else 0.0
        for n in names:
            pos[n][0] += (anchor[n][0] - pos[n][0]) * k
            pos[n][1] += (anchor[n][1] - pos[n][1]) * k
            w, h = sizes[n]
            pos[n][0] = min(max(pos[n][0], w / 2 + 6), WORLD[0] - w / 2 - 6)
            pos[n][1] = min(max(pos[n][1], h / 2 + 6), WORLD[1] - h / 2 - 6)
        if not moved and it > iterations - 400:
            break
    return pos


def main() -> int:
    countries = json.loads((ROOT / "assets/struggle/countries.json").read_text())["countries"]
    missing = sorted({c["name"] for c in countries} - (set(GEO) & set(PLACE)))
    if missing:
        print("no position for:", ", ".join(missing), file=sys.stderr)
        return 1
    anchor, sizes = {}, {}
    for n in {**GEO, **SUPERPOWERS}:
        anchor[n] = {**PLACE, **SUPER_PLACE}[n]
        sizes[n] = SUPER_BOX if n in SUPERPOWERS else BOX
    pos = solve(anchor, sizes)
    out = {
        "about": "Layout of the drawn Twilight Struggle map (logical units); generated by "
                 "tools/struggle_map_layout.py from each country's real latitude/longitude.",
        "world": list(WORLD),
        "box": list(BOX),
        "superpower_box": list(SUPER_BOX),
        "countries": {n: {"x": round(pos[n][0]), "y": round(pos[n][1]),
                          "lat": GEO[n][0], "lon": GEO[n][1]} for n in sorted(GEO)},
        "labels": {n: list(p) for n, p in LABELS.items()},
        "superpowers": {n: {"x": round(pos[n][0]), "y": round(pos[n][1]),
                            "lat": SUPERPOWERS[n][0], "lon": SUPERPOWERS[n][1]}
                        for n in sorted(SUPERPOWERS)},
    }
    (ROOT / "assets/struggle/map.json").write_text(json.dumps(out, indent=1) + "\n")
    print("wrote assets/struggle/map.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
