"""The notebooks in notebooks/: committed clean, documented, and each runs from top to bottom.

Every notebook is executed with nbclient in a ``python3`` kernel whose working
directory is ``notebooks/`` (as a person opening it in Jupyter or on Binder
would have), with a time limit per cell. Any error fails the test, and so does
a warning or traceback a reader would see printed.
"""

from __future__ import annotations

import glob
import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.notebooks

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = REPO / "notebooks"
EXPECTED = [
    "01-quick-start.ipynb",
    "02-building-a-racer-knight.ipynb",
    "03-arcs-range-and-ramming.ipynb",
    "04-stepping-through-a-joust.ipynb",
    "05-battle-racers-track-tour.ipynb",
    "06-boss-and-solo-modes.ipynb",
    "07-probability-lesson.ipynb",
    "08-monte-carlo-build-comparison.ipynb",
    "09-bot-ladder.ipynb",
    "10-designing-a-boss.ipynb",
]
NOTEBOOKS = sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb"))
CELL_TIMEOUT_S = 120
BINDER = "https://mybinder.org/v2/gh/racerlab/racerlab/HEAD"


def _nbformat():
    """nbformat, imported when a test needs it (its import costs a second or more, which
    every test run would pay at collection even when the notebooks are not selected)."""
    return pytest.importorskip("nbformat")


def _read(name: str):
    return _nbformat().read(NOTEBOOK_DIR / name, as_version=4)


def test_every_planned_notebook_is_present():
    assert NOTEBOOKS == EXPECTED


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_is_committed_without_outputs(name):
    nb = _read(name)
    _nbformat().validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata, "saved widget state: strip it before committing"
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {i} has outputs"
            assert cell.execution_count is None, f"cell {i} has an execution count"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_tells_a_story(name):
    """A title, prose between the code, and no cell that is empty."""
    nb = _read(name)
    assert nb.cells[0].cell_type == "markdown" and nb.cells[0].source.startswith("# ")
    kinds = [c.cell_type for c in nb.cells]
    assert kinds.count("markdown") >= 3 and kinds.count("code") >= 3
    for i, cell in enumerate(nb.cells):
        assert cell.source.strip(), f"cell {i} is empty"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_cleanly(name):
    nb = _read(name)
    nbclient = pytest.importorskip("nbclient")
    client = nbclient.NotebookClient(
        nb,
        kernel_name="python3",
        timeout=CELL_TIMEOUT_S,
        resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
    )
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError on the first failing cell
    elapsed = time.perf_counter() - start
    print(f"\n{name} ran in {elapsed:.0f} s")  # a figure, not a pass mark: speed is benchmarked
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            assert out.output_type != "error", f"cell {i}: {out.get('ename')}"
            if out.output_type == "stream" and out.name == "stderr":
                assert not re.search(r"Warning|Traceback|Error", out.text), (
                    f"cell {i} printed to stderr:\n{out.text}"
                )


def _shingles(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _rulebooks() -> list[Path]:
    # the rulebooks live in the project's shared folder, beside the repository
    for seeds in (REPO / "shared" / "seeds", REPO.parent / "shared" / "seeds"):
        found = sorted(seeds.glob("*rulebook*.txt"))
        if found:
            return found
    return []


def test_notebooks_paraphrase_the_rulebooks():
    """No run of seven words in a notebook or docs/binder.md is copied from a rulebook."""
    books = _rulebooks()
    if not books:
        pytest.skip("the rulebooks (shared/seeds) are not beside this checkout")
    n = 7
    copied = set().union(*(_shingles(b.read_text(encoding="utf-8"), n) for b in books))
    texts = {"docs/binder.md": (REPO / "docs" / "binder.md").read_text(encoding="utf-8")}
    for name in NOTEBOOKS:
        texts[name] = "\n".join(cell.source for cell in _read(name).cells)
    for where, text in texts.items():
        same = _shingles(text, n) & copied
        assert not same, f"{where} repeats rulebook wording: {[' '.join(w) for w in same][:3]}"


def test_docs_describe_every_notebook_with_a_binder_link():
    text = (REPO / "docs" / "binder.md").read_text(encoding="utf-8")
    for name in NOTEBOOKS:
        assert f"{BINDER}?urlpath=lab/tree/notebooks/{name}" in text, name
        assert f"notebooks/{name}" in text


def test_docs_link_every_served_dashboard():
    yaml = pytest.importorskip("yaml")
    config_path = REPO / "jupyter-panel-proxy.yml"
    config = yaml.load(config_path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    text = (REPO / "docs" / "binder.md").read_text(encoding="utf-8")
    served = [app for spec in config["apps"] for app in glob.glob(spec, root_dir=REPO)]
    assert served
    for app in served:
        assert f"{BINDER}?urlpath=panel/{Path(app).stem}" in text, app


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_loads_panel_inline_so_it_draws_offline(name):
    sources = ["".join(c.source) for c in _read(name).cells if c.cell_type == "code"]
    if not any("import panel" in src for src in sources):
        pytest.skip("the notebook shows no Panel output")
    calls = [line for src in sources for line in src.splitlines() if "pn.extension(" in line]
    assert calls, "the notebook never calls pn.extension"
    assert all("inline=True" in line for line in calls), calls
