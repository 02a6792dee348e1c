"""Reading a province map for an area game, passed in from above.

Rule sets sit below the Tiled layer, so they cannot read a ``.tmx`` themselves. The program's top layer (the
command line, the window) passes a reader in with :func:`use_province_map_reader`, as pytmx takes an image
loader; a rule set then calls :func:`read_province_map`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a reader: path -> (map name, powers, abbreviation -> the province's properties with ``name``); it raises
#: ``kriegsspiel.errors.UserError`` naming the file for a map that cannot be used
ProvinceMapReader = Callable[[str], tuple[str, tuple[str, ...], dict[str, dict[str, Any]]]]

_readers: list[ProvinceMapReader] = []


def use_province_map_reader(reader: ProvinceMapReader) -> None:
    """Make ``reader`` the one :func:`read_province_map` uses (the last one given wins)."""
    _readers[:] = [reader]


def read_province_map(path: str) -> tuple[str, tuple[str, ...], dict[str, dict[str, Any]]]:
    """The province map at ``path`` as (map name, powers, properties by abbreviation).

    Raises LookupError when no reader was passed in (a program that never reads Tiled maps), and whatever
    the reader raises for a map that cannot be used.
    """
    if not _readers:
        raise LookupError("no province-map reader: this program cannot read Tiled province maps")
    return _readers[0](path)
