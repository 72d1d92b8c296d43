"""Exact replays: the same seed and actions give the same game everywhere.

- Across processes: a game played here and the same game played by a fresh
  ``python -c`` interpreter (with a different ``PYTHONHASHSEED``, so set or dict
  order that leaks into the rules would show) save the same JSON and the same
  hash of their events' ``describe()`` lines.
- Across :func:`racerlab.analysis.simulate` worker counts: 1 worker and 2 processes
  give the same table.
- Save/load round trips, property-tested with hypothesis over seeds and step counts:
  the loaded game has the same state and actions, saves to the same text, and a save
  made with the cursor moved back loads to that earlier state.
- Saved files from another format version (0, or one newer than this code) are
  refused with a clear message; a mangled action is refused naming its index.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racerlab.analysis import simulate
from racerlab.core.errors import RacerlabError, ScenarioError
from racerlab.core.timeline import FORMAT_VERSION, Timeline

PLAY = '''
import hashlib
import numpy as np
from racerlab.core.timeline import Timeline


def play(game, seed, steps, bot="greedy"):
    """Play ``steps`` bot actions of ``game`` from ``seed``: the save and an event hash."""
    if game == "knights":
        from racerlab import knights as g
        rules, setup = g.KnightsRules(), g.random_setup(2 + seed % 3, seed)
    else:
        from racerlab import sonic as g
        rules, setup = g.SonicRules(), g.random_setup(seed)
    policy = g.greedy_bot if bot == "greedy" else g.random_bot
    tl = Timeline.new(rules, setup, seed=seed)
    rng = np.random.default_rng([seed, 7])
    lines = []
    for _ in range(steps):
        if rules.is_over(tl.state):
            break
        step = tl.play(policy(tl.state, rules, rng))
        lines.extend(e.describe() for e in step.events)
    digest = hashlib.sha256("\\n".join(lines).encode()).hexdigest()
    return {"saved": tl.dumps(), "events": digest, "lines": len(lines),
            "over": rules.is_over(tl.state)}
'''

_NS: dict = {}
exec(PLAY, _NS)  # the very code the subprocess runs
play = _NS["play"]


def play_in_subprocess(game: str, seed: int, steps: int, bot: str) -> dict:
    code = PLAY + f"\nimport json\nprint(json.dumps(play({game!r}, {seed}, {steps}, {bot!r})))\n"
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    ("game", "seed", "bot"),
    [("knights", 11, "greedy"), ("knights", 12, "random"), ("sonic", 13, "greedy")],
)
@pytest.mark.integration  # runs the command or another process
def test_same_game_in_another_process(game, seed, bot):
    here = play(game, seed, 400, bot)
    there = play_in_subprocess(game, seed, 400, bot)
    assert here["lines"] > 50
    assert there["saved"] == here["saved"]
    assert there["events"] == here["events"]
    # and the saved file replays to the same game here
    loaded = Timeline.loads(here["saved"])
    assert loaded.dumps() == here["saved"]


def test_a_different_seed_gives_a_different_game():
    """The comparison above can fail: another seed changes the save and the events."""
    a, b = play("sonic", 13, 60), play("sonic", 14, 60)
    assert a["saved"] != b["saved"] and a["events"] != b["events"]


@pytest.mark.parametrize(("game", "games"), [("knights", 6), ("sonic", 4)])
def test_simulate_is_the_same_with_one_or_two_workers(game, games):
    one = simulate(game, games=games, seed=31, progress=False)
    two = simulate(game, games=games, seed=31, workers=2, progress=False)
    assert len(one) == games and one["finished"].all()
    assert one.equals(two)
    other = simulate(game, games=games, seed=32, progress=False)
    assert not one.equals(other)


# -- save/load round trips ------------------------------------------------------------------
ROUND_TRIP = settings(
    max_examples=12,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _check_round_trip(game: str, seed: int, steps: int, back: int) -> None:
    saved = play(game, seed, steps, "random")["saved"]
    tl = Timeline.loads(saved)
    assert len(tl.actions) <= steps
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state and again.actions == tl.actions
    assert again.dumps() == saved
    # a save with the cursor moved back holds the earlier game
    k = max(0, len(tl) - 1 - back)
    tl.goto(k)
    earlier = Timeline.loads(tl.dumps())
    assert earlier.state == tl.entries[k].state
    assert len(earlier.actions) == k


@ROUND_TRIP
@given(
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 120),
    back=st.integers(0, 30),
)
def test_knights_save_load_round_trip(seed, steps, back):
    _check_round_trip("knights", seed, steps, back)


@ROUND_TRIP
@given(
    seed=st.integers(0, 2**31),
    steps=st.integers(0, 150),
    back=st.integers(0, 30),
)
def test_sonic_save_load_round_trip(seed, steps, back):
    _check_round_trip("sonic", seed, steps, back)


# -- refused saves ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def saves() -> dict[str, dict]:
    return {g: json.loads(play(g, 5, 12, "greedy")["saved"]) for g in ("knights", "sonic")}


@pytest.mark.parametrize("game", ["knights", "sonic"])
def test_version_zero_is_refused(saves, game):
    data = {**saves[game], "version": 0}
    with pytest.raises(ScenarioError, match=r"old\.json: format version 0 is not supported"):
        Timeline.loads(json.dumps(data), source="old.json")


@pytest.mark.parametrize("game", ["knights", "sonic"])
def test_a_newer_version_is_refused(saves, game):
    data = {**saves[game], "version": FORMAT_VERSION + 1}
    with pytest.raises(ScenarioError, match=r"new\.json: saved by a newer racerlab") as info:
        Timeline.loads(json.dumps(data), source="new.json")
    assert f"reads up to version {FORMAT_VERSION}" in str(info.value)


MANGLES = {
    "unknown kind": lambda a: {**a, "type": "Teleport"},
    "field of the wrong type": lambda a: {**a, **{k: "lots" for k in a if k != "type"}},
    "not an object": lambda a: [1, 2, 3],
}


@pytest.mark.parametrize("game", ["knights", "sonic"])
@pytest.mark.parametrize("how", list(MANGLES))
def test_a_mangled_action_is_refused_naming_its_index(saves, game, how):
    data = json.loads(json.dumps(saves[game]))
    assert len(data["actions"]) > 6
    data["actions"][6] = MANGLES[how](data["actions"][6])
    with pytest.raises(RacerlabError, match=r"game\.json: actions\[6\]"):
        Timeline.loads(json.dumps(data), source="game.json")


@pytest.mark.parametrize("game", ["knights", "sonic"])
def test_an_action_that_cannot_be_replayed_is_refused_naming_its_index(saves, game):
    data = json.loads(json.dumps(saves[game]))
    # every player still has a drive roll / card choice to make: a move now is illegal
    data["actions"].insert(1, data["actions"][2])
    with pytest.raises(ScenarioError, match=r"game\.json: actions\[1\] cannot be replayed: "):
        Timeline.loads(json.dumps(data), source="game.json")
