"""Served script: the Battle Racers dashboard (``panel serve .../apps/sonic.py``)."""

from racerlab.app.apps import is_served

if is_served(__name__):
    from racerlab.app import sonic_app

    sonic_app(template=True).servable(title="Sonic the Hedgehog: Battle Racers")
