"""Which tokens a racer shows is decided once (``queries.racer_tokens``); the arena's hover
card and the standings table each keep their own wording of it."""

from racerlab.app.knights.tables import standings_html
from racerlab.knights import queries
from racerlab.knights.scenarios import lesson_state, staged
from racerlab.viz.arena_racers import racer_columns


def _state():
    s = staged(lesson_state(("jeff", "cindy")), 0, slow=2, weakness=1)
    return staged(s, 1, wrecked=True, slow=1)


def test_the_query_lists_the_tokens_in_order_and_leaves_out_none():
    s = _state()
    assert queries.racer_tokens(s, 0) == [("slow", 2), ("weakness", 1)]
    assert queries.racer_tokens(s, 1) == [("slow", 1), ("wrecked", 1)]
    assert queries.racer_tokens(lesson_state(("jeff", "cindy")), 0) == []


def test_the_hover_card_and_the_standings_word_the_same_tokens():
    s = _state()
    cards = racer_columns(s, 0, queries.table(s).body)["racers"]["tokens"]
    assert list(cards) == ["2 Slow, 1 Weakness", "1 Slow, wrecked"]
    html = standings_html(s, 0)
    assert '<div class="rl-tokens">Slow×2, Weak×1</div></td>' in html
    assert '<div class="rl-tokens">Slow×1, Wrecked</div></td>' in html
    assert "<th>Tokens</th>" not in html  # under the name: no column of their own
    plain = lesson_state(("jeff", "cindy"))
    assert list(racer_columns(plain, 0, queries.table(plain).body)["racers"]["tokens"]) == [
        "none",
        "none",
    ]
