"""One face for every rules engine: the protocol, the simulator, the UI and the AI use this.

A game adapter exposes:
  new(seed, options)          -> state            (ValueError with a clear sentence on bad options)
  opening(seed, options)      -> [log line]       (what the set-up says: the log's first lines)
  decision(state)             -> DECISION | None   (protocol shape)
  apply(state, index)         -> (state, log)      (pure)
  n_options(state)            -> int               (fast)
  apply_index(state, i, log)  -> None              (in place, fast)
  validate(state)             -> str | None
  load(state)                 -> state             (normalised; ValueError with the first problem;
                                                    a null or absent 'pending' is derived)
  check_invariants(state)     -> str | None
  info()                      -> dict
  view(state, side)           -> dict              (what one side may see)
  shared_view(state, side)    -> dict              (optional: the same JSON, sharing the parts
                                                    it does not change with the state; read only)
  protocol_state(state)       -> dict              (a state or view as the protocol prints it)
  describe(state)             -> {"kind", "context"} | None  (what a scene needs; no English)
  is_private(state, decision) -> bool              (the decider's own secret cards are shown)
  copy(state)                 -> a deep copy
"""

from __future__ import annotations

from types import SimpleNamespace


def _squabble():
    from squabble.games.squabble import engine as E
    from squabble.games.squabble.cards import CARDS, EVENTS

    def info():
        return {
            "cards": [{"id": c.id, "name": c.name, "side": c.side, "era": c.era, "years": c.years,
                       "activity": c.activity, "counter": c.counter,
                       "space_symbol": c.space_symbol, "kind": c.kind, "text": c.text}
                      for c in CARDS.values()],
            "events": [{"id": e.id, "name": e.name, "year": e.year, "text": e.text}
                       for e in EVENTS.values()],
            "track": {"min": -E.CLOUD, "max": E.CLOUD},
            "space_track": {"min": 0, "max": E.SPACE_TOP, "rewards": {"1": "take_token",
                                                                      "2": "shift"}},
            "phases": {str(k): v for k, v in E.PHASE_NAMES.items()},
        }

    def n_options(s):
        return len(E.options(s))

    def apply_index(s, i, log=None):
        E.apply_option(s, E.options(s)[i], log)

    # decisions that need the decider's own secret cards on screen (the table asks the framework session through is_private)
    private_kinds = {"play", "replace", "tokens", "counter"}

    def describe(s):
        d = E.decision(s)
        return None if d is None else {"kind": d.get("kind"), "context": {"side": d["player"]}}

    def is_private(s, d):
        return d is not None and d.get("kind") in private_kinds

    def hidden_from(s, side):
        return set(E.hidden_from(s, side)["cards"])

    def opening(seed, options=None):
        log: list = []
        E.new_game(seed, options, log)
        return log

    return SimpleNamespace(
        name="squabble", new=lambda seed, options=None: E.new_game(seed, options),
        opening=opening,
        decision=E.decision, apply=E.apply, n_options=n_options, apply_index=apply_index,
        validate=E.validate, load=E.load, check_invariants=E.check_invariants, info=info,
        view=E.view, shared_view=E.shared_view, protocol_state=lambda s: s, describe=describe, is_private=is_private,
        hidden_from=hidden_from, sides=("USSR", "USA"), copy=E.clone)


def _struggle():
    import squabble.games.struggle as S

    def n_options(s):
        if s.get("winner") is not None or not s.get("pending"):
            return 0
        return len(s["pending"]["options"])

    def apply_index(s, i, log=None):
        S.apply_in_place(s, i, log)

    from squabble.games.struggle import describe as DS   # describe: the decision's kind and context

    return SimpleNamespace(
        name="struggle",
        new=lambda seed, options=None: S.new_game(seed, options),
        opening=lambda seed, options=None: [],     # (its set-up logs nothing)
        decision=S.decision, apply=S.apply, n_options=n_options, apply_index=apply_index,
        validate=S.validate, load=S.load, check_invariants=S.check_invariants, info=S.info,
        view=S.view, protocol_state=S.protocol_state, describe=DS.describe,
        is_private=DS.is_private,
        hidden_from=DS.hidden_from, sides=("USSR", "USA"), copy=S.copy_state,
        keeps_screen=True)   # a side deciding in private again keeps the screen (session.py)


#: every rules engine, by the name the protocol and the saves use: a new game is one line here
#: (and one in ``ui/games.py`` for its screens)
ENGINES = {"squabble": _squabble, "struggle": _struggle}
GAMES = tuple(ENGINES)


def get(name: str):
    if name not in ENGINES:
        raise ValueError(f"Unknown game {name!r}: choose "
                         + " or ".join(repr(g) for g in GAMES) + ".")
    return ENGINES[name]()
