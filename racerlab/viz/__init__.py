"""Bokeh figures of arenas and tracks, built from game states and events (no Panel).

- :mod:`racerlab.viz.style`: palette, sizes and fonts shared by both games' plots.
- :mod:`racerlab.viz.arena`: the Racer Knights arena (:class:`~racerlab.viz.arena.ArenaPlot`).
- :mod:`racerlab.viz.track`: the Battle Racers track.

Each plot class creates its renderers once and exposes ``figure`` and
``update(state, ...)``, which only replaces ``ColumnDataSource.data``.
"""
