"""The float tolerance shared by every layer: one home for the slack a comparison keeps.

Floating point makes two numbers that should be equal differ in their last bits;
:data:`SURE` is the slack a comparison keeps so that rounding cannot flip it (a
point dragged back to where it was, a grid that must include its far edge).
Racer Knights' geometry names its own sizes (in M) in
:mod:`racerlab.knights.geometry.tolerance`, its ``SURE_M`` being this one.

No other module of racerlab writes a bare ``1e-...`` number (``tests/test_tolerance.py``).

>>> 0 < SURE < 1e-6
True
"""

from __future__ import annotations

__all__ = ["SURE"]

SURE = 1e-9
"""Slack that keeps a comparison of floats from flipping on rounding."""
