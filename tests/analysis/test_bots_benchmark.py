"""benchmarks/bots.py --quick prints one JSON object with every section of the bot ladder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_bot_ladder_prints_every_section():
    script = ROOT / "benchmarks" / "bots.py"
    run = {"capture_output": True, "text": True, "timeout": 600, "check": False, "cwd": ROOT}
    done = subprocess.run([sys.executable, str(script), "--quick"], **run)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout  # exactly one JSON object
    out = json.loads(lines[0])
    for game in ("knights", "sonic"):
        table = out["head_to_head"][game]
        assert set(table) == {"smart>greedy", "search>smart", "search>greedy", "greedy>random"}
        for row in table.values():
            assert 0 <= row["low"] <= row["share"] <= row["high"] <= 1 and row["games"] > 0
        for bot in ("greedy", "smart", "search"):
            assert out["ms_per_decision"][game][bot]["mean_ms"] > 0
    assert set(out["solo"]["smart"]) == {"eggman", "infinite", "metal-sonic", "shadow"}
    assert out["boss_mode"]["smart"]["games"] == 1
