"""Shared test set-up: real-browser fixtures (Playwright + Debian chromium) and Panel servers.

Browser tests carry the ``ui`` marker. Without Chromium they skip with a reason on
a laptop; in CI (``CI=true``) a ``ui`` test that would skip FAILS instead, so CI
really exercises the pages. Screenshots go to ``test-artifacts/`` (gitignored)
and the README's current ones are copied to ``docs/screenshots/``.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("RACERLAB_CHROMIUM", "/usr/bin/chromium")
"""The browser binary (Debian's chromium; RACERLAB_CHROMIUM overrides it, e.g. in tests)."""
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
LIVENESS_TIMEOUT_S = 60.0


# -- the quick run: what installs, serves, builds or executes is `integration` ------------------
INTEGRATION_FILES = (
    "tests/binder/",
    "tests/notebooks/",
    "tests/test_install.py",
    "tests/test_docs_site.py",
    "tests/analysis/test_benchmarks.py",
    "tests/analysis/test_bots_benchmark.py",
    "tests/app/test_browser_harness.py",
    "tests/app/test_serve.py",
    "tests/app/test_serve_procs.py",
    "tests/app/test_session_memory.py",
    "tests/app/test_socket_visitor.py",
    "tests/app/test_ui_benchmark.py",
    "tests/app/test_worker_pool.py",
    "tests/hostile/test_app_hostile.py",
    "tests/hostile/test_interrupts.py",
    "tests/hostile/test_long_links.py",
    "tests/reliability/test_fuzz_knights.py",
    "tests/reliability/test_fuzz_sonic.py",
    "tests/test_cli_output.py",
    "tests/test_cli_catalog.py",
    "tests/hostile/test_cli_hostile.py",
    "tests/hostile/test_fair_jobs.py",
    "tests/hostile/test_escape_property.py",
    "tests/app/test_simulation.py",
    "tests/analysis/test_parallel.py",
    "tests/knights/test_conformance.py",
    "tests/sonic/test_conformance.py",
)
"""Test files (or folders) that install a package, serve pages, build a site or a dashboard
under generated input, run the command in subprocesses, start worker processes, or play long
runs of bot games (fuzz, conformance): marked ``integration``, left out of the quick run
(``-m "not ui and not slow and not integration"``)."""
INTEGRATION_FIXTURES = frozenset(
    {"serve_app", "racerlab_server", "logged_racerlab_server", "server_log", "stop_server"}
)
"""Fixtures that start a server: a test that uses one is ``integration`` too."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark ``integration`` the tests of :data:`INTEGRATION_FILES` and those that start a
    server (:data:`INTEGRATION_FIXTURES`), before ``-m`` selects."""
    for item in items:
        where = Path(os.path.relpath(item.path, ROOT)).as_posix()
        listed = any(where == f or where.startswith(f) for f in INTEGRATION_FILES)
        if listed or INTEGRATION_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.integration)


# -- browser availability ----------------------------------------------------------------
def _chromium_problem() -> str | None:
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is not executable"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (laptop) or fail (CI) a ``ui`` test before its browser fixtures start."""
    if item.get_closest_marker("ui") is None:
        return
    problem = _chromium_problem()
    if problem is not None:
        if IN_CI:
            pytest.fail(f"browser test cannot run in CI: {problem}", pytrace=False)
        pytest.skip(f"browser test skipped: {problem}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Any:
    """In CI, turn any skip of a ``ui`` test into a failure."""
    report = yield
    if IN_CI and report.skipped and item.get_closest_marker("ui") is not None:
        report.outcome = "failed"
        report.longrepr = f"browser test skipped in CI (must run): {report.longrepr}"
    return report


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright hook: use Debian's chromium with headless, offline-friendly flags."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """pytest-playwright hook: a laptop-sized viewport by default."""
    return {**browser_context_args, "viewport": {"width": 1366, "height": 768}}


# -- servers -----------------------------------------------------------------------------
PORT_BLOCK = 400
"""Ports each parallel test worker picks its servers' ports from (see :func:`free_port`)."""
_next_port = itertools.count()


def free_port() -> int:
    """A free TCP port on loopback, from this test worker's own block of ports below the
    kernel's ephemeral range (20000 up, :data:`PORT_BLOCK` a worker).

    A port the kernel hands out (``bind(0)``) can be handed to another worker's server, or
    to any client socket, between this check and the server's own bind; the server then
    cannot listen, and a page asked of "our" port is answered by the other server (a
    twenty-page test once read '404: Not Found' that way). A worker runs one test at a time,
    so within its block the check holds."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker[2:]) if worker[2:].isdigit() else 0
    base = 20000 + PORT_BLOCK * (index % 25)
    for _ in range(PORT_BLOCK):
        port = base + next(_next_port) % PORT_BLOCK
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use, or just closed: the next one
            return port
    raise RuntimeError(f"no free port in {base}..{base + PORT_BLOCK - 1}")


def wait_for_liveness(url: str, timeout: float = LIVENESS_TIMEOUT_S, proc: Any = None) -> None:
    """Poll ``url/liveness`` until it answers 200 (or fail with the reason)."""
    deadline = time.monotonic() + timeout
    last = "no answer"
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before it was ready")
        try:
            with urllib.request.urlopen(f"{url}/liveness", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, OSError) as exc:
            last = str(exc)
        time.sleep(0.2)
    raise RuntimeError(f"{url} not live after {timeout:.0f} s ({last})")


@pytest.fixture
def serve_app() -> Iterator[Callable[..., str]]:
    """Serve Panel apps in-process on a free loopback port; returns the base URL.

    ``serve_app(factory)`` serves one factory at ``/``; ``serve_app({"/": f, "x": g})``
    serves several routes. Factories run once per browser session.
    """
    import panel as pn

    servers: list[Any] = []

    def start(apps: Any) -> str:
        port = free_port()
        server = pn.serve(
            apps,
            port=port,
            address="127.0.0.1",
            threaded=True,
            show=False,
            websocket_origin=[f"127.0.0.1:{port}"],
            liveness=True,
        )
        servers.append(server)
        url = f"http://127.0.0.1:{port}"
        wait_for_liveness(url)
        return url

    yield start
    for server in servers:
        server.stop()
        server.join(timeout=15)
    pn.state.reset()


SERVE_LOGGED = """
import logging, sys
from panel.io.logging import panel_log_handler
logging.basicConfig(
    level=logging.INFO, stream=sys.stdout,
    format="%(asctime)s %(levelname)s: %(name)s - %(message)s",
)
panel_log_handler.setLevel(logging.INFO)  # Panel's own log: sessions created, destroyed
from racerlab.cli import main
sys.exit(main(["serve", *sys.argv[2:], "--port", sys.argv[1], "--no-show"]))
"""
"""``racerlab serve`` with the server's log at INFO, as ``panel serve --log-level info``
would give (Panel's "Session N created/destroyed" lines and every ERROR record)."""


@contextmanager
def racerlab_serve(*args: str, name: str = "racerlab-serve", logged: bool = False):
    """Run ``racerlab serve ARGS --port P --no-show`` in a subprocess until the block ends.

    Yields ``(url, log_path)`` once ``/liveness`` answers; the server's output goes to
    ``test-artifacts/<name>-<port>.log``. ``logged``: Python logging at INFO (see
    :data:`SERVE_LOGGED`). The server is stopped (killed if it will not stop) at the end.
    """
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"{name}-{port}.log"
    if logged:
        command = [sys.executable, "-c", SERVE_LOGGED, str(port), *args]
    else:
        command = [sys.executable, "-m", "racerlab", "serve", *args]
        command += ["--port", str(port), "--no-show"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_for_liveness(url, proc=proc)
            yield url, log_path
        finally:
            stop_process(proc, timeout=15)


@pytest.fixture(scope="module")
def racerlab_server() -> Iterator[str]:
    """A real ``racerlab serve all --no-show`` subprocess (default address); yields its URL."""
    with racerlab_serve("all") as (url, _log):
        yield url


@pytest.fixture
def logged_racerlab_server() -> Iterator[tuple[str, Path]]:
    """``racerlab serve all`` logging at INFO to a file (see :func:`racerlab_serve`): yields
    (url, log path)."""
    with racerlab_serve("all", name="racerlab-serve-logged", logged=True) as served:
        yield served


def server_log_tail(url: str, lines: int = 30) -> str:
    """The last ``lines`` lines of the log of the test server at ``url`` (its port names the
    file in ``test-artifacts``), for a failure message; what is missing is said so."""
    port = url.rsplit(":", 1)[-1].split("/")[0]
    logs = sorted(ARTIFACTS.glob(f"*-{port}.log"))
    if not logs:
        return f"(no server log for port {port})"
    text = logs[-1].read_text(errors="replace").splitlines()
    return "\n".join(text[-lines:]) or "(the server logged nothing)"


@pytest.fixture
def server_log() -> Callable[..., str]:
    """``server_log(url)``: the tail of that test server's log (see :func:`server_log_tail`)."""
    return server_log_tail


@pytest.fixture
def free_loopback_port() -> Callable[[], int]:
    """``free_loopback_port()``: a free TCP port on 127.0.0.1."""
    return free_port


@pytest.fixture
def liveness() -> Callable[..., None]:
    """``liveness(url, proc=None)``: wait until ``url/liveness`` answers (or fail)."""
    return wait_for_liveness


@pytest.fixture(scope="session")
def racerlab_root() -> Path:
    """The repository root."""
    return ROOT


# -- page helpers ------------------------------------------------------------------------
@pytest.fixture
def js_errors(page: Any) -> list[str]:
    """JS console errors and uncaught page errors of ``page``, collected as they happen."""
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(f"console.{msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    return errors


_READ_SOURCE_JS = """
(name) => {
  const toArray = (v) => (v && typeof v === 'object' && 'length' in v) ? Array.from(v) : v;
  for (const doc of (window.Bokeh ? Bokeh.documents : [])) {
    for (const m of doc.all_models) {
      if (m.name === name && m.data !== undefined) {
        const out = {};
        const d = m.data;
        const keys = d instanceof Map ? Array.from(d.keys()) : Object.keys(d);
        for (const k of keys) {
          const col = d instanceof Map ? d.get(k) : d[k];
          out[k] = Array.isArray(col) ? col.map(toArray) : toArray(col);
        }
        return out;
      }
    }
  }
  return null;
}
"""


@pytest.fixture
def read_source() -> Callable[[Any, str], dict | None]:
    """``read_source(page, name)``: the data of the named ColumnDataSource, read in the page."""

    def read(page: Any, name: str) -> dict | None:
        return page.evaluate(_READ_SOURCE_JS, name)

    return read


@pytest.fixture
def wait_for() -> Callable[..., Any]:
    """``wait_for(fn, timeout=10)``: poll ``fn`` until it returns a truthy value; return it."""

    def wait(fn: Callable[[], Any], timeout: float = 15.0, interval: float = 0.1) -> Any:
        deadline = time.monotonic() + timeout
        last_exc: BaseException | None = None
        while time.monotonic() < deadline:
            try:
                value = fn()
            except Exception as exc:  # page still rendering
                last_exc = exc
                value = None
            if value:
                return value
            time.sleep(interval)
        raise AssertionError(f"condition not met within {timeout} s (last error: {last_exc})")

    return wait


_STATUS_STEP = re.compile(r"Round \d+ · step (\d+) of \d+")


@pytest.fixture
def status_step() -> Callable[[Any], int | None]:
    """``status_step(page)``: the step number of the page's status line ("Round r · step k of
    n"), or None while the page shows no such line (still loading or working a move out)."""

    def read(page: Any) -> int | None:
        line = page.get_by_text(_STATUS_STEP).first
        if not line.count():
            return None
        found = _STATUS_STEP.search(line.inner_text())
        return int(found.group(1)) if found else None

    return read


@pytest.fixture
def run_simulation(wait_for: Callable[..., Any]) -> Callable[..., str]:
    """``run_simulation(page, games)``: open a dashboard's Simulate tab, play ``games`` bot
    games through the page (progress bar and all) and return the results table's text."""

    def run(page: Any, games: int) -> str:
        page.locator(".bk-tab", has_text="Simulate").click()
        field = page.locator(".bk-input-group", has_text="Games").locator("input").first
        field.wait_for(timeout=30_000)
        field.fill(str(games))
        field.press("Enter")
        page.get_by_role("button", name="Simulate", exact=True).click()
        wait_for(lambda: page.get_by_text(f"{games} game(s) in").count() >= 1, timeout=120)
        bar = page.locator("progress").first
        assert bar.get_attribute("value") == str(games)
        assert bar.get_attribute("max") == str(games)
        return page.locator("table.racerlab-sim").inner_text()

    return run


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    """``screenshot(page, name, publish=False)``: save under test-artifacts/.

    Published shots are also copied to docs/screenshots/ (the README's pictures)
    when ``RACERLAB_UPDATE_SCREENSHOTS=1`` is set, so an ordinary test run never
    changes tracked files.
    """

    def take(page: Any, name: str, publish: bool = False) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=False)
        if publish and os.environ.get("RACERLAB_UPDATE_SCREENSHOTS") == "1":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, SCREENSHOTS / f"{name}.png")
        return path

    return take


# -- offline and server-error checks -----------------------------------------------------
@pytest.fixture
def server_errors() -> Iterator[list]:
    """Log records at ERROR or above from anything in this process (a served app's too)."""
    import logging

    records: list[logging.LogRecord] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Collect(level=logging.ERROR)
    root = logging.getLogger()
    root.addHandler(handler)
    yield records
    root.removeHandler(handler)


@pytest.fixture
def loopback_only() -> Callable[[Any], list[str]]:
    """``outside = loopback_only(page)``: abort every request of ``page`` that leaves
    127.0.0.1 and collect its URL in ``outside``."""
    from urllib.parse import urlsplit

    def install(page: Any) -> list[str]:
        outside: list[str] = []

        def route(r: Any) -> None:
            if urlsplit(r.request.url).hostname == "127.0.0.1":
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        return outside

    return install


def stop_process(proc: Any, timeout: float = 20) -> None:
    """Terminate a server subprocess, killing it if it does not stop in ``timeout`` s."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture
def stop_server() -> Callable[..., None]:
    """``stop_server(proc, timeout=20)``: :func:`stop_process` for tests that start servers."""
    return stop_process
