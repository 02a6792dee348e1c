"""The error a map raises when it cannot be used."""
from __future__ import annotations

from kriegsspiel.errors import UserError


class MapError(UserError):
    """A Tiled map cannot be read or breaks the conventions (docs/authoring.md).

    The message is one line: ``FILE[:LINE]: what is wrong; what to do in Tiled``. ``exit_code`` is 2.
    """
