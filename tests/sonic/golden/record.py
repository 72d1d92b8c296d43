"""Record (or check) the golden Battle Racers replays.

Each golden game is a set-up, rule options, a seed and the action log a bot played, with
two digests of what replaying that log produces: every step's action, legal-action list
and event lines (``describe()``), and the final state. The action logs are stored, so the
check does not depend on the bots (they may change); it depends only on the rules.

Run ``python tests/sonic/golden/record.py`` to write ``replays.json.gz`` again after a rule
change that is meant to change play (say so in the commit).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from racerlab.core.rules import Rules
from racerlab.sonic import Mode, SonicOptions, SonicRules, SonicSetup, greedy_bot, random_bot
from racerlab.sonic.track import Zone

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "replays.json.gz"
ROOT = HERE.parents[2]

_RACERS = ("sonic", "tails", "knuckles", "amy")
_RULINGS = {"tie_break": "leader", "winner_tie": "first-across", "deck_out": "leave-gap"}
_VARIANTS = (
    SonicOptions(),
    SonicRules().decode_options(
        {**_RULINGS, "boss_hit": "any-contact", "boss_profile_rules": False}
        | {"winner_must_finish": True}
    ),
)


def games() -> list[dict[str, Any]]:
    """The seeded bot games to record: every mode, every zone, both bots, two option sets."""
    out = []
    n = 0
    for mode in Mode:
        for zone in Zone:
            for bot in ("random", "greedy"):
                players = 1 if mode is Mode.SOLO else 2 + n % 3
                racers = tuple(_RACERS[(n + i) % 4] for i in range(players))
                zones = (Zone.BASE,) if zone is Zone.BASE else (Zone.BASE, zone)
                setup = SonicSetup(racers, mode, "", zones)
                options = _VARIANTS[n % 2 if bot == "greedy" else 0]
                out.append({"setup": setup, "options": options, "seed": 100 + n, "bot": bot})
                n += 1
    for k in range(6):  # full four-player greedy races, the benchmark's kind of game
        setup = SonicSetup(_RACERS, Mode.RACE, "", (Zone.BASE,))
        out.append({"setup": setup, "options": _VARIANTS[0], "seed": 200 + k, "bot": "greedy"})
    return out


def digest_state(state: Any) -> str:
    """A digest of every field of a state (the board's track by section ids)."""
    h = hashlib.sha256()
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name == "board":
            for g in fields(value):
                v = getattr(value, g.name)
                text = repr(tuple(s.id for s in v.sections)) if g.name == "track" else repr(v)
                h.update(f"board.{g.name}={text}\n".encode())
        else:
            h.update(f"{f.name}={value!r}\n".encode())
    return h.hexdigest()


def replay(
    rules: Rules, state: Any, actions: list, *, listed: bool = False
) -> tuple[str, str, int]:
    """Apply ``actions`` from ``state``; digests of the steps and of the final state.
    With ``listed``, each player action applied is the equal object from
    ``legal_actions`` (as a bot plays), else the action as decoded (as a saved game)."""
    h = hashlib.sha256()
    for action in actions:
        if not rules.is_over(state):
            legal = rules.legal_actions(state)
            h.update(repr(legal).encode())
            if listed:
                action = next((a for a in legal if a == action), action)
        step = rules.apply(state, action)
        h.update(action.describe().encode())
        for e in step.events:
            h.update(b"\n" + e.describe().encode())
        h.update(repr(step.rolls).encode())
        state = step.state
    return h.hexdigest(), digest_state(state), len(actions)


def play(game: dict[str, Any]) -> list:
    """The action log of a whole bot game."""
    rules = SonicRules()
    bot = greedy_bot if game["bot"] == "greedy" else random_bot
    rng = np.random.default_rng(game["seed"])
    state = rules.initial_state(game["setup"], game["options"], game["seed"])
    actions = []
    while not rules.is_over(state):
        action = bot(state, rules, rng)
        actions.append(action)
        state = rules.apply(state, action).state
    return actions


def record() -> dict[str, Any]:
    """Play and digest every game; the bundled scenarios are digested as they are."""
    rules = SonicRules()
    out: dict[str, Any] = {"games": [], "scenarios": {}}
    for game in games():
        actions = play(game)
        state = rules.initial_state(game["setup"], game["options"], game["seed"])
        steps, final, _ = replay(rules, state, actions)
        out["games"].append(
            {
                "bot": game["bot"],
                "setup": rules.encode_setup(game["setup"]),
                "options": rules.codec.encode(game["options"]),
                "seed": game["seed"],
                "actions": [rules.encode_action(a) for a in actions],
                "steps": steps,
                "final": final,
            }
        )
    for path in sorted((ROOT / "data" / "sonic" / "scenarios").glob("*.json")):
        out["scenarios"][path.name] = scenario_digest(path)
    return out


def load() -> dict[str, Any]:
    """The recorded golden replays."""
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def scenario_digest(path: Path) -> dict[str, Any]:
    """The digests of a bundled saved game replayed from its start."""
    from racerlab.core.timeline import Timeline

    tl = Timeline.loads(path.read_text(), source=str(path))
    rules = tl.rules
    state = rules.initial_state(tl.setup, tl.options, tl.seed)
    steps, final, n = replay(rules, state, list(tl.actions))
    return {"steps": steps, "final": final, "actions": n}


if __name__ == "__main__":
    text = json.dumps(record(), separators=(",", ":"), indent=None) + "\n"
    FIXTURE.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"wrote {FIXTURE}")
