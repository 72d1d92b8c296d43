"""The plain dashboard a game without its own gets: built from the descriptor alone."""

from racerlab.app.kit.dashboards import dashboards
from racerlab.app.kit.plain_dashboard import plain_app


def test_the_served_page_passes_a_share_link_to_the_plain_dashboard():
    first = plain_app("coin-race", seed=3)
    first.session.step("round")
    token = first.session.share_token()
    # the server builds every page as ``build(game=<the link's token>)``
    shown = dashboards()["coin-race"].build(game=token)
    assert shown.session.timeline.dumps() == first.session.timeline.dumps()
    assert shown.session.error == ""


def test_a_bad_share_link_is_reported_and_the_random_game_stays():
    shown = dashboards()["coin-race"].build(game="not-a-game")
    assert "share link" in shown.session.error
    assert len(shown.session.timeline) == 1


def test_the_state_pane_is_html_with_the_names_escaped():
    shown = plain_app("coin-race", seed=1)
    text = shown.state_pane.object
    assert text.startswith("<p>Seats: ") and "&lt;p&gt;" not in text
