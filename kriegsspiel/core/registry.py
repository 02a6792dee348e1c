"""Finding the installed rule sets: the entry-point group ``kriegsspiel.rulesets``.

A rule set is a package that publishes one object (a :class:`kriegsspiel.core.plugin.RuleSet`) under the
entry-point group ``kriegsspiel.rulesets``; the two shipped ones are declared in the program's own
``pyproject.toml``, and a rule set published as its own pip package appears once it is installed beside the
program (as pytest finds its plugins). Nothing here imports a rule set by name: the core knows rule sets only
through the objects the entry points give.

Nothing a rule set gives is written into a table of the program: a game asks its own rule set (found here by
name, :func:`find`) for its rules object, and two games of different rule sets in one process never see each
other's orders or handlers. The rule sets are loaded (imported) the first time anything asks, once per
process. A rule set that fails to load is reported once, on stderr, by its name and entry point, and the
others keep working; :func:`failures` lists them for ``kriegsspiel rules``.

This module imports the standard library only, so every layer may read the registries.
"""
from __future__ import annotations

import sys
import threading
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Protocol

#: the entry-point group rule-set packages publish their object under
GROUP = "kriegsspiel.rulesets"

class Installable(Protocol):
    """What the registry needs of a rule-set object: its name and the rules its games are played by (the full
    interface is :class:`kriegsspiel.core.plugin.RuleSet`)."""

    name: str

    def rules(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class LoadFailure:
    """A rule set that could not be loaded: its entry point and why (one line)."""

    name: str
    entry_point: str
    problem: str

    def describe(self) -> str:
        """One line for the umpire: which rule set, where it comes from, what went wrong."""
        return f"rule set {self.name!r} (entry point {self.entry_point}) failed to load: {self.problem}"


_lock = threading.RLock()
_loaded = False
_rulesets: dict[str, Installable] = {}
_sources: dict[str, str] = {}
_failures: list[LoadFailure] = []


def ensure_loaded() -> None:
    """Load every rule set of the entry-point group, once per process (thread-safe).

    Never raises for a broken rule set: it is reported once on stderr and listed by :func:`failures`.
    """
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        _loaded = True  # before loading: a rule set whose import asks for another must not recurse
        for entry_point in _entry_points():
            _load_one(entry_point)


def _entry_points() -> list[metadata.EntryPoint]:
    found = metadata.entry_points(group=GROUP)
    # the same entry point can be listed twice (an editable install beside a built one): keep the first
    unique: dict[tuple[str, str], metadata.EntryPoint] = {}
    for entry_point in found:
        unique.setdefault((entry_point.name, entry_point.value), entry_point)
    return sorted(unique.values(), key=lambda e: (e.name, e.value))


def _load_one(entry_point: metadata.EntryPoint) -> None:
    where = f"{entry_point.name} = {entry_point.value}"
    try:
        ruleset = entry_point.load()
        name = getattr(ruleset, "name", None)
        if not isinstance(name, str) or not name:
            raise TypeError(f"{entry_point.value} is not a rule set (it has no name)")
        if name in _rulesets:
            raise ValueError(f"the name {name!r} is taken by {_sources[name]}")
        if not callable(getattr(ruleset, "rules", None)):
            raise TypeError(f"{entry_point.value} is not a rule set (it has no rules())")
        ruleset.rules()  # a rule set whose rules cannot be built is reported here, not in the middle of a game
    except Exception as exc:  # any error in someone else's package: report it, keep the others
        failure = LoadFailure(entry_point.name, where, f"{type(exc).__name__}: {exc}")
        _failures.append(failure)
        print(f"kriegsspiel: {failure.describe()}; the other rule sets work", file=sys.stderr)
        return
    _rulesets[name] = ruleset
    _sources[name] = where


def installed() -> dict[str, Installable]:
    """The rule sets that loaded, by name, in the order they were loaded."""
    ensure_loaded()
    return dict(_rulesets)


def find(name: str) -> Installable | None:
    """The loaded rule set called ``name``, or None (cheap: a game asks on every order)."""
    if not _loaded:
        ensure_loaded()
    return _rulesets.get(name)


def source(name: str) -> str:
    """The entry point a loaded rule set came from (``"modern-4e = kriegsspiel.rulesets.modern_4e:RULESET"``)."""
    ensure_loaded()
    return _sources[name]


def failures() -> list[LoadFailure]:
    """The rule sets of the entry-point group that failed to load, each once."""
    ensure_loaded()
    return list(_failures)
