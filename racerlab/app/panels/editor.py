"""The position editor's models: what a teacher's drag or typed number turns into.

A :class:`KnightsEditor` or :class:`SonicEditor` wraps a
:class:`~racerlab.app.kit.session.GameSession` and never imports Panel, so it is tested
without a browser. Every change is a logged director action played at the cursor
(:meth:`GameSession.direct`): a refused one leaves the game as it was and its reason in
``session.error``. "Ask the odds from here" is :meth:`odds`, computed from the state
at the cursor, so it follows every edit at once. The Panel views are in
:mod:`racerlab.app.panels.editor_view`.

>>> from racerlab.app.knights.dashboard import knights_kit
>>> from racerlab.app.kit.session import GameSession
>>> editor = KnightsEditor(GameSession(knights_kit(2), seed=1))
>>> editor.place(0, 5.06, 4.97, heading=47.0)
True
>>> editor.session.state.racers[0].pose
Pose(x=5.0, y=5.0, heading=45.0)
>>> editor.set_value(0, "glory", 2), editor.values(0)["glory"]
(True, 2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...core.tolerance import SURE
from ...knights import queries as knights_queries
from ...knights.actions import (
    PlaceRacer,
    SetBlocker,
    SetDurability,
    SetGlory,
    SetNextWaypoint,
    SetStat,
    SetTokens,
    SetValor,
    Target,
)
from ...knights.director import STATS, stat_value
from ...knights.state import Pose
from ...sonic import SetRings, SetSpeed, SonicRules
from ...sonic import queries as sonic_queries
from ...sonic.director import SetPosition, SetShield
from ...sonic.state import SonicState
from ..kit.session import GameSession

__all__ = [
    "KNIGHTS_FIELDS",
    "SNAP_DEGREES",
    "SNAP_M",
    "SONIC_FIELDS",
    "KnightsEditor",
    "OddsLine",
    "SonicEditor",
    "boss_name",
    "snap",
]

SNAP_M = 0.125
"""Placement grid when snapping: M/8."""
SNAP_DEGREES = 15.0
"""Heading steps when snapping."""
HEADING_HANDLE_M = 1.2
"""How far ahead of a racer's centre its heading handle sits (M)."""

KNIGHTS_FIELDS = ("durability", "valor", "glory", "slow", "weakness", "next_waypoint")
"""Racer counters the Knights editor sets (besides stats and blockers). ``next_waypoint`` is
numbered from 1 as on the table (one past the last: every waypoint crossed)."""
SONIC_FIELDS = ("speed", "rings", "shield")
"""Racer values the Battle Racers editor sets."""


def snap(value: float, step: float) -> float:
    """``value`` rounded to the nearest multiple of ``step``.

    >>> snap(5.06, 0.125), snap(52.0, 15.0), snap(-0.01, 0.125)
    (5.0, 45.0, 0.0)
    """
    return round(value / step) * step + 0.0


def boss_name(state: SonicState, rules: SonicRules) -> str:
    """The name of the game's boss as its profile prints it ("Dr. Eggman"; its id if the
    catalog does not know it; empty without a boss). The Battle Racers tables
    (:mod:`racerlab.app.sonic.tables`) name the boss with it too."""
    boss = state.boss
    if boss is None:
        return ""
    profile = rules.facts.bosses.get(boss.id)
    return profile.name if profile is not None else boss.id


@dataclass(frozen=True, slots=True)
class OddsLine:
    """One line of "the odds from here": who or what, the words, and a probability."""

    label: str
    words: str
    p: float


class Editor:
    """What both games' editors share: the session, the snap switch, direct-if-changed."""

    snap_words: str | None = None
    """The snap switch's label (``None``: this game's editor always places on the grid)."""
    handle_words = "drag a racer's round handle on the plot to move it"
    """How the handles move a racer, in the help line."""

    def __init__(self, session: GameSession, *, snapping: bool = True) -> None:
        self.session = session
        self.snapping = snapping

    def _direct(self, action: Any) -> bool:
        return self.session.direct(action)

    def _racer_ok(self, player: int) -> bool:
        n = len(self.session.player_names)
        if not isinstance(player, int) or not 0 <= player < n:
            self.session.error = f"there is no player {player!r} to edit"
            self.session.version += 1
            return False
        return True


class KnightsEditor(Editor):
    """Drag, turn and set a Racer Knights racer's counters, stats and the blockers."""

    snap_words = f"Snap to M/{round(1 / SNAP_M)} and {SNAP_DEGREES:g}° (off: free)"
    handle_words = "drag a racer's round handle on the plot to move it and its triangle to turn it"

    def pose(self, player: int) -> tuple[float, float, float]:
        """``player``'s racer's x, y (M) and heading (degrees), as the Place boxes show them."""
        p = self.session.state.racers[player].pose
        return p.x, p.y, p.heading

    def pose_shown(self, player: int) -> tuple[float, float, float]:
        """``player``'s pose as the Place boxes show it: rounded to what a placement snaps to
        (M/8 and 15°) while snapping, else to 2 decimals (no ``7.36116285…``)."""
        x, y, heading = self.pose(player)
        if self.snapping:
            return snap(x, SNAP_M), snap(y, SNAP_M), snap(heading, SNAP_DEGREES) % 360.0
        return round(x, 2) + 0.0, round(y, 2) + 0.0, round(heading, 2) % 360.0

    def place_typed(self, player: int, typed: tuple[float, float, float]) -> bool:
        """Place ``player``'s racer from the Place boxes: a box still showing the rounded
        value (:meth:`pose_shown`) keeps the exact one, so only what was typed moves."""
        if not self._racer_ok(player):
            return False
        exact, shown = self.pose(player), self.pose_shown(player)
        x, y, heading = (
            e if abs(float(t) - s) < SURE else float(t) for t, e, s in zip(typed, exact, shown)
        )
        return self.place(player, x, y, heading)

    def place(self, player: int, x: float, y: float, heading: float | None = None) -> bool:
        """Put ``player``'s racer at ``(x, y)`` facing ``heading`` (default: as now)."""
        if not self._racer_ok(player):
            return False
        pose = self.session.state.racers[player].pose
        heading = pose.heading if heading is None else float(heading)
        if self.snapping:
            x, y, heading = snap(x, SNAP_M), snap(y, SNAP_M), snap(heading, SNAP_DEGREES)
        new = Pose(float(x), float(y), heading % 360.0)
        if new == pose:
            return True
        return self._direct(PlaceRacer(player, new))

    def aim(self, player: int, x: float, y: float) -> bool:
        """Turn ``player``'s racer to face the point ``(x, y)`` (the heading handle)."""
        if not self._racer_ok(player):
            return False
        pose = self.session.state.racers[player].pose
        if math.hypot(x - pose.x, y - pose.y) < SURE:
            return True
        heading = math.degrees(math.atan2(y - pose.y, x - pose.x))
        return self.place(player, pose.x, pose.y, heading)

    def values(self, player: int) -> dict[str, int]:
        """The racer's counters and stats as the editor shows them (the next waypoint
        numbered from 1, as the standings number it)."""
        rs = self.session.state.racers[player]
        out = {
            "durability": rs.durability,
            "valor": rs.valor,
            "glory": rs.glory,
            "slow": rs.slow,
            "weakness": rs.weakness,
            "next_waypoint": rs.next_waypoint + 1,
        }
        out.update({s: stat_value(rs, s) for s in STATS if s not in out})
        return out

    def set_value(self, player: int, name: str, value: int) -> bool:
        """Set one counter (:data:`KNIGHTS_FIELDS`) or stat of ``player``'s racer; values as
        :meth:`values` gives them (the next waypoint from 1)."""
        if not self._racer_ok(player):
            return False
        now = self.values(player)
        if name not in now:
            known = ", ".join(now)
            self.session.error = f"the editor cannot set {name!r} (it sets {known})"
            self.session.version += 1
            return False
        if now[name] == value:
            return True
        if name not in KNIGHTS_FIELDS:
            return self._direct(SetStat(player, name, value))
        make = {
            "durability": lambda: SetDurability(player, value),
            "valor": lambda: SetValor(player, value),
            "glory": lambda: SetGlory(player, value),
            "slow": lambda: SetTokens(player, value, now["weakness"]),
            "weakness": lambda: SetTokens(player, now["slow"], value),
            "next_waypoint": lambda: SetNextWaypoint(player, value - 1),
        }
        return self._direct(make[name]())

    def set_blocker(self, waypoint: int, durability: int) -> bool:
        """Set the Durability left on waypoint ``waypoint``'s blocker (0: removed)."""
        blockers = self.session.state.blockers
        if 0 <= waypoint < len(blockers) and blockers[waypoint] == durability:
            return True
        return self._direct(SetBlocker(waypoint, durability))

    def handles(self) -> tuple[list, list]:
        """Centre and heading-handle points of every racer (``None`` for a wrecked one)."""
        centres, heads = [], []
        for r in self.session.state.racers:
            p = r.pose
            fx, fy = p.forward
            centres.append((p.x, p.y))
            heads.append(
                None if r.wrecked else (p.x + HEADING_HANDLE_M * fx, p.y + HEADING_HANDLE_M * fy)
            )
        return centres, heads

    def drag(self, player: int, kind: str, x: float, y: float) -> bool:
        """A handle dragged to ``(x, y)``: ``centre`` places, ``heading`` turns."""
        return self.aim(player, x, y) if kind == "heading" else self.place(player, x, y)

    def odds(self, player: int) -> list[OddsLine]:
        """From here: each target's arc and range and the exact hit chance of a shot."""
        state = self.session.state
        if state.racers[player].wrecked:
            return []
        names = self.session.player_names
        targets = [
            Target.racer(j) for j, r in enumerate(state.racers) if j != player and not r.wrecked
        ]
        targets += [Target.blocker(w) for w, b in enumerate(state.blockers) if b > 0]
        out = []
        for t in targets:
            geom = knights_queries.attack_check(state, player, t).geometry
            odds = knights_queries.attack_odds(state, player, t)
            label = f"{t.index + 1}. {names[t.index]}" if t.kind.value == "racer" else t.label()
            if not geom.in_arc:
                where = "not in the firing arc"
            elif not geom.in_range:
                where = f"in arc, {geom.range_r:.2f}R: out of range"
            else:
                where = f"in arc, {geom.range_r:.2f}R"
            hit = float(odds.hit)
            words = (
                f"{where}; hit chance {hit:.1%} if it fires, "
                f"{float(odds.expected_damage):.2f} Durability lost on average"
            )
            out.append(OddsLine(label, words, hit if geom.can_fire else 0.0))
        return out


class SonicEditor(Editor):
    """Drag a Battle Racers racer to a space; set its Speed, rings and shield."""

    handle_words = "drag a racer's round handle on the plot onto a space to move it there"

    def place(self, player: int, x: float, y: float) -> bool:
        """Put ``player``'s racer on the space under plot point ``(x, y)``."""
        if not self._racer_ok(player):
            return False
        col, lane = math.floor(x), round(-y)
        if self.session.state.token(player).pos == (col, lane):
            return True
        return self._direct(SetPosition(player, col, lane))

    def drag(self, player: int, kind: str, x: float, y: float) -> bool:
        """A racer's handle dragged to ``(x, y)``."""
        return self.place(player, x, y)

    def values(self, player: int) -> dict[str, int]:
        """The racer's Speed, rings and shield (1 up, 0 down)."""
        t = self.session.state.token(player)
        return {"speed": t.speed, "rings": t.rings, "shield": int(t.shield)}

    def set_value(self, player: int, name: str, value: int) -> bool:
        """Set ``speed``, ``rings`` or ``shield`` of ``player``'s racer."""
        if not self._racer_ok(player):
            return False
        now = self.values(player)
        if name not in now:
            self.session.error = f"the editor cannot set {name!r} (it sets speed, rings, shield)"
            self.session.version += 1
            return False
        if now[name] == value:
            return True
        make = {"speed": SetSpeed, "rings": SetRings, "shield": lambda p, v: SetShield(p, bool(v))}
        return self._direct(make[name](player, value))

    def handles(self) -> tuple[list, list]:
        """Each racer's space centre (no heading handles on the track)."""
        pts = [(t.col + 0.5, 0.0 - t.lane) for t in self.session.state.board.racers]
        return pts, [None] * len(pts)

    def odds(self, player: int) -> list[OddsLine]:
        """From here: each seat's exact chance to resolve first, and the Speeds the
        selected racer's cards can give."""
        state = self.session.state
        rules = self.session.rules
        names = self.session.player_names
        out = []
        if state.order:
            return [OddsLine("Order", "cards revealed: the order is fixed", 1.0)]
        for seat, p in sorted(sonic_queries.first_odds(state, rules).items()):
            boss = f"{boss_name(state, rules)} (boss)"
            label = f"{seat + 1}. {names[seat]}" if seat >= 0 else boss
            out.append(OddsLine(label, "resolves first this round", float(p)))
        spread = sonic_queries.speed_spread(state, player, rules)
        speeds = sorted({v for vs in spread.values() for v in vs})
        if speeds:
            words = "Speeds its cards can give: " + ", ".join(map(str, speeds))
            out.append(OddsLine(f"{player + 1}. {names[player]}", words, 1.0))
        return out
