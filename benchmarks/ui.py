"""Server-side cost of dashboard interactions in a 4-racer Racer Knights game.

Times, on the server only (no browser, no network), what one click costs:

* a **step** (one action played by the greedy bot, then every panel redrawn:
  arena sources with the arc overlay's exact hit chances, log, standings,
  hand-play widgets);
* a **stat tweak** (a slider released on the Tweak tab: an ``AdjustStat``
  director action applied through the engine, then the same redraw).

Each is repeated 50 times; the median and worst are printed as JSON (target:
median under 30 ms). The app is attached to a Bokeh document, so model updates
go through the same change machinery as under ``racerlab serve``.

**First use** (``--first-use``, one fresh process per dashboard so no cache is warm):
the first Odds tab open, the first Tweak tab open, the first autoplay step and a
round-slider drag, each timed once on the server (target: under 300 ms on a quiet
machine), and the time to first canvas: a real ``racerlab serve`` route opened in
Chromium until a Bokeh canvas is drawn.

Run: ``python benchmarks/ui.py`` (``--overlays arc,ram,reach,trails`` to time
more overlays; ``--first-use`` for the first-use figures).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

REPEATS = 50
TARGET_MEDIAN_MS = 30.0


def _summary(samples: list[float]) -> dict[str, float]:
    ms = [s * 1000.0 for s in samples]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "worst_ms": round(max(ms), 2),
        "mean_ms": round(statistics.fmean(ms), 2),
        "n": len(ms),
    }


def run(seed: int = 7, overlays: tuple[str, ...] = ("arc", "trails")) -> dict[str, object]:
    """Time steps and tweaks; returns the JSON-ready results."""
    import panel as pn
    from bokeh.document import Document

    from racerlab.app.knights_dashboard import knights_app

    app = knights_app(seed=seed, players=4)
    doc = Document()
    pn.panel(app).server_doc(doc)
    session = app.session
    session.overlays = list(overlays)

    steps: list[float] = []
    for _ in range(REPEATS):
        if session.is_over:
            session.new_random(seed + len(steps) + 1)
        t0 = time.perf_counter()
        session.step("action")
        steps.append(time.perf_counter() - t0)

    tweaks: list[float] = []
    if session.is_over:
        session.new_random(seed + 999)
    session.selected = next(i for i, r in enumerate(session.state.racers) if not r.wrecked)
    slider = app.tweak.sliders["armor"]
    for i in range(REPEATS):
        value = slider.value + (1 if i % 2 == 0 else -1)
        t0 = time.perf_counter()
        slider._process_events({"value": value, "value_throttled": value})
        tweaks.append(time.perf_counter() - t0)
        if session.error:
            raise RuntimeError(f"tweak refused: {session.error}")

    result = {
        "benchmark": "racerlab.ui.knights",
        "players": 4,
        "overlays": list(overlays),
        "step": _summary(steps),
        "stat_tweak": _summary(tweaks),
        "target_median_ms": TARGET_MEDIAN_MS,
    }
    result["meets_target"] = all(
        result[k]["median_ms"] < TARGET_MEDIAN_MS  # type: ignore[index]
        for k in ("step", "stat_tweak")
    )
    return result


FIRST_USE_TARGET_MS = 300.0


def _ms(fn: object) -> float:
    t0 = time.perf_counter()
    fn()  # type: ignore[operator]
    return round((time.perf_counter() - t0) * 1000.0, 1)


def first_use(slug: str) -> dict[str, object]:
    """Server-side first-use timings for one dashboard, in this (fresh) process."""
    import panel as pn
    from bokeh.document import Document

    from racerlab.app import DASHBOARDS

    t0 = time.perf_counter()
    app = DASHBOARDS[slug].build(seed=7)
    pn.panel(app).server_doc(Document())
    build_ms = round((time.perf_counter() - t0) * 1000.0, 1)
    tabs = [name for name in app.tabs._names]
    out: dict[str, object] = {"dashboard": slug, "build_ms": build_ms}
    out["first_tweak_open_ms"] = _ms(lambda: setattr(app.tabs, "active", tabs.index("Tweak racer")))
    out["first_odds_open_ms"] = _ms(lambda: setattr(app.tabs, "active", tabs.index("Odds")))
    steps = app.steps
    app.session.param.update(autoplay=False)
    out["first_autoplay_step_ms"] = _ms(
        lambda: (setattr(app.session, "autoplay", True), steps._tick())
    )
    app.session.autoplay = False
    app.session.step("round")
    app.session.step("round")
    slider = steps.round_slider
    out["round_slider_drag_ms"] = _ms(
        lambda: slider._process_events({"value": slider.start, "value_throttled": slider.start})
    )
    keys = ("first_tweak_open_ms", "first_odds_open_ms", "first_autoplay_step_ms")
    out["meets_target"] = all(
        float(out[k]) < FIRST_USE_TARGET_MS  # type: ignore[arg-type]
        for k in (*keys, "round_slider_drag_ms")
    )
    return out


def time_to_first_canvas(slug: str) -> float:
    """Seconds from opening a served dashboard in Chromium to its first Bokeh canvas."""
    import socket
    import subprocess
    import sys
    import urllib.request

    from playwright.sync_api import sync_playwright

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "racerlab", "serve", slug, "--port", str(port), "--no-show"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{url}/liveness", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            t0 = time.perf_counter()
            page.goto(url + "/")
            page.locator("canvas").first.wait_for(timeout=120_000)
            seconds = time.perf_counter() - t0
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    return round(seconds, 2)


def _first_use_report() -> list[dict[str, object]]:
    import subprocess
    import sys

    rows = []
    for slug in ("knights", "sonic"):
        code = f"import json, benchmarks.ui as b; print(json.dumps(b.first_use({slug!r})))"
        out = (
            subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            .stdout.strip()
            .splitlines()[-1]
        )
        row = json.loads(out)
        row["first_canvas_s"] = time_to_first_canvas(slug)
        rows.append(row)
    return rows


def main() -> None:
    """Command-line entry: print the timings as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--overlays", default="arc,trails", help="comma-separated overlay names")
    parser.add_argument("--first-use", action="store_true", help="first-use and first canvas")
    args = parser.parse_args()
    if args.first_use:
        print(json.dumps(_first_use_report(), indent=2))
        return
    overlays = tuple(o for o in args.overlays.split(",") if o)
    print(json.dumps(run(args.seed, overlays), indent=2))


if __name__ == "__main__":
    main()
