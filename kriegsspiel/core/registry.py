"""Finding the installed rule sets: the entry-point group ``kriegsspiel.rulesets``.

A rule set is a package that publishes one object (a :class:`kriegsspiel.core.plugin.RuleSet`) under the
entry-point group ``kriegsspiel.rulesets``; the two shipped ones are declared in the program's own
``pyproject.toml``, and a rule set published as its own pip package appears once it is installed beside the
program (as pytest finds its plugins). Nothing here imports a rule set by name: the core knows rule sets only
through the objects the entry points give.

The tables that rule sets add to (the orders, their parsers, events, manual pages, handlers) are
:class:`LazyRegistry` values: the first time anything reads one, every installed rule set is loaded and
installed, once per process. A rule set that fails to load is reported once, on stderr, by its name and
entry point, and the others keep working; :func:`failures` lists them for ``kriegsspiel rules``.

This module imports the standard library only, so every layer may read the registries.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Protocol, TypeVar

#: the entry-point group rule-set packages publish their object under
GROUP = "kriegsspiel.rulesets"

K = TypeVar("K")
V = TypeVar("V")


class Installable(Protocol):
    """What the registry needs of a rule-set object: its name and a way to add itself to the core's tables
    (the full interface is :class:`kriegsspiel.core.plugin.RuleSet`)."""

    name: str

    def install(self) -> None: ...


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
    """Load and install every rule set of the entry-point group, once per process (thread-safe).

    Never raises for a broken rule set: it is reported once on stderr and listed by :func:`failures`.
    """
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        _loaded = True  # before installing: an installer that reads a registry must not recurse
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
        if not callable(getattr(ruleset, "install", None)):
            raise TypeError(f"{entry_point.value} is not a rule set (it has no install())")
        ruleset.install()
    except Exception as exc:  # any error in someone else's package: report it, keep the others
        failure = LoadFailure(entry_point.name, where, f"{type(exc).__name__}: {exc}")
        _failures.append(failure)
        print(f"kriegsspiel: {failure.describe()}; the other rule sets work", file=sys.stderr)
        return
    _rulesets[name] = ruleset
    _sources[name] = where


def installed() -> dict[str, Installable]:
    """The rule sets that loaded, by name, in the order they were installed."""
    ensure_loaded()
    return dict(_rulesets)


def source(name: str) -> str:
    """The entry point a loaded rule set came from (``"modern-4e = kriegsspiel.rulesets.modern_4e:RULESET"``)."""
    ensure_loaded()
    return _sources[name]


def failures() -> list[LoadFailure]:
    """The rule sets of the entry-point group that failed to load, each once."""
    ensure_loaded()
    return list(_failures)


class LazyRegistry(dict[K, V]):
    """A dict the rule sets add to: reading it first loads every installed rule set (:func:`ensure_loaded`).

    Writing does not load anything, so a rule set's installer can fill it while the rule sets are loading.
    """

    def _ready(self) -> None:
        if not _loaded:
            ensure_loaded()

    def __getitem__(self, key: K) -> V:
        self._ready()
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._ready()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[K]:
        self._ready()
        return super().__iter__()

    def __len__(self) -> int:
        self._ready()
        return super().__len__()

    def get(self, key: K, default: Any = None) -> Any:
        self._ready()
        return super().get(key, default)

    def keys(self):  # type: ignore[override]
        self._ready()
        return super().keys()

    def values(self):  # type: ignore[override]
        self._ready()
        return super().values()

    def items(self):  # type: ignore[override]
        self._ready()
        return super().items()

    def __repr__(self) -> str:
        self._ready()
        return super().__repr__()


class LazyList(list[V]):
    """A list the rule sets add to (formatters, turn structures); reading it first loads the rule sets."""

    def _ready(self) -> None:
        if not _loaded:
            ensure_loaded()

    def __iter__(self) -> Iterator[V]:
        self._ready()
        return super().__iter__()

    def __len__(self) -> int:
        self._ready()
        return super().__len__()

    def __getitem__(self, index):  # type: ignore[override]
        self._ready()
        return super().__getitem__(index)


def call_each(hooks: LazyList[Callable[..., Any]], *args: Any) -> list[Any]:
    """Call every hook a rule set added, in installation order, and return their results."""
    return [hook(*args) for hook in hooks]
