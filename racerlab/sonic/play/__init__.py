"""The rules of play: what resolving each action does, one concern a module.

:class:`~racerlab.sonic.rules.SonicRules` hands each action to the module of its concern;
one :class:`~.transition.Turn` carries what a transition needs. The map (a newcomer starts
at ``transition.py``, then ``turns.py``):

* ``transition.py``: the private context of one transition (:class:`~.transition.Turn`:
  catalog facts, the mode's hooks, dice, the events being written) and its state changes;
* ``start.py``: setting up a game exactly as the rulebook says;
* ``turns.py``: the turn structure: choosing and revealing cards, the resolution order,
  turns, round ends;
* ``cards.py``: cards and Speed: a card's action, taking a card;
* ``choices.py``: listing the legal actions (with their paths) and checking a chosen one;
* ``moves.py``: paths for the rules (:class:`~.moves.PathFinder`) and walking a move with
  what it sets off (boss hits, track growth, the Finish Line);
* ``growth.py``: laying the track as racers reach its end;
* ``boss.py``: the boss in a boss or solo game: setting it up, its card each round, being
  damaged, crossing the line;
* ``results.py``: crossing the Finish Line, ending the game, naming the winners;
* ``variants.py``: race, boss and solo as small variant objects overriding the few hooks
  where a mode plays differently (which boss races, what damage without rings means, who
  wins), and :func:`~.variants.variant_for`, the one table of them;
* ``solo.py``: solo's own rules: losing on damage without rings, and the rank table;
* ``event_names.py``: the printed names on a transition's events, for the log.

This package imports ``racerlab.core``, the top-level vocabulary modules (``track.py``,
``rounds.py``, ``options.py``, ``setup.py``, ``state.py``, ``actions.py``, ``events.py``),
``board/``, ``movement/``, ``catalog/`` and ``effects/``; of the rest of the game only
``rules.py``, ``director.py`` and ``queries.py`` import it. Within it, ``transition.py``
declares the hooks the variants answer (:class:`~.transition.ModeHooks`), so no rule imports
a variant but through :func:`~.variants.variant_for`.
"""
