"""The tolerances of Racer Knights' geometry, in one place.

Exact arithmetic on a real table needs none; floating point does. Three sizes
cover every comparison in the engine (all lengths in M):

* :data:`TOL_M`: two lengths closer than this are equal (a contact, a range,
  a gap at set-up). The rule option ``contact_tolerance_m`` defaults to it.
* :data:`SURE_M`: the slack a comparison keeps so rounding cannot flip it
  (a point on a boundary, a step that must land inside).
* :data:`ZERO`: a length, speed or denominator below this counts as zero
  (it guards a division).

>>> ZERO < SURE_M < TOL_M
True
"""

from __future__ import annotations

__all__ = ["SURE_M", "TOL_M", "ZERO"]

TOL_M = 1e-6
"""Two lengths (M) closer than this are equal."""
SURE_M = 1e-9
"""Slack (M) that keeps a comparison from flipping on rounding."""
ZERO = 1e-12
"""Below this, a length, speed or denominator counts as zero."""
