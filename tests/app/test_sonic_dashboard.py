"""The Battle Racers dashboard, server side (no browser): every panel follows the session."""

from __future__ import annotations

from fractions import Fraction

import panel as pn
import pytest

from racerlab.app import sonic_app
from racerlab.app.kit.session import GameSession
from racerlab.app.sonic.dashboard import (
    RandomSettings,
    SonicDashboard,
    bundled_scenarios,
    parse_path,
    sonic_kit,
)
from racerlab.core.errors import IllegalActionError, RacerlabError
from racerlab.sonic import (
    ActionChoice,
    Mode,
    Move,
    PassAction,
    PlayCard,
    SetAbility,
    SetDeck,
    SetRings,
    SetSpeed,
    TakeCard,
    UseAction,
    queries,
)
from racerlab.sonic.state import Phase
from racerlab.sonic.track import Zone

from .stand_ins import ServedPage


@pytest.fixture
def app() -> SonicDashboard:
    return sonic_app(seed=0)  # a 3-racer race on the base track


def click(button: pn.widgets.Button) -> None:
    button.clicks += 1


def release(slider, value) -> None:
    """What the browser sends when a slider is let go (value, then value_throttled)."""
    slider._process_events({"value": value, "value_throttled": value})


def positions(app: SonicDashboard) -> list[tuple[float, float]]:
    data = app.track.sources["racers"].data
    return list(zip(data["x"], data["y"]))


def to_phase(app: SonicDashboard, phase: Phase) -> None:
    s = app.session
    for _ in range(50):
        if s.state.phase is phase:
            return
        s.step("action")
    raise AssertionError(f"never reached {phase}")


def test_a_new_app_shows_the_racers_of_the_game(app):
    s = app.session
    names = s.player_names
    assert names == ["Espio", "Storm", "Blaze"]
    assert app.track.sources["racers"].data["name"] == names
    assert len(app.track.sources["cells"].data["x"]) == s.state.board.track.n_columns * 5
    for n in names:
        assert n in app.standings.object


def test_each_app_has_its_own_session(app):
    other = sonic_app(seed=0)
    other.session.step("round")
    assert app.session.cursor == 0 and other.session.cursor > 0


def test_stepping_a_round_redraws_the_racers_and_the_log(app):
    before = positions(app)
    click(app.steps.round_button)
    assert app.session.round == 2
    assert positions(app) != before
    state = app.session.state
    for i, t in enumerate(state.board.racers):
        x = positions(app)[i][0] + (0.5 if t.large else 0.0)
        assert x == t.col + 0.5
    assert "Round 1" in app.log.pane.object and "Resolution order" in app.log.pane.object


def test_a_speed_tweak_is_a_logged_director_action_and_updates_the_numbers(app):
    s = app.session
    app.session.selected = 1
    release(app.tweak.speed, 6)
    assert s.state.token(1).speed == 6
    assert isinstance(s.timeline.actions[-1], SetSpeed)
    assert app.track.sources["racers"].data["speed"][1] == 6
    assert "<td>6</td>" in app.standings.object.split("2. Storm")[1].split("</tr>")[0]
    assert s.log_lines()[-1].text == "Director: Player 2's Speed set to 6"


def test_rings_ability_and_deck_tweaks_go_through_the_engine(app):
    s = app.session
    release(app.tweak.rings, 5)
    assert s.state.token(0).rings == 5
    assert app.track.sources["racers"].data["rings"][0] == 5
    app.tweak.ability.value = "sonic"
    assert s.state.abilities[0] == "sonic"
    assert isinstance(s.timeline.actions[-1], SetAbility)
    assert "Card actions may raise Sonic" in app.tweak.ability_text.object
    top = tuple(reversed(s.state.deck))
    app.tweak.deck.value = ", ".join(top)
    click(app.tweak.deck_button)
    assert s.state.deck == top
    assert isinstance(s.timeline.actions[-1], SetDeck)


def test_a_bad_deck_shows_the_engines_reason_and_changes_nothing(app):
    s = app.session
    before = s.state
    app.tweak.deck.value = "no-such-card"
    click(app.tweak.deck_button)
    assert s.error == "unknown card id(s): no-such-card"
    assert s.state is before
    assert app.tweak.deck.value == ", ".join(before.deck)  # the widget shows the real deck


def test_too_many_rings_are_refused_with_the_engines_reason(app):
    s = app.session
    pile = s.state.board.ring_pile
    ok = s.direct(SetRings(0, pile + 1))
    assert not ok and s.error == f"only {pile} ring(s) left in the pile"


def test_playing_a_whole_round_by_hand_follows_the_widgets(app):
    s = app.session
    h = app.hand
    rules = s.rules
    # choose: the cards offered are the acting player's hand
    seat = s.acting
    assert set(h.choice_select.options.values()) == set(s.state.hands[seat])
    card = list(h.choice_select.options.values())[-1]
    h.choice_select.value = card
    click(h.choice_button)
    assert s.timeline.actions[-1] == PlayCard(seat, card)
    to_phase(app, Phase.ACTION)
    # action: exactly the engine's choices, each labelled
    seat = s.acting
    legal = [a for a in rules.legal_actions(s.state) if isinstance(a, UseAction | PassAction)]
    assert list(h.choice_select.options.values()) == list(range(len(legal)))
    passes = [a for a in legal if isinstance(a, PassAction)]
    assert h._actions == [a for a in legal if a not in passes] + passes  # passing last
    h.choice_select.value = len(legal) - 1  # pass
    click(h.choice_button)
    assert s.timeline.actions[-1] == PassAction(seat)
    # move: the paths offered are the engine's legal moves; the one chosen is played
    assert s.state.phase is Phase.MOVE
    moves = [a for a in rules.legal_actions(s.state) if isinstance(a, Move)]
    assert h._moves == moves
    pick = len(moves) - 1
    h.path_select.value = pick
    expected_end = h._previews[pick].end
    click(h.choice_button)
    assert s.timeline.actions[-1] == moves[pick]
    assert s.state.token(seat).pos == expected_end
    # take a face-up card
    assert s.state.phase is Phase.TAKE
    want = h.choice_select.value  # the bot's suggestion, chosen
    click(h.choice_button)
    assert s.timeline.actions[-1] == TakeCard(seat, want)
    assert want in s.state.hands[seat]


def test_the_path_shown_is_the_engines_preview_for_the_chosen_card(app):
    s = app.session
    h = app.hand
    card = h.choice_select.value
    seat = s.acting
    expected = queries.path_preview(s.state, seat, card, s.rules)
    assert len(h._previews) == len(expected)
    mover, preview = h.preview()
    assert mover == seat and preview in expected
    xs = app.track.sources["path"].data["xs"][0]
    assert xs[0] == s.state.token(seat).col + 0.5
    assert xs[-1] == preview.end[0] + 0.5
    # another pick redraws the path at once
    other = next(i for i, p in enumerate(h._previews) if p.end != preview.end)
    h.path_select.value = other
    assert app.track.sources["path"].data["xs"][0][-1] == h._previews[other].end[0] + 0.5
    # switching the overlay off clears it
    app.path_toggle.value = False
    assert s.overlays == []
    assert len(app.track.sources["path"].data["xs"]) == 0


def test_the_path_shown_starts_where_its_racer_stands_in_the_state_shown(app):
    from racerlab.sonic.director import SetPosition

    s, h = app.session, app.hand
    seat = s.acting
    col, lane = s.state.token(seat).pos
    s.direct(SetPosition(seat, col + 2, lane))  # a new state: the acting racer moved on
    assert s.state.token(seat).pos == (col + 2, lane) and s.acting == seat
    mover, preview = h.preview()
    assert mover == seat and preview is not None
    xs = app.track.sources["path"].data["xs"][0]
    assert xs[0] == col + 2 + 0.5  # from where it stands now, not where it stood
    assert xs[-1] == preview.end[0] + 0.5


def unmarked(options: dict) -> dict:
    """A picker's options without the mark of the bot's suggestion."""
    return {k.removesuffix(" (suggested)"): v for k, v in options.items()}


def test_a_served_page_lists_paths_in_a_worker_and_never_shows_stale_ones(monkeypatch):
    from racerlab.app.kit.messages import BUSY_LINE_DELAY_MS
    from racerlab.app.server import offload
    from racerlab.app.sonic.hand import PATHS_WORKING
    from racerlab.app.sonic.paths import list_paths

    app = sonic_app(seed=0)
    s, h = app.session, app.hand
    page = ServedPage()
    monkeypatch.setattr(offload, "in_server", lambda: page)
    monkeypatch.setattr(offload, "_executor", lambda: page)

    def expected():  # what the picker lists for the state shown, worked out here
        state, seat = s.state, s.acting
        moves = h._moves if state.phase is Phase.MOVE else None
        card, speed = h._card_now(state, seat), h._speed_now(state, seat)
        return list_paths(state, seat, card, s.rules, speed, moves)

    assert s.state.phase is Phase.CHOOSE
    shown = app.track.state
    s.step()  # a card is chosen: the next seat's paths are to be worked out
    assert h.preview()[1] is None  # the last seat's paths are not previewed
    assert app.track.state is shown  # the track waits to draw the new state with its path
    assert len(page.queue) == 1
    listed = expected()
    page.settle()  # a quick answer: the picker changes once, to this state's paths
    assert page.wait() == [BUSY_LINE_DELAY_MS]  # and the delayed waiting line stays away
    assert h.path_select.options == listed.options and h.path_select.value == listed.best
    assert h.preview() == (s.acting, listed.previews[listed.best])
    assert app.track.state is s.state  # the new state, drawn with its path
    assert app.track.sources["path"].data["xs"][0][-1] == listed.previews[listed.best].end[0] + 0.5
    # the picker may still hold the last state's paths for a moment: they are never played
    while s.state.phase is not Phase.ACTION:
        s.step()
        page.settle()
        page.wait()
    assert h.path_select.options and h.preview()[1] is not None
    s.step()
    assert s.state.phase is Phase.MOVE and len(page.queue) == 1
    stale = dict(h.path_select.options)
    assert stale and h.preview()[1] is None
    before = s.state
    click(h.choice_button)
    assert s.state is before and "still being worked out" in (s.error or "")
    assert page.wait() == [BUSY_LINE_DELAY_MS]  # an answer slower than the delay: it says so
    assert list(h.path_select.options) == [PATHS_WORKING]
    assert app.track.state is s.state  # and the track shows the state, without a path
    assert len(app.track.sources["path"].data["xs"]) == 0
    listed = expected()
    page.settle()
    assert unmarked(h.path_select.options) == listed.options != unmarked(stale)
    pick = h.path_select.value  # the bot's suggested move, chosen and marked
    assert h._moves[pick] == h.hint.current() and h.preview() == (s.acting, listed.previews[pick])
    # a page that has moved on drops the answer that comes late
    s.step()
    while s.state.phase is not Phase.MOVE:
        s.step()
    assert len(page.queue) > 1
    page.settle(newest_first=True)  # the older answers come last
    now = expected()
    assert unmarked(h.path_select.options) == now.options
    assert h.preview() == (s.acting, now.previews[h.path_select.value])


def test_an_illegal_typed_path_shows_the_engines_reason_and_changes_nothing(app):
    s = app.session
    to_phase(app, Phase.ACTION)
    before, cursor = s.state, s.cursor
    seat = s.acting
    app.hand.typed_path.value = "(20,1) (21,1)"
    click(app.hand.try_button)
    with pytest.raises(IllegalActionError) as err:
        s.rules.check(before, UseAction(seat, ActionChoice.RUN, ((20, 0), (21, 0))))
    assert s.error == err.value.reason
    assert s.state is before and s.cursor == cursor
    assert app.banner.error_alert.visible and err.value.reason in app.banner.error_alert.object


def test_a_typed_path_that_cannot_be_read_says_how_to_write_one(app):
    to_phase(app, Phase.ACTION)
    app.hand.typed_path.value = "forward twice"
    click(app.hand.try_button)
    assert "write spaces as (column,lane)" in app.session.error


def test_parse_path_numbers_lanes_as_the_board_does():
    assert parse_path("(5,3) (6,3) (6,4)") == ((5, 2), (6, 2), (6, 3))
    with pytest.raises(RacerlabError):
        parse_path("")


def test_the_odds_tab_shows_exact_first_odds_then_the_order(app):
    s = app.session
    app.show_tab("odds")
    assert app.odds.active
    odds = queries.first_odds(s.state, s.rules)
    assert sum(odds.values()) == Fraction(1)
    for seat, p in odds.items():  # each seat's row holds its own exact chance
        assert f"{s.player_names[seat]}</td><td>{float(p):.1%}</td>" in app.odds.order.object
    cards = queries.priority_odds(s.state, 0, s.rules)
    spread = queries.speed_spread(s.state, 0, s.rules)
    for c, p in cards.items():
        f = s.rules.facts.cards[c]  # a card's row: its name and priority (names repeat)
        row = app.odds.cards.object.split(f"<td>{f.name}</td><td>{f.priority}</td>")[1]
        row = row.split("</tr>")[0]
        assert f"<td>{float(p):.1%}</td>" in row
        assert f"<td>{', '.join(map(str, spread[c]))}</td>" in row
    to_phase(app, Phase.ACTION)
    order = s.state.order
    html = app.odds.order.object
    assert "the order is fixed" in html
    positions_in_html = [html.index(f"{k + 1}. ") for k in range(len(order))]
    assert positions_in_html == sorted(positions_in_html)
    first = s.player_names[order[0]]
    assert html.index(first) < html.index(s.player_names[order[-1]]) or len(order) == 1


def test_random_games_follow_the_mode_players_and_zones_chosen(app):
    s = app.session
    app.mode.value = Mode.SOLO
    s.new_random(11)
    assert s.state.setup.mode is Mode.SOLO and s.state.players == 1
    assert len(app.track.sources["racers"].data["name"]) == 1
    assert len(app.track.sources["boss"].data["x"]) == 1
    app.mode.value = Mode.RACE
    app.players.value = 4
    app.zones.value = [Zone.OIL_OCEAN]
    s.new_random(12)
    setup = s.state.setup
    assert setup.mode is Mode.RACE and setup.players == 4
    assert setup.zones == (Zone.BASE, Zone.OIL_OCEAN)


def test_random_settings_pick_the_zones_boss():
    setup = RandomSettings(Mode.BOSS, 2, (Zone.METALLIC_MADNESS,)).setup(5)
    assert setup.boss == "metal-sonic" and setup.players == 2


def test_every_bundled_scenario_loads_and_draws(app):
    s = app.session
    assert len(bundled_scenarios()) >= 6
    for title in s.kit.scenarios:
        s.load_scenario(title)
        state = s.state
        assert app.track.sources["racers"].data["name"] == s.player_names
        assert len(app.track.sources["boss"].data["x"]) == (1 if state.boss else 0)


def test_a_share_token_opens_the_same_game():
    a = sonic_app(seed=2)
    a.session.step("round")
    token = a.session.share_token()
    b = sonic_app(game=token)
    assert b.session.state == a.session.state
    assert positions(b) == positions(a)


def test_a_bad_share_token_shows_an_error_and_keeps_a_game():
    app = sonic_app(seed=1, game="not-a-game")
    assert app.session.error.startswith("share link: ")
    assert app.session.step("action") == 1


def test_the_kit_plugs_into_the_framework():
    kit = sonic_kit()
    s = GameSession(kit, seed=4)
    assert s.kit.name == "sonic" and list(kit.bots) == ["greedy", "random", "smart", "search"]
    assert s.step("round") > 0
    assert s.round == 2


def test_the_game_ends_with_a_result_line(app):
    s = app.session
    for _ in range(80):
        if s.is_over:
            break
        s.step("round")
    assert s.is_over
    win = s.player_names[s.state.winners[0]] if s.state.winners else "Nobody"
    assert app.result.object.startswith(f"**Game over: {win}")
    # the board says it too: the winner's name first, then every racer by name
    label = app.track.result
    assert label.visible and label.text.splitlines()[0].startswith(win)
    assert all(name in label.text for name in s.player_names)
    assert app.hand.header.object.startswith("<b>The race is over.</b>")


def test_choosing_a_speed_change_previews_the_movement_at_the_new_speed(app):
    s = app.session
    h = app.hand
    for _ in range(200):
        if s.state.phase is Phase.ACTION and any(
            isinstance(a, UseAction) and a.choice is ActionChoice.SPEED for a in h._actions
        ):
            break
        s.step("action")
    else:
        pytest.fail("no speed change was offered in 200 steps")
    seat = s.acting
    i = next(
        k
        for k, a in enumerate(h._actions)
        if isinstance(a, UseAction) and a.choice is ActionChoice.SPEED
    )
    new_speed = s.rules.apply(s.state, h._actions[i]).state.token(seat).speed
    h.choice_select.value = i
    expected = queries.path_preview(s.state, seat, s.state.card_of(seat), s.rules, speed=new_speed)
    assert h._previews == expected[: len(h._previews)]
    label = next(k for k, v in h.choice_select.options.items() if v == i)
    assert label.removesuffix(" (suggested)").endswith(f"→ {new_speed}")
