"""Scripts that ``panel serve`` and jupyter-panel-proxy can serve (one fresh app per session).

The scripts: ``landing``, ``knights`` and ``sonic``.

``panel serve racerlab/app/apps/landing.py racerlab/app/apps/knights.py`` or, in
``jupyter-panel-proxy.yml``, ``apps: [racerlab/app/apps/landing.py, ...]``. The
scripts only build their page when run as a served script, never on import.
"""


def is_served(module_name: str) -> bool:
    """Whether a module runs as a served script (``panel serve`` / bokeh) or as ``__main__``.

    >>> is_served("bokeh_app_3f2a"), is_served("__main__"), is_served("racerlab.app.apps.knights")
    (True, True, False)
    """
    return module_name == "__main__" or module_name.startswith("bokeh_app")
