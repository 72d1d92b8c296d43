"""Sphinx settings for the racerlab site: a user's guide and a history, built offline.

``python -m sphinx -W -b html docs docs/_build/html``. The tutorials are the notebooks in
``notebooks/`` (reached through the ``notebooks-src`` link), executed by myst-nb through its
cache (``docs/.jupyter_cache``, kept between builds); the API pages come from the docstrings.
Nothing is fetched from the network: no intersphinx, no CDN, Bokeh and Panel resources inline.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "_ext"))
# notebook kernels are separate processes: they find racerlab through PYTHONPATH
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)

project = "racerlab"
author = "racerlab"
copyright = "racerlab contributors"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "racerlab_help",
]
exclude_patterns = [
    "_build",
    "jupyter_execute",
    "**.ipynb_checkpoints",
    ".jupyter_cache",
    "screenshots",
    "_ext",
]
# .rst first: autosummary writes its generated API pages with the first suffix, in rST
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

nb_execution_mode = "cache"
nb_execution_cache_path = str(HERE / ".jupyter_cache")
nb_execution_raise_on_error = True
nb_execution_timeout = 600
nb_ipywidgets_js = {}

autosummary_generate = True
# each object on the page of the module that defines it (a package's re-exports are listed
# in its map, not documented twice)
autodoc_default_options = {"members": True, "ignore-module-all": True}
autodoc_typehints = "none"
napoleon_numpy_docstring = True
napoleon_preprocess_types = True

nitpicky = False
suppress_warnings = [
    "mystnb.unknown_mime_type",
    # docstrings name sibling modules by their short name (:mod:`~.actions`), which both games
    # have: Sphinx then reports the second game's module as a second candidate
    "ref.python",
]

html_theme = "pydata_sphinx_theme"
html_title = "racerlab"
html_theme_options = {
    "check_switcher": False,
    "show_version_warning_banner": False,
    "primary_sidebar_end": [],
    "navigation_with_keys": False,
    "icon_links": [],
}
html_static_path: list[str] = []
