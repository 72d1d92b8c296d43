"""Racer Knights of Falconus: catalog, geometry, rules engine and bots."""
