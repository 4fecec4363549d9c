"""Generate assets/struggle/map.json: where each Twilight Struggle country sits on the drawn map.

Each country starts at its real-world position (latitude/longitude of its capital or middle, from
public atlases), projected with extra room where the board is crowded (Europe, the Caribbean, the
Middle East), and is then pushed apart from its neighbours until no two boxes (plus a margin) overlap,
while a weak spring keeps it near its real position.  Run by hand after changing the table below:

    python tools/struggle_map_layout.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: logical map size and country box size (MapView scales these to the window)
WORLD = (2000, 1060)
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

#: longitude breakpoints -> x: more room per degree where the board is crowded
LON_X = [(-130, 40), (-106, 230), (-90, 420), (-62, 700), (-35, 860), (-15, 900),
         (32, 1300), (60, 1500), (90, 1640), (125, 1860), (145, 1960)]
#: latitude breakpoints -> y (north at the top)
LAT_Y = [(72, 30), (60, 150), (45, 360), (32, 520), (20, 640), (0, 790), (-20, 900), (-40, 1040)]


def _interp(v, table):
    """Piecewise-linear lookup; ``table`` is sorted by key, ascending or descending."""
    keys = [k for k, _ in table]
    if (v - keys[0]) * (keys[-1] - keys[0]) <= 0:
        return table[0][1]
    for (a, ya), (b, yb) in zip(table, table[1:]):
        if min(a, b) <= v <= max(a, b):
            return ya + (v - a) / (b - a) * (yb - ya)
    return table[-1][1]


def project(lat, lon):
    return _interp(lon, LON_X), _interp(lat, LAT_Y)


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
    missing = sorted({c["name"] for c in countries} - set(GEO))
    if missing:
        print("no position for:", ", ".join(missing), file=sys.stderr)
        return 1
    anchor, sizes = {}, {}
    for n, (lat, lon) in {**GEO, **SUPERPOWERS}.items():
        anchor[n] = project(lat, lon)
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
        "superpowers": {n: {"x": round(pos[n][0]), "y": round(pos[n][1]),
                            "lat": SUPERPOWERS[n][0], "lon": SUPERPOWERS[n][1]}
                        for n in sorted(SUPERPOWERS)},
    }
    (ROOT / "assets/struggle/map.json").write_text(json.dumps(out, indent=1) + "\n")
    print("wrote assets/struggle/map.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
