"""A Sphinx directive that shows ``racerlab ... --help`` as the command prints it today.

In a page::

    ```{racerlab-help} serve
    ```

renders the help of ``racerlab serve`` (no argument: the command's own help) as a literal
block, so the CLI reference cannot drift from the parser.
"""

from __future__ import annotations

import contextlib
import io
import os

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


def help_text(*words: str) -> str:
    """The help ``racerlab WORDS... --help`` prints, at 90 columns."""
    from racerlab.cli import build_parser

    os.environ["COLUMNS"] = "90"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        build_parser().parse_args([*words, "--help"])
    return out.getvalue()


class RacerlabHelp(SphinxDirective):
    optional_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        text = help_text(*self.arguments)
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app):
    app.add_directive("racerlab-help", RacerlabHelp)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
