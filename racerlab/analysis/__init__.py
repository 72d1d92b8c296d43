"""Exact odds, Monte Carlo simulation and scale-out for both games."""
