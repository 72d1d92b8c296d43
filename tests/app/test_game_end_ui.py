"""In a real browser: the last step of a joust writes the winner's name on the board."""

from __future__ import annotations

import re

import pytest

from racerlab.app import knights_app
from racerlab.app.kit.session import GameSession
from racerlab.app.knights.game import knights_kit

pytestmark = pytest.mark.ui

LOAD_MS = 30_000

_RESULT_NOTE_JS = """
() => {
  const doc = Bokeh.documents[0];
  if (!doc) return null;
  const label = [...doc.all_models].find(m => m.name === 'result-note');
  return label ? [label.visible, label.text] : null;
}
"""
"""The result box on the board, as the browser holds it: [shown, its text]."""


def _one_step_from_the_end() -> tuple[str, str]:
    """A share link of a 2-racer joust one step before its end, and the winner's name."""
    s = GameSession(knights_kit(2), seed=5)
    while not s.is_over:
        s.step()
    res = s.rules.result(s.state)
    winner = s.player_names[res.winner] if res.winner is not None else "Shared win"
    s.back()
    return s.share_token(), winner


def test_the_last_step_shows_the_winners_name_on_the_board(serve_app, page, js_errors, wait_for):
    token, winner = _one_step_from_the_end()
    url = serve_app(lambda: knights_app(game=token, template=True))
    page.goto(url + "/")
    step = page.get_by_role("button", name="Step", exact=True)
    step.wait_for(timeout=LOAD_MS)
    shown = page.evaluate(_RESULT_NOTE_JS)
    # no box before the end (it joins the plot when a game first ends), or a hidden one
    assert shown is None or shown[0] is False, f"before the end the box is hidden: {shown}"
    step.click()
    page.get_by_text(re.compile(r"the game is over")).first.wait_for(timeout=LOAD_MS)
    note = wait_for(lambda: (n := page.evaluate(_RESULT_NOTE_JS)) and n[0] and n, timeout=30)
    assert note[1].splitlines()[0].startswith(winner), f"expected {winner!r} first, saw {note[1]!r}"
    side = page.get_by_text(f"Game over: {winner}").first
    side.wait_for(timeout=LOAD_MS)
    assert js_errors == []
