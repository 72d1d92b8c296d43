"""Notebook 01's dashboards draw in real JupyterLab with the network cut off.

A classroom is often offline: the notebooks call ``pn.extension(inline=True)``
so Bokeh's and Panel's JavaScript comes from the installed packages. This test
starts JupyterLab on a free loopback port with a token, opens a copy of
notebook 01 in Chromium with every request outside 127.0.0.1 aborted, runs all
cells and waits for a Bokeh canvas in an output area.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.ui, pytest.mark.notebooks]

NOTEBOOK = "01-quick-start.ipynb"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
START_TIMEOUT_S = 90
RUN_TIMEOUT_MS = 180_000


def _wait_until_up(url: str, token: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with {proc.returncode} before it was ready (see its log)"
            )
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.3)
    raise RuntimeError(f"JupyterLab at {url} not up after {START_TIMEOUT_S} s")


@pytest.fixture
def jupyterlab(tmp_path, free_loopback_port, racerlab_root, stop_server):
    """A JupyterLab server on 127.0.0.1 over a copy of notebook 01; yields (url, token)."""
    # imported here, not at the top: collecting this file costs nothing when it is not run
    pytest.importorskip(
        "jupyterlab", reason="JupyterLab is not installed (pip install .[notebook])"
    )
    work = tmp_path / "notebooks"
    work.mkdir()
    shutil.copy(racerlab_root / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    port = free_loopback_port()
    token = secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "PYTHONPATH": os.pathsep.join(
            p for p in (str(racerlab_root), os.environ.get("PYTHONPATH", "")) if p
        ),
    }
    log = open(tmp_path / "jupyterlab.log", "wb")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={work}",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        ],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url, token, proc)
        yield url, token
    finally:
        stop_server(proc)
        log.close()


def test_notebook_01_dashboards_draw_with_the_network_blocked(jupyterlab, page, loopback_only):
    url, token = jupyterlab
    loopback_only(page)  # every request leaving 127.0.0.1 is aborted
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{url}/lab/tree/{NOTEBOOK}?token={token}")
    page.locator(".jp-Notebook").first.wait_for(timeout=RUN_TIMEOUT_MS)
    # wait for the kernel, focus the notebook, then Run > Run All Cells (again if a run
    # issued while the kernel was still connecting was dropped)
    page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=RUN_TIMEOUT_MS)
    canvas = page.locator(".jp-OutputArea-output canvas")
    ran = page.locator(".jp-InputArea-prompt", has_text=re.compile(r"\[(\d+|\*)\]"))
    for _attempt in range(3):
        page.locator(".jp-Cell").first.click()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and ran.count() == 0:
            page.wait_for_timeout(500)
        if ran.count():
            break
    try:
        canvas.first.wait_for(timeout=RUN_TIMEOUT_MS)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-offline.png"))
    assert canvas.count() >= 1
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
