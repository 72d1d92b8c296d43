"""The documentation site builds with every warning an error, and asks nothing of the network.

Marked ``integration`` (tests/conftest.py): it builds the whole site, executing the notebooks
through myst-nb's cache (``docs/.jupyter_cache``; a cold cache runs every notebook once).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_builds_with_warnings_as_errors_and_loads_nothing_from_outside(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_nb")
    pytest.importorskip("pydata_sphinx_theme")
    out = tmp_path / "html"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-E",
            "-W",
            "--keep-going",
            "-b",
            "html",
            "-d",
            str(tmp_path / "doctrees"),
            "docs",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    pages = list(out.rglob("*.html"))
    assert (out / "index.html").is_file() and len(pages) > 20
    outside = re.compile(r"<(?:script|img|iframe)[^>]+src=\"https?:|<link[^>]+href=\"https?:")
    fetching = [p.name for p in pages if outside.search(p.read_text(encoding="utf-8"))]
    assert fetching == []
    # the history is part of the site; the four guide sections are reached from the index
    index = (out / "index.html").read_text(encoding="utf-8")
    for section in ("tutorials.html", "how-to.html", "reference.html", "explanation.html"):
        assert section in index
