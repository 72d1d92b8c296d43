"""benchmarks/run.py --quick prints one JSON object whose figures are positive numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = (
    "knights_jousts_per_s",
    "sonic_races_per_s",
    "exact_attack_table_ms",
    "ui_step_ms",
    "ui_tweak_ms",
    "scaling_2_over_1",
    "sonic_timeline_bytes_per_action",
    "sonic_timeline_own_bytes_per_action",
)


def _benchmark(script: str, *args: str) -> str:
    """What ``benchmarks/<script>`` prints with ``args`` (it must exit cleanly)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_quick_benchmark_prints_positive_figures():
    stdout = _benchmark("run.py", "--quick")
    lines = stdout.strip().splitlines()
    assert len(lines) == 1, stdout  # exactly one JSON object
    figures = json.loads(lines[0])
    for key in KEYS:
        value = figures[key]
        assert isinstance(value, int | float) and not isinstance(value, bool), key
        assert value > 0, key
    # the dashboard figures come from the dashboard's own measurement, not the fallback
    assert figures["ui_source"] == "benchmarks/ui.py"


def test_search_game_benchmark_prints_its_figures():
    printed = _benchmark("search_game.py", "--game", "knights", "--games", "1")
    (row,) = json.loads(printed)["knights"]["now"]
    assert row["decisions"] > 10
    assert 0 < row["cpu_s_per_game"] < 120 and row["ms_per_decision"] > 0


def test_concerns_benchmark_charges_every_sample_and_bounds_the_board():
    printed = _benchmark("concerns.py", "--game", "knights", "--games", "60")
    row = json.loads(printed)["knights/greedy"]
    shares = row["concern_percent"]
    assert row["samples"] > 0 and abs(sum(shares.values()) - 100.0) < 1.0
    # the joust's own work is charged to the concerns it belongs to
    assert {"contact geometry", "rules"} <= set(shares)
    saved = (shares.get("working form", 0.0) + shares.get("events", 0.0)) / 100.0
    assert abs(row["if_board_saves_free"] - 1.0 / (1.0 - saved)) < 0.01
    assert 1.0 <= row["if_look_ahead_copies_free"] <= row["if_board_saves_free"]
