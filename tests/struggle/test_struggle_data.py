"""Our data files against reference facts kept in the repository (tests/data/struggle-facts.json,
whose "sources" field says where each kind of fact comes from). Never skips: the facts travel with
the code, in every clone and in the sdist."""

import json
from pathlib import Path

import pytest

from squabble.games.struggle.data import (ADJACENT, BATTLEGROUND, CARDS, COUNTRIES, REGIONS,
                                          SPACE_RACE, SUPERPOWER_ADJ)
from squabble.games.struggle import FIXED_SETUP

FACTS = Path(__file__).resolve().parents[1] / "data" / "struggle-facts.json"


@pytest.fixture(scope="module")
def facts():
    return json.loads(FACTS.read_text(encoding="utf-8"))


def test_facts_file_is_complete(facts):
    """The copy holds every record the checks below walk through, so a cut-down file cannot pass."""
    assert len(facts["countries"]) == 84 and len(facts["cards"]) == 110
    assert len(facts["edges"]) == 121 and len(facts["space_race"]) == 8
    assert set(facts["sources"]) >= {"map", "cards", "space_race", "setup"}


def test_countries_match_facts(facts):
    assert len(COUNTRIES) == 84 == facts["checks"]["countries"]
    assert len(BATTLEGROUND) == 29 == facts["checks"]["battlegrounds"]
    for c in facts["countries"]:
        ours = COUNTRIES[c["name"]]
        assert ours["stability"] == c["stability"], c["name"]
        assert ours["battleground"] == c["battleground"], c["name"]
        assert sorted(ours["regions"]) == sorted(c["regions"]), c["name"]
        assert ADJACENT[c["name"]] == set(c["adjacent"]), c["name"]
    for region, size in facts["checks"]["region_sizes"].items():
        assert len(REGIONS[region]) == size, region
    for region, bgs in facts["checks"]["battlegrounds_by_region"].items():
        assert set(REGIONS[region]) & BATTLEGROUND == set(bgs), region


def test_edges_match_facts(facts):
    edges = set()
    for name, adj in ADJACENT.items():
        for a in adj:
            edges.add(tuple(sorted((name, a))))
            if a in ("USA", "USSR"):
                assert name in SUPERPOWER_ADJ[a]
            else:
                assert name in ADJACENT[a], (name, a)  # symmetric
    assert len(edges) == 121 == facts["checks"]["edges"]
    assert edges == {tuple(sorted(e)) for e in facts["edges"]}
    assert {k: set(v) for k, v in SUPERPOWER_ADJ.items()} == {k: set(v) for k, v in facts["superpowers"].items()}


def test_cards_match_facts(facts):
    assert len(CARDS) == 110
    for c in facts["cards"]:
        ours = CARDS[c["number"]]
        for key in ("name", "period", "side", "ops", "removed_after_event", "persistent", "scoring",
                    "war", "optional"):
            assert ours[key] == c[key], (c["number"], key)
        assert ours["text"]
    checks = facts["checks"]
    for period, numbers in checks["period_cards"].items():
        assert sorted(n for n, c in CARDS.items() if c["period"] == period) == numbers
    assert sorted(n for n, c in CARDS.items() if c["scoring"]) == checks["scoring_cards"]
    assert sorted(n for n, c in CARDS.items() if c["war"]) == checks["war_cards"]
    assert sorted(n for n, c in CARDS.items() if c["optional"]) == checks["optional_cards"]


def test_space_race_and_setup_match_facts(facts):
    for ours, theirs in zip(SPACE_RACE, facts["space_race"]):
        for key in ("space", "name", "ops_needed", "roll_max", "vp_first", "vp_second"):
            assert ours[key] == theirs[key]
    for side in ("USA", "USSR"):
        assert FIXED_SETUP[side] == facts["setup"][side]["fixed"]
