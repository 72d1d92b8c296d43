"""What a caller gives :func:`~racerlab.analysis.simulate.simulate`, checked and resolved
before any game: the counts (games, seed, workers, players), the policies of the seats, the
start (a set-up, a scenario or a saved game, read up to the saved-game size limit) and the
catalog. Each refusal is a :class:`~racerlab.core.errors.ScenarioError` naming what was
given, or for a catalog that fails its checks a :class:`~racerlab.core.errors.CatalogError`
naming the file, entry and field of every problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core.catalog import read_limited
from ..core.errors import CatalogError, ScenarioError
from ..core.limits import MAX_GAMES, MAX_PLAYERS, MAX_SAVED_GAME_BYTES, MAX_SEED
from ..core.registry import GameDescriptor, Policy
from ..core.rules import Rules
from ..core.timeline import Timeline

__all__ = [
    "bot_names",
    "catalog_of",
    "check_seats",
    "checked_counts",
    "policies_for",
    "start_of",
]


def checked_counts(
    games: Any, seed: Any, workers: Any, players: Any, policies: Any, bots: Any
) -> Any:
    """Refuse bad counts of :func:`simulate` (naming the argument); the policies to use
    (from ``bots`` when given)."""
    for name, value, low, high in (
        ("games", games, 0, MAX_GAMES),
        ("seed", seed, 0, MAX_SEED),
        ("workers", workers, 1, None),
    ):
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or value < low
            or (high is not None and value > high)
        ):
            most = f" to {high}" if high is not None else " or more"
            raise ScenarioError(f"{name} must be a whole number {low}{most}, got {value!r}")
    if bots is not None:
        if policies is not None:
            raise ScenarioError("give bots=... or policies=..., not both")
        policies = bot_names(bots)
    if players is not None and (
        not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= MAX_PLAYERS
    ):
        raise ScenarioError(f"players must be a whole number 1 to {MAX_PLAYERS}, got {players!r}")
    return policies


def policies_for(
    profile: GameDescriptor, policies: Any, players: int | None
) -> tuple[Policy, ...] | None:
    """The policies of every seat (``None``: the game's default bot), bot names resolved;
    :class:`ScenarioError` for a policy that is none."""
    if policies is None:
        return None
    if isinstance(policies, str) or callable(policies):
        policies = [policies]
    if isinstance(policies, Mapping):
        if players is None:
            raise ScenarioError("policies given per player need players=... (how many players)")
        default = profile.bot(profile.default_bot) if profile.bots else None
        chosen = []
        for p in range(players):
            pol = policies.get(p, default)
            if pol is None:
                raise ScenarioError(f"no policy for player {p} and {profile.name} has no bots")
            chosen.append(pol)
        policies = chosen
    out = tuple(profile.bot(p) if isinstance(p, str) else p for p in policies)
    if not out:
        raise ScenarioError("policies: give at least one policy")
    for p in out:
        if not callable(p):
            raise ScenarioError(f"policies: {p!r} is not a policy (state, rules, rng) -> action")
    return out


def bot_names(bots: Any) -> Any:
    """Bots per seat from a comma-separated text (``"search,greedy"``); lists, dicts and
    single names pass through.

    >>> bot_names("search, greedy"), bot_names("smart"), bot_names(["greedy"])
    (['search', 'greedy'], 'smart', ['greedy'])
    """
    if isinstance(bots, str) and "," in bots:
        names = [b.strip() for b in bots.split(",")]
        if not all(names):
            raise ScenarioError(f"bots {bots!r}: a name is missing between the commas")
        return names
    return bots


def start_of(
    rules: Rules, setup_or_scenario: Any, options: Any, catalog: Any = None
) -> tuple[Any, bool, Any]:
    """(start, start_is_state, options) from what the caller gave (a saved game given as a
    text or path is replayed with ``catalog``)."""
    if isinstance(setup_or_scenario, str | Path):
        text: str | bytes = str(setup_or_scenario)
        source = str(text)
        if not str(text).lstrip().startswith("{"):
            try:
                text = read_limited(source, MAX_SAVED_GAME_BYTES)
            except CatalogError as exc:
                reason = exc.problems[0].reason
                raise ScenarioError(f"{source}: cannot read the scenario ({reason})") from None
        else:
            source = "scenario"
        setup_or_scenario = Timeline.loads(text, source=source, catalog=catalog)
    elif catalog is not None and isinstance(setup_or_scenario, Timeline):
        raise ScenarioError(
            "a Timeline plays the catalog it was made with: give catalog=... with the saved"
            " game's text or path instead"
        )
    if isinstance(setup_or_scenario, Timeline):
        if setup_or_scenario.rules.name != rules.name:
            raise ScenarioError(
                f"the scenario is a game of {setup_or_scenario.rules.name}, not {rules.name}"
            )
        if options is not None:
            raise ScenarioError("a scenario carries its own rule options; do not pass options")
        return setup_or_scenario.state, True, setup_or_scenario.options
    if options is not None and not isinstance(options, rules.options_type):
        options = rules.decode_options(options)
    return setup_or_scenario, False, options


def catalog_of(game_or_rules: str | Rules, profile: GameDescriptor, catalog: Any) -> Any:
    """The catalog object ``catalog=`` stands for: a catalog as it is, or a folder as
    ``racerlab catalog export`` writes, read and checked here, once, before any game
    (:func:`~racerlab.core.catalog_files.catalog_for`). A rules object plays its own
    catalog, so it takes none."""
    if not isinstance(game_or_rules, str):
        raise ScenarioError(
            "catalog=: give the game by name; a rules object plays the catalog it was made with"
        )
    if profile.load_catalog is None:
        raise ScenarioError(f"{profile.name} has no catalog to replace")
    from ..core.catalog_files import catalog_for

    return catalog_for(profile.name, catalog)


def check_seats(
    profile: GameDescriptor, policies: Any, start: Any, start_is_state: bool, players: Any
) -> None:
    """Refuse a list of policies (one per seat) whose length is not the number of players,
    when that number is known before the first game (``players``, or the scenario's)."""
    if policies is None or len(policies) == 1:
        return
    seats = players
    if start_is_state and profile.player_names is not None:
        seats = len(profile.player_names(start))
    if seats is not None and len(policies) != seats:
        raise ScenarioError(
            f"{len(policies)} bots or policies given for {seats} players:"
            " give one for everyone or one per player"
        )
