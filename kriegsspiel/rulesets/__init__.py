"""The rule sets the program can play, found through the entry-point group ``kriegsspiel.rulesets``, and the
loader of their data.

The shipped ones are packages beside this file (``modern_4e/``, ``kriegsspiel_v3/``, each with its TOML
inside), declared as entry points in the program's ``pyproject.toml``; a rule set published as its own pip
package is listed too once installed. This module never imports a rule set by name.

``load_ruleset("modern-4e")`` gives an installed rule set's data; ``load_ruleset("path/to/mine.toml")`` reads a
file of the same layout (docs/rulesets.md). An installed rule set's data is immutable, so each is read once
per process.
"""
from __future__ import annotations

import difflib
import functools
import tomllib
from pathlib import Path

from kriegsspiel.core.plugin import find_ruleset, installed_rulesets
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
    try:
        text = path.read_bytes()
    except FileNotFoundError:
        raise UserError(f"{path}: no such rule-set file") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot read the rule-set file ({exc.strerror or exc})") from None
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: not a UTF-8 text file (byte {exc.start}); save it as UTF-8") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise UserError(f"{path}: nested too deeply to read; a rule-set file has a few levels of tables") from None
    try:
        return parse_ruleset(data, str(path))
    except RuleBookError as exc:
        raise UserError(str(exc)) from None
