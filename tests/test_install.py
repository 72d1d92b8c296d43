"""A real, non-editable install into a fresh virtual environment loads every bundled file."""

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECK = r"""
import json, sys
from pathlib import Path
import racerlab
from racerlab.core.catalog import data_dir, validate_file
here = Path(racerlab.__file__).resolve()
assert "site-packages" in str(here), here
folder = data_dir()
assert folder.is_relative_to(here.parent), folder
files = sorted(p for p in folder.rglob("*") if p.suffix in (".toml", ".json"))
for path in files:
    validate_file(path)
print(json.dumps({"package": str(here), "data": str(folder), "files": len(files)}))
"""


@pytest.mark.install
def test_wheel_installs_into_a_fresh_venv_and_loads_all_bundled_data(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
        check=True,
        timeout=600,
    )
    wheel = next(dist.glob("racerlab-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True,
        timeout=900,
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    out = subprocess.run(
        [str(py), "-c", CHECK],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    report = out.stdout.strip().splitlines()[-1]
    assert '"files": ' in report
    n_files = int(report.rsplit(":", 1)[1].strip(" }"))
    bundled = [p for p in (ROOT / "data").rglob("*") if p.suffix in (".toml", ".json")]
    assert n_files == len(bundled) > 0
    cli = shutil.which("racerlab", path=str(env_dir / "bin"))
    assert cli is not None
    help_text = subprocess.run(
        [cli, "--help"], check=True, capture_output=True, text=True, cwd=tmp_path, timeout=120
    ).stdout
    assert "validate" in help_text
