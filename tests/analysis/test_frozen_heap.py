"""Simulation leaves the start-up heap out of garbage collection, and gives it back after."""

import gc

from racerlab.analysis.simulate import frozen_heap, simulate


def test_frozen_heap_freezes_while_inside_and_unfreezes_after():
    before = gc.get_freeze_count()
    with frozen_heap():
        assert gc.get_freeze_count() > before
    assert gc.get_freeze_count() == before


def test_simulate_gives_the_heap_back_even_when_stopped_early():
    gc.unfreeze()
    df = simulate("coin-race", games=5, seed=1, progress=False, stop=lambda: True)
    assert len(df) == 0 and gc.get_freeze_count() == 0
