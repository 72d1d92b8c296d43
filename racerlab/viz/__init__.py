"""Bokeh figures of arenas and tracks, built from game states and events (no Panel).

- :mod:`racerlab.viz.style`: palette, sizes and fonts shared by both games' plots.
- :mod:`racerlab.viz.sources`: named data sources, numeric columns and legends, shared.
- :mod:`racerlab.viz.arena`: the Racer Knights arena (:class:`~racerlab.viz.arena.ArenaPlot`),
  drawn by ``arena_layers`` (one source and renderer per kind of mark) from the columns of
  ``arena_table``, ``arena_racers``, ``arena_arc`` and ``arena_overlays``; ``arena_facts``
  holds what it reads off a state, ``arena_labels`` places its labels.
- :mod:`racerlab.viz.label_placer`: a small, generic placer of labels that never collide.
- :mod:`racerlab.viz.track`: the Battle Racers track (:class:`~racerlab.viz.track.TrackPlot`),
  drawn by ``track_layers`` from the columns of ``track_terrain``, ``track_tokens`` and
  ``track_path``; ``track_style`` holds its sizes, colours and coordinates.
- :mod:`racerlab.viz.editing`: drag handles for the position editor, font scaling.
- :mod:`racerlab.viz.arena_notes`: the arena's overlays by name, and why one may draw nothing;
  :mod:`racerlab.viz.track_labels`: every text of the track plot, placed so none collide.
- :mod:`racerlab.viz.odds_charts` (exact-odds bar charts) and
  :mod:`racerlab.viz.balance_plots` (figures of balance runs);
  :mod:`racerlab.viz.simulation_charts`: the distributions behind a simulation's rates
  (places, Glory or rings, rounds, the boss's damage) with their intervals.
- :mod:`racerlab.viz.class_answers`: a class's answers to a question beside the exact
  answer (one figure, built on reveal).
- :mod:`racerlab.viz.result_note`: the end of a game written over the board (one label).

Each plot class creates its renderers once and exposes ``figure`` and
``update(state, ...)``, which only replaces ``ColumnDataSource.data``; the columns
come from plain functions of the state, so they can be read and tested alone.
"""
