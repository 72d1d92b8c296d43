"""Served script: the Racer Knights dashboard (``panel serve .../apps/knights.py``)."""

from racerlab.app.apps import is_served

if is_served(__name__):
    from racerlab.app import knights_app

    knights_app(template=True).servable(title="Racer Knights of Falconus")
