"""Tiled custom properties: which types we can read, and reading them from our XML tree."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kriegsspiel.tmx.limits import MAX_INT_PROPERTY, finite_in, whole_in
from kriegsspiel.tmx.xmltree import Node

#: Property types read as one value. Class and list properties (Tiled 1.8+, 1.11+) hold nested properties;
#: the rules read none, so they are skipped rather than refused.
PLAIN_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
NESTED_TYPES = ("class", "list")


class PropertyValueError(ValueError):
    """A property's value does not parse as its declared type."""


def parse_bool(text: str) -> bool:
    """Tiled writes bools as "true"/"false"; accept the usual spellings as pytmx does.

    Raises PropertyValueError for anything else.
    """
    folded = text.strip().lower()
    if folded in ("true", "1", "yes", "y", "t"):
        return True
    if folded in ("false", "0", "no", "n", "f", ""):
        return False
    raise PropertyValueError(f"{text!r} is not true or false")


def cast_property(kind: str, text: str) -> Any:
    """Cast a property's text to its Tiled type (``kind`` one of :data:`PLAIN_TYPES`).

    Raises PropertyValueError when the text does not parse.
    """
    if kind in ("int", "object"):
        value = whole_in(text or ("0" if kind == "object" else ""), 0 if kind == "object" else -MAX_INT_PROPERTY,
                         MAX_INT_PROPERTY)
        if value is None:
            beyond = whole_in(text, -10**20, 10**20) is not None
            raise PropertyValueError(f"{text[:40]!r} is not a valid {kind}" + (
                f" (beyond {MAX_INT_PROPERTY:,} either way)" if beyond else ""))
        return value
    if kind == "float":
        number = finite_in(text, 1e300)
        if number is None:
            raise PropertyValueError(f"{text[:40]!r} is not a valid float" + (
                " (not a finite number)" if text.strip().lower().lstrip("+-") in ("inf", "infinity", "nan") else ""))
        return number
    if kind == "bool":
        return parse_bool(text)
    return text


def property_nodes(node: Node) -> Iterator[Node]:
    """The ``<property>`` children of ``node``'s ``<properties>``."""
    for group in node.findall("properties"):
        yield from group.findall("property")


def property_text(prop: Node) -> str:
    """A property's value: the ``value`` attribute, or its text for multi-line strings."""
    value = prop.get("value")
    return value if value is not None else prop.text


def read_properties(node: Node) -> dict[str, Any]:
    """The custom properties of ``node`` as Python values; class and list properties are left out, and a value
    that does not parse as its type is kept as text (the map reader has reported it)."""
    result: dict[str, Any] = {}
    for prop in property_nodes(node):
        name = prop.get("name") or ""
        kind = prop.get("type", "string") or "string"
        if kind in NESTED_TYPES:
            continue
        try:
            result[name] = cast_property(kind, property_text(prop))
        except PropertyValueError:
            result[name] = property_text(prop)
    return result
