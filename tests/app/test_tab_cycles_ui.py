"""A class's worth of comings and goings leaves a clean server log.

A real ``racerlab serve all`` runs in a subprocess with its log (Python logging at INFO,
Panel's session log included, as ``panel serve --log-level info`` would give) written to
``test-artifacts/`` (``logged_racerlab_server`` in ``tests/conftest.py``). Chromium then

1. runs the seeded monkey (``tests/app/conftest.py``) through every dashboard the server
   serves (/knights and /sonic, every tab by name, then ``?presenter=1`` pages of both),
2. opens and closes tabs in cycles, four at a time: some closed while still loading,
   some once loaded (after a Step), some while a Simulate run goes, some while a
   search-bot "Round ▶▶" is being worked out,
3. checks the server still answers a Step, waits until the server has discarded every
   session it made (so what runs when a session goes is in the log too),

and the log must hold no traceback, no "Task exception was never retrieved" and no
ERROR record (the lines found are printed). The normal run is a shorter walk and 8
cycles (every way of closing a tab at least once); the ``slow`` variant is the full
one: a longer walk and 40 cycles.
"""

from __future__ import annotations

import random
import re
import time

import pytest

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = pytest.mark.ui

BAD = re.compile(r"Traceback|Task exception was never retrieved|\bERROR\b")
"""What must not be in the server's log."""
CREATED = re.compile(r"Session (\d+) created")
DESTROYED = re.compile(r"Session (\d+) destroyed")
LOAD_MS = 90_000
"""How long a page may take to show its Step button on a busy machine."""
DISCARD_TIMEOUT_S = 180
"""How long the server may take to discard closed sessions (a few seconds after a tab
closes, 15 s for a page that never connected; a busy machine is slower)."""
STEP_AFTER_S = 180
"""How long a new page's Step may take right after the cycles on a busy machine."""
GAMES = ("/knights", "/sonic")
ROUTES = (*GAMES, *(f"{g}?presenter=1" for g in GAMES))
KINDS = {
    "normal": ("simulate", "round", "mid-load", "loaded"),
    "presenter": ("mid-load", "loaded"),
}
"""How a tab of each kind of page is closed, in turn (each route starts one further along
the list than the one before, so eight cycles already close tabs in every way)."""
SIM_GAMES = 20_000


def bad_lines(text: str) -> list[str]:
    """The log's lines matching :data:`BAD`, each with the five lines after it."""
    lines = text.splitlines()
    return ["\n".join(lines[i : i + 6]) for i, line in enumerate(lines) if BAD.search(line)]


def _sessions(text: str) -> tuple[set[str], set[str]]:
    """The ids of the sessions the log says were made, and of those it says were destroyed
    (Panel says so twice for one session)."""
    return set(CREATED.findall(text)), set(DESTROYED.findall(text))


def _step_button(page):
    return page.get_by_role("button", name="Step", exact=True).filter(visible=True).first


def _loaded(page) -> None:
    _step_button(page).wait_for(timeout=LOAD_MS)


def _start_simulation(page, show_tab) -> bool:
    """Start a long Simulate run; True once the page shows it going (Stop enabled)."""
    show_tab(page, "Simulate")
    games = page.locator(".bk-input-group", has_text="Games").locator("input").first
    games.fill(str(SIM_GAMES), timeout=LOAD_MS)
    games.press("Enter")
    page.get_by_role("button", name="Simulate", exact=True).click(timeout=LOAD_MS)
    stop = page.locator("button.bk-btn:not([disabled])", has_text=re.compile("^Stop$"))
    try:
        stop.filter(visible=True).first.wait_for(timeout=LOAD_MS)
    except PlaywrightTimeout:
        return False
    return True


def _start_search_round(page) -> bool:
    """Let the search bot play a Round; True once the page says it is working on it."""
    bot = page.locator(".bk-input-group", has_text="Bot for bot seats").locator("select")
    bot.first.select_option("search", timeout=LOAD_MS)
    page.get_by_role("button", name="Round ▶▶").filter(visible=True).first.click(timeout=LOAD_MS)
    try:
        page.get_by_text("Working: ").first.wait_for(timeout=30_000)
    except PlaywrightTimeout:
        return False
    return True


def _cycles(context, url: str, count: int, rng: random.Random, show_tab) -> dict[str, int]:
    """Open and close ``count`` tabs, four at a time (one per route); returns how many
    tabs were closed in each way."""
    closed: dict[str, int] = {}
    turn = {route: i for i, route in enumerate(ROUTES)}
    done = 0
    while done < count:
        batch = ROUTES[: min(len(ROUTES), count - done)]
        pages = []
        for route in batch:
            kinds = KINDS["presenter" if "presenter" in route else "normal"]
            kind = kinds[turn[route] % len(kinds)]
            turn[route] += 1
            page = context.new_page()
            page.goto(url + route, wait_until="commit", timeout=LOAD_MS)
            pages.append((route, kind, page))
        for route, kind, page in pages:
            how = kind
            if kind == "mid-load":
                page.wait_for_timeout(rng.choice([0, 200, 800, 1500]))
            elif kind == "loaded":
                _loaded(page)
                _step_button(page).click()
            elif kind == "simulate":
                _loaded(page)
                how = "simulate running" if _start_simulation(page, show_tab) else "simulate"
            elif kind == "round":
                _loaded(page)
                how = "round working" if _start_search_round(page) else "round"
            print(f"cycle {done + 1}: {route} closed ({how})", flush=True)
            page.close()
            closed[how] = closed.get(how, 0) + 1
            done += 1
    return closed


def _show_tab(page, title: str) -> None:
    tab = page.locator(".bk-tab", has_text=re.compile(f"^{re.escape(title)}$")).first
    tab.click(timeout=LOAD_MS)
    page.get_by_text(f"Loading {title}…").first.wait_for(state="hidden", timeout=LOAD_MS)


def _still_serving(context, url: str, status_step, wait_for) -> None:
    """A new page still loads and steps (the closed tabs' work may still hold the workers
    until their sessions are discarded, so this may wait; it prints how long)."""
    page = context.new_page()
    page.goto(url + "/knights")
    _loaded(page)
    wait_for(lambda: status_step(page) is not None, timeout=LOAD_MS / 1000)
    before = status_step(page)
    t0 = time.monotonic()
    _step_button(page).click()
    wait_for(lambda: (status_step(page) or 0) > before, timeout=STEP_AFTER_S)
    print(f"a new page's Step after the cycles: {time.monotonic() - t0:.1f} s", flush=True)
    page.close()


@pytest.mark.parametrize(
    ("walk", "cycles"),
    [pytest.param(8, 8, id="short"), pytest.param(30, 40, id="full", marks=pytest.mark.slow)],
)
def test_monkey_and_tab_cycles_leave_a_clean_log(
    walk,
    cycles,
    logged_racerlab_server,
    browser,
    loopback_only,
    monkey_run,
    tab_titles,
    status_step,
    wait_for,
):
    url, log_path = logged_racerlab_server
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    pages_outside: list[list[str]] = []

    def watch(page) -> None:
        """Collect the monkey's page's errors and requests leaving 127.0.0.1 (the cycles'
        pages are closed at any moment, so their broken connections are not counted)."""
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
        page.on("dialog", lambda d: d.dismiss())
        pages_outside.append(loopback_only(page))

    def problems() -> list[str]:
        left = [f"request left 127.0.0.1: {u}" for found in pages_outside for u in found]
        return errors + left + bad_lines(log_path.read_text(errors="replace"))

    try:
        for route in ROUTES:
            page = context.new_page()
            watch(page)
            page.goto(url + route)
            _loaded(page)
            presenter = "presenter" in route
            tabs = [] if presenter else tab_titles(route.strip("/"))
            print(f"monkey on {route}", flush=True)
            monkey = monkey_run(page, tabs=tabs, problems=problems, actions=walk)
            never = set(tabs) - set(monkey.tabs_shown)
            assert not never, f"{route}: tabs never shown: {sorted(never)}"
            page.close()
        closed = _cycles(context, url, cycles, random.Random(27), _show_tab)
        _still_serving(context, url, status_step, wait_for)
    finally:
        context.close()
    print(f"tabs closed: {closed}", flush=True)
    assert sum(closed.values()) == cycles
    assert closed.get("simulate running", 0) >= 1, f"no tab closed while simulating: {closed}"
    assert closed.get("round working", 0) >= 1, f"no tab closed during a Round: {closed}"

    deadline = time.monotonic() + DISCARD_TIMEOUT_S
    while time.monotonic() < deadline:
        made, gone = _sessions(log_path.read_text(errors="replace"))
        if made and made <= gone:
            break
        time.sleep(1)
    text = log_path.read_text(errors="replace")
    made, gone = _sessions(text)
    print(f"server log {log_path}: {len(made)} sessions made, {len(made & gone)} discarded")
    assert len(made) >= len(ROUTES) + cycles // 2, "fewer sessions made than pages loaded"
    left = made - gone
    assert not left, f"{len(left)} of {len(made)} sessions not discarded in {DISCARD_TIMEOUT_S} s"
    found = bad_lines(text)
    for hit in found:
        print(f"--- in the server log:\n{hit}", flush=True)
    assert found == [], f"{len(found)} bad line(s) in {log_path}: {found[:3]}"
    assert errors == []
    assert [u for found in pages_outside for u in found] == []
