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

Run: ``python benchmarks/ui.py`` (``--overlays arc,ram,reach,trails`` to time
more overlays).
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


def main() -> None:
    """Command-line entry: print the timings as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--overlays", default="arc,trails", help="comma-separated overlay names")
    args = parser.parse_args()
    overlays = tuple(o for o in args.overlays.split(",") if o)
    print(json.dumps(run(args.seed, overlays), indent=2))


if __name__ == "__main__":
    main()
