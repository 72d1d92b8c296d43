"""``benchmarks/socket_visitor.py`` stands in for a visitor whose browser is elsewhere: on a
real ``racerlab serve`` it opens a page's session over the websocket alone and its Steps
really move that game (the step number it reads is the server's own)."""

from __future__ import annotations

import asyncio
import importlib.util


def _visitor_module(root):
    path = root / "benchmarks/socket_visitor.py"
    spec = importlib.util.spec_from_file_location("socket_visitor", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_socket_visitor_opens_a_page_and_its_steps_move_the_game(
    racerlab_server, racerlab_root, run_alone
):
    visitors = _visitor_module(racerlab_root)

    async def visit() -> tuple[list[int], list[float | None], str | None]:
        one, two = visitors.SocketVisitor(), visitors.SocketVisitor()
        try:
            await asyncio.gather(
                one.open(racerlab_server, "/knights", 60.0),
                two.open(racerlab_server, "/sonic", 60.0),
            )
            seen = [one.step, two.step]
            times = [await one.press_step(60.0), await one.press_step(60.0)]
            seen += [one.step, two.step]
            return seen, times, one.step_id
        finally:
            one.close()
            two.close()

    seen, times, step_id = run_alone(visit())
    assert step_id is not None and step_id.startswith("p")
    assert seen == [0, 0, 2, 0]  # two Steps in one page; the other page's game untouched
    assert all(t is not None and t > 0 for t in times)


def test_the_step_button_is_found_by_its_label_only(racerlab_root):
    visitors = _visitor_module(racerlab_root)
    doc = {
        "roots": [
            {"type": "object", "name": "Button", "id": "p1", "attributes": {"label": "Back"}},
            {
                "type": "object",
                "name": "Column",
                "id": "p2",
                "attributes": {
                    "children": [
                        {
                            "type": "object",
                            "name": "panel.models.widgets.Button",
                            "id": "p3",
                            "attributes": {"label": "Step"},
                        }
                    ]
                },
            },
        ]
    }
    assert visitors.button_ids(doc, "Step") == ["p3"]
    assert visitors.STEP_NUMBER.findall('"Round 1 \\u00b7 step 4 of 9"') == ["4"]
