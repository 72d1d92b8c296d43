"""The plain-space table's terrain part and the track's line columns, against their
definitions on the boards of real games (every zone's sections, Turns, water, features)."""

from __future__ import annotations

import numpy as np

from racerlab.sonic import SonicRules, greedy_bot, random_setup
from racerlab.sonic.movement.plain_spaces import plain_terrain
from racerlab.sonic.track import LANES, SectionType

RULES = SonicRules()


def _boards(games: int = 3) -> list:
    out = []
    for seed in range(games):
        rng = np.random.default_rng(seed)
        state = RULES.initial_state(random_setup(seed), seed=seed)
        for _ in range(400):
            if RULES.is_over(state):
                break
            if not out or state.board.track is not out[-1].track:
                out.append(state.board)
            state = RULES.apply(state, greedy_bot(state, RULES, rng)).state
    return out


BOARDS = _boards()


def test_plain_terrain_is_zero_on_features_and_water_and_the_turn_number_elsewhere():
    seen = {"feature": 0, "water": 0, "turn": 0}
    for board in BOARDS:
        table = plain_terrain(board)
        track = board.track
        assert len(table) == track.n_columns * LANES
        for i, byte in enumerate(table):
            cell = board.terrain(*divmod(i, LANES))
            turn = track.turn_lane(*divmod(i, LANES))
            if cell.feature is not None or cell.is_water:
                seen["feature" if cell.feature is not None else "water"] += 1
                assert byte == 0
            else:
                seen["turn"] += turn is not None
                assert byte == (255 if turn is None else turn)
    assert all(seen.values()), seen


def test_the_line_columns_follow_the_start_and_finish_sections_as_the_track_grows():
    finished = 0
    for board in BOARDS:
        track = board.track
        lines = {}
        for kind in (SectionType.START, SectionType.FINISH):
            at = [i for i, s in enumerate(track.sections) if s.type is kind]
            lines[kind] = track.offsets[at[0]] + track.sections[at[0]].line_col if at else None
        assert track.start_line_col == (lines[SectionType.START] or 0)
        assert track.finish_line_col == lines[SectionType.FINISH]
        finished += track.finish_line_col is not None
    assert 0 < finished < len(BOARDS)
