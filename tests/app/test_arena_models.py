"""The Knights dashboard's arena keeps every Bokeh model it made through a new random game
and a scenario load (only source data changes), so a page never meets a model it does not
know."""

from __future__ import annotations

from bokeh.document import Document

from racerlab.app.knights.dashboard import knights_app


def test_new_games_and_scenarios_swap_no_model_of_the_arena():
    app = knights_app(seed=3)
    doc = Document()
    doc.add_root(app.arena.figure)
    fig = app.arena.figure
    ids = {m.id for m in fig.references()}
    assert len(ids) <= 100  # the arena and the position editor's drag handles
    s = app.session
    s.overlays = ["arc", "ram", "reach", "trails"]
    s.new_random(5)
    assert list(app.arena.sources["racers"].data["name"]) == s.player_names
    for title in s.kit.scenarios:
        s.load_scenario(title)
        s.step("action")
        shown = fig.select_one({"name": "arena-racers"}).data["name"]
        assert list(shown) == s.player_names, title
        assert {m.id for m in fig.references()} == ids, title
        assert {m.id for m in doc.models} >= ids
