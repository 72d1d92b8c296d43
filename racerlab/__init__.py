"""racerlab: explore tabletop racing games (Racer Knights of Falconus, Sonic Battle Racers).

``import racerlab`` is light: the engines live in :mod:`racerlab.knights` and
:mod:`racerlab.sonic`, the plots in :mod:`racerlab.viz` and the dashboards in
:mod:`racerlab.app`, each imported when used.
"""

from . import games as _games  # noqa: F401  (hands the list of games to the core's registry)
from .core.errors import CatalogError, IllegalActionError, RacerlabError, ScenarioError

__version__ = "0.1.0"

__all__ = ["CatalogError", "IllegalActionError", "RacerlabError", "ScenarioError", "__version__"]
