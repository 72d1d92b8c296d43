"""Bokeh figures of arenas and tracks, built from game states and events (no Panel)."""
