"""Golden replays: the rules play every recorded game exactly as they did when it was recorded.

The games (tests/sonic/golden/replays.json.gz) are seeded random- and greedy-bot games in
every mode (race, boss, solo) with every zone expansion and two sets of rule options, plus
every bundled saved game under data/sonic/scenarios. For each, the digest of every step
(the legal actions offered, the action, its events' ``describe()`` lines and its rolls) and
the digest of the final state must match the recording. A refactor or speed-up of the
engine must leave them identical; a deliberate rule change re-records them (see
tests/sonic/golden/record.py).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from racerlab.sonic import SonicRules


def _recorder():
    """tests/sonic/golden/record.py, loaded by path (the tests folder is not a package)."""
    path = Path(__file__).resolve().parent / "golden" / "record.py"
    spec = importlib.util.spec_from_file_location("golden_record", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REC = _recorder()
ROOT = REC.ROOT
GOLDEN = REC.load()
RULES = SonicRules()


def _label(game: dict) -> str:
    s = game["setup"]
    return f"{game['bot']}-{s['mode']}-{'+'.join(s['zones'])}-{len(s['racers'])}p-{game['seed']}"


@pytest.mark.parametrize("listed", [False, True], ids=["decoded", "listed"])
@pytest.mark.parametrize("game", GOLDEN["games"], ids=_label)
def test_bot_game_replays_identically(game, listed):
    """Decoded actions are checked in full; listed ones (taken from ``legal_actions``,
    as bots do) skip the second check: both must play the same game."""
    setup = RULES.decode_setup(game["setup"])
    options = RULES.decode_options({k: v for k, v in game["options"].items() if k != "type"})
    actions = [RULES.decode_action(a) for a in game["actions"]]
    state = RULES.initial_state(setup, options, game["seed"])
    steps, final, _ = REC.replay(RULES, state, actions, listed=listed)
    assert (steps, final) == (game["steps"], game["final"])


def test_the_golden_games_cover_every_mode_zone_and_bot():
    seen = {(g["setup"]["mode"], g["setup"]["zones"][-1], g["bot"]) for g in GOLDEN["games"]}
    modes = {"race", "boss", "solo"}
    zones = {"base", "green-hill", "oil-ocean", "metallic-madness", "studiopolis"}
    assert seen == {(m, z, b) for m in modes for z in zones for b in ("random", "greedy")}


def test_every_bundled_saved_game_is_recorded():
    bundled = {p.name for p in (ROOT / "data" / "sonic" / "scenarios").glob("*.json")}
    assert bundled and bundled == set(GOLDEN["scenarios"])


@pytest.mark.parametrize("name", sorted(GOLDEN["scenarios"]))
def test_bundled_saved_game_replays_identically(name):
    path = Path(ROOT / "data" / "sonic" / "scenarios" / name)
    assert REC.scenario_digest(path) == GOLDEN["scenarios"][name]
