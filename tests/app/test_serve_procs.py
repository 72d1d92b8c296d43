"""``racerlab serve --num-procs N``: several server processes behind one port.

The options are checked before anything listens; a real two-process server on
loopback serves plain requests and Chromium pages (a share link's ``?game=``
reaches the app whichever process the page's websocket lands on); the forked
processes stop when the process that forked them goes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from racerlab.app.server.serve import process_count, serve_command, start_server
from racerlab.cli import build_parser, main
from racerlab.core.errors import ScenarioError

LOAD_MS = 90_000
PROCS = 2
STATUS = re.compile(r"step \d+ of \d+")
"""A dashboard's status line: where its game is."""


def _cores() -> int:
    from tornado.process import cpu_count

    return cpu_count()


@pytest.fixture
def two_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the machine look like it has two cores."""
    import tornado.process

    monkeypatch.setattr(tornado.process, "cpu_count", lambda: 2)


def test_the_cli_parses_num_procs_and_defaults_to_one():
    assert build_parser().parse_args(["serve"]).num_procs == 1
    args = build_parser().parse_args(["serve", "knights", "--num-procs", "2", "--no-show"])
    assert (args.game, args.num_procs, args.no_show) == ("knights", 2, True)


def test_num_procs_zero_means_one_per_core(two_cores):
    assert process_count(0) == 2
    assert process_count(2) == 2


def test_more_processes_than_cores_are_refused_with_the_reason(two_cores):
    with pytest.raises(ScenarioError, match="more than this machine's 2 cores"):
        process_count(3)
    with pytest.raises(ScenarioError, match="0 \\(one per core\\) or more"):
        process_count(-1)


def test_the_command_refuses_too_many_processes_before_listening(two_cores, capsys):
    assert main(["serve", "knights", "--num-procs", "3", "--no-show", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert "--num-procs 3 is more than this machine's 2 cores" in err
    assert "Traceback" not in err


def test_the_command_passes_num_procs_to_the_server(monkeypatch, two_cores):
    import racerlab.app.server.serve as serve

    seen = {}
    monkeypatch.setattr(serve, "start_server", lambda game, **kw: seen.update(kw, game=game))
    monkeypatch.setattr(serve, "keep_startup_objects", lambda: seen.update(kept=True))
    monkeypatch.setattr(serve, "warm_first_page", lambda: seen.update(warmed="kept" not in seen))
    args = argparse.Namespace(
        game="knights",
        port=5999,
        address="127.0.0.1",
        no_show=True,
        allow_websocket_origin=[],
        num_procs=0,
    )
    assert serve_command(args) == 0
    assert (seen["game"], seen["num_procs"], seen["show"]) == ("knights", 2, False)
    assert seen["kept"]  # the startup objects are out of the collector's way first
    assert seen["warmed"]  # after a page frame was made, so what it loaded is kept too


def test_a_page_frame_is_made_before_the_first_visitor():
    """In a process of its own: what a fresh process's first page request used to load
    (the Markdown libraries of the frame's message, the compiled page templates) is
    loaded by the warm-up, and the page it renders asks this server for every script."""
    code = (
        "import sys; from racerlab.app.server.serve import warm_first_page as w; "
        "from panel.io.resources import _env; "
        "before = ('markdown' in sys.modules, len(_env.cache)); html = w(); "
        "print(before[0], 'markdown' in sys.modules, len(_env.cache) > before[1]); "
        "print(html)"
    )
    loaded, html = _in_fresh_process(code).split("\n", 1)
    assert loaded.split() == ["False", "True", "True"]
    assert "static/js/bokeh.min.js" in html and "<title>racerlab</title>" in html
    assert "cdn." not in html and "https://" not in html


def _in_fresh_process(code: str) -> str:
    """What ``code`` prints, run by this Python in a process of its own."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout


def test_the_startup_objects_are_kept_out_of_full_collections():
    """In a process of its own (freezing would change this test process): what a server
    keeps for good is frozen, so a full collection afterwards walks only what came since."""
    code = (
        "import gc; from racerlab.app.server.serve import keep_startup_objects as k; n = k(); "
        "print(n, gc.get_freeze_count() == n, len(gc.get_objects()))"
    )
    out = _in_fresh_process(code).split()
    frozen, same, walked = int(out[0]), out[1], int(out[2])
    assert same == "True" and frozen > 50_000  # the dashboards' modules were imported first
    assert walked < frozen // 10


def test_several_processes_cannot_run_in_a_thread(two_cores):
    with pytest.raises(ScenarioError, match="foreground"):
        start_server("knights", num_procs=2, threaded=True)


# -- a real server with two processes ------------------------------------------------------
def _children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:  # state, then ppid
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _options(port: int) -> list[str]:
    return ["--num-procs", str(PROCS), "--no-show", "--port", str(port)]


def _start(root: Path, port: int, log_path: Path) -> subprocess.Popen:
    with open(log_path, "wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "racerlab", "serve", "knights", *_options(port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=root,
            start_new_session=True,  # its own process group, killed whole afterwards
        )


def _kill_group(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture
def two_process_server(racerlab_root, free_loopback_port, liveness, wait_for) -> Iterator[tuple]:
    """``racerlab serve knights --num-procs 2`` in its own process group: (url, proc)."""
    if not Path("/proc").is_dir():
        pytest.skip("needs /proc to find the server's processes")
    if _cores() < PROCS:
        pytest.skip(f"needs {PROCS} cores for --num-procs {PROCS}")
    port = free_loopback_port()
    artifacts = racerlab_root / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    proc = _start(racerlab_root, port, artifacts / f"racerlab-serve-procs-{port}.log")
    url = f"http://127.0.0.1:{port}"
    try:
        liveness(url, proc=proc)
        wait_for(lambda: len(_children(proc.pid)) == PROCS, timeout=60)
        yield url, proc
    finally:
        children = _children(proc.pid)
        _kill_group(proc)
        wait_for(lambda: not any(_alive(c) for c in children), timeout=30)


def test_two_processes_serve_plain_requests(two_process_server):
    url, proc = two_process_server
    assert len(_children(proc.pid)) == PROCS
    for _ in range(6):
        with urllib.request.urlopen(url + "/knights", timeout=60) as r:
            assert r.status == 200
            assert "Racer Knights of Falconus" in r.read().decode("utf-8")


def _share_link(steps: int) -> str:
    from racerlab.app.kit.session import encode_share_token
    from racerlab.core.timeline import Timeline
    from racerlab.knights import KnightsRules, example_setup

    tl = Timeline.new(KnightsRules(), example_setup(), seed=5)
    tl.run(lambda s: tl.rules.legal_actions(s)[0], max_steps=steps)
    return encode_share_token(tl)


@pytest.mark.ui
def test_pages_and_their_link_arguments_work_on_either_process(
    two_process_server, browser, server_log
):
    """Each tab's page request and websocket may land on different processes; the session
    is then remade from its signed token, which must carry the ``?game=`` argument."""
    url, _ = two_process_server
    link = _share_link(4)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    seen = []
    pages = [context.new_page() for _ in range(4)]
    for i, page in enumerate(pages):
        page.goto(f"{url}/knights?game={link}" if i % 2 else f"{url}/knights")
    for page in pages:
        step = page.get_by_role("button", name="Step", exact=True)
        try:
            step.wait_for(timeout=LOAD_MS)
            status = page.get_by_text(STATUS).filter(visible=True).first
            status.wait_for(timeout=LOAD_MS)
            seen.append(STATUS.search(status.inner_text()).group(0))
        except Exception:  # a page that never filled is the finding
            seen.append(f"no dashboard: {page.inner_text('body')[:80]!r}")
    urls = [page.url.split("?")[-1][:20] for page in pages]
    context.close()
    assert seen == ["step 0 of 0", "step 4 of 4"] * 2, (
        list(zip(urls, seen, strict=True)),
        server_log(url),
    )


def test_the_processes_stop_when_the_parent_goes(two_process_server, wait_for):
    _, proc = two_process_server
    children = _children(proc.pid)
    assert len(children) == PROCS
    proc.kill()  # only the parent: its children are left without it
    proc.wait()
    wait_for(lambda: not any(_alive(c) for c in children), timeout=30)


def test_no_event_loop_is_left_for_the_forked_processes_to_share():
    """Importing Panel leaves an unstarted loop as the current one; before forking it is
    closed and dropped, so Tornado makes a fresh loop in each process."""
    code = (
        "import asyncio, panel\n"
        "from racerlab.app.server.serve import _forget_unstarted_loop\n"
        "policy = asyncio.get_event_loop_policy()\n"
        "before = policy._local._loop\n"
        "_forget_unstarted_loop()\n"
        "try:\n"
        "    asyncio.get_event_loop()\n"
        "except RuntimeError:\n"
        "    print('no loop', before is None or before.is_closed())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "no loop True", done.stderr[-500:]
