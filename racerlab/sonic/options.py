"""Rule options of Battle Racers: every number and every ruling a table may change.

The game's content (racers, mode, boss, zones) is the set-up
(:class:`~racerlab.sonic.setup.SonicSetup`); these are the rules. The
rulebook's own numbers (4 cards in hand, Speed 3 at the start, card actions
capped at 6, the absolute cap of 9, a damaged boss's 4 spaces, ...) are fields
here with the rulebook's value as default, so a teacher can change one and see what
follows. Where the rulebook is silent or ambiguous the field records our ruling
(see ``docs/rulings.md``).

>>> SonicOptions().start_speed, SonicOptions().card_speed_max, SonicOptions().speed_max
(3, 6, 9)
>>> SonicOptions(max_rounds=10).max_rounds
10
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from ..core.limits import Bounds, Range, check_bounds
from .movement.vocabulary import DEFAULT_RULES, MAX_SPEED, MIN_SPEED, MoveRules

__all__ = [
    "SONIC_BOUNDS",
    "BossHitRule",
    "DeckOut",
    "Mode",
    "SonicOptions",
    "TieBreak",
    "WinnerTie",
]


class Mode(enum.Enum):
    """Which way the game is played."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity (dict keys)

    RACE = "race"
    """Racers against each other; most rings and badniks wins."""
    BOSS = "boss"
    """Racers against each other and a boss that moves by its own cards."""
    SOLO = "solo"
    """One racer against a boss, earning a rank."""


class TieBreak(enum.Enum):
    """Order of cards of equal priority (only possible with custom decks)."""

    SEAT = "seat"
    """The lower seat number resolves first."""
    LEADER = "leader"
    """The racer furthest along the track resolves first (then seat)."""


class WinnerTie(enum.Enum):
    """What happens when players tie on rings plus badniks."""

    SHARED = "shared"
    """Every tied player wins."""
    FIRST_ACROSS = "first-across"
    """Among the tied, the one who crossed the Finish Line first wins; else shared."""


class DeckOut(enum.Enum):
    """What happens when a face-up card must be replaced and the deck is empty."""

    RESHUFFLE = "reshuffle"
    """Shuffle the discard pile into a new deck."""
    LEAVE_GAP = "leave-gap"
    """Leave the face-up slot empty."""


class BossHitRule(enum.Enum):
    """How a racer damages a boss (the rulebook does not say)."""

    SPIN_OR_LAND = "spin-or-land"
    """A spinning racer entering the boss's space, or a jumping racer landing on it."""
    LAND_ONLY = "land-only"
    """Only a jumping racer landing on the boss's space."""
    ANY_CONTACT = "any-contact"
    """Any racer entering the boss's space by any movement."""


@dataclass(frozen=True)
class SonicOptions:
    """Named rule options with documented defaults (rulebook values unless marked ruling)."""

    hand_size: int = 4
    """Agility Cards dealt to each player (rulebook)."""
    face_up: int = 4
    """Agility Cards dealt face up to share (rulebook)."""
    start_speed: int = 3
    """Speed of every racer at the start and after damage with no rings (rulebook)."""
    card_speed_max: int = 6
    """Highest speed an Agility Card action can give (rulebook)."""
    speed_min: int = 1
    """Lowest speed (rulebook)."""
    speed_max: int = 9
    """Absolute highest speed, through terrain, abilities and powers (rulebook)."""
    spin_dash_low: int = 2
    """Spin Dash gives its bonus when speed is at most this (rulebook: speed 1 or 2)."""
    spin_dash_bonus: int = 3
    """Spin Dash speed bonus (rulebook)."""
    yellow_max_players: int = 3
    """Yellow diamonds get badniks only with at most this many players (rulebook)."""
    tie_break: TieBreak = TieBreak.SEAT
    """Ruling: order of equal priorities in custom decks."""
    winner_tie: WinnerTie = WinnerTie.SHARED
    """Ruling: how ties on rings plus badniks are settled."""
    deck_out: DeckOut = DeckOut.RESHUFFLE
    """Ruling: the deck ran out."""
    max_rounds: int = 60
    """Ruling: a safety cap; the game is scored as it stands after this many rounds."""
    solo_rank_26_29: str = "A"
    """Ruling: rank for 26-29 rings and badniks in solo (the rulebook's table skips it)."""
    boss_knockback: int = 4
    """Spaces a damaged boss moves forward (rulebook)."""
    boss_ring_drop: int = 2
    """Rings a damaged boss drops on its previous space (rulebook)."""
    boss_hit: BossHitRule = BossHitRule.SPIN_OR_LAND
    """Ruling: how racers damage a boss."""
    boss_profile_rules: bool = True
    """Ruling: the boss profile's gameplay rules act after its card each round (False: off)."""
    winner_must_finish: bool = False
    """Ruling: whether only racers across the Finish Line can win a race."""
    buzz_bomber_reach: str = DEFAULT_RULES.buzz_bomber_reach
    """Ruling: the spaces a Buzz Bomber attacks (see :class:`~.movement.MoveRules`)."""
    turn_sets_speed: bool = DEFAULT_RULES.turn_sets_speed
    """Ruling: whether a Turn lane can raise Speed (see :class:`~.movement.MoveRules`)."""
    spring_extra_spaces: int = DEFAULT_RULES.spring_extra_spaces
    """Ruling: a spring's High Jump at the end of a movement (see :class:`~.movement.MoveRules`)."""
    large_keeps_stack: bool = DEFAULT_RULES.large_keeps_stack
    """Ruling: a damaged large base keeps a stack (see :class:`~.movement.MoveRules`)."""
    water_sets_speed: bool = DEFAULT_RULES.water_sets_speed
    """Ruling: whether water can raise Speed to 2 (see :class:`~.movement.MoveRules`)."""
    start_restart: str = DEFAULT_RULES.start_restart
    """Ruling: where damage without rings restarts a racer in the Start Line section (see
    :class:`~.movement.MoveRules`)."""

    def __post_init__(self) -> None:
        check_bounds(self, SONIC_BOUNDS)
        self.move_rules  # noqa: B018 -- refuse bad movement rulings when the options are made

    @functools.cached_property
    def move_rules(self) -> MoveRules:
        """The movement rulings and Speed range of these options, as the movement physics
        takes them (worked out when the options are made and kept on them: read on every
        path walk; equal options give equal rules)."""
        return _move_rules(
            self.buzz_bomber_reach,
            self.turn_sets_speed,
            self.spring_extra_spaces,
            self.large_keeps_stack,
            self.water_sets_speed,
            self.start_restart,
            self.speed_min,
            self.speed_max,
        )


_SPEED = Range(MIN_SPEED, MAX_SPEED, whole=True)
_SPACES = Range(0, 20, whole=True)

SONIC_BOUNDS = Bounds(
    {
        "hand_size": Range(1, 8, whole=True),
        "face_up": Range(0, 8, whole=True),
        "start_speed": _SPEED,
        "card_speed_max": _SPEED,
        "speed_min": _SPEED,
        "speed_max": _SPEED,
        "spin_dash_low": _SPEED,
        "spin_dash_bonus": Range(0, MAX_SPEED, whole=True),
        "yellow_max_players": Range(0, 8, whole=True),
        "max_rounds": Range(1, 500, whole=True),
        "boss_knockback": _SPACES,
        "boss_ring_drop": _SPACES,
    },
    ordered=(
        ("speed_min", "speed_max"),
        ("speed_min", "start_speed"),
        ("start_speed", "speed_max"),
        ("speed_min", "card_speed_max"),
        ("card_speed_max", "speed_max"),
    ),
)
"""The range of every number option (ours, illustrative: the bounds below; docs/rulings.md
says what each option means).

Speeds stay within the track's absolute 1..9, and the hand and face-up counts
small enough for the bundled 64-card deck at any table size."""


@functools.lru_cache(maxsize=64)
def _move_rules(
    buzz_bomber_reach: str,
    turn_sets_speed: bool,
    spring_extra_spaces: int,
    large_keeps_stack: bool,
    water_sets_speed: bool,
    start_restart: str,
    speed_min: int,
    speed_max: int,
) -> MoveRules:
    return MoveRules(
        buzz_bomber_reach=buzz_bomber_reach,
        turn_sets_speed=turn_sets_speed,
        spring_extra_spaces=spring_extra_spaces,
        large_keeps_stack=large_keeps_stack,
        water_sets_speed=water_sets_speed,
        start_restart=start_restart,
        speed_min=speed_min,
        speed_max=speed_max,
    )
