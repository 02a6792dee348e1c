"""The shipped rule sets (``kriegsspiel/rulesets/<id>.toml``) and the loader for rule-set files.

``load_ruleset("modern-4e")`` gives a shipped rule set; ``load_ruleset("path/to/mine.toml")`` reads a file of
the same layout (docs/rulesets.md). Shipped rule sets are immutable, so each is read once per process.
"""
from __future__ import annotations

import difflib
import functools
import tomllib
from pathlib import Path

from kriegsspiel.core.ruleset import Ruleset, RulesetError, parse_ruleset
from kriegsspiel.errors import UserError

_HERE = Path(__file__).resolve().parent


def shipped_rulesets() -> list[str]:
    """The ids of the rule sets that come with the program, sorted."""
    return sorted(p.stem for p in _HERE.glob("*.toml"))


def load_ruleset(name_or_path: str) -> Ruleset:
    """A shipped rule set by id (``"modern-4e"``) or a rule-set file by path (anything ending in ``.toml``
    or containing a path separator).

    Raises UserError (one line naming the file, the table and the key) when the file cannot be read, is not
    TOML, or breaks the rule-set layout; for an unknown id the message lists the shipped ones.
    """
    if name_or_path in shipped_rulesets():
        return _load_shipped(name_or_path)
    looks_like_path = name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path
    if not looks_like_path:
        close = difflib.get_close_matches(name_or_path, shipped_rulesets(), n=1)
        guess = f"did you mean {close[0]!r}? " if close else ""
        raise UserError(
            f"unknown rule set {name_or_path!r}; {guess}shipped rule sets: {', '.join(shipped_rulesets())} "
            "(or give the path of a .toml rule-set file)"
        )
    return _load_file(Path(name_or_path))


@functools.cache
def _load_shipped(ruleset_id: str) -> Ruleset:
    return _load_file(_HERE / f"{ruleset_id}.toml")


def _load_file(path: Path) -> Ruleset:
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
    try:
        return parse_ruleset(data, str(path))
    except RulesetError as exc:
        raise UserError(str(exc)) from None
