"""The Binder set-up: its layout, what repo2docker would build, and a real install.

Binder builds the repository with repo2docker from ``binder/`` (runtime.txt,
requirements.txt, postBuild, start) and serves the dashboards listed in
``jupyter-panel-proxy.yml`` under ``/panel/<app>``. Docker is not available
here, so the checks are, from cheap to thorough:

1. the files are there, executable where they must be, and say what Binder needs;
2. ``jupyter-repo2docker --no-build`` prints the Dockerfile Binder would build;
3. a fresh virtual environment (no system site-packages) installed from
   ``binder/requirements.txt`` the way repo2docker does it, then ``postBuild``,
   then a notebook executed in it, and ``binder/start jupyter lab`` serving the
   dashboards through jupyter-panel-proxy.
"""

from __future__ import annotations

import glob
import html
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.install

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"
PROXY_CONFIG = REPO / "jupyter-panel-proxy.yml"
IN_CI = os.environ.get("CI", "").lower() == "true"
NOTEBOOK_RUN_IN_VENV = "01-quick-start.ipynb"

# -- layout -------------------------------------------------------------------------------


def _requirement_lines() -> list[str]:
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    return [ln.split("#", 1)[0].strip() for ln in text.splitlines() if ln.split("#", 1)[0].strip()]


def _requirement_name(line: str) -> str:
    """The normalised project name a requirement line asks for ("" for local paths)."""
    m = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", line)
    return re.sub(r"[-_.]+", "-", m.group(0)).lower() if m else ""


def _proxy_config() -> dict:
    # jupyter-panel-proxy reads the file with yaml's BaseLoader (every value a string)
    return yaml.load(PROXY_CONFIG.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def _served_apps() -> list[str]:
    """The app files jupyter-panel-proxy would serve, relative to the repository root."""
    apps: list[str] = []
    for spec in _proxy_config()["apps"]:
        apps += sorted(glob.glob(spec, root_dir=REPO))
    return apps


def test_binder_files_present():
    for name in ("requirements.txt", "runtime.txt", "postBuild", "start"):
        assert (BINDER / name).is_file(), f"binder/{name} is missing"
    assert PROXY_CONFIG.is_file(), "jupyter-panel-proxy.yml is missing at the repository root"


@pytest.mark.parametrize("script", ["postBuild", "start"])
def test_binder_scripts_are_executable_bash(script):
    path = BINDER / script
    assert os.access(path, os.X_OK), f"binder/{script} is not executable"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "#!/usr/bin/env bash", f"binder/{script} needs a bash shebang"
    result = subprocess.run(["bash", "-n", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_start_hands_over_to_the_server_command():
    code = [
        ln.strip()
        for ln in (BINDER / "start").read_text(encoding="utf-8").splitlines()
        if ln.strip() and not ln.strip().startswith("#")
    ]
    assert code[-1] == 'exec "$@"'


def test_runtime_is_python_311():
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip() == "python-3.11"


def test_requirements_install_the_repository_and_the_proxies():
    lines = _requirement_lines()
    local = [ln for ln in lines if re.fullmatch(r"-e \.(\[[a-z,]+\])?", ln)]
    assert local, "binder/requirements.txt must install the repository itself with '-e .'"
    names = {_requirement_name(ln) for ln in lines}
    for needed in ("jupyterlab", "jupyter-server-proxy", "jupyter-panel-proxy"):
        assert needed in names, f"binder/requirements.txt lacks {needed}"


def test_requirements_cover_the_notebooks_imports():
    """Every third-party package a notebook imports is installed by binder/requirements.txt."""
    import tomllib

    nbformat = pytest.importorskip("nbformat")
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set()
    for ln in _requirement_lines():
        m = re.fullmatch(r"-e \.\[([a-z,]+)\]", ln)
        if m:
            extras.update(m.group(1).split(","))
    provided = {_requirement_name(ln) for ln in _requirement_lines()}
    for dep in project["dependencies"] + [
        d for x in extras for d in project["optional-dependencies"][x]
    ]:
        provided.add(_requirement_name(dep))
    module_to_project = {"dask": "dask", "distributed": "dask", "yaml": "pyyaml"}
    stdlib = set(sys.stdlib_module_names)
    for nb_path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(nb_path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            for m in re.finditer(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", cell.source, re.M):
                top = m.group(1)
                if top in stdlib or top == "racerlab":
                    continue
                project_name = module_to_project.get(top, top.replace("_", "-"))
                assert project_name in provided, (
                    f"{nb_path.name} imports {top}, which binder/requirements.txt does not install"
                )


def test_panel_proxy_serves_existing_apps():
    config = _proxy_config()
    assert config.get("apps"), "jupyter-panel-proxy.yml lists no apps"
    for spec in config["apps"]:
        matches = glob.glob(spec, root_dir=REPO)
        assert matches, f"jupyter-panel-proxy.yml names {spec}, which matches no file"
        for path in matches:
            assert (REPO / path).is_file()
            assert path.endswith((".py", ".ipynb"))


def test_panel_proxy_lists_every_app_script():
    """No app script is left out of Binder (nor listed twice)."""
    scripts = sorted(
        str(p.relative_to(REPO))
        for p in (REPO / "racerlab" / "app" / "apps").glob("*.py")
        if p.name != "__init__.py"
    )
    served = _served_apps()
    assert len(served) == len(set(served))
    assert sorted(served) == scripts


def test_panel_proxy_launch_command_is_what_binder_runs(monkeypatch):
    """jupyter-panel-proxy's own reading of the file serves the apps, without autoreload."""
    panel_server = pytest.importorskip("panel_server")
    monkeypatch.chdir(REPO)
    command = panel_server._launch_command(5999)
    assert command[:2] == ["panel", "serve"]
    for app in _served_apps():
        assert app in command
    assert "--dev" not in command, "autoreload would restart the apps under users' feet"


# -- repo2docker ----------------------------------------------------------------------------


def test_repo2docker_dockerfile_uses_python_311_and_our_files():
    exe = shutil.which("jupyter-repo2docker")
    if exe is None:
        if IN_CI:
            pytest.fail("jupyter-repo2docker is not installed in CI (it is in the test extra)")
        pytest.skip("jupyter-repo2docker is not installed")
    result = subprocess.run(
        [exe, "--no-build", "--debug", "--user-id", "1000", "--user-name", "jovyan", str(REPO)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out[-3000:]
    assert re.search(r"python[= ]3\.11", out), "the Dockerfile does not build Python 3.11"
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out
    assert re.search(r"R2D_ENTRYPOINT=.*binder/start", out)
    # "-e ." needs the whole repository, so pip must run after it is copied in
    assert out.index("COPY --chown=1000:1000 src/ ") < out.index('binder/requirements.txt"')


# -- a real install in a fresh virtual environment ------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def _run(cmd, *, env, cwd, timeout, what):
    try:
        result = subprocess.run(
            cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{what} took longer than {timeout} s: {exc}")
    if result.returncode != 0:
        pytest.fail(
            f"{what} failed ({result.returncode}):\n{(result.stdout + result.stderr)[-4000:]}"
        )
    return result


@pytest.fixture(scope="module")
def binder_venv(tmp_path_factory):
    """A fresh venv built like Binder's image: requirements, then postBuild."""
    root = tmp_path_factory.mktemp("binder")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    cfg = (venv / "pyvenv.cfg").read_text(encoding="utf-8")
    assert "include-system-site-packages = false" in cfg
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "JUPYTER", "IPYTHON", "CONDA", "VIRTUAL_ENV"))
    }
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    # keep Jupyter away from this machine's own configuration and kernels
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (root / name.lower()).mkdir()
        env[name] = str(root / name.lower())
    env["JUPYTER_PREFER_ENV_PATH"] = "1"
    # pip's cache is used on purpose (no --no-cache-dir): one to four minutes, by load
    _run(
        [
            str(venv / "bin" / "python"),
            "-m",
            "pip",
            "install",
            "--progress-bar",
            "off",
            "-q",
            "-r",
            str(Path("binder") / "requirements.txt"),
        ],
        env=env,
        cwd=REPO,
        timeout=600,
        what="pip install -r binder/requirements.txt",
    )
    _run([str(BINDER / "postBuild")], env=env, cwd=REPO, timeout=180, what="binder/postBuild")
    return venv, env


def test_fresh_venv_executes_a_notebook(binder_venv):
    venv, env = binder_venv
    script = (
        "import sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "nb = nbformat.read(sys.argv[1], as_version=4)\n"
        "nb.cells.append(nbformat.v4.new_code_cell('import sys; print(sys.prefix)'))\n"
        "NotebookClient(nb, kernel_name='python3', timeout=180,\n"
        "               resources={'metadata': {'path': '.'}}).execute()\n"
        "print('KERNEL_PREFIX=' + nb.cells[-1].outputs[0]['text'].strip())\n"
    )
    result = _run(
        [str(venv / "bin" / "python"), "-c", script, NOTEBOOK_RUN_IN_VENV],
        env=env,
        cwd=REPO / "notebooks",
        timeout=300,
        what=f"executing {NOTEBOOK_RUN_IN_VENV} in the Binder venv",
    )
    prefix = re.search(r"KERNEL_PREFIX=(.+)", result.stdout).group(1)
    assert Path(prefix).resolve() == venv.resolve(), "the notebook ran outside the Binder venv"


def _stop_group(proc: subprocess.Popen) -> None:
    """Stop the server and the `panel serve` it launched (same process group)."""
    for sig, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=wait)
            # the group may outlive its leader: make sure nothing is left
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue
        return


def _expected_title(app_path: str) -> str:
    """The page title the served app should show (its dashboard's, or the landing page's)."""
    from racerlab.app import DASHBOARDS, landing_app

    stem = Path(app_path).stem
    return DASHBOARDS[stem].title if stem in DASHBOARDS else landing_app(template=True).title


def test_binder_start_serves_the_dashboards_through_the_proxy(binder_venv, tmp_path):
    _venv, env = binder_venv
    port = _free_port()
    log = (tmp_path / "jupyter.log").open("w")
    proc = subprocess.Popen(
        [
            str(BINDER / "start"),
            "jupyter",
            "lab",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.ip=127.0.0.1",
            "--ServerApp.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={REPO}",
            # Binder runs as jovyan; this machine's tests (and CI) run as root
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],
        env=env,
        cwd=REPO,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, (tmp_path / "jupyter.log").read_text()[-3000:]
            try:
                if _get(f"{base}/api", timeout=5)[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "jupyter lab did not start within 90 s"
            time.sleep(0.5)
        status, page = _get(f"{base}/lab", timeout=30)
        assert status == 200 and "JupyterLab" in page
        for app in _served_apps():
            # the first request makes jupyter-server-proxy launch `panel serve`
            status, page = _get(f"{base}/panel/{Path(app).stem}", timeout=180)
            assert status == 200, f"/panel/{Path(app).stem} answered {status}"
            title = _expected_title(app)
            shown = re.search(r"<title>(.*?)</title>", page, re.S)
            assert shown and title in html.unescape(shown.group(1)), (
                f"/panel/{Path(app).stem} does not show the title {title!r}"
            )
    finally:
        _stop_group(proc)
        log.close()
