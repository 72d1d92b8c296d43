"""Every cache of the engines belongs to an object and is keyed by value.

A racer worked out from a build is kept in its catalog's memo, a Battle Racers options
object keeps its own movement rulings, a track its own terrain tables, a line of boards
its bots' quick values: none in a module-wide dict keyed by an object's ``id``. So two
equal values share an answer, a cache never holds more than its bound, an object's cache
goes when the object goes, and playing a game leaves no module-wide mapping larger.
"""

from __future__ import annotations

import gc
import sys
import weakref
from dataclasses import replace

import numpy as np

from racerlab.core.memo import BoundedDict
from racerlab.knights import KnightsRules
from racerlab.knights import random_setup as knights_setup
from racerlab.knights.bots import greedy_bot as knights_greedy
from racerlab.knights.catalog import KnightsCatalog, load_catalog
from racerlab.knights.draft import racer_of, table_for
from racerlab.knights.state import KnightsSetup
from racerlab.sonic import SonicRules
from racerlab.sonic import random_setup as sonic_setup
from racerlab.sonic.board import Board, RacerToken
from racerlab.sonic.bots.smart import smart_bot
from racerlab.sonic.movement import paths
from racerlab.sonic.movement.vocabulary import Movement
from racerlab.sonic.options import Mode, SonicOptions
from racerlab.sonic.track import Section, SectionType, Track, Zone


def _copy(catalog: KnightsCatalog) -> KnightsCatalog:
    return KnightsCatalog(dict(catalog.parts), dict(catalog.racers), catalog.table)


def _gone(ref: weakref.ref) -> bool:
    gc.collect()
    return ref() is None


def test_a_racer_is_kept_by_value_in_its_own_catalog():
    catalog = _copy(load_catalog())
    build = next(iter(catalog.racers.values()))
    first = racer_of(build, (("armor", 1),), catalog)
    twin = replace(build)  # equal, another object
    assert twin is not build and racer_of(twin, (("armor", 1),), catalog) is first
    assert catalog.memo[(build, (("armor", 1),))] is first
    other = _copy(catalog)  # equal cards, another catalog: its own memo, its own answer
    assert racer_of(build, (("armor", 1),), other) is not first
    assert racer_of(build, (("armor", 1),), other) == first


def test_a_catalogs_memo_never_grows_past_its_bound_and_answers_stay_right():
    catalog = _copy(load_catalog())
    catalog.memo = BoundedDict(3)
    build = next(iter(catalog.racers.values()))
    plain = build.resolve(catalog).stats.armor
    for n in range(10):
        assert racer_of(build, (("armor", n),), catalog).stats.armor == plain + n
        assert len(catalog.memo) <= 3


def test_a_catalog_and_its_memo_go_when_the_catalog_goes():
    catalog = _copy(load_catalog())
    build = next(iter(catalog.racers.values()))
    racer_of(build, (), catalog)
    table_for(KnightsSetup((), (), (), 12.0, 9.0), catalog)
    assert ("table", 12.0, 9.0) in catalog.memo
    ref = weakref.ref(catalog)
    del catalog
    assert _gone(ref), "a module-wide cache still holds the catalog"


def test_equal_options_have_equal_movement_rulings_and_keep_them_themselves():
    a, b = SonicOptions(water_sets_speed=True), SonicOptions(water_sets_speed=True)
    assert a is not b and a.move_rules == b.move_rules
    assert a.move_rules is a.move_rules
    assert SonicOptions().move_rules != a.move_rules  # another ruling, other rules
    assert a.move_rules.water_sets_speed is True
    ref = weakref.ref(a)
    del a
    assert _gone(ref), "a module-wide cache still holds the options"


def test_a_tracks_terrain_tables_are_its_own_and_go_with_it():
    section = Section.from_grid("s", "S", Zone.BASE, SectionType.STRAIGHT, ["0.. 1x. 0.."] * 5)
    board = Board.new(Track((section,))).with_racer(RacerToken("sonic", 0, 2, speed=3))
    found = paths(board, (0, 2), 3, Movement.RUN)
    assert found and board.track.memo, "the walk kept its terrain tables on the track"
    assert len(board.track.memo) <= board.track.memo.maxsize
    ref = weakref.ref(board.track)
    del board
    assert _gone(ref), "a module-wide cache still holds the track"


def test_a_bounded_dict_empties_before_it_grows_past_its_bound():
    memo = BoundedDict(4)
    for n in range(20):
        assert memo.put(n, n * n) == n * n
        assert len(memo) <= 4 and memo[n] == n * n
    memo.put(19, 0)  # a key it holds: replaced, nothing dropped
    assert len(memo) == 4 and memo[16] == 256


def _module_mappings() -> dict[str, int]:
    """The size of every module-wide dict, list or set of the engines."""
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith(("racerlab.knights", "racerlab.sonic", "racerlab.core")):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, (dict, list, set)) and not attr.startswith("__"):
                out[f"{name}.{attr}"] = len(value)
    return out


def _play_sonic(seed: int) -> None:
    rules = SonicRules()
    state = rules.initial_state(sonic_setup(seed, players=3, mode=Mode.BOSS), None, seed)
    rng = np.random.default_rng(seed)
    for _ in range(60):
        if rules.is_over(state):
            break
        state = rules.apply(state, smart_bot(state, rules, rng)).state


def _play_knights(seed: int) -> None:
    catalog = _copy(load_catalog())  # a fresh catalog each game, as a page's upload makes
    rules = KnightsRules(catalog=catalog)
    state = rules.initial_state(knights_setup(3, seed, catalog=catalog), None, seed)
    rng = np.random.default_rng(seed)
    for _ in range(60):
        if rules.is_over(state):
            break
        state = rules.apply(state, knights_greedy(state, rules, rng)).state


def test_playing_games_leaves_no_module_wide_mapping_larger():
    # the same games twice, with new objects: what a module keeps by code shape (copy
    # functions by class, flat coordinates as long as the longest track) is already there
    _play_sonic(1)
    _play_knights(1)
    before = _module_mappings()
    _play_sonic(1)
    _play_knights(1)
    after = _module_mappings()
    grown = {k: (before.get(k, 0), n) for k, n in after.items() if n > before.get(k, 0)}
    assert grown == {}, f"module-wide mappings that grew with new games: {grown}"
