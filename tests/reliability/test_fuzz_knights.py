"""Fuzzed Racer Knights jousts: random and greedy bots through the core conformance check.

Besides the core contract (:func:`racerlab.core.conformance.check_game`: inputs never
mutate, offered actions pass ``check``, same seed same game, replay and save/load give
the same state), every action is re-applied to the state it was chosen in, so the checks
below see the action's *events* as well as the state before and after:

- Durability never above its start; Speed, Turbo and Valor points never negative;
- Glory adds up: each player's Glory change equals the sum of its ``GloryGained``
  events, and those are exactly what the step's ``WaypointCrossed`` / first-across /
  ``Wrecked`` events earn under the rule options (nothing else gives Glory);
- waypoints are crossed in order only: ``next_waypoint`` never goes back, rises by one
  per ``WaypointCrossed`` event, each naming the racer's next waypoint, which is open;
- no two racers' footprints overlap (nor leave the arena) after an action.

The checks also run with the choice options away from their defaults and distinct Glory
values (``OTHER``). The normal run is sized by measurement (about 0.1 s a joust with the
re-applied steps); the ``slow`` tests play thousands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from racerlab.core.conformance import check_game
from racerlab.knights import (
    KnightsOptions,
    KnightsRules,
    greedy_bot,
    random_bot,
    random_setup,
)
from racerlab.knights.draft import Draft
from racerlab.knights.events import GloryGained, WaypointCrossed, Wrecked
from racerlab.knights.movement import obstacles
from racerlab.knights.options import (
    BlockedWaypointMove,
    DamagePreventionUse,
    RamRounding,
    SideChooser,
    TieBreak,
)
from racerlab.knights.setup import example_setup

RULES = KnightsRules()
SHORT = KnightsOptions(round_cap=5)
"""Random bots rarely finish a race: five rounds keep a random joust to ~75 actions."""

OTHER = KnightsOptions(
    ram_strength_rounding=RamRounding.FLOOR,
    ram_side_chooser=SideChooser.DEFENDER,
    fire_side_chooser=SideChooser.ATTACKER,
    damage_prevention=DamagePreventionUse.NEVER,
    blocked_waypoint_move=BlockedWaypointMove.STOP,
    tie_break=TieBreak.LAST_WAYPOINT,
    wreck_glory=2,
    waypoint_glory=3,
    first_across_last_glory=5,
    collision_damage=2,
    round_cap=8,
)
"""Choice options away from their defaults; distinct Glory values make the accounting sharp."""


def state_problems(state) -> list[str]:
    """What must hold in every Racer Knights state."""
    out: list[str] = []
    d = Draft(state)
    for i, r in enumerate(state.racers):
        if r.durability > r.start_durability:
            out.append(f"racer {i} Durability {r.durability} above its start {r.start_durability}")
        for name in ("speed_points", "turbo_points", "valor"):
            if getattr(r, name) < 0:
                out.append(f"racer {i} {name} is {getattr(r, name)}")
        if not r.wrecked:
            hit = obstacles.overlapping(d, i, r.pose, 1e-4)
            if hit is not None and not (isinstance(hit, tuple) and hit[0] == "blocker"):
                out.append(f"racer {i} footprint overlaps {hit}")
    return out


def glory_expected(events, player: int, options) -> tuple[int, int | None]:
    """Glory ``player`` earns from a step's waypoint and wreck events, and its last waypoint."""
    total = 0
    last = None
    for e in events:
        if isinstance(e, WaypointCrossed) and e.player == player:
            total += options.waypoint_glory
            last = e.waypoint
        elif isinstance(e, Wrecked):
            if e.player == player:
                total -= options.wreck_glory
            elif e.by == player:
                total += options.wreck_glory
    return total, last


def step_problems(before, action, events, after) -> list[str]:
    """What must hold of one action: Glory accounting and waypoint order, from its events."""
    out: list[str] = []
    opts = after.options
    last_wp = len(after.setup.waypoints) - 1
    for i, (b, a) in enumerate(zip(before.racers, after.racers)):
        gained = [e for e in events if isinstance(e, GloryGained) and e.player == i]
        if a.glory - b.glory != sum(e.amount for e in gained):
            out.append(f"racer {i} Glory {b.glory}->{a.glory} but events say {gained}")
        expected, crossed_last = glory_expected(events, i, opts)
        if before.first_across_last is None and after.first_across_last == i:
            if crossed_last != last_wp:
                out.append(f"racer {i} first across the last waypoint without crossing it")
            expected += opts.first_across_last_glory
        if sum(e.amount for e in gained) != expected:
            out.append(f"racer {i} Glory events {gained} do not match the step's events")
        crossed = [e.waypoint for e in events if isinstance(e, WaypointCrossed) and e.player == i]
        if crossed != list(range(b.next_waypoint, b.next_waypoint + len(crossed))):
            out.append(f"racer {i} crossed {crossed} from next waypoint {b.next_waypoint + 1}")
        if a.next_waypoint != b.next_waypoint + len(crossed):
            out.append(f"racer {i} next waypoint {b.next_waypoint}->{a.next_waypoint}")
        for w in crossed:
            if after.blockers[w] > 0:
                out.append(f"racer {i} crossed waypoint {w + 1} whose blocker stands")
    if before.first_across_last is not None and after.first_across_last != before.first_across_last:
        out.append("first-across-the-last-waypoint changed hands")
    return out


class Watched:
    """A policy wrapper whose ``invariants`` re-apply the last action to see its events."""

    def __init__(self, policy):
        self.policy = policy
        self.last = None
        self.steps = 0
        self.kinds: Counter[str] = Counter()

    def __call__(self, state, rules, rng):
        action = self.policy(state, rules, rng)
        self.last = (state, action)
        return action

    def invariants(self, state, rules) -> list[str]:
        before, action = self.last
        step = rules.apply(before, action)
        self.steps += 1
        self.kinds.update(type(e).__name__ for e in step.events)
        out = state_problems(state)
        if step.state != state:
            out.append("applying the same action to the same state gave another state")
        return out + step_problems(before, action, step.events, state)


def fuzz(policy, *, games, seed, options=None, players=(2, 3, 4)):
    """Run ``games`` watched jousts; returns (report, watcher)."""
    w = Watched(policy)
    report = check_game(
        RULES,
        lambda s: random_setup(players[s % len(players)], s),
        games=games,
        seed=seed,
        options=options,
        policy=w,
        invariants=w.invariants,
        chance_every=20,
        replay_every=4,
    )
    return report, w


def test_random_bot_fuzz():
    report, w = fuzz(random_bot, games=60, seed=50_000, options=SHORT)
    report.raise_if_failed()
    assert report.games == 60 and w.steps == report.steps > 60 * 20
    assert report.chance_checks > 0
    assert w.kinds["Moved"] and w.kinds["DriveRolled"]


def test_greedy_bot_fuzz():
    report, w = fuzz(greedy_bot, games=60, seed=60_000)
    report.raise_if_failed()
    assert report.games == 60
    # greedy races really exercise the Glory rules the checks are about
    assert w.kinds["WaypointCrossed"] > 60 and w.kinds["GloryGained"] >= w.kinds["WaypointCrossed"]


@pytest.mark.parametrize("policy", [random_bot, greedy_bot], ids=["random", "greedy"])
def test_fuzz_with_other_rule_options(policy):
    report, w = fuzz(policy, games=12, seed=90_000, options=OTHER)
    report.raise_if_failed()
    assert report.games == 12 and w.steps == report.steps


def test_the_checks_catch_broken_states_and_steps():
    s = RULES.initial_state(example_setup(), seed=1)
    r0, r1 = s.racers[0], s.racers[1]
    bad = replace(
        s,
        racers=(
            replace(r0, durability=r0.start_durability + 1, speed_points=-1),
            replace(r1, pose=r0.pose),
            *s.racers[2:],
        ),
    )
    found = "\n".join(state_problems(bad))
    assert "above its start" in found and "speed_points is -1" in found
    assert "overlaps ('racer', 0)" in found
    # Glory from nowhere, and a waypoint skipped
    after = replace(s, racers=(replace(r0, glory=1, next_waypoint=2), *s.racers[1:]))
    wrong = "\n".join(step_problems(s, None, (WaypointCrossed(0, "x", 1),), after))
    assert "but events say []" in wrong and "crossed [1] from next waypoint 1" in wrong
    assert "next waypoint 0->2" in wrong
    # a Glory event no waypoint or wreck event explains
    g = (GloryGained(0, "x", 1, 1, "nothing"),)
    after = replace(s, racers=(replace(r0, glory=1), *s.racers[1:]))
    assert any("do not match" in p for p in step_problems(s, None, g, after))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "options", "seed"),
    [(random_bot, KnightsOptions(round_cap=12), 100_000), (greedy_bot, None, 200_000)],
    ids=["random", "greedy"],
)
def test_thousands_of_jousts(policy, options, seed):
    report, _ = fuzz(policy, games=1500, seed=seed, options=options)
    report.raise_if_failed()
    assert report.games == 1500
