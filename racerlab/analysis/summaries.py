"""Per-game result rows, and the profile :func:`~racerlab.analysis.simulate.simulate` uses per game.

Players are numbered from 0, as in the engines; ``winner`` is ``-1`` when
nobody won (a tie under the game's tie rule, or everyone lost). Columns per
game:

- every game: ``game`` (index in the run), ``seed`` (its dice seed),
  ``winner``, ``rounds``, ``steps`` (actions applied), ``finished`` (ended
  by the rules, not cut off).
- Coin Race: ``position_<p>`` per player.
- Racer Knights: ``glory_<p>``, ``durability_<p>``, ``wrecked_<p>`` per
  player, ``wrecks`` (racers wrecked in the joust), ``shots``, ``hits``,
  ``rams``.
- Battle Racers: ``rings_<p>``, ``badniks_<p>``, ``score_<p>`` (rings +
  badniks) per player, ``finished_line`` (who crossed first, ``-1`` if
  nobody), and by mode ``boss_defeated`` / ``boss_escaped`` and ``solo_rank``.

Engines are imported only when their profile is first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.rules import Event, Rules
from .simulate import GameProfile, generic_summary, register_profile

__all__ = ["coin_summary", "knights_profile", "knights_summary", "sonic_profile", "sonic_summary"]


# -- Coin Race (the core's test game) -----------------------------------------------------------


def coin_summary(rules: Rules, state: Any, events: Sequence[Event]) -> dict[str, Any]:
    """Winner, rounds and each player's final position in a Coin Race."""
    row = generic_summary(rules, state, events)
    for p, pos in enumerate(state.positions):
        row[f"position_{p}"] = pos
    return row


def _coin_setup(rng: np.random.Generator, players: int | None, **extra: Any) -> Any:
    from ..core.testgame import CoinSetup

    if extra:
        raise _extra_error("coin-race", extra)
    return CoinSetup(players=players or 2)


def _coin_flip(state: Any, rules: Rules, rng: np.random.Generator) -> Any:
    from ..core.testgame import Flip

    return Flip()


def _coin_random(state: Any, rules: Rules, rng: np.random.Generator) -> Any:
    legal = rules.legal_actions(state)
    return legal[int(rng.integers(len(legal)))]


def _coin_profile() -> GameProfile:
    from ..core.testgame import CoinRace

    return GameProfile(
        name="coin-race",
        rules=CoinRace,
        make_setup=_coin_setup,
        bots={"greedy": _coin_flip, "flip": _coin_flip, "random": _coin_random},
        summarize=coin_summary,
    )


def _extra_error(game: str, extra: dict[str, Any]) -> Exception:
    from ..core.errors import ScenarioError

    return ScenarioError(f"{game} has no set-up choice {', '.join(sorted(extra))}")


register_profile("coin-race", _coin_profile)


# -- Racer Knights ------------------------------------------------------------------------------

KNIGHTS_PLAYERS = 3
"""Players in a random joust when the caller does not say."""


def knights_summary(rules: Rules, state: Any, events: Sequence[Event]) -> dict[str, Any]:
    """Winner (by the engine's result), rounds, per-racer Glory/Durability/wreck, event counts."""
    from ..knights.events import Rammed, ShotFired, Wrecked

    res = rules.result(state)
    row: dict[str, Any] = {
        "winner": -1 if res.winner is None else int(res.winner),
        "rounds": rules.round_number(state),
        "end": res.reason,
    }
    for p, racer in enumerate(state.racers):
        row[f"glory_{p}"] = racer.glory
        row[f"durability_{p}"] = racer.durability
        row[f"wrecked_{p}"] = bool(racer.wrecked)
    wrecks = shots = hits = rams = 0
    for e in events:  # one pass over the joust's events
        if isinstance(e, ShotFired):
            shots += 1
            hits += bool(e.hit)
        elif isinstance(e, Wrecked):
            wrecks += 1
        elif isinstance(e, Rammed):
            rams += 1
    row["wrecks"] = wrecks
    row["shots"] = shots
    row["hits"] = hits
    row["rams"] = rams
    return row


def _knights_setup(rng: np.random.Generator, players: int | None, **extra: Any) -> Any:
    from ..knights import random_setup

    if extra:
        raise _extra_error("knights", extra)
    return random_setup(players or KNIGHTS_PLAYERS, seed=int(rng.integers(2**31)))


def knights_profile() -> GameProfile:
    """Racer Knights: random layouts from the catalog; greedy, random, smart and search bots."""
    from ..knights import KnightsRules, greedy_bot, random_bot
    from ..knights.search_bot import search_bot
    from ..knights.smart import smart_bot

    return GameProfile(
        name="knights",
        rules=KnightsRules,
        make_setup=_knights_setup,
        bots={
            "greedy": greedy_bot,
            "random": random_bot,
            "smart": smart_bot,
            "search": search_bot(),
        },
        summarize=knights_summary,
    )


register_profile("knights", knights_profile)


# -- Battle Racers ------------------------------------------------------------------------------

SONIC_PLAYERS = 4
"""Players in a random race or boss game when the caller does not say (solo: 1)."""


def sonic_summary(rules: Rules, state: Any, events: Sequence[Event]) -> dict[str, Any]:
    """Winner, rounds, mode, per-seat rings/badniks/score/lost, first across, boss, solo rank."""
    winners = tuple(state.winners)
    row: dict[str, Any] = {
        "winner": winners[0] if len(winners) == 1 else -1,
        "rounds": rules.round_number(state),
        "end": state.end_reason,
        "mode": state.setup.mode.value,
        "winners": len(winners),
    }
    for p, token in enumerate(state.board.racers):
        row[f"rings_{p}"] = token.rings
        row[f"badniks_{p}"] = len(token.badniks)
        row[f"score_{p}"] = token.rings + len(token.badniks)
        row[f"lost_{p}"] = bool(state.lost[p]) if state.lost else False
    row["first_across"] = state.finish_order[0] if state.finish_order else -1
    boss = state.boss
    row["boss"] = boss.id if boss is not None else ""
    row["boss_defeated"] = bool(boss is not None and boss.destroyed)
    row["boss_escaped"] = bool(boss is not None and boss.finished)
    row["solo_rank"] = state.rank
    return row


def _sonic_setup(
    rng: np.random.Generator,
    players: int | None,
    *,
    mode: Any = None,
    boss: str | None = None,
    **extra: Any,
) -> Any:
    from dataclasses import replace

    from ..core.errors import ScenarioError
    from ..sonic import Mode, random_setup

    if extra:
        raise _extra_error("sonic", extra)
    try:
        mode = Mode(mode) if mode is not None else Mode.RACE
    except ValueError:
        known = ", ".join(m.value for m in Mode)
        raise ScenarioError(f"sonic: unknown mode {mode!r} (modes: {known})") from None
    if mode is Mode.SOLO:
        if players not in (None, 1):
            raise ScenarioError(f"sonic: solo mode has one player, not {players}")
        players = 1
    setup = random_setup(int(rng.integers(2**31)), players=players or SONIC_PLAYERS, mode=mode)
    if boss is not None:
        if mode is Mode.RACE:
            raise ScenarioError("sonic: a boss needs mode boss or solo")
        setup = replace(setup, boss=boss)
    return setup


def sonic_profile() -> GameProfile:
    """Battle Racers: random set-ups (race by default; boss and solo on request), bots."""
    from ..sonic import SonicRules, greedy_bot, random_bot
    from ..sonic.search_bot import search_bot
    from ..sonic.smart import smart_bot

    return GameProfile(
        name="sonic",
        rules=SonicRules,
        make_setup=_sonic_setup,
        bots={
            "greedy": greedy_bot,
            "random": random_bot,
            "smart": smart_bot,
            "search": search_bot(),
        },
        summarize=sonic_summary,
    )


register_profile("sonic", sonic_profile)
