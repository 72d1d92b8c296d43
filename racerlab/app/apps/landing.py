"""Served script: the racerlab landing page linking every dashboard."""

from racerlab.app.apps import is_served

if is_served(__name__):
    from racerlab.app import landing_app

    landing_app(template=True).servable(title="racerlab")
