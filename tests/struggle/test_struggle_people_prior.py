"""The people's card prior (issue 21, "plays like people"): bench/struggle_people_prior.py fits
which cards people play first in a turn; hard adds the fitted weights to its values when it
chooses a card (ai/struggle_prior.py).  The real logs are not part of the repository: the fit is
tested on choices written here."""

import importlib.util
import math
from pathlib import Path

from squabble.ai import struggle_people as people
from squabble.ai import struggle_prior
from squabble.ai.struggle_people_weights import WEIGHTS
from squabble.games.struggle import data as D
from squabble.games.struggle import decision

from struggle_helpers import action_round_state

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "struggle_people_prior", ROOT / "bench" / "struggle_people_prior.py")
B = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(B)

NAMES = {c["name"]: n for n, c in D.CARDS.items()}
DECOL, SUEZ, COMECON = NAMES["Decolonization"], NAMES["Suez Crisis"], NAMES["Comecon"]


def test_the_fit_learns_the_card_people_play_first():
    # the USSR plays Suez Crisis before its other cards in 9 of 10 turns; the USA has no say
    data = [("USSR", 1, 2, [DECOL, SUEZ, COMECON], SUEZ)] * 9 + \
           [("USSR", 1, 2, [DECOL, SUEZ, COMECON], DECOL)]
    w = B.fit(data)
    s = {c: people.score(w, c, "USSR", 1) for c in (DECOL, SUEZ, COMECON)}
    assert s[SUEZ] > max(s[DECOL], s[COMECON]) + 1.0
    hit, rand, n = B.test(w, data)
    assert (hit, n) == (9, 10) and abs(rand - 10 / 3) < 1e-9


def test_the_features_name_the_kind_of_card_and_the_phase():
    assert people.phase_of(0) == "headline" and people.phase_of(2) == "AR1-2"
    assert people.phase_of(3) == "AR3+"
    assert people.features(DECOL, "USA", 3) == (("kind", "enemy", 2, "AR3+"),
                                                ("card", DECOL, "USA", "action"))
    assert people.kind_of(NAMES["Asia Scoring"], "USSR") == "scoring"
    assert people.kind_of(NAMES["Olympic Games"], "USSR") == "neutral"


def test_hard_adds_the_prior_to_a_card_choice_among_close_options_only():
    """Rule 4.1.4 (a): an action round is a card played from the hand.  The prior moves the
    values of those options by PEOPLE_W per unit of the weights' log-odds, among the options within
    PEOPLE_MARGIN VP of the best; a card the search values lower is not chosen at all."""
    st = action_round_state(hands={"USSR": [DECOL, SUEZ, COMECON], "USA": []}, phasing="USSR",
                            turn=2, action_round=1, defcon=4, china=None)
    opts = decision(st)["options"]
    assert {o["card"] for o in opts} == {DECOL, SUEZ, COMECON}
    vals = {i: 0.0 for i in range(len(opts))}
    got = struggle_prior.adjust(st, vals)
    for i, o in enumerate(opts):
        want = struggle_prior.PEOPLE_W * people.score(WEIGHTS, o["card"], "USSR", 1)
        assert abs(got[i] - want) < 1e-9
    assert len({round(v, 6) for v in got.values()}) == 3       # the cards are told apart
    # the card the prior likes least, valued just within the margin, is still a candidate;
    # a card valued beyond it is dropped, however much the prior likes it
    low = min(got, key=got.get)
    high = max(got, key=got.get)
    vals = {i: 0.0 for i in range(len(opts))}
    vals[low] = -struggle_prior.PEOPLE_MARGIN
    vals[high] = -struggle_prior.PEOPLE_MARGIN - 0.01
    got = struggle_prior.adjust(st, vals)
    assert low in got and high not in got and len(got) == 2


def test_the_prior_leaves_other_decisions_alone():
    """Rule 2.3.6 (b): choosing where to spread influence is not a card choice; only the Space
    Race prior of enemy cards may move other decisions."""
    st = action_round_state(hands={"USSR": [DECOL], "USA": []}, phasing="USSR", turn=2,
                            action_round=1, defcon=4)
    from squabble.games.struggle import apply_in_place
    apply_in_place(st, 0)                                       # play the first card offered
    d = decision(st)
    i = next(k for k, o in enumerate(d["options"]) if o["mode"] == "influence")
    apply_in_place(st, i)                                       # place influence
    d = decision(st)
    assert all(o.get("mode") not in ("play", "headline") for o in d["options"])
    vals = {k: float(k) for k in range(len(d["options"]))}
    assert struggle_prior.adjust(st, vals) == vals


def test_the_logs_missing_is_said_and_nothing_written(capsys, monkeypatch):
    import sys
    monkeypatch.setattr(sys.modules["struggle_human_agreement"], "find_logs", lambda given: None)
    monkeypatch.setattr(B, "_module", lambda *a: (_ for _ in ()).throw(AssertionError("wrote")))
    monkeypatch.setattr("sys.argv", ["x", "--write"])
    assert B.main() == 0
    assert "not here" in capsys.readouterr().out


def test_a_headline_is_valued_as_a_headline():
    """Rule 4.1.3: both sides choose a headline card before the first action round; the prior
    takes the headline's weights there (people headline their own lasting events, never an
    enemy card)."""
    from struggle_helpers import headline_state
    red_scare = NAMES["Red Scare/Purge"]
    st = headline_state({"USSR": [DECOL, red_scare, NAMES["Duck and Cover"]],
                         "USA": [NAMES["Marshall Plan"]]}, turn=2)
    d = decision(st)
    assert d["player"] == "USSR" and all(o["mode"] == "headline" for o in d["options"])
    got = struggle_prior.adjust(st, {i: 0.0 for i in range(len(d["options"]))})
    for i, o in enumerate(d["options"]):
        want = struggle_prior.PEOPLE_W * people.score(WEIGHTS, o["card"], "USSR", 0)
        assert abs(got[i] - want) < 1e-9
    card = {o["card"]: got[i] for i, o in enumerate(d["options"])}
    assert card[NAMES["Duck and Cover"]] < min(card[DECOL], card[red_scare])   # the enemy's


def _record(vals, cards, person, side="USSR", ar=1, seed=5):
    return {"card": person, "same": None, "side": side, "ar": ar,
            "values": {"vals": {str(i): v for i, v in vals.items()},
                       "cards": {str(i): c for i, c in cards.items()},
                       "side": side, "ar": ar, "seed": seed}}


def test_the_sweep_recomputes_hards_pick_with_other_weights():
    """Rule 4.1.4 (a): the card choice of an action round.  --sweep redoes hard's final pick from
    its dumped values: with no weight it is the search's best; with a weight the prior's favourite
    wins among the options within the margin, never one beyond it."""
    w = {("card", SUEZ, "USSR", "action"): 3.0, ("card", COMECON, "USSR", "action"): 1.0}
    cards = {0: DECOL, 1: SUEZ, 2: COMECON}
    rec = _record({0: 1.0, 1: 0.4, 2: 0.0}, cards, SUEZ)
    assert B.replay([rec], w, 0.0, 1.0) == (0, 0, 0)             # Decolonization, the best
    hit, changed, lost = B.replay([rec], w, 1.0, 1.0)             # Suez: 0.4 + 3 beats 1.0
    assert (hit, changed) == (1, 1) and abs(lost - 0.6) < 1e-9
    assert B.replay([rec], w, 1.0, 0.5)[:2] == (0, 0)             # Suez is 0.6 below: dropped
    far = _record({0: 1.0, 1: -1.2, 2: 0.5}, cards, COMECON)
    assert B.replay([far], w, 1.0, 1.0)[:2] == (1, 1)             # Comecon, not the far Suez
    assert B.replay([far], w, 1.0, math.inf)[:2] == (0, 1)        # no margin: Suez (-1.2 + 3)
    kept = {"card": SUEZ, "same": True, "values": None}           # chosen without values
    assert B.replay([kept, rec], w, 0.0, 1.0)[0] == 1


def test_a_dump_of_the_agreement_bench_is_swept_back_to_its_own_figure(tmp_path):
    """The agreement bench's --dump-values keeps hard's values at each card choice; --sweep at
    the shipped setting recomputes exactly the cards hard chose (a log written here)."""
    import json
    import os
    import subprocess
    import sys
    from test_struggle_human_agreement import LOG                 # a log written for the bench
    (tmp_path / "tsreplayer_1.txt").write_text(LOG)
    dump = tmp_path / "dump.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "struggle_human_agreement.py"),
                        "--logs", str(tmp_path), "--levels", "hard", "--hard-every", "1",
                        "--measures", "known", "--hard-measures", "known",
                        "--dump-values", str(dump)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    got = json.loads(dump.read_text())
    assert len(got) == 5 and sum(r["values"] is not None for r in got) >= 3
    same = sum(r["same"] for r in got)
    hit = B.replay(got, WEIGHTS, struggle_prior.PEOPLE_W, struggle_prior.PEOPLE_MARGIN)[0]
    assert hit == same
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "struggle_people_prior.py"),
                        "--sweep", str(dump)], capture_output=True, text=True, env=env,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    assert f"the dumped run chose the person's card at {same}, recomputed" in r.stdout
    assert r.stdout.rstrip().endswith(" |") and "| 0.5 VP |" in r.stdout
    (tmp_path / "bad.json").write_text('[{"card": 3}]')
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "struggle_people_prior.py"),
                        "--sweep", str(tmp_path / "bad.json")], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 1 and "is not a file of --dump-values" in r.stdout and not r.stderr
