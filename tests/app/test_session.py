"""The dashboard's session model, without a browser (on the core's Coin Race)."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import zlib

import pytest

from racerlab.app.kit.session import (
    BOT,
    HUMAN,
    GameKit,
    GameSession,
    decode_share_token,
    encode_share_token,
)
from racerlab.core.errors import ScenarioError
from racerlab.core.rules import ForceRolls, Reseed
from racerlab.core.testgame import CoinRace, CoinSetup, Flip, Moved, Nudge, Wait
from racerlab.core.timeline import Timeline


def flip_bot(state, rules, rng):
    return Flip()


def wait_bot(state, rules, rng):
    return Wait()


def coin_kit(players: int = 2, target: int = 30, **kw) -> GameKit:
    def scenario() -> Timeline:
        tl = Timeline.new(CoinRace(), CoinSetup(players=3, target=5), seed=9)
        tl.play(ForceRolls((6,)))
        tl.play(Flip())
        return tl

    return GameKit(
        name="coin-race",
        title="Coin Race",
        rules=CoinRace,
        random_setup=lambda seed: CoinSetup(players=players, target=target),
        bots={"flip": flip_bot, "wait": wait_bot},
        scenarios={"Three players, a six first": scenario},
        overlays=("trails", "arc"),
        default_overlays=("arc",),
        **kw,
    )


@pytest.fixture
def session() -> GameSession:
    return GameSession(coin_kit(), seed=5)


def test_a_new_session_starts_at_the_first_entry_with_bots_on_every_seat(session):
    assert session.cursor == 0
    assert session.round == 1
    assert session.controllers == [BOT, BOT]
    assert session.bot == "flip"
    assert session.overlays == ["arc"]
    assert session.player_names == ["Player 1", "Player 2"]
    assert session.status().startswith("Round 1 · step 0 of 0 · Player 1 to act (bot)")


def test_step_action_plays_the_bot_beyond_the_history(session):
    version = session.version
    assert session.step("action") == 1
    assert session.cursor == 1
    assert isinstance(session.timeline.entries[1].action, Flip)
    assert isinstance(session.timeline.entries[1].events[0], Moved)
    assert session.acting == 1
    assert session.version > version


def test_step_replays_recorded_history_before_playing_new_moves(session):
    session.step("round")
    session.step("round")
    recorded = list(session.timeline.entries)
    session.goto(0)
    session.step("action")
    assert session.cursor == 1
    assert session.timeline.entries == recorded  # nothing new played, nothing dropped
    assert session.timeline.state is recorded[1].state


def test_step_turn_stops_when_the_acting_player_changes(session):
    assert session.step("turn") == 1
    assert session.acting == 1


def test_step_round_moves_to_the_next_round(session):
    assert session.step("round") == 2
    assert session.round == 2
    assert session.acting == 0


def test_step_stops_at_a_human_seat_and_says_who_is_awaited(session):
    session.set_controller(1, HUMAN)
    assert session.step("round") == 1
    assert session.acting == 1
    assert session.notice == "Waiting for Player 2 (played by hand)."
    assert session.play(Wait())
    assert session.acting == 0


def test_step_stops_at_the_end_of_the_game():
    s = GameSession(coin_kit(players=1, target=3), seed=1)
    moved = s.step("round")
    while not s.is_over:
        moved = s.step("round")
    assert s.step("action") == 0
    assert moved >= 1
    assert s.notice == "The game is over."


def test_back_and_goto_round_move_the_cursor(session):
    for _ in range(3):
        session.step("round")
    assert session.round == 4
    session.back()
    assert session.cursor == 5 and session.round == 3
    session.goto_round(2)
    assert session.cursor == 2 and session.round == 2
    session.reset()
    assert session.cursor == 0
    assert len(session.timeline) == 7  # reset keeps the history until a new move


def test_an_illegal_director_action_shows_the_engines_reason_and_changes_nothing(session):
    session.step("action")
    before = (list(session.timeline.entries), session.cursor)
    assert not session.direct(Nudge(player=7, by=1))
    assert session.error == "there is no player 8"
    assert (list(session.timeline.entries), session.cursor) == before


def test_a_legal_tweak_applies_at_the_cursor_and_drops_the_later_history(session):
    session.step("round")
    session.step("round")
    session.goto(1)
    pos = session.state.positions[0]
    assert session.direct(Nudge(player=0, by=4))
    assert session.state.positions[0] == pos + 4
    assert len(session.timeline) == 3
    assert session.error == ""
    assert session.log_lines()[-1].kind == "director"


def test_fork_same_dice_repeats_the_rolls_and_fresh_dice_reseeds(session):
    session.step("round")
    session.step("round")
    original = [e.events for e in session.timeline.entries]
    session.goto(2)
    session.fork(fresh_dice=False)
    assert session.line == 1
    session.step("round")
    assert [e.events for e in session.timeline.entries] == original[: len(session.timeline)]
    session.show_line(0)
    session.goto(2)
    session.fork(fresh_dice=True, seed=12345)
    assert session.line == 2
    assert session.timeline.actions[-1] == Reseed(12345)
    assert session.timeline.index == 2  # fresh dice are not a step
    assert session.status().startswith("Round ") and "step 2 of 2" in session.status()
    assert session.notice == "Line 3 forked at step 2 with fresh dice."
    assert len(session.lines) == 3
    assert [e.events for e in session.lines[0].entries] == original


def test_switching_the_bot_changes_what_is_played(session):
    session.bot = "wait"
    session.step("action")
    assert isinstance(session.timeline.entries[1].action, Wait)


def test_save_and_load_round_trip(session):
    session.step("round")
    session.step("round")
    text = session.dumps()
    other = GameSession(coin_kit(), seed=0)
    other.load_text(text, source="game.json")
    assert other.timeline.dumps() == text
    assert other.cursor == len(other.timeline) - 1
    assert other.notice == "Loaded game.json."


def test_saving_keeps_the_game_up_to_the_cursor(session):
    session.step("round")
    session.step("round")
    session.goto(1)
    assert len(json.loads(session.dumps())["actions"]) == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a racerlab saved game"),
        ("[1, 2]", "must be a JSON object"),
    ],
)
def test_a_bad_file_raises_a_named_error_and_keeps_the_game(session, text, reason):
    session.step("action")
    before = session.timeline
    with pytest.raises(ScenarioError, match=reason) as info:
        session.load_text(text, source="bad.json")
    assert str(info.value).startswith("bad.json: ")
    assert session.timeline is before and session.cursor == 1


def test_a_game_of_another_kind_is_refused(session):
    other_kit = GameKit("other", "Other", CoinRace, lambda s: CoinSetup(), {"flip": flip_bot})
    text = session.dumps()
    with pytest.raises(ScenarioError, match="this dashboard plays 'other'"):
        GameSession(other_kit).load_text(text)


def test_share_token_round_trips_and_is_url_safe(session):
    session.step("round")
    token = session.share_token()
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    restored = GameSession.from_share_token(coin_kit(), token)
    assert restored.timeline.dumps() == session.dumps()
    assert decode_share_token(encode_share_token(session.timeline)).state == session.state


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("", "holds no game"),
        ("%%%", "not base64url"),
        ("aGVsbG8", "damaged"),
        (base64.urlsafe_b64encode(zlib.compress(b"{}")).decode(), "not a racerlab saved game"),
        ("A" * 300_000, "too long"),
    ],
)
def test_a_bad_share_token_says_what_is_wrong(session, token, reason):
    before = session.timeline
    with pytest.raises(ScenarioError, match=reason):
        session.load_share_token(token)
    assert session.timeline is before


def test_a_truncated_share_token_is_refused(session):
    session.step("round")
    token = session.share_token()
    with pytest.raises(ScenarioError):
        decode_share_token(token[: len(token) // 2])


def test_bundled_scenario_and_random_game(session):
    session.load_scenario("Three players, a six first")
    assert session.cursor == 0
    assert len(session.player_names) == 3
    assert session.controllers == [BOT, BOT, BOT]
    session.step("action")
    session.step("action")
    assert session.state.positions[0] == 6
    with pytest.raises(ScenarioError, match="no bundled scenario 'nope'"):
        session.load_scenario("nope")
    session.new_random(77)
    assert session.seed == 77 and len(session.player_names) == 2 and session.cursor == 0
    with pytest.raises(ScenarioError):
        session.new_random(-1)


def test_log_lines_carry_rounds_and_the_events_words(session):
    session.step("round")
    session.step("round")
    lines = session.log_lines()
    assert [line.round for line in lines] == [1, 1, 2, 2]
    assert lines[0].text == session.timeline.entries[1].events[0].describe()
    assert lines[0].text.startswith("Player 1 rolled ")
    session.goto(2)
    assert len(session.log_lines()) == 2
    assert session.round_entries(1) == [1, 2]


def test_log_cache_does_not_serve_stale_lines_after_history_changes(session):
    session.step("round")
    first = session.log_lines()[-1].text
    session.back()
    session.direct(Nudge(player=1, by=3))
    assert session.log_lines()[-1].text != first
    assert session.log_lines()[-1].kind == "director"


def test_guarded_callbacks_show_errors_instead_of_raising(session):
    session.autoplay = True

    def broken():
        raise RuntimeError("boom")

    assert session.guarded(broken, "step")() is None
    assert session.error == "step: unexpected error (RuntimeError: boom)"
    assert session.autoplay is False
    session.guarded(lambda: session.load_share_token("%%%"), "share link")()
    assert session.error.startswith("share link: share link: the game in the link is not")


def test_set_controller_refuses_unknown_controllers(session):
    with pytest.raises(ValueError, match="'bot' or 'human'"):
        session.set_controller(0, "robot")


def test_step_refuses_an_unknown_unit(session):
    with pytest.raises(ValueError, match="unknown step unit"):
        session.step("century")


def test_the_session_model_does_not_import_panel_or_bokeh():
    code = (
        "import sys, racerlab.app.kit.session; "
        "print(sorted(m for m in ('panel', 'bokeh') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_log_follows_a_new_action_played_where_an_old_one_was():
    # the session keeps log lines by entry position, checked against the entry there
    session = GameSession(coin_kit(), seed=5)
    session.timeline.play(Nudge(1, 7))
    first = [line.text for line in session.log_lines()]
    session.timeline.back()
    session.timeline.play(Nudge(1, -3))  # another entry at the same position
    again = [line.text for line in session.log_lines()]
    assert again != first and len(again) == len(first)
    fresh = GameSession(coin_kit(), seed=5)
    fresh.timeline.play(Nudge(1, -3))
    assert again == [line.text for line in fresh.log_lines()]
