"""``racerlab serve``: routes, a real server subprocess on loopback, and the served scripts."""

from __future__ import annotations

import argparse
import urllib.request

import pytest

from racerlab.app import DASHBOARDS, available_dashboards
from racerlab.app.apps import is_served
from racerlab.app.server.serve import DEFAULT_ADDRESS, _origins, app_routes, serve_command
from racerlab.cli import build_parser
from racerlab.core.errors import ScenarioError


def test_all_routes_put_the_landing_page_at_the_root_and_each_installed_dashboard():
    routes = app_routes("all")
    assert "/" in routes
    for d in available_dashboards():
        assert d.slug in routes
    assert "knights" in routes  # the Knights dashboard ships with racerlab


def test_a_single_game_is_served_at_the_root_and_its_own_route():
    routes = app_routes("knights")
    assert set(routes) == {"/", "knights"}


def test_an_unknown_game_is_refused_with_the_choices():
    with pytest.raises(ScenarioError, match="no dashboard 'chess'"):
        app_routes("chess")


def test_an_uninstalled_dashboard_is_refused_clearly(monkeypatch):
    monkeypatch.setitem(
        DASHBOARDS,
        "sonic",
        DASHBOARDS["sonic"].__class__(
            "sonic", "Sonic", "", "racerlab.app.no_such_module", "sonic_app"
        ),
    )
    with pytest.raises(ScenarioError, match="not installed"):
        app_routes("sonic")
    assert "sonic" not in app_routes("all")


def test_cli_defaults_to_loopback_and_websocket_origins_match():
    args = build_parser().parse_args(["serve", "--no-show"])
    assert args.address == DEFAULT_ADDRESS == "127.0.0.1"
    assert args.game == "all"
    assert _origins("127.0.0.1", 5006, []) == ["127.0.0.1:5006", "localhost:5006"]
    assert _origins("0.0.0.0", 80, ["example.org"]) == ["0.0.0.0:80", "example.org"]


def test_serve_command_reports_an_unknown_game_before_listening():
    with pytest.raises(ScenarioError):
        serve_command(
            argparse.Namespace(
                game="chess", port=0, address="127.0.0.1", no_show=True, allow_websocket_origin=[]
            )
        )


def test_served_scripts_only_build_when_served():
    assert is_served("bokeh_app_1234") and is_served("__main__")
    assert not is_served("racerlab.app.apps.knights")


def _listen_addresses(port: int) -> set[str]:
    """Local addresses listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for path, family in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 6)):
        try:
            with open(path) as f:
                lines = f.read().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            parts = line.split()
            local, state = parts[1], parts[3]
            addr, hexport = local.split(":")
            if state != "0A" or int(hexport, 16) != port:  # 0A = LISTEN
                continue
            if family == 4:
                found.add(".".join(str(int(addr[i : i + 2], 16)) for i in (6, 4, 2, 0)))
            else:
                found.add("v6:" + addr)
    return found


def test_racerlab_serve_answers_every_route_on_loopback_only(racerlab_server):
    for path in ("/liveness", "/", "/knights"):
        with urllib.request.urlopen(racerlab_server + path, timeout=30) as r:
            assert r.status == 200
    port = int(racerlab_server.rsplit(":", 1)[1])
    addresses = _listen_addresses(port)
    if not addresses:
        pytest.skip("cannot read listening sockets from /proc on this system")
    assert addresses == {"127.0.0.1"}


def test_the_served_scripts_work_under_panel_serve(racerlab_root, free_loopback_port, liveness):
    """What jupyter-panel-proxy runs: ``panel serve`` on racerlab/app/apps/*.py."""
    import subprocess
    import sys

    port = free_loopback_port()
    scripts = [str(racerlab_root / "racerlab/app/apps" / f) for f in ("landing.py", "knights.py")]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "panel",
            "serve",
            *scripts,
            "--port",
            str(port),
            "--address",
            "127.0.0.1",
            "--allow-websocket-origin",
            f"127.0.0.1:{port}",
            "--liveness",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        liveness(url, proc=proc)
        for path, text in (("/landing", "racerlab"), ("/knights", "Racer Knights of Falconus")):
            with urllib.request.urlopen(url + path, timeout=60) as r:
                assert r.status == 200
                assert text in r.read().decode("utf-8")
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_a_page_has_no_spinner_shared_by_every_session():
    """Panel's busy spinner follows one server-wide flag: work in one session would
    redraw it in every open page, so the page frame leaves it out."""
    import panel as pn
    from bokeh.document import Document

    from racerlab.app.kit.landing import dashboard_template

    doc = Document()
    dashboard_template("A page", main=[pn.pane.Markdown("x")]).server_doc(doc)
    changes: list = []
    doc.on_change(changes.append)
    # Panel's own marks for a session's work in progress (another session's click)
    pn.state._add_busy_event("another-session")
    pn.state._remove_busy_event("another-session")
    assert changes == []
