"""The rule sets the program can play, found through the entry-point group ``kriegsspiel.rulesets``, and the
loader of their data.

The shipped ones are packages beside this file (``modern_4e/``, ``kriegsspiel_v3/``, each with its TOML
inside), declared as entry points in the program's ``pyproject.toml``; a rule set published as its own pip
package is listed too once installed. This module never imports a rule set by name.

``load_ruleset("modern-4e")`` gives an installed rule set's data; ``load_ruleset("path/to/mine.toml")`` reads a
file of the same layout (docs/rulesets.md), played by the code of the installed rule set its ``based_on`` names
(a house-rules copy of a shipped file), else the one of its ``id``. An installed rule set's data is immutable, so each is read once
per process.
"""
from __future__ import annotations

import difflib
import functools
import tomllib
from pathlib import Path
from typing import Any

from kriegsspiel.border import read_input
from kriegsspiel.core.plugin import RuleSet, find_ruleset, installed_rulesets
from kriegsspiel.core.registry import failures
from kriegsspiel.core.ruleset import RuleBook, RuleBookError, parse_ruleset
from kriegsspiel.errors import UserError


def shipped_rulesets() -> list[str]:
    """The names of the installed rule sets that play on a battlefield of terrain (the ones
    :func:`load_ruleset` loads: the shipped ones and any installed beside the program), sorted. The area games
    (Diplomacy) are listed by ``kriegsspiel rules --list``."""
    return sorted(name for name, ruleset in installed_rulesets().items() if ruleset.kind == "ruler")


def ruleset_file(name: str) -> Path:
    """The TOML file of the installed rule set ``name``. Raises UserError for an unknown name."""
    ruleset = find_ruleset(name)
    if ruleset is None:
        raise _unknown(name)
    return Path(str(ruleset.data_file()))


def load_ruleset(name_or_path: str) -> RuleBook:
    """An installed rule set by name (``"modern-4e"``) or a rule-set file by path (anything ending in
    ``.toml`` or containing a path separator).

    Raises UserError (one line naming the file, the table and the key) when the file cannot be read, is not
    TOML, or breaks the rule-set layout; for an unknown name the message lists the installed ones.
    """
    installed = find_ruleset(name_or_path)
    if installed is not None:
        if installed.kind != "ruler":
            raise UserError(f"{name_or_path!r} is an {installed.kind} game (a board of provinces, not a battlefield "
                            f"of terrain): it plays on a province map; 'kriegsspiel rules {name_or_path}' describes it")
        return _load_installed(name_or_path)
    looks_like_path = name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path
    if not looks_like_path:
        raise _unknown(name_or_path)
    return _load_file(Path(name_or_path))


def _unknown(name: str) -> UserError:
    for failure in failures():
        if failure.name == name:  # installed, but broken: say so rather than "unknown"
            return UserError(f"{failure.describe()}; reinstall or fix that package, or play another rule set: "
                             f"{', '.join(shipped_rulesets())}")
    close = difflib.get_close_matches(name, shipped_rulesets(), n=1)
    guess = f"did you mean {close[0]!r}? " if close else ""
    return UserError(
        f"unknown rule set {name!r}; {guess}shipped rule sets: {', '.join(shipped_rulesets())} "
        "(or give the path of a .toml rule-set file)"
    )


@functools.cache
def _load_installed(name: str) -> RuleBook:
    return _load_file(ruleset_file(name))


def _load_file(path: Path) -> RuleBook:
    """The rule book in the file at ``path``, read with the tables and columns of the rule set that plays it
    (the one its ``based_on`` names, else the one of its ``id``; none: the core's tables alone)."""
    text = read_input(path, "ruleset")  # a regular file within the cap, else a UserError naming it
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: not a UTF-8 text file (byte {exc.start}); save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML: {exc}") from None
    except ValueError:  # a whole number of thousands of digits (Python's limit, not TOML's error)
        raise UserError(f"{path}: a number of thousands of digits; no rule-set value is that long") from None
    except RecursionError:
        raise UserError(f"{path}: nested too deeply to read; a rule-set file has a few levels of tables") from None
    plugin = _player_of(data, path)
    try:
        return parse_rulebook(data, str(path), plugin)
    except RuleBookError as exc:
        readers_of = [name for name, other in installed_rulesets().items()
                      if other.kind == "ruler" and exc.key in other.table_readers()]
        if plugin is None and exc.table == "" and readers_of:
            # a house-rules copy of a shipped file under a name of its own: say how to keep its rule set's code
            raise UserError(f"{exc}; the table [{exc.key}] is read by the rule set {readers_of[0]!r}: add "
                            f"based_on = \"{readers_of[0]}\" at the top to play this file by its rules") from None
        raise UserError(str(exc)) from None


def parse_rulebook(data: dict[str, Any], source: str, plugin: RuleSet | None) -> RuleBook:
    """The rule book of the parsed rule-set file ``data`` (named ``source`` in messages), read with the tables,
    required columns and attack tables of ``plugin``, the rule set whose code plays it (None: the core's alone).
    Raises RuleBookError naming the source, the table and the key."""
    if plugin is None:
        return parse_ruleset(data, source)
    return parse_ruleset(data, source, plugin.table_readers(), plugin.required_columns(), plugin.attack_tables(),
                         plugin.command_columns())


def _player_of(data: dict[str, Any], path: Path) -> RuleSet | None:
    """The installed rule set whose code plays the rule-set file ``data``: the one its ``based_on`` names
    (which must be an installed ruler rule set), else the one of its ``id``, else None."""
    based_on = data.get("based_on")
    if based_on is None:
        plugin = find_ruleset(data["id"]) if isinstance(data.get("id"), str) else None
        return plugin if plugin is not None and plugin.kind == "ruler" else None
    if not isinstance(based_on, str):
        raise UserError(f"{path}: based_on: expected the name of an installed rule set in quotes, "
                        f"got {based_on!r}")
    plugin = find_ruleset(based_on)
    if plugin is None or plugin.kind != "ruler":
        close = difflib.get_close_matches(based_on, shipped_rulesets(), n=1)
        guess = f"did you mean {close[0]!r}? " if close else ""
        raise UserError(f"{path}: based_on: {based_on!r} is not an installed rule set of a battlefield; {guess}"
                        f"installed: {', '.join(shipped_rulesets())}")
    return plugin
