"""The panels every game's dashboard gets beside its own, declared once.

A game's dashboard ends its ``PANELS`` with ``*COMMON_PANELS``. Adding a panel every
game shows takes two files: the panel's module in this package and one
:class:`~racerlab.app.kit.shell.PanelSpec` line here (plus its test).
"""

from __future__ import annotations

from ..kit.shell import MAIN, PanelSpec
from .classroom import ClassBar, ClassPanel, classroom_for

__all__ = ["COMMON_PANELS"]

COMMON_PANELS: tuple[PanelSpec, ...] = (
    # the class bar is small and always there: it reads the browser's stored teacher secret
    PanelSpec("class_bar", "Class status", lambda d: ClassBar(classroom_for(d)), (), MAIN),
    PanelSpec("classroom", "Class", lambda d: ClassPanel(classroom_for(d)), ()),
)
