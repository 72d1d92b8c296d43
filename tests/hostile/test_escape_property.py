"""Hostile text in every visitor-text field never becomes markup, a link or a fetch.

Property tests: any text through :func:`racerlab.app.kit.escape.text` renders, in an
HTML pane and in a Markdown pane alike, as its own characters and nothing else;
and hostile player names (Racer Knights, from a share link) and hostile catalog
texts (Battle Racers racer names, abilities and card names) leave no tag, no
attribute, no link and no address in any pane of any tab of either dashboard.
"""

from __future__ import annotations

import html
from dataclasses import replace
from html.parser import HTMLParser

import panel as pn
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from racerlab.app import knights_app
from racerlab.app.kit import escape
from racerlab.app.kit.session import encode_share_token
from racerlab.app.server import patches
from racerlab.core.timeline import Timeline
from racerlab.knights import KnightsRules, example_setup

FRAGMENTS = [
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=1</script>",
    "![i](https://example.invalid/n.png)",
    "[click](javascript:alert(1))",
    "http://example.invalid/x",
    "www.example.invalid",
    "example.com",
    "a@example.invalid",
    "&lt;img&gt; &#60;b&#62; &amp;",
    "<https://example.invalid>",
    "**bold** _it_ ~~s~~ `code`",
    "1. ",
    "# ",
    "| a | b |",
    "$$x$$",
    "\n\n---\n",
    "\\",
    "'\"",
]
"""Pieces of hostile text: tags, event attributes, Markdown images and links, bare
addresses, entities, emphasis, list and heading markers, tables, maths, breaks."""

hostile_text = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), min_size=1, max_size=6
).map("".join)
hostile_name = hostile_text.map(lambda s: (s or "x")[:60])

BANNED_TAGS = {"img", "script", "iframe", "object", "embed", "link", "meta", "base", "svg"}
BANNED_TAGS |= {"style", "form", "input", "video", "audio", "source", "image", "math"}
SPACES = "\n\r\t\f\v"
SOURCE_BANS = ("<img", "<script", "](", "javascript:", "http://", "https://", "www.")


class _Markup(HTMLParser):
    """Every tag and attribute of some HTML, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def parse(markup: str) -> _Markup:
    parsed = _Markup()
    parsed.feed(markup)
    parsed.close()
    return parsed


def rendered(pane) -> str:
    """The HTML a pane sends to the page (a Markdown pane's as rendered on the server)."""
    if isinstance(pane, pn.pane.Markdown):
        return html.unescape(pane._transform_object(pane.object)["object"])
    return str(pane.object)


def live_markup(markup: str) -> list[str]:
    """What in ``markup`` could run, fetch or link: banned tags, event attributes, links."""
    found = []
    for tag, attrs in parse(markup).tags:
        if tag in BANNED_TAGS:
            found.append(f"<{tag}>")
        for name, value in attrs:
            value = (value or "").strip().lower()
            if name.startswith("on"):
                found.append(f"{tag} {name}=")
            elif name in ("href", "src", "srcset", "action", "formaction", "xlink:href"):
                if not value.startswith("#"):  # a heading's own anchor is not an address
                    found.append(f"{tag} {name}={value}")
            elif name == "style" and ("url(" in value or "expression" in value):
                found.append(f"{tag} style={value}")
    return found


def only_words(s: str) -> str:
    """``s`` with its spaces made single and control characters shown as the page shows them."""
    shown = "".join("\ufffd" if (ord(c) < 32 or c == "\x7f") and c not in SPACES else c for c in s)
    return " ".join(shown.split())


# -- the helper -----------------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(hostile_text)
def test_escaped_text_is_its_own_characters_in_html_and_markdown(value):
    out = escape.text(value)
    as_html = parse(out)
    assert as_html.tags == []
    assert only_words("".join(as_html.words)) == only_words(value)
    for ban in SOURCE_BANS:
        assert ban not in out.lower()
    pane = escape.markdown_pane(escape.fill("**Name:** {v} (seat 1)", v=value))
    markup = rendered(pane)
    assert [t for t, _ in parse(markup).tags] == ["p", "strong"]
    assert only_words("".join(parse(markup).words)) == only_words(f"Name: {value} (seat 1)")


def test_markdown_panes_make_no_link_of_bare_text_even_when_built_elsewhere():
    patches.markdown_without_links()
    for pane in (escape.markdown_pane("see example.com"), pn.pane.Markdown("see example.com")):
        assert "<a" not in rendered(pane)
    assert "<a" not in rendered(pn.pane.Alert("mail a@example.com"))


# -- both dashboards -----------------------------------------------------------------------------
def every_pane(app) -> list:
    """Every HTML and Markdown pane of ``app``, each tab shown once (so each is filled)."""
    for i in range(len(app.tabs)):
        app.tabs.active = i
    root = app.__panel__()
    return list(root.select(lambda o: isinstance(o, pn.pane.HTML | pn.pane.Markdown)))


def assert_inert(app, hostile: str) -> None:
    panes = every_pane(app)
    assert panes
    shown = []
    for pane in panes:
        source = str(pane.object)
        markup = rendered(pane)
        assert live_markup(markup) == [], (type(pane).__name__, source[:300])
        for ban in SOURCE_BANS:
            assert ban not in source.lower(), (ban, source[:300])
        shown.append(only_words("".join(parse(markup).words)))
    assert only_words(hostile) in " ".join(shown)  # shown, as its own characters


def knights_token(names: list[str]) -> str:
    setup = example_setup()
    players = tuple(replace(p, name=n) for p, n in zip(setup.players, names, strict=False))
    setup = replace(setup, players=players)
    return encode_share_token(Timeline.new(KnightsRules(), setup, seed=2))


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=True,
)
@given(st.lists(hostile_name, min_size=3, max_size=3, unique=True))
@example(
    [
        '<img src=x onerror="window.__pwned=1">',
        "![i](https://example.invalid/n.png)",
        "http://example.invalid/x [j](javascript:alert(1))",
    ]
)
def test_hostile_knights_names_leave_every_pane_inert(names):
    app = knights_app(game=knights_token(names))
    assert app.session.player_names[: len(names)] == names
    app.session.step("round")
    assert_inert(app, names[0])


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(hostile_name, hostile_text)
@example('<img src=x onerror="window.__pwned=1"> http://example.invalid/x', "![i](x) www.x.y")
def test_hostile_sonic_catalog_texts_leave_every_pane_inert(name, words):
    from racerlab.app import sonic_app
    from racerlab.sonic import SonicRules
    from racerlab.sonic.game import load_catalog

    racers, cards = load_catalog().racers, SonicRules().facts.cards  # both shared: restored
    saved = dict(racers), dict(cards)
    try:
        for rid, racer in saved[0].items():
            racers[rid] = replace(
                racer, name=f"{name}{rid}"[:60], ability_text=words, power_text=words
            )
        for cid, card in saved[1].items():
            cards[cid] = replace(card, name=words or "x")
        app = sonic_app(seed=1)
        app.session.step("round")
        app.refresh()
        assert_inert(app, app.session.player_names[0])
    finally:
        for table, before in zip((racers, cards), saved, strict=True):
            table.clear()
            table.update(before)
