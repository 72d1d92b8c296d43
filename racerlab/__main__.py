"""``python -m racerlab``: the same as the ``racerlab`` command."""

from .cli import main

raise SystemExit(main())
