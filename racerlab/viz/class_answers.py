"""A class's answers to a question beside the exact answer, as one Bokeh figure (no Panel).

Yes/No answers are two bars (counts), with the exact chance drawn as the counts it
would give (a dash on each bar: answers × chance). Numbers and chances are a histogram
(chances in tens of percent), with the exact answer a dashed vertical line. Answers
that are not of the question's kind are left out of the chart (they are data from a
visitor; the chart shows them nowhere as text).

>>> fig = answers_figure("yes/no", "yes,no", ["yes", "no", "yes"], 0.75)
>>> fig.renderers[0].data_source.data["count"], exact_text("yes/no", 0.75)
([2, 1], 'Exact: 75.0% (yes)')
>>> counts, edges = histogram("percent", ["5", "15", "17", "100", "hi"], 0.5)
>>> counts.tolist()[:2], counts.tolist()[-1], float(edges[0]), float(edges[-1])
([1, 2], 1, 0.0, 100.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from bokeh.models import ColumnDataSource, Span
from bokeh.plotting import figure

from .style import THEME, apply_figure_style

__all__ = ["answers_figure", "exact_text", "histogram", "numbers"]

EXACT_COLOUR = "#D55E00"
"""The exact answer's mark (vermillion, apart from the bars' colour)."""
MAX_BINS = 40
"""Most bars of a histogram of numbers."""


def exact_text(kind: str, exact: float | None) -> str:
    """``"Exact: 72.2%"`` for a chance, ``"Exact: 4"`` for a number."""
    if exact is None:
        return "Exact: not known"
    if kind == "number":
        return f"Exact: {exact:g}"
    suffix = " (yes)" if kind == "yes/no" else ""
    return f"Exact: {100 * exact:.1f}%{suffix}"


def numbers(answers: Sequence[str]) -> list[float]:
    """The answers that read as finite numbers."""
    out = []
    for a in answers:
        try:
            v = float(a)
        except ValueError:
            continue
        if math.isfinite(v):
            out.append(v)
    return out


def histogram(
    kind: str, answers: Sequence[str], exact: float | None
) -> tuple[np.ndarray, np.ndarray]:
    """Counts and bin edges of numeric answers: tens of percent from 0 to 100 for a
    chance; whole numbers around the answers and the exact one for a number."""
    values = numbers(answers)
    if kind == "percent":
        values = [v for v in values if 0 <= v <= 100]
        edges = np.linspace(0.0, 100.0, 11)
    else:
        span = values + ([exact] if exact is not None else [])
        lo = math.floor(min(span, default=0)) - 0.5
        hi = math.ceil(max(span, default=0)) + 0.5
        step = max(1.0, math.ceil((hi - lo) / MAX_BINS))
        edges = np.arange(lo, hi + step, step)
    counts, edges = np.histogram(values, bins=edges)
    return counts, edges


def answers_figure(kind: str, options: str, answers: Sequence[str], exact: float | None) -> figure:
    """The class's answers (bars) and the exact answer (marked), titled with both counts."""
    title = f"{len(answers)} answers · {exact_text(kind, exact)}"
    if kind == "yes/no":
        factors = [o for o in options.split(",") if o] or ["yes", "no"]
        counts = [sum(1 for a in answers if a == f) for f in factors]
        fig = figure(x_range=factors, height=220, title=title, tools="", toolbar_location=None)
        source = ColumnDataSource({"answer": factors, "count": counts})
        fig.vbar(x="answer", top="count", width=0.6, source=source, color=THEME["accent"])
        if exact is not None:
            chances = [exact, 1 - exact] + [0.0] * (len(factors) - 2)
            expected = [len(answers) * p for p in chances]
            fig.scatter(
                factors, expected, marker="dash", size=40, line_width=3,
                color=EXACT_COLOUR, legend_label="exact chance × answers",
            )  # fmt: skip
        fig.y_range.start = 0
    else:
        counts, edges = histogram(kind, answers, exact)
        fig = figure(height=220, title=title, tools="", toolbar_location=None)
        fig.quad(
            left=edges[:-1], right=edges[1:], bottom=0, top=counts.tolist(),
            color=THEME["accent"], line_color="white",
        )  # fmt: skip
        if exact is not None:
            at = 100 * exact if kind == "percent" else exact
            fig.add_layout(
                Span(location=at, dimension="height", line_color=EXACT_COLOUR, line_width=3,
                     line_dash="dashed")
            )  # fmt: skip
        fig.y_range.start = 0
        fig.xaxis.axis_label = "answer (%)" if kind == "percent" else "answer"
    fig.yaxis.axis_label = "students"
    apply_figure_style(fig)
    return fig
