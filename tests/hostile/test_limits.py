"""Hostile numbers and sizes through the library: every one refused where it enters.

Items of issue 17: (1) option values that made ``legal_actions`` loop forever,
(4) games too long to replay, (7) NaN, infinities and out-of-range values
that loaded and failed far away, (11) duplicate keys in a saved game. Each
refusal is a :class:`RacerlabError` naming the option, field or limit.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from racerlab.core.catalog import validate_file
from racerlab.core.errors import MAX_MESSAGE_CHARS, IllegalActionError, RacerlabError
from racerlab.core.limits import MAX_ACTIONS, MAX_NAME_CHARS, check_colour
from racerlab.core.rules import ForceRolls
from racerlab.core.timeline import Timeline
from racerlab.knights import KnightsOptions, KnightsRules, PlayerSetup, example_setup
from racerlab.sonic import SonicOptions, SonicRules, SonicSetup


def knights_save() -> dict:
    """A fresh Racer Knights game as saved-game JSON."""
    return json.loads(Timeline.new(KnightsRules(), example_setup(), seed=3).dumps())


def sonic_save() -> dict:
    """A fresh Battle Racers game as saved-game JSON."""
    return json.loads(Timeline.new(SonicRules(), SonicSetup(), seed=3).dumps())


def token_of(data: dict | str) -> str:
    """A ``?game=`` token holding ``data`` (however bad it is)."""
    text = data if isinstance(data, str) else json.dumps(data)
    raw = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def load_token(token: str) -> Timeline:
    from racerlab.app.kit.session import decode_share_token

    return decode_share_token(token)


# -- item 1: options that made legal_actions loop forever ------------------------------------------
@pytest.mark.parametrize(
    "name, value",
    [("move_step_m", 0), ("move_step_m", -0.25), ("move_step_m", 1e-9), ("turn_step_degrees", 0)],
)
def test_a_step_option_that_would_loop_is_refused(name, value):
    with pytest.raises(RacerlabError, match=f"rule option {name} must be from"):
        KnightsOptions(**{name: value})
    data = knights_save()
    data["options"][name] = value
    with pytest.raises(RacerlabError, match=rf"share link: options: rule option {name}"):
        load_token(token_of(data))


def test_the_smallest_steps_allowed_keep_legal_actions_short():
    opts = KnightsOptions(move_step_m=0.05, turn_step_degrees=5)
    tl = Timeline.new(KnightsRules(), example_setup(), opts, seed=3)
    while not tl.rules.is_over(tl.state) and len(tl) < 60:
        actions = tl.rules.legal_actions(tl.state)
        assert len(actions) < 400
        tl.play(actions[-1] if len(actions) > 1 else actions[0])


# -- item 4: too many actions ----------------------------------------------------------------------
def test_a_game_with_too_many_actions_is_refused_before_replaying():
    data = knights_save()
    data["actions"] = [{"type": "EndTurn"}] * (MAX_ACTIONS + 1)
    with pytest.raises(RacerlabError, match=f"at most {MAX_ACTIONS}"):
        load_token(token_of(data))
    with pytest.raises(RacerlabError, match=f"at most {MAX_ACTIONS}"):
        Timeline.loads(json.dumps(data))


# -- item 7: NaN, infinities and values out of range -----------------------------------------------
@pytest.mark.parametrize(
    "options",
    [
        {"turn_step_degrees": 0},
        {"collision_damage": -1},
        {"wreck_glory": -1000},
        {"arc_a_degrees": float("nan")},
        {"bounce_m": float("inf")},
    ],
)
def test_knights_options_out_of_range(options):
    name = next(iter(options))
    with pytest.raises(RacerlabError, match=f"rule option {name} "):
        KnightsOptions(**options)
    with pytest.raises(RacerlabError, match=rf"^options\W.*{name}"):
        KnightsRules().decode_options(options)


@pytest.mark.parametrize(
    "options, named",
    [
        ({"hand_size": 1000}, "hand_size"),
        ({"hand_size": 0}, "hand_size"),
        ({"speed_min": 5, "speed_max": 3}, "speed_min"),
        ({"start_speed": -3}, "start_speed"),
        ({"max_rounds": -1}, "max_rounds"),
        ({"boss_knockback": 10**9}, "boss_knockback"),
    ],
)
def test_sonic_options_out_of_range(options, named):
    with pytest.raises(RacerlabError, match=f"rule option {named} "):
        SonicOptions(**options)
    data = sonic_save()
    data["options"].update(options)
    with pytest.raises(RacerlabError, match=f"options: rule option {named}"):
        Timeline.loads(json.dumps(data))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_non_finite_number_in_a_saved_game_is_refused(constant):
    text = json.dumps(knights_save()).replace('"seed": 3', f'"seed": {constant}')
    with pytest.raises(RacerlabError, match=f"{constant} is not a finite number"):
        Timeline.loads(text)


def test_an_infinite_pose_heading_is_refused(tmp_path):
    data = knights_save()
    data["setup"]["poses"][0]["heading"] = 1e400  # json.dumps writes Infinity
    path = tmp_path / "inf.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RacerlabError, match="Infinity is not a finite number"):
        validate_file(path)
    data["setup"]["poses"][0]["heading"] = "x"
    path.write_text(json.dumps(data))
    with pytest.raises(RacerlabError, match=r"setup\.poses\[0\]\.heading"):
        validate_file(path)


def test_nan_in_a_setup_built_in_python_is_refused():
    setup = example_setup()
    bad = type(setup)(setup.players, ((float("nan"), 10.0), *setup.waypoints[1:]), setup.poses)
    with pytest.raises(RacerlabError, match="waypoint 1: must be a finite number"):
        Timeline.new(KnightsRules(), bad, seed=1)


@pytest.mark.parametrize(
    "field, value", [("length_m", "nan"), ("start_distance_r", "nan"), ("racer_gap_r", "inf")]
)
def test_nan_in_a_knights_table_catalog_is_refused(tmp_path, field, value):
    from racerlab.core.catalog import data_dir

    src = next(p for p in data_dir().rglob("*.toml") if f"{field} =" in p.read_text())
    lines = [
        f"{field} = {value}" if line.strip().startswith(f"{field} =") else line
        for line in src.read_text().splitlines()
    ]
    path = tmp_path / src.name
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(RacerlabError, match=rf"field '{field}': must be a finite number"):
        validate_file(path)


def test_a_huge_player_name_is_refused():
    data = knights_save()
    data["setup"]["players"][0]["name"] = "n" * 1_000_000
    with pytest.raises(RacerlabError, match=f"1 to {MAX_NAME_CHARS} characters"):
        load_token(token_of(data))


def test_a_huge_action_is_refused_with_a_short_message():
    tl = Timeline.new(KnightsRules(), example_setup(), seed=3)
    with pytest.raises(IllegalActionError) as info:
        tl.play(ForceRolls((9,) * 60_000))
    assert len(str(info.value)) <= MAX_MESSAGE_CHARS + 40
    with pytest.raises(IllegalActionError, match="at most 100 die faces"):
        tl.play(ForceRolls((3,) * 101))
    assert len(tl) == 1


def test_every_error_message_is_clipped():
    err = RacerlabError("x" * 1_000_000)
    assert len(str(err)) < MAX_MESSAGE_CHARS + 40 and str(err).endswith("more characters)")


def test_all_zero_durability_parts_cannot_race():
    from dataclasses import replace

    from racerlab.knights.catalog import KnightsCatalog, load_catalog

    cat = load_catalog()
    build = cat.racers["jeff"]
    zeroed = {
        pid: replace(part, stats=replace(part.stats, durability=0))
        for pid, part in cat.parts.items()
    }
    bare = KnightsCatalog(zeroed, cat.racers, cat.table)
    assert "durability: the parts give no Durability" in " ".join(build.check(bare))


def test_a_director_stat_tweak_is_bounded():
    from racerlab.knights.actions import AdjustStat

    tl = Timeline.new(KnightsRules(), example_setup(), seed=3)
    with pytest.raises(IllegalActionError, match="cannot go above 20"):
        tl.play(AdjustStat(0, "speed", 10**9))


# -- colours ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("colour", ['red"><img src=x onerror=alert(1)>', "url(x)", "#12345", ""])
def test_a_colour_must_be_hex_or_a_name(colour):
    with pytest.raises(RacerlabError, match="#rrggbb or a colour name"):
        check_colour(colour)
    player = example_setup().players[0]
    with pytest.raises(RacerlabError, match="colour"):
        PlayerSetup(player.name, player.racer, colour)
    data = knights_save()
    data["setup"]["players"][0]["colour"] = colour
    with pytest.raises(RacerlabError, match="share link: setup"):
        load_token(token_of(data))


def test_good_colours_pass():
    player = example_setup().players[0]
    assert PlayerSetup(player.name, player.racer, "#A0b1C2").colour == "#A0b1C2"
    assert PlayerSetup(player.name, player.racer, "rebeccapurple").colour == "rebeccapurple"


# -- item 11: duplicate keys -----------------------------------------------------------------------
def test_a_duplicate_key_in_a_saved_game_is_refused(tmp_path):
    text = json.dumps(knights_save()).replace('"seed": 3', '"seed": 3, "seed": 4')
    with pytest.raises(RacerlabError, match="'seed' appears twice"):
        Timeline.loads(text)
    path = Path(tmp_path) / "twice.json"
    path.write_text(text)
    with pytest.raises(RacerlabError, match="'seed' appears twice"):
        validate_file(path)
