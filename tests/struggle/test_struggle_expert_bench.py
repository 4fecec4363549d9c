"""The expert benches (issue 62): the long match keeps every finished game in its results file
and resumes where it stopped; the Elo fit is the maximum-likelihood one."""

import json
import math
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import struggle_elo as E  # noqa: E402
import struggle_expert_match as M  # noqa: E402


def test_the_match_keeps_each_game_and_resumes_where_it_stopped(tmp_path):
    out = tmp_path / "r.jsonl"
    said = []
    M.play(out, [("random", "random", 2)], 11, said.append)
    first = M.read_results(out)
    assert [r["game"] for r in first] == [0, 1] and len(said) == 2
    with out.open("a") as f:
        f.write('{"a": "random", "b"')          # a line cut short by a stopped run
    M.play(out, [("random", "random", 3)], 11, said.append)
    rows = M.read_results(out)
    assert [r["game"] for r in rows] == [0, 1, 2] and len(said) == 3   # only game 2 was played
    assert rows[:2] == first
    assert rows[2]["game_seed"] == 11 * 1_000_003 + 2 and rows[2]["a_side"] == "USA"
    lines = []
    M.report(out, lines.append)
    assert lines[0].startswith("random vs random (seed 11): 3 games")


def test_self_play_reports_the_usa_s_share(tmp_path):
    """A level against itself: the USA's share of the games (game g's first level is the USA
    when g is even), draws half; no such line for two levels."""
    rows = [{"a": "easy", "b": b, "seed": 1, "game": g, "a_side": "USA" if g % 2 == 0 else "USSR",
             "result": res, "play": None, "times": {}}
            for b in ("easy", "normal") for g, res in enumerate(["a", "b", "b", "draw"])]
    out = tmp_path / "r.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    lines = []
    M.report(out, lines.append)
    usa = [x for x in lines if "self-play" in x]
    # the USA won games 0 (a as the USA) and 1 (b as the USA); game 2 the USSR (b); 3 drawn
    assert len(usa) == 1 and "the USA scores 2.5 of 4 = 62.5%" in usa[0]


def test_the_elo_fit_is_the_maximum_likelihood_one():
    games = E.tally([{"a": "x", "b": "y", "result": r} for r in "aaab"], [])
    ratings, se, problem = E.fit(games, "y")
    assert not problem
    assert abs(ratings["x"] - 400 * math.log10(3)) < 0.01      # 3 of 4: odds 3
    games = E.tally([], [("x", "y", 30.0, 40), ("z", "y", 20.0, 40), ("x", "z", 25.0, 40)])
    ratings, se, problem = E.fit(games, "y")
    assert ratings["x"] > ratings["z"] > -1 and 0 < se["z"] < se["x"] * 2
    _, _, problem = E.fit(E.tally([], [("x", "y", 4.0, 4)]), "y")
    assert "every game" in problem
    # one virtual draw a pair (--prior 1): 4.5 of 5, odds 9
    ratings, _, problem = E.fit(E.tally([], [("x", "y", 4.0, 4)], prior=1.0), "y")
    assert not problem and abs(ratings["x"] - 400 * math.log10(9)) < 0.01


def test_the_elo_bench_leaves_out_designs_tried_self_play_and_skipped_levels(tmp_path, capsys):
    rows = [{"a": "x", "b": "y", "result": "a", "play": None}] * 3 + [
        {"a": "x", "b": "y", "result": "b", "play": None},
        {"a": "x", "b": "y", "result": "b", "play": {"samples": 0}},
        {"a": "x", "b": "x", "result": "a", "play": None},
        {"a": "z", "b": "y", "result": "b", "play": None}]
    out = tmp_path / "r.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert E.main(["--results", str(out), "--anchor", "y", "--skip", "z"]) == 0
    said = capsys.readouterr().out
    assert "x vs y: x scores 3 of 4" in said and "z" not in said
    assert E.main(["--results", str(out), "--anchor", "y"]) == 1     # z lost every game


def test_a_design_tried_is_kept_apart(tmp_path, monkeypatch):
    import squabble.ai.struggle_expert as X
    monkeypatch.setattr(X, "PLAY", dict(X.PLAY))
    out = tmp_path / "r.jsonl"
    M.play(out, [("random", "random", 1)], 11, lambda s: None)
    M.play(out, [("random", "random", 1)], 11, lambda s: None, {"samples": 0})
    rows = M.read_results(out)
    assert [r["play"] for r in rows] == [None, {"samples": 0}] and X.PLAY["samples"] == 0
    lines = []
    M.report(out, lines.append)
    assert sum(" vs random (seed 11): 1 games" in x for x in lines) == 2


def test_the_paired_report_counts_agreements_and_play_out_wins(tmp_path):
    import struggle_expert_paired as PD
    out = tmp_path / "p.jsonl"
    rows = [{"game": 0, "n": 0, "designs": ["hard", {}], "picks": [1, 1], "cpu": [0.2, 0.4],
             "scores": {}},
            {"game": 0, "n": 3, "designs": ["hard", {}], "picks": [2, 0], "cpu": [0.3, 0.5],
             "scores": {"0": [1.0, 1.0], "2": [0.0, 0.5]}}]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows) + '{"game": 1, "n"')
    lines = []
    PD.report(out, lines.append)
    assert lines[0] == "2 positions; the designs disagree on 1, played out on 1"
    assert "mean play-out score 0.250" in lines[1] and "mean play-out score 1.000" in lines[2]
    assert lines[3].endswith("the same move on 1 of 2 positions; its move won more play-outs "
                             "on 0 positions, fewer on 1")
