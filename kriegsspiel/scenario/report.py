"""Findings of one scenario file as they are collected (with line numbers from the key scan), and the
small checks every table shares: value types, unknown keys, arrays of tables."""
from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from kriegsspiel.border import FieldProblem, SchemaError, convert, convert_table, shown
from kriegsspiel.border.scenario_schema import (
    SCENARIO_TABLES, PlayerEntry, ScenarioHead, SideEntry, UnitEntry, VictoryEntry,
)
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.toml_lines import KeyLines


#: the keys each table knows, from its schema (kriegsspiel.border.scenario_schema)
KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "": SCENARIO_TABLES,
    "scenario": ScenarioHead.__struct_fields__,
    "sides": SideEntry.__struct_fields__,
    "players": PlayerEntry.__struct_fields__,
    "units": UnitEntry.__struct_fields__,
    "victory": VictoryEntry.__struct_fields__,
}


T = TypeVar("T")


def suggest(name: str, known: list[str] | tuple[str, ...]) -> str:
    """`` (did you mean 'x'?)`` for the closest known name, or an empty string."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class Report:
    """Collects findings for one scenario text, with line numbers from the key scan."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.lines = KeyLines.scan(text)
        self.findings: list[Finding] = []

    def add(self, table: str, index: int | None, key: str | None, problem: str, severity: str = "error") -> None:
        where = table if index is None else f"{table}[{index}]"
        if key:
            where = f"{where}.{key}" if where else key
        line = self.lines.line(table, index, key) if table else None
        self.findings.append(Finding(self.source, f"{where}: {problem}", severity, line))

    def elsewhere(self, source: str, problem: str, severity: str = "error", line: int | None = None) -> None:
        """A finding in another file (the map), at ``line`` of it when known."""
        self.findings.append(Finding(source, problem, severity, line))

    @classmethod
    def quiet(cls) -> Report:
        """A report whose findings nobody reads (a table decoded a second time, its findings made already)."""
        return cls("", "")

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def type_name(value: Any) -> str:
    """The kind of a TOML value in words, for messages ("a whole number", "text", ...)."""
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)


def check_unknown_keys(report: Report, table: str, index: int | None, data: Mapping[str, Any]) -> None:
    """Warn about keys a table does not know, with the known ones and the closest match."""
    known = KNOWN_KEYS.get(table)
    if known is None:
        return
    for key in data:
        if key not in known:
            label = "top-level table" if not table else "key"
            report.add(table, index, key, f"unknown {label}; known: {', '.join(known)}{suggest(key, known)}",
                       "warning")


def refuse(report: Report, table: str, index: int | None, problem: FieldProblem, prefix: str = "") -> None:
    """A finding for a key whose value its schema refused: what belongs there and what the file holds."""
    report.add(table, index, problem.key or None, f"{prefix}must be {problem.wanted}, not {shown(problem.value)}")


def read_table(report: Report, table: str, index: int | None, value: Any, schema: type[T],
               prefix: Callable[[T], str] = lambda entry: "") -> tuple[T | None, frozenset[str]]:
    """``value`` (a table of the scenario) decoded as ``schema``: every key the schema refuses is a finding
    (``prefix`` of the decoded entry in front, e.g. "unit 'va1': "), every unknown key a warning. Returns the
    entry (None when ``value`` is no table) and the keys refused."""
    entry, problems = convert_table(value, schema)
    if entry is None:
        where = f"must be a table, not {type_name(value)}"
        report.add(table, index, None, where)
        return None, frozenset()
    check_unknown_keys(report, table, index, value)
    for problem in problems:
        refuse(report, table, index, problem, prefix(entry))
    return entry, frozenset(p.key for p in problems)


def table_list(report: Report, data: Mapping[str, Any], name: str, schema: type[T],
               prefix: Callable[[T], str] = lambda entry: "") -> list[tuple[int, T, frozenset[str]]]:
    """The entries of an array of tables (``[[name]]``) as (index, entry decoded as ``schema``, the keys its
    schema refused); a wrong shape is a finding."""
    try:
        items: list[Any] = convert(data.get(name, []), list[Any], name)
    except SchemaError:
        report.add(name, None, None, f"must be an array of tables ([[{name}]] headers), not "
                   f"{type_name(data.get(name))}")
        return []
    result: list[tuple[int, T, frozenset[str]]] = []
    for i, item in enumerate(items):
        read = read_table(report, name, i, item, schema, prefix)  # unpacked below: mypy would solve T as T | None
        entry, refused = read
        if entry is not None:
            result.append((i, entry, refused))
    return result


def unit_indexes(data: Mapping[str, Any]) -> dict[str, int]:
    """Each ``[[units]]`` id the schema takes -> its index (for findings about a unit found later)."""
    return {entry.id: i for i, entry, _refused in table_list(Report.quiet(), data, "units", UnitEntry)
            if entry.id is not None}
