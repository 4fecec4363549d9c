"""A game record as a plain-text log a person reads like a tournament log (80 columns).

``export_text(record)`` re-plays the record with the engine (``records.replay``) and writes
each decision's structured log lines (kind and data, ``squabble.games.logline``) in words:
for Twilight Struggle turn and action-round headings, each card and how it was played, the
targets of its operations, the Space Race, every die with its modifiers, coups and
realignments with their results, scoring and every VP change, DEFCON, and DEFCON, VP and MilOps
at each turn's end; for Twilight Squabble the eras and phases with each reveal, Agent, counter
and the tracks.  Lines of a kind without a wording of their own keep the engine's sentence.
Nothing here reads the engine's English to learn what happened.  No pygame.
"""

from __future__ import annotations

import textwrap

from squabble import records
from squabble.games.logline import data_of, kind_of

WIDTH = 80


class NotedLog(list):
    """A log list that notes, beside each line, a few facts of the state at that moment
    (``note(state)``): the phase a line belongs to, the tracks after it."""

    def __init__(self, state: dict, note):
        super().__init__()
        self.state, self.note, self.notes = state, note, []

    def append(self, line):
        super().append(line)
        self.notes.append(self.note(self.state))


def vp_words(vp) -> str:
    if not isinstance(vp, int) or vp == 0:
        return "even"
    return f"USA +{vp}" if vp > 0 else f"USSR +{-vp}"


def dice_words(rolls) -> str:
    """'USSR die 5 +1 = 6, USA die 2' (a modifier of 0 is left out)."""
    out = []
    for r in rolls:
        mod = r.get("mod") or 0
        tail = f" {mod:+d} = {r.get('total')}" if mod else ""
        out.append(f"{r.get('side', '')} die {r.get('die')}{tail}".strip())
    return ", ".join(out)


class Writer:
    def __init__(self):
        self.out: list[str] = []

    def line(self, text: str = "", indent: int = 0) -> None:
        if not text:
            self.out.append("")
            return
        pad = " " * indent
        self.out.extend(textwrap.wrap(text, WIDTH, initial_indent=pad,
                                      subsequent_indent=pad + "  ", break_long_words=True)
                        or [pad])

    def heading(self, text: str, rule: str = "=") -> None:
        if self.out and self.out[-1]:
            self.out.append("")
        self.out.append(text[:WIDTH])
        self.out.append(rule * min(WIDTH, len(text)))

    def text(self) -> str:
        return "\n".join(self.out) + "\n"


def _header(w: Writer, rec: dict) -> None:
    title = records.TITLES[rec["game"]]
    w.heading(f"{title}: game record")
    players = rec.get("players") or {}
    for side, p in players.items():
        if isinstance(p, dict):
            kind = p.get("kind", "?")
            level = f", {p['level']}" if p.get("level") else ""
            w.line(f"{side}: {p.get('name', '?')} ({kind}{level})")
    when = str(rec.get("started") or "?").replace("T", " ").replace("Z", " UTC")
    w.line(f"Started {when}; seed {rec.get('seed')}; rules version {rec['rules_version']}.")
    opts = rec.get("options") or {}
    if opts:
        w.line("Options: " + ", ".join(f"{k} {v}" for k, v in sorted(opts.items())) + ".")
    if "start" in rec:
        w.line("The game starts from a set position, not a fresh deal.")


# -- Twilight Struggle -------------------------------------------------------------------------
PLAYED_AS = {"event": "for its event", "influence": "for operations: influence",
             "realign": "for operations: realignments", "coup": "for operations: a coup",
             "space": "on the Space Race", "ops_first": "for operations, then its event",
             "event_first": "for its event first, then operations"}


def _struggle_note(state: dict) -> tuple:
    return (state.get("turn"), state.get("action_round"), state.get("defcon"), state.get("vp"),
            dict(state.get("milops") or {}))


def _struggle(w: Writer, rec: dict, rp: records.Replay) -> None:
    from squabble.games.struggle.data import card_name
    seen_setup = seen_headline = None
    out = _StruggleLines(w, card_name)
    for step in rp.steps:
        d, ctx = step.decision, step.decision.get("context") or {}
        kind, side = d.get("kind"), d["player"]
        turn, ar = ctx.get("turn"), ctx.get("action_round")
        option = d["options"][step.index]
        if kind not in ("play_mode", "influence", "place_influence", "remove_influence",
                        "setup_influence") or kind == "setup_influence" and seen_setup is None:
            out.flush()
        if kind == "setup_influence" and seen_setup is None:
            seen_setup = True
            w.heading("Setup", "-")
        elif kind == "headline" and seen_headline != turn:
            seen_headline = turn
            w.heading(f"Turn {turn}: headline phase", "-")
        elif kind == "action_card":
            w.heading(f"Turn {turn}, action round {ar}: {side}", "-")
        if kind == "play_mode":
            how = PLAYED_AS.get(option.get("mode"), option.get("label", ""))
            ops = ctx.get("ops")
            out.play(side, ctx.get("card"), f"{how}" + (f", {ops} op{'s' * (ops != 1)}"
                                                      if ops else ""))
        elif kind not in QUIET_KINDS:
            w.line(f"{side} chooses: {option.get('label', '')}", 4)
        out.lines(step.lines)
    out.flush()
    final = rp.final or {}
    w.heading("Game over")
    res = rec.get("result") or {}
    w.line(f"{final.get('winner') or 'Nobody'} wins ({res.get('reason') or 'the game ended'}"
           f"), turn {final.get('turn')}.")
    milops = final.get("milops") or {}
    w.line(f"DEFCON {final.get('defcon')}, VP {vp_words(final.get('vp'))}, MilOps USA "
           f"{milops.get('USA')}, USSR {milops.get('USSR')}.")


#: decisions the log lines they give say enough about (a placement, a target, a card)
QUIET_KINDS = {"action_card", "play_mode", "influence", "setup_influence", "place_influence",
               "remove_influence", "realign_target", "coup_target", "headline", "ops_kind"}


class _StruggleLines:
    """Twilight Struggle's lines in words: consecutive influence lines of one side become one
    line; a card's play waits for how it is played."""

    def __init__(self, w: Writer, card_name):
        self.w, self.card_name = w, card_name
        self.placed: list = []
        self.played = None     # (side, card) of a play line not yet written
        self.last = None       # (turn, DEFCON, VP, MilOps) after the last line
        self.turn_end = None   # the same at the turn's end (before the MilOps reset)

    def play(self, side, card, how: str) -> None:
        if self.placed:
            self._placed()
        self.played = None
        self.w.line(f"{side} plays {self.card_name(card)} {how}.", 2)

    def flush(self) -> None:
        if self.placed:
            self._placed()
        if self.played:
            side, card = self.played
            self.played = None
            self.w.line(f"{side} plays {self.card_name(card)}.", 2)

    def _placed(self) -> None:
        by, side = self.placed[0][0]
        amounts = [t for _, t, _ in self.placed]
        what = (f"{by} influence" if side == by else
                f"{by} removes {side} influence" if all(n < 0 for _, _, n in self.placed) else
                f"{by} changes {side} influence")
        self.w.line(f"{what}: " + ", ".join(amounts) + ".", 4)
        self.placed.clear()

    def lines(self, lines) -> None:
        notes = getattr(lines, "notes", [None] * len(lines))
        for line, note in zip(lines, notes):
            k, dt = kind_of(line), data_of(line)
            if k == "influence" and "side" in dt and "amount" in dt and not dt.get("silent"):
                who = (dt.get("by") or dt["side"], dt["side"])
                if self.placed and self.placed[0][0] != who:
                    self._placed()
                self.placed.append((who, f"{dt['country']} {dt['amount']:+d}", dt["amount"]))
                continue
            if k == "play":
                self.flush()
                self.played = (dt.get("side"), dt.get("card"))
                continue
            self.flush()
            if k == "turn" and (self.turn_end or self.last):
                turn, defcon, vp, m = self.turn_end or self.last
                self.w.line(f"End of turn {turn}: DEFCON {defcon}, VP {vp_words(vp)}, MilOps "
                            f"USA {m.get('USA')}, USSR {m.get('USSR')}.", 2)
                self.turn_end = None
            text = _struggle_line(k, dt, str(line), self.card_name)
            if text:
                self.w.line(text, 4)
            if note:
                self.last = (note[0], note[2], note[3], note[4])
                if dt.get("why") in ("milops", "reset") and isinstance(dt.get("milops"), dict):
                    # the turn's end: MilOps as they stood before the tracks went back to 0
                    self.turn_end = (note[0], dt.get("defcon", note[2]), note[3], dt["milops"])


def _struggle_line(k: str, dt: dict, text: str, card_name) -> str:
    """One line in words ('' for none); every line with ``vp_after`` ends with the VP."""
    vp = f" [VP {vp_words(dt['vp_after'])}]" if "vp_after" in dt else ""
    if k == "turn" or not text:
        return ""      # the headings say it; a marker has no sentence (a deal, a reset)
    if k == "headline":
        cards = dt.get("cards") or {}
        return "Headlines: " + ", ".join(f"{s} {card_name(c)}" for s, c in cards.items()) + "."
    if k == "event":
        return f"{dt.get('side')} resolves the event of {card_name(dt.get('card'))}."
    if k == "coup":
        ops = dt.get("ops")
        return (f"Coup in {dt['country']} (stability {dt.get('stability')}) with "
                f"{ops} op{'s' * (ops != 1)}: {dice_words([dt])}, result {dt.get('result')}: "
                f"{dt.get('enemy')} -{dt.get('removed', 0)}, {dt['side']} "
                f"+{dt.get('placed', 0)}.{vp}")
    if k == "realign":
        rolls = [{"side": dt["side"], "die": dt.get("die"),
                  "mod": (dt.get("total") or 0) - (dt.get("die") or 0), "total": dt.get("total")},
                 {"side": dt.get("enemy"), "die": dt.get("enemy_die"),
                  "mod": (dt.get("enemy_total") or 0) - (dt.get("enemy_die") or 0),
                  "total": dt.get("enemy_total")}]
        won = (f"{dt['loser']} -{dt['removed']}" if dt.get("loser") and dt.get("removed")
               else "no change")
        return f"Realignment in {dt['country']}: {dice_words(rolls)}: {won}."
    if k == "space":
        return (f"Space Race attempt for {dt.get('box')}: {dt['side']} die {dt.get('die')} "
                f"(needs {dt.get('need')} or less): "
                f"{'success' if dt.get('success') else 'failure'}.")
    if k == "space_advance":
        return f"{dt['side']} reaches {dt.get('box')} on the Space Race.{vp}"
    if k == "defcon":
        why = f" ({dt['why']})" if dt.get("why") else ""
        return f"DEFCON {dt.get('before')} -> {dt.get('defcon')}{why}."
    if k == "vp_change":
        who = f"{card_name(dt['card'])}: " if isinstance(dt.get("card"), int) else ""
        return f"{who}{dt.get('side')} gains {dt.get('vp')} VP.{vp}"
    if "rolls" in dt:
        return f"{text} [{dice_words(dt['rolls'])}]{vp}"
    return text + vp


# -- Twilight Squabble -------------------------------------------------------------------------
def _squabble_note(state: dict) -> tuple:
    return (state.get("era"), state.get("phase"), state.get("bop"), dict(state.get("space") or {}),
            dict(state.get("tokens") or {}))


def _squabble(w: Writer, rec: dict, rp: records.Replay) -> None:
    from squabble.games.squabble.cards import CARDS
    from squabble.games.squabble.engine import PHASE_NAMES

    def name(c):
        return CARDS[c].name if c in CARDS else str(c)

    era = phase = None
    last = None
    if rp.steps:
        first = rp.steps[0].decision.get("context") or {}
        era = first.get("era")
        w.heading(f"Era {era}", "-")
    for step in rp.steps:
        d, ctx = step.decision, step.decision.get("context") or {}
        option = d["options"][step.index]
        if ctx.get("phase") != phase or ctx.get("era") != era:
            if ctx.get("era") != era:
                era = ctx.get("era")
            phase = ctx.get("phase")
            w.line(f"Phase {phase}: {PHASE_NAMES.get(phase, '')}", 2)
        w.line(f"{d['player']}: {_squabble_choice(option, name)}", 4)
        notes = getattr(step.lines, "notes", [None] * len(step.lines))
        for line, note in zip(step.lines, notes):
            k, dt = kind_of(line), data_of(line)
            if note and (note[0], note[1]) != (era, phase) and k != "era":
                era, phase = note[0], note[1]
                w.line(f"Phase {phase}: {PHASE_NAMES.get(phase, '')}", 2)
            if k == "era":
                _tracks(w, last)
                era, phase = dt.get("era"), None
                w.heading(f"Era {era}", "-")
                continue
            if str(line):
                w.line(_squabble_line(k, dt, str(line), name), 4)
            last = note or last
    _tracks(w, _squabble_note(rp.final or {}))
    w.heading("Game over")
    res = (rec.get("result") or {})
    how = (res.get("reason") or {}).get("how") if isinstance(res.get("reason"), dict) else None
    w.line(f"{(rp.final or {}).get('winner') or 'Nobody'} wins"
           + (f" ({how})" if how else "") + f", era {(rp.final or {}).get('era')}.")


def _squabble_choice(option: dict, name) -> str:
    mode = option.get("mode")
    if mode == "play":
        return (f"Balance of Power card {name(option.get('bop'))}, Space Race card "
                f"{name(option.get('space'))} (face down).")
    if option.get("card") is not None:
        return f"{mode}: {name(option['card'])}."
    return option.get("label", str(mode))


def _squabble_line(k: str, dt: dict, text: str, name) -> str:
    if k == "reveal":
        return (f"{dt.get('side')} reveals {name(dt.get('card'))}: value {dt.get('value')}, "
                f"{dt.get('tokens')} token(s).")
    if k == "counter":
        return f"{dt.get('side')} counters with {name(dt.get('card'))}, cancelling " \
               f"{name(dt.get('target'))}."
    if k == "measure":
        return f"Balance of Power: USA {dt.get('USA')} against USSR {dt.get('USSR')}."
    if k == "race":
        return (f"Space Race: USA {dt.get('USA')} against USSR {dt.get('USSR')}, "
                f"{dt.get('winner') or 'nobody'} ahead.")
    return text


def _tracks(w: Writer, note) -> None:
    if not note:
        return
    _, _, bop, space, tokens = note
    toward = "neutral" if not bop else f"{abs(bop)} toward {'USA' if bop > 0 else 'USSR'}"
    w.line(f"Tracks: Balance of Power {toward}; Space Race USA {space.get('USA')}, USSR "
           f"{space.get('USSR')}; tokens USA {tokens.get('USA')}, USSR {tokens.get('USSR')}.",
           2)


def export_text(rec: dict) -> tuple[str, str]:
    """(the text, '') or ('', one sentence saying why the record cannot be written out)."""
    note = _struggle_note if rec.get("game") == "struggle" else _squabble_note
    rp = records.replay(rec, log_for=lambda st: NotedLog(st, note))
    if not rp.ok:
        return "", rp.message
    w = Writer()
    _header(w, rec)
    (_struggle if rec["game"] == "struggle" else _squabble)(w, rec, rp)
    return w.text(), ""


def export_file(rec: dict) -> tuple[str, str]:
    """Write ``rec``'s text log to ``exports/<game>-<date>.txt`` in the user data folder:
    (its path, '') or ('', one sentence saying why not)."""
    paths, problem = export_files(rec)
    return (paths[0], "") if paths else ("", problem)


def export_files(rec: dict) -> tuple[list, str]:
    """Write ``rec``'s text log to ``exports/<game>-<date>.txt`` in the user data folder and,
    where the user has a documents folder (``userdata.documents_dir``), to its ``Twilight
    Squabble`` folder too: ([the paths written], '') or ([], one sentence saying why not).  A
    documents folder that cannot be written leaves the data folder's copy."""
    text, problem = export_text(rec)
    if problem:
        return [], problem
    from squabble import userdata
    stamp = str(rec.get("ended") or rec.get("started") or "game").replace(":", "")
    name = f"{rec['game']}-{stamp}.txt"
    try:
        folder = userdata.data_dir(create=True) / "exports"
        folder.mkdir(exist_ok=True)
        path = folder / name
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        return [], f"The text log could not be written ({e.strerror or type(e).__name__})."
    paths = [str(path)]
    docs = userdata.documents_dir()
    if docs is not None:
        try:
            (docs / userdata.DOCUMENTS_SUBFOLDER).mkdir(exist_ok=True)
            out = docs / userdata.DOCUMENTS_SUBFOLDER / name
            out.write_text(text, encoding="utf-8")
            paths.insert(0, str(out))
        except OSError:
            pass
    return paths, ""
