"""What a class sees on the dashboards: the end of a game on the board, numbers that agree,
and no character a stock Chromium font cannot draw."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from racerlab.app.knights.dashboard import knights_app
from racerlab.app.knights.tables import standings_html
from racerlab.app.sonic.dashboard import sonic_app
from racerlab.knights.events import DriveRolled

PACKAGE = Path(__file__).resolve().parents[2] / "racerlab"


def _play_to_the_end(app, rounds: int = 200) -> None:
    s = app.session
    for _ in range(rounds):
        if s.is_over:
            return
        s.step("round")
    raise AssertionError(f"the game did not end in {rounds} rounds")


def test_the_knights_board_names_the_winner_and_the_standings_when_the_joust_ends():
    app = knights_app(seed=0)
    label = app.arena.result
    assert not label.visible and label.text == ""  # nothing while the race goes on
    _play_to_the_end(app)
    s = app.session
    res = s.rules.result(s.state)
    names = s.player_names
    lines = label.text.splitlines()
    assert label.visible
    assert lines[0] == f"{names[res.winner]} wins the joust"
    standings = [line for line in lines if re.match(r"\d+\. ", line)]
    assert standings == [
        f"{k}. {names[p]}: {g} Glory" for k, (p, g) in enumerate(res.standings, start=1)
    ]
    # the side text says the same, by name, with no player numbers
    side = app.result.object
    assert f"Game over: {names[res.winner]}".replace("'", "&#39;") in side
    assert not re.search(r"\bP\d\b|player \d", side)
    # back one step: the game is not over and the board says nothing
    s.back()
    assert not label.visible


def test_the_sonic_board_names_the_winner_and_every_racer_by_score():
    app = sonic_app(seed=0)
    _play_to_the_end(app, 80)
    s = app.session
    state = s.state
    names = s.player_names
    label = app.track.result
    lines = label.text.splitlines()
    assert label.visible
    assert lines[0] == (f"{names[state.winners[0]]} wins" if len(state.winners) == 1 else lines[0])
    assert all(names[w] in lines[0] for w in state.winners)
    scored = [line for line in lines if re.match(r"\d+\. ", line)]
    assert len(scored) == len(names)
    assert [int(re.search(r"score (\d+)", line).group(1)) for line in scored] == sorted(
        (state.score(i) for i in range(len(names))), reverse=True
    )
    assert "Game over: " in app.result.object and "P1" not in app.result.object


def test_the_sp_column_says_turbo_apart_and_matches_the_drive_line_of_the_log():
    app = knights_app(seed=0)  # the second racer drives with Turbo in round 1
    s = app.session
    for _ in range(20):
        if any(r.turbo_points for r in s.state.racers):
            break
        s.step()
    seat = next(i for i, r in enumerate(s.state.racers) if r.turbo_points)
    rs = s.state.racers[seat]
    drove = [
        ev
        for i in range(1, s.timeline.index + 1)
        for ev in s.timeline.entries[i].events
        if isinstance(ev, DriveRolled) and ev.player == seat
    ][-1]
    assert drove.speed_points == rs.speed_points  # the log's number is the SP before Turbo
    cell = f"<td>{rs.speed_points} + {rs.turbo_points} Turbo</td>"
    assert cell in standings_html(s.state, 0)
    card = app.arena.sources["racers"].data
    assert card["speed"][seat] == f"{rs.speed_points} + {rs.turbo_points} Turbo"
    # a racer with no Turbo shows the plain number in both places
    other = next(i for i, r in enumerate(s.state.racers) if not r.turbo_points)
    assert card["speed"][other] == str(s.state.racers[other].speed_points)


def test_durability_and_glory_agree_between_the_standings_and_the_hover_card():
    app = knights_app(seed=0)
    _play_to_the_end(app)
    state = app.session.state
    card = app.arena.sources["racers"].data
    table = standings_html(state, 0)
    for i, r in enumerate(state.racers):
        assert card["durability"][i] == f"{r.durability} / {r.start_durability}"
        assert card["glory"][i] == r.glory
        assert f"<td>{r.glory}</td><td>{r.durability}/{r.start_durability}</td>" in table


ALLOWED = set("·†▶◀■→…×▸≤≥–—°‖⚠⟲↻✓✗±½¼¾²³é’‘“”−")
"""Non-ASCII characters the dashboards may show: each one is in DejaVu Sans, the font a
stock Debian Chromium falls back to (checked with ``fc-list ':charset=…'``)."""


@pytest.mark.parametrize("folder", ["app", "viz"])
def test_no_dashboard_string_needs_an_emoji_font(folder):
    found: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        odd = {c for c in path.read_text(encoding="utf-8") if ord(c) > 127} - ALLOWED
        if odd:
            found[str(path.relative_to(PACKAGE))] = odd
    assert found == {}, "characters a stock font may draw as a box"


# -- the Edit position tab ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [knights_app, sonic_app])
def test_opening_the_editor_adds_no_tool_to_the_plot_shown(make):
    """A tool added to a figure already on the page made BokehJS drop the legend below it:
    the editor takes over the drag tool the figure was made with."""
    app = make(seed=1)
    fig = app.plot_pane.object
    tools = list(fig.toolbar.tools)
    drag = [t for t in tools if t.name == "edit-drag-tool"]
    assert len(drag) == 1 and not drag[0].visible and drag[0].renderers == []
    view = app.show_tab("editor")
    assert list(fig.toolbar.tools) == tools
    assert drag[0].renderers == [view.drag.renderer]
    view.drag_on.value = True
    assert drag[0].visible and fig.toolbar.active_tap is drag[0]
    view.drag_on.value = False
    assert not drag[0].visible


def test_the_place_boxes_show_the_pose_rounded_as_the_editor_snaps():
    app = knights_app(seed=1, players=2)
    view = app.show_tab("editor")
    model = view.model
    s = app.session
    assert model.place(0, 7.0, 6.0, heading=30.0)
    view.snap.value = False
    assert model.place(0, 7.36116285, 6.0491, heading=33.3333)
    assert [w.value for w in view.pose_boxes] == [7.36, 6.05, 33.33]
    view.snap.value = True  # snapping: M/8 and 15°
    assert [w.value for w in view.pose_boxes] == [7.375, 6.0, 30.0]
    view.snap.value = False  # free: 2 decimals
    assert [w.value for w in view.pose_boxes] == [7.36, 6.05, 33.33]
    # Place with only the heading typed keeps the exact x and y
    view.pose_boxes[2].value = 90.0
    assert model.place_typed(0, tuple(w.value for w in view.pose_boxes))
    pose = s.state.racers[0].pose
    assert (pose.x, pose.y, pose.heading) == (7.36116285, 6.0491, 90.0)


def test_battle_racers_numbers_agree_between_the_standings_and_the_hover_card():
    from racerlab.app.sonic.tables import standings_html as sonic_standings

    app = sonic_app(seed=0)
    s = app.session
    for _ in range(3):
        s.step("round")
    state = s.state
    card = app.track.sources["racers"].data
    table = sonic_standings(state, s.rules, s.player_names, 0)
    for i, t in enumerate(state.board.racers):
        seat = list(card["seat"]).index(i + 1)  # seats numbered from 1
        numbers = (t.speed, t.rings, len(t.badniks), state.score(i))
        assert tuple(int(card[k][seat]) for k in ("speed", "rings", "badniks", "score")) == numbers
        row = "".join(f"<td>{n}</td>" for n in numbers)
        assert row in table
