"""Attacks in a joust: who can be reached, Fire and Ram, the Valor bidding, the roll, the hit.

Start with ``attacks.py``: what the rules engine calls for a Fire or a Ram. The package
gives no names of its own; import each from its module.

- ``attacks.py``: firing and ramming, checked and paid for, then the Valor bidding
  (attacker and target add Valor in turn) until the attack resolves.
- ``targeting.py``: who a weapon or a Ram can reach: firing arcs, weapon range, the
  facing sides, and the checks on a named target or side (cheap first looks for bots).
- ``attack_roll.py``: the attack roll (Strength and Armor by their named parts, the side
  hit, two dice) and what a hit does (Evasive, Damage Prevention, a Ram's loss and recoil,
  Bounce, Spin, Slow, Weakness); ``resolve_attack`` serves the game and every odds query.

May import: :mod:`racerlab.core`, the engine's vocabulary and working form (``parts``,
``build``, ``actions``, ``events``, ``options``, ``state``, ``draft``), ``geometry``,
``joust`` (Durability lost, wrecks) and ``movement`` (a Ram's run, Bounce). Never the rules
engine, ``queries`` or the bots, which use this package.
"""
