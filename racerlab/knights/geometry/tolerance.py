"""The tolerances of Racer Knights' geometry, in one place.

Exact arithmetic on a real table needs none; floating point does. Three sizes
cover most comparisons in the engine (all lengths in M):

* :data:`TOL_M`: two lengths closer than this are equal (a contact, a range,
  a gap at set-up). The rule option ``contact_tolerance_m`` defaults to it.
* :data:`SURE_M`: the slack a comparison keeps so rounding cannot flip it
  (a point on a boundary, a step that must land inside); racerlab's shared
  :data:`racerlab.core.tolerance.SURE`.
* :data:`ZERO`: a length, speed or denominator below this counts as zero
  (it guards a division).

A few comparisons need a size of their own, named below with their reason:
:data:`RESIDUE` and :data:`ZERO_SQUARED` (rounding residues of zero),
:data:`NEAR_TIE_M` (when shapely decides a touch), :data:`CLEAR_M` (a shortcut's
margin) and :data:`MIN_MOVE_M` (the bots' smallest move worth making).

>>> ZERO_SQUARED < RESIDUE < ZERO < NEAR_TIE_M < SURE_M < TOL_M < CLEAR_M
True
"""

from __future__ import annotations

from ...core.tolerance import SURE

__all__ = [
    "CLEAR_M",
    "MIN_MOVE_M",
    "NEAR_TIE_M",
    "RESIDUE",
    "SURE_M",
    "TOL_M",
    "ZERO",
    "ZERO_SQUARED",
]

TOL_M = 1e-6
"""Two lengths (M) closer than this are equal."""
SURE_M = SURE
"""Slack (M) that keeps a comparison from flipping on rounding."""
ZERO = 1e-12
"""Below this, a length, speed or denominator counts as zero; also the slack of a
comparison of angles (radians) or of a point's place along a segment (0 to 1)."""

RESIDUE = 1e-15
"""Below this a number is the rounding residue of an exact zero (the cosine of a right
angle, a slide's component across its direction, a radius of nothing)."""
ZERO_SQUARED = 1e-18
"""Below this a squared length (M squared) counts as zero (a slide that does not move)."""
NEAR_TIE_M = 1e-10
"""Within this (M) of touching, shapely decides on the exact polygon."""
CLEAR_M = 1e-3
"""Margin (M) by which a racer's bounding circle must clear the walls for the wall checks
to be skipped (generous: skipping them is only a shortcut, never a different answer)."""
MIN_MOVE_M = 1e-3
"""The least room (M) the bots think worth moving into; less counts as blocked."""
