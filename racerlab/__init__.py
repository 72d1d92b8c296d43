"""racerlab: explore tabletop racing games (Racer Knights of Falconus, Sonic Battle Racers).

``import racerlab`` is light: the engines live in :mod:`racerlab.knights` and
:mod:`racerlab.sonic`, the plots in :mod:`racerlab.viz` and the dashboards in
:mod:`racerlab.app`, each imported when used.

The map:

* :mod:`racerlab.core`: the rules-engine core both games stand on (dice, states, timeline).
* :mod:`racerlab.knights` and :mod:`racerlab.sonic`: the two games' engines.
* :mod:`racerlab.analysis`: exact odds, simulation, balance and scale-out.
* :mod:`racerlab.viz`: Bokeh plots of arenas and tracks (no Panel).
* :mod:`racerlab.app`: the Panel dashboards and ``racerlab serve``.
* :mod:`racerlab.games`: the one list of games and where each game's dashboard lives.
* :mod:`racerlab.cli`: the ``racerlab`` command; :mod:`racerlab.cli_args` holds the argument
  checks its subcommands share, :mod:`racerlab.balance_cli` the ``balance`` subcommand,
  :mod:`racerlab.compare_cli` the ``compare`` subcommand, and :mod:`racerlab.__main__` makes
  ``python -m racerlab`` the same command.
"""

from . import games as _games  # noqa: F401  (hands the list of games to the core's registry)
from .core.errors import CatalogError, IllegalActionError, RacerlabError, ScenarioError

__version__ = "0.1.0"

__all__ = ["CatalogError", "IllegalActionError", "RacerlabError", "ScenarioError", "__version__"]
