"""Timeline: stepping, forks, director actions, saving and loading (on the core test game)."""

import json

import pytest

from racerlab.core.errors import IllegalActionError, ScenarioError
from racerlab.core.rules import ForceRolls, Reseed
from racerlab.core.testgame import CoinOptions, CoinRace, CoinSetup, Flip, Nudge, Wait
from racerlab.core.timeline import FORMAT_VERSION, Timeline


def new(seed=0, **opts):
    return Timeline.new(CoinRace(), CoinSetup(players=2, target=20), opts or None, seed)


def test_apply_leaves_the_input_state_alone():
    rules = CoinRace()
    tl = new()
    before = tl.state
    step = rules.apply(before, Flip())
    assert before.positions == (0, 0)
    assert step.state.positions[0] > 0
    assert step.rolls and step.rolls[0].purpose == "flip"


def test_back_forward_goto_and_rounds():
    tl = new(3)
    for _ in range(6):
        tl.play(Flip())
    assert tl.rules.round_number(tl.state) == 4
    assert tl.rounds() == [1, 2, 3, 4]
    tl.back(2)
    assert tl.index == 4
    tl.forward()
    assert tl.index == 5
    tl.goto_round(2)
    assert tl.index == 2 and tl.rules.round_number(tl.state) == 2
    with pytest.raises(IndexError):
        tl.goto_round(9)
    with pytest.raises(IndexError):
        tl.goto(99)


def test_playing_from_the_middle_drops_the_old_future():
    tl = new()
    for _ in range(4):
        tl.play(Flip())
    tl.goto(1)
    tl.play(Wait())
    assert len(tl) == 3 and tl.at_end


def test_illegal_action_changes_nothing():
    tl = new()
    tl.play(Flip())
    snapshot = (tl.index, len(tl), tl.state)
    with pytest.raises(IllegalActionError, match="no player 9"):
        tl.play(Nudge(player=8, by=1))
    assert (tl.index, len(tl), tl.state) == snapshot


def test_fork_with_same_dice_repeats_the_luck_and_fresh_dice_changes_it():
    tl = new(7)
    for _ in range(4):
        tl.play(Flip())
    same = tl.fork(at=0)
    for _ in range(4):
        same.play(Flip())
    assert same.state == tl.state

    fresh = tl.fork(at=0, fresh_dice=True, seed=1234)
    for _ in range(4):
        fresh.play(Flip())
    assert fresh.state.positions != tl.state.positions
    assert isinstance(fresh.actions[0], Reseed)


def test_a_fork_with_fresh_dice_is_not_a_step():
    tl = new(7)
    for _ in range(4):
        tl.play(Flip())
    fresh = tl.fork(at=2, fresh_dice=True, seed=1234)
    assert (fresh.index, len(fresh)) == (2, 3)
    assert fresh.entries[:2] == tl.entries[:2]
    assert fresh.state.positions == tl.entries[2].state.positions
    assert fresh.state.dice == tl.entries[2].state.dice.reseeded(1234)
    assert fresh.entry.action == tl.entries[2].action
    assert fresh.entry.reseeds == (1234,)
    assert fresh.entry.events[-1].describe() == "Fresh dice from seed 1234."
    assert tl.entries[2].reseeds == ()  # the parent line keeps its own entry
    assert fresh.actions == (*tl.actions[:2], Reseed(1234))


def test_a_saved_game_forked_with_fresh_dice_replays_entry_for_entry():
    tl = new(7)
    for _ in range(3):
        tl.play(Flip())
    line = tl.fork(at=0, fresh_dice=True, seed=5).fork(fresh_dice=True, seed=6)
    for _ in range(2):
        line.play(Flip())
    line = line.fork(at=1, fresh_dice=True, seed=8)
    line.play(Flip())
    again = Timeline.loads(line.dumps())
    assert (again.index, len(again)) == (line.index, len(line)) == (2, 3)
    assert [e.state for e in again.entries] == [e.state for e in line.entries]
    assert [e.reseeds for e in again.entries] == [(5, 6), (8,), ()]
    assert again.actions == line.actions
    again.play(Flip())
    line.play(Flip())
    assert again.state == line.state


def test_a_full_game_counts_its_reseeds_toward_the_action_limit(monkeypatch):
    from racerlab.core import timeline

    monkeypatch.setattr(timeline, "MAX_ACTIONS", 3)
    tl = new()
    tl.play(Flip())
    tl.play(Reseed(4))
    tl.play(Flip())
    snapshot = (tl.index, len(tl), tl.state)
    with pytest.raises(IllegalActionError, match="at most 3 actions"):
        tl.play(Flip())
    assert (tl.index, len(tl), tl.state) == snapshot
    tl.back()
    tl.play(Flip())  # the later entry (and its count) is dropped first
    assert len(tl.actions) == 3


def test_forced_rolls_are_logged_and_replayed():
    tl = new()
    tl.play(ForceRolls((6, 6)))
    tl.play(Flip())
    tl.play(Flip())
    assert tl.state.positions == (6, 6)
    again = Timeline.loads(tl.dumps())
    assert again.state == tl.state
    assert again.actions == tl.actions


def test_a_tweak_mid_game_is_replayed_exactly():
    tl = new(5, double_six=True)
    tl.play(Flip())
    tl.play(Nudge(player=1, by=3))
    tl.play(Flip())
    data = json.loads(tl.dumps())
    assert data["options"] == {"double_six": True}
    assert [a["type"] for a in data["actions"]] == ["Flip", "Nudge", "Flip"]
    assert Timeline.from_json(data).state == tl.state


def test_saved_file_round_trip_and_version_header():
    tl = new(2)
    tl.play(Flip())
    data = tl.to_json()
    # a game without a catalog of its own is written as version 1, as before
    assert data["format"] == "racerlab-game" and data["version"] == 1 < FORMAT_VERSION
    assert data["game"] == "coin-race" and data["seed"] == 2 and "catalog" not in data


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(version=FORMAT_VERSION + 1), "newer racerlab"),
        (lambda d: d.update(version=0), "not supported"),
        (lambda d: d.update(version="1"), "whole number"),
        (lambda d: d.update(format="other"), "not a racerlab saved game"),
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.pop("setup"), "missing 'setup'"),
        (lambda d: d.update(seed=-4), "seed must be"),
        (lambda d: d.update(options={"triple_six": True}), "unknown rule option 'triple_six'"),
        (lambda d: d.update(actions=[{"type": "Teleport"}]), "unknown kind 'Teleport'"),
        (lambda d: d.update(actions=[{"type": "Nudge", "player": 7, "by": 1}]), "actions\\[0\\]"),
        (lambda d: d.update(setup={"type": "CoinSetup", "players": "two"}), "whole number"),
        (lambda d: d.update(setup={"type": "CoinSetup", "players": 0}), "at least one player"),
    ],
)
def test_bad_saved_games_are_refused_clearly(mutate, message):
    tl = new()
    tl.play(Flip())
    data = tl.to_json()
    mutate(data)
    with pytest.raises(ScenarioError, match=message):
        Timeline.from_json(data, source="lesson.json")


def test_not_json_at_all():
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Timeline.loads(b"\xff\xfe{", source="x.json")
    with pytest.raises(ScenarioError, match="JSON object"):
        Timeline.loads("[1, 2]")


def test_options_default_and_explicit():
    assert new().options == CoinOptions()
    assert new(double_six=True).options.double_six is True


def test_run_policy_until_over():
    tl = new(1).run(lambda s: Flip())
    assert tl.rules.is_over(tl.state)
    with pytest.raises(IllegalActionError, match="over"):
        tl.play(Flip())


def test_wrong_player_is_refused_and_nothing_changes():
    tl = new()
    tl.play(Flip(), player=0)
    before = (len(tl), tl.state)
    with pytest.raises(IllegalActionError, match="not player 1's turn: player 2 must act"):
        tl.play(Flip(), player=0)
    assert (len(tl), tl.state) == before
    tl.play(Wait(), player=1)
    assert tl.state.turn == 0
