"""A Step's processor time on the server's event loop, now and at another commit.

Under ``racerlab serve`` every page shares one event loop, so what a Step costs
there is what every other visitor waits for. This benchmark builds a dashboard
in a fresh process, attaches it to a Bokeh document as the server does, and
counts the processor time of what the loop runs for one Step, Bokeh's making of
the patch message included:

* code with off-loop moves (``GameSession.stepping``): the session marked busy,
  the bot's move worked out (**not** counted: a worker does it), the move
  applied and every shown panel redrawn, the session marked idle;
* older code (everything on the loop): the Step button's click, bot move
  included.

Work a panel hands to the page's worker threads (``offload.off_loop``: the Battle
Racers hand lists its paths there) is counted apart, as the bot's move is
(``worker_median_ms``); what the worker hands back to the page is counted with the Step.

The first tab is shown (as on a page just opened). Where the code has it, the
process first keeps its start-up objects out of full garbage collections, as
``racerlab serve`` does (``serve.keep_startup_objects``), and the banner's busy
line sees a served page (``messages.in_server``): it asks the loop to show the
line 250 ms later, and what the loop then runs (nothing to show after a quick
Step) is counted with the Step. Such delayed callbacks run once the workers and the
loop's next turns are done, as on a real loop when that work takes less than the delay
(the Battle Racers hand's "Working out the paths" line waits the same way). Prints one
JSON object:
the median and worst per dashboard, and with ``--base COMMIT`` the same at that
commit (checked out in a temporary worktree) and the ratio base / now.

Run: ``python benchmarks/step_loop.py [--base 98f0cec] [--repeats 40]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from instructions import checkout, drop

ROOT = Path(__file__).resolve().parents[1]
SLUGS = ("knights", "sonic")


def measure(slug: str, repeats: int, seed: int = 7) -> dict[str, float]:
    """In this process: the loop's processor milliseconds per Step on dashboard ``slug``."""
    import panel as pn
    from bokeh.document import Document
    from bokeh.protocol import Protocol

    from racerlab.app import DASHBOARDS
    from racerlab.app.server import serve

    keep = getattr(serve, "keep_startup_objects", None)
    if keep is not None:  # as ``racerlab serve`` does before its first page
        keep()
    later: list[object] = []  # what a served page's loop is asked to run on its next turns
    timers: list[object] = []  # and after a delay: after those (the workers take a few ms)

    class ServedPage:
        def add_timeout_callback(self, callback: object, _ms: int) -> None:
            timers.append(callback)

        def add_next_tick_callback(self, callback: object) -> None:
            later.append(callback)

    class Workers:
        """The page's worker threads: what they are given runs after the loop's turn, and
        its time is counted apart (``worker_ms``), as the bot's move is."""

        def __init__(self) -> None:
            self.queue: list[tuple[object, Future]] = []

        def submit(self, fn: object) -> Future:
            future: Future = Future()
            self.queue.append((fn, future))
            return future

        def run(self) -> float:
            started = time.process_time()
            while self.queue:
                fn, future = self.queue.pop(0)
                try:
                    future.set_result(fn())  # its page's part is handed back to ``later``
                except BaseException as exc:
                    future.set_exception(exc)
            return time.process_time() - started

    workers = Workers()

    try:
        from racerlab.app.kit import messages
    except ImportError:  # code before the busy line waited: nothing to stand in for
        pass
    else:
        messages.in_server = ServedPage  # the banner sees a served page (a class: a new one)
    app = DASHBOARDS[slug].build(seed=seed)
    try:
        from racerlab.app.server import offload
    except ImportError:
        pass
    else:  # work the page hands to its workers (paths listed off the loop) goes there
        page = ServedPage()
        offload.in_server = lambda: page
        offload._executor = lambda: workers
    doc = Document()
    pn.panel(app).server_doc(doc)
    events: list[object] = []
    doc.callbacks.on_change(events.append)
    protocol = Protocol()
    session = app.session
    served = hasattr(session, "stepping")

    def send() -> None:  # what the server does with the changes: one patch message
        if events:
            protocol.create("PATCH-DOC", list(events))
            events.clear()

    elsewhere: list[float] = []  # the workers' milliseconds per Step

    def settle() -> float:
        """The loop's later turns (counted; returned) and the workers' parts (counted apart)."""
        spent, worked = 0.0, 0.0
        while later or workers.queue or timers:
            worked += workers.run()
            started = time.process_time()
            while later:
                later.pop(0)()
            if not workers.queue:  # the timers come due once the quick work is done
                while timers:
                    timers.pop(0)()
            send()
            spent += time.process_time() - started
        elsewhere.append(worked * 1000.0)
        return spent

    def step() -> float:
        if session.is_over:
            session.new_random(seed + 1)
        if not served:
            started = time.process_time()
            app.steps.action_button.clicks += 1
            send()
            return time.process_time() - started
        started = time.process_time()
        session.busy = "step"
        send()
        moves = session.stepping("action")
        work = next(moves)
        spent = time.process_time() - started
        try:
            while True:
                action = work() if callable(work) else None  # a worker's part: not counted
                started = time.process_time()
                work = moves.send(action)
                spent += time.process_time() - started
        except StopIteration:
            spent += time.process_time() - started
        started = time.process_time()
        session.busy = ""
        send()
        spent += time.process_time() - started
        return spent + settle()  # the loop, a moment later: workers done, the Step long done

    for _ in range(5):  # warm caches, as on a page already in use
        step()
    elsewhere.clear()
    ms = [step() * 1000.0 for _ in range(repeats)]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "worst_ms": round(max(ms), 2),
        "n": len(ms),
        "served_flow": served,
        "worker_median_ms": round(statistics.median(elsewhere), 2) if elsewhere else 0.0,
    }


def run_tree(code: Path, repeats: int) -> dict[str, dict[str, float]]:
    """Each dashboard measured in a fresh process running the racerlab of ``code``."""
    out = {}
    env = {**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": "0"}
    for slug in SLUGS:
        call = f"import json, step_loop as b; print(json.dumps(b.measure({slug!r}, {repeats})))"
        proc = subprocess.run(
            [sys.executable, "-c", call],
            cwd=Path(__file__).resolve().parent,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        out[slug] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line: print the figures as one JSON object."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", default=None, help="also measure this commit, interleaved")
    parser.add_argument("--repeats", type=int, default=40, help="Steps timed per dashboard")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds (with --base)")
    args = parser.parse_args(argv)
    if args.base is None:
        print(json.dumps({"now": run_tree(ROOT, args.repeats)}, indent=1))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        base = checkout(args.base, Path(tmp))
        try:
            rows: dict[str, list[dict[str, dict[str, float]]]] = {"base": [], "now": []}
            for _ in range(args.rounds):  # A B A B: a busy spell hits both
                rows["base"].append(run_tree(base, args.repeats))
                rows["now"].append(run_tree(ROOT, args.repeats))
        finally:
            drop(base)
    out: dict[str, object] = {"base_commit": args.base, "rounds": rows}
    for slug in SLUGS:
        b = statistics.median(r[slug]["median_ms"] for r in rows["base"])
        n = statistics.median(r[slug]["median_ms"] for r in rows["now"])
        out[f"{slug}_base_over_now"] = round(b / n, 2)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
