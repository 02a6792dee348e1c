"""Reading one TOML table of a rule set: typed getters whose errors name the file, the table and the key.

Rule-set packages use :class:`Table` for the tables only they read (``[combat]`` of Ruleset V3).
"""
from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.ruleset._model import NONE, RuleBookError


class Table:
    """One TOML table being read: typed getters that raise RuleBookError naming the source, table and key."""

    def __init__(self, source: str, name: str, data: Any, allowed: tuple[str, ...] | None = None, *,
                 unknown: str = "key", listing: tuple[str, ...] | None = None,
                 hints: Mapping[str, str] | None = None) -> None:
        self.source = source
        self.name = name
        if not isinstance(data, dict):
            raise self.whole_table_error(f"expected a table, got {describe_value(data)}")
        self.data: dict[str, Any] = data
        if allowed is not None:
            for key in data:
                if key in allowed:
                    continue
                if hints and key in hints:
                    raise self.error(key, hints[key])
                raise self.error(key, f"unknown {unknown}; " + suggest(key, listing or allowed, f"known {unknown}s"))

    def whole_table_error(self, problem: str) -> RuleBookError:
        parent, _, key = self.name.rpartition(".")
        return RuleBookError(self.source, parent, key, problem)

    def error(self, key: str | None, problem: str) -> RuleBookError:
        """A RuleBookError for ``key`` of this table."""
        return RuleBookError(self.source, self.name, key, problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, kind: str) -> Any:
        if key not in self.data:
            if kind == "table":
                raise self.error(key, f"missing; add a [{_join(self.name, key)}] table")
            raise self.error(key, f"missing; add {key} = <{kind}>")
        return self.data[key]

    def string(self, key: str) -> str:
        value = self.raw(key, "text")
        if not isinstance(value, str):
            raise self.error(key, f"expected text in quotes, got {describe_value(value)}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.raw(key, "true or false")
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {describe_value(value)}")
        return value

    def integer(self, key: str, *, minimum: int = 0) -> int:
        value = self.raw(key, "integer")
        return self._check_integer(key, value, "integer", minimum)

    def integer_or_none(self, key: str, *, minimum: int = 0) -> int | None:
        kind = f'integer or "{NONE}"'
        value = self.raw(key, kind)
        return None if value == NONE else self._check_integer(key, value, kind, minimum)

    def number(self, key: str, *, minimum: float = 0.0) -> float:
        value = self.raw(key, "number")
        return self._check_number(key, value, "number", minimum)

    def number_or_none(self, key: str, *, minimum: float = 0.0) -> float | None:
        kind = f'number or "{NONE}"'
        value = self.raw(key, kind)
        return None if value == NONE else self._check_number(key, value, kind, minimum)

    def _check_integer(self, key: str, value: Any, kind: str, minimum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected an {kind}, got {describe_value(value)}")
        if value < minimum:
            raise self.error(key, f"must be at least {minimum}, got {value}")
        return value

    def _check_number(self, key: str, value: Any, kind: str, minimum: float) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(key, f"expected a {kind}, got {describe_value(value)}")
        if not math.isfinite(value):
            raise self.error(key, f"expected a finite {kind}, got {describe_value(value)}")
        if value < minimum:
            raise self.error(key, f"must be at least {minimum:g}, got {value:g}")
        return float(value)

    def table(self, key: str, allowed: tuple[str, ...] | None = None, *, unknown: str = "key",
              listing: tuple[str, ...] | None = None, hints: Mapping[str, str] | None = None) -> Table:
        self.raw(key, "table")
        return Table(self.source, _join(self.name, key), self.data[key], allowed,
                      unknown=unknown, listing=listing, hints=hints)

    def optional_table(self, key: str, allowed: tuple[str, ...] | None = None) -> Table:
        if key not in self.data:
            return Table(self.source, _join(self.name, key), {}, allowed)
        return self.table(key, allowed)


def _join(table: str, key: str) -> str:
    return f"{table}.{key}" if table else key


def describe_value(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value:g}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def suggest(key: str, known: tuple[str, ...] | list[str], what: str) -> str:
    close = difflib.get_close_matches(key, list(known), n=1)
    listing = f"{what}: {', '.join(known)}"
    return f"did you mean {close[0]!r}? {listing}" if close else listing
