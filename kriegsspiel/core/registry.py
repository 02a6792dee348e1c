"""Finding the installed rule sets: the entry-point group ``kriegsspiel.rulesets``.

A rule set is a package that publishes one object (a :class:`kriegsspiel.core.plugin.RuleSet`) under the
entry-point group ``kriegsspiel.rulesets``; the two shipped ones are declared in the program's own
``pyproject.toml``, and a rule set published as its own pip package appears once it is installed beside the
program (as pytest finds its plugins). Nothing here imports a rule set by name: the core knows rule sets only
through the objects the entry points give. A rule set's entry point bears its name (``modern-4e = ...``).

Nothing a rule set gives is written into a table of the program: a game asks its own rule set (found here by
name, :func:`find`) for its rules object, and two games of different rule sets in one process never see each
other's orders or handlers. A rule set is loaded (imported) the first time something asks for it by name,
once per process, and no other with it: a command on one game imports that game's rule set alone. The
listings (``kriegsspiel rules``, the commands rule sets add) load them all (:func:`installed`). A rule set
that fails to load is reported once, on stderr, by its name and entry point, and the others keep working;
:func:`failures` lists them for ``kriegsspiel rules``.

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
#: the commands a rule set adds to ``kriegsspiel`` (``battle = "pkg.plugin:RULESET"``, the value of its entry
#: point in :data:`GROUP`), so that running one imports that rule set alone; a command not declared here is
#: still found, by loading every rule set
COMMANDS_GROUP = "kriegsspiel.commands"

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
_all_loaded = False
_entry_points_found: list[metadata.EntryPoint] | None = None
_tried: set[tuple[str, str]] = set()
_rulesets: dict[str, Installable] = {}
_sources: dict[str, str] = {}
_failures: list[LoadFailure] = []


def ensure_loaded() -> None:
    """Load every rule set of the entry-point group, once per process (thread-safe): what the listings need
    (``kriegsspiel rules``, the commands rule sets add). A game needs only its own: :func:`find`.

    Never raises for a broken rule set: it is reported once on stderr and listed by :func:`failures`.
    """
    global _all_loaded
    if _all_loaded:
        return
    with _lock:
        if _all_loaded:
            return
        _all_loaded = True  # before loading: a rule set whose import asks for another must not recurse
        for entry_point in _entry_points():
            _load_one(entry_point)


def _entry_points() -> list[metadata.EntryPoint]:
    global _entry_points_found
    if _entry_points_found is None:
        found = metadata.entry_points(group=GROUP)
        # the same entry point can be listed twice (an editable install beside a built one): keep the first
        unique: dict[tuple[str, str], metadata.EntryPoint] = {}
        for entry_point in found:
            unique.setdefault((entry_point.name, entry_point.value), entry_point)
        _entry_points_found = sorted(unique.values(), key=lambda e: (e.name, e.value))
    return _entry_points_found


def _load_one(entry_point: metadata.EntryPoint) -> None:
    """Import the rule set of ``entry_point`` and build its rules, once per process; a failure is reported."""
    key = (entry_point.name, entry_point.value)
    if key in _tried:
        return
    _tried.add(key)
    where = f"{entry_point.name} = {entry_point.value}"
    try:
        ruleset = entry_point.load()
        name = getattr(ruleset, "name", None)
        if not isinstance(name, str) or not name:
            raise TypeError(f"{entry_point.value} is not a rule set (it has no name)")
        if name != entry_point.name:
            # a game finds its rule set by the entry point's name alone (importing no other rule set)
            raise ValueError(f"{entry_point.value} is named {name!r}: publish it under that name")
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


def _load_named(name: str) -> None:
    """Load the rule sets published under the entry-point name ``name`` (no other rule set is imported)."""
    if _all_loaded:
        return
    with _lock:
        for entry_point in _entry_points():
            if entry_point.name == name:
                _load_one(entry_point)


def load_for_command(command: str) -> None:
    """Load the rule set that declares it adds the command ``command`` (:data:`COMMANDS_GROUP`), that one only;
    every rule set when none declares it."""
    declared = {entry_point.value for entry_point in metadata.entry_points(group=COMMANDS_GROUP)
                if entry_point.name == command}
    with _lock:
        matching = [entry_point for entry_point in _entry_points() if entry_point.value in declared]
        for entry_point in matching:
            _load_one(entry_point)
    if not matching:
        ensure_loaded()


def loaded() -> dict[str, Installable]:
    """The rule sets loaded so far, by name (loads none)."""
    return dict(_rulesets)


def installed() -> dict[str, Installable]:
    """The rule sets that loaded, by name, in the order they were loaded."""
    ensure_loaded()
    return dict(_rulesets)


def find(name: str) -> Installable | None:
    """The rule set called ``name``, or None: the first call imports the rule set published under that
    entry-point name, and that one only (cheap after: a game asks on every order). One that fails to load is
    reported then, by name, and is None."""
    found = _rulesets.get(name)
    if found is None:
        _load_named(name)
        found = _rulesets.get(name)
    return found


def source(name: str) -> str:
    """The entry point a loaded rule set came from (``"modern-4e = kriegsspiel.rulesets.modern_4e:RULESET"``)."""
    _load_named(name)
    return _sources[name]


def failures() -> list[LoadFailure]:
    """The rule sets of the entry-point group that failed to load, each once."""
    ensure_loaded()
    return list(_failures)
