"""Sonic the Hedgehog: Battle Racers: track, cards, rules engine, modes and bots."""
