"""Stand-ins for a served page, shared by the tests that drive one without a server."""

from __future__ import annotations


class ServedPage:
    """Stands in for a served page's loop and worker threads: work handed to a worker waits
    in ``queue``, what it hands back to the page waits in ``later``, and what the page asks
    to run after a delay waits in ``timers`` (run by :meth:`wait`)."""

    def __init__(self) -> None:
        self.queue: list = []
        self.later: list = []
        self.timers: list = []

    def add_next_tick_callback(self, fn) -> None:
        self.later.append(fn)

    def add_timeout_callback(self, fn, ms: int) -> None:
        self.timers.append((fn, ms))

    def wait(self) -> list[int]:
        """The delays come due (before the workers are done); returns them."""
        due, self.timers = self.timers, []
        for fn, _ in due:
            fn()
        return [ms for _, ms in due]

    def submit(self, fn):
        from concurrent.futures import Future

        future: Future = Future()
        self.queue.append((fn, future))
        return future

    def settle(self, newest_first: bool = False) -> None:
        """The workers finish (in the order asked, or the newest first), then the loop runs
        what they handed back."""
        while self.queue:
            fn, future = self.queue.pop(-1 if newest_first else 0)
            future.set_result(fn())
        while self.later:
            self.later.pop(0)()
