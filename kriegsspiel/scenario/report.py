"""Findings of one scenario file as they are collected (with line numbers from the key scan), and the
small checks every table shares: value types, unknown keys, arrays of tables."""
from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from typing import Any

from kriegsspiel.findings import Finding
from kriegsspiel.scenario.toml_lines import KeyLines


KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "": ("scenario", "sides", "players", "unit_names", "units", "victory", "overrides"),
    "scenario": ("name", "map", "ruleset", "seed", "first_side", "fog_of_war", "air_theatre", "rounds",
                 "description"),
    "sides": ("name", "colour", "warheads", "briefing"),
    "players": ("name", "side", "units"),
    "units": ("id", "type", "side", "at", "heading", "health", "hidden", "aboard", "airborne"),
    "victory": ("side", "kind", "zone", "by_round", "score"),
}


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

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def is_int(value: Any) -> bool:
    """True for a whole number (TOML integer), not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """True for a finite number (integer or float), not a boolean."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) and math.isfinite(value)


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


def table_list(report: Report, data: Mapping[str, Any], name: str) -> list[tuple[int, dict[str, Any]]]:
    """The entries of an array of tables (``[[name]]``) as (index, table); a wrong shape is a finding."""
    value = data.get(name, [])
    if not isinstance(value, list):
        report.add(name, None, None, f"must be an array of tables ([[{name}]] headers), not {type_name(value)}")
        return []
    result = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            report.add(name, i, None, f"must be a table, not {type_name(item)}")
            continue
        check_unknown_keys(report, name, i, item)
        result.append((i, item))
    return result
