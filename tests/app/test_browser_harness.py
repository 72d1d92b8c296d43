"""The browser-test harness itself: a ui test without Chromium skips on a laptop, fails in CI."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

UI_TEST = """
import pytest

@pytest.mark.ui
def test_needs_a_browser(page):
    page.goto("about:blank")
"""


def run_ui_test(tmp_path: Path, ci: bool) -> subprocess.CompletedProcess:
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    (tmp_path / "test_ui_probe.py").write_text(UI_TEST)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    ui: browser\n")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["RACERLAB_CHROMIUM"] = str(tmp_path / "no-such-chromium")
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_chromium_a_ui_test_skips_with_a_reason_on_a_laptop(tmp_path):
    out = run_ui_test(tmp_path, ci=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 skipped" in out.stdout
    assert "no Chromium at" in out.stdout


def test_without_chromium_a_ui_test_fails_in_ci(tmp_path):
    out = run_ui_test(tmp_path, ci=True)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "1 error" in out.stdout or "1 failed" in out.stdout  # either fails the run
    assert "browser test cannot run in CI" in out.stdout


@pytest.mark.ui
def test_chromium_is_found_by_the_harness(browser):
    assert browser.is_connected()
    assert browser.version
