"""What the dashboards' HTML tables share: their style sheet."""

from __future__ import annotations

__all__ = ["CAPTION_CSS", "TABLE_CSS"]

TABLE_CSS = """
:host { overflow-x: auto; max-width: 100%; }
.rl-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.rl-table th, .rl-table td { border-bottom: 1px solid #e2e2e2; padding: 3px 4px;
                             text-align: right; }
.rl-table th:first-child, .rl-table td:first-child { text-align: left; }
.rl-tokens { font-size: 11px; font-weight: normal; color: #8a4b00; }
"""
"""Style of every ``rl-table``: compact rows, numbers to the right, names to the left; a
table wider than its column scrolls inside it instead of being cut."""

CAPTION_CSS = """
.rl-table caption { text-align: left; font-style: italic; color: #555; }
"""
"""Table captions in grey italics (the Battle Racers tables)."""
