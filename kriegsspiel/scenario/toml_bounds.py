"""Limits on a scenario's TOML before and while it is parsed, so that a hostile file costs a clear message,
not the evening: ``tomllib`` recurses once per nested array or inline table (100,000 of them end in
RecursionError), and a scenario is embedded whole in every save's header.

The limits are far above any real scenario (the shipped ones are a few KB deep 2 levels) and are documented in
docs/scenarios.md.
"""
from __future__ import annotations

import re
import tomllib
from typing import Any

#: largest scenario text read, in bytes (UTF-8); a scenario of a thousand units is about 200 KB
MAX_SCENARIO_BYTES = 4 * 1024 * 1024
#: deepest nesting of arrays and inline tables accepted; a scenario needs 3 (a polygon's list of points)
MAX_NESTING = 32


_LONG_NUMBER = re.compile(r"[0-9_]{4000,}")


class TomlTooLarge(ValueError):
    """The text is beyond a limit. ``line`` is where the limit was crossed (None: the file as a whole)."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


def nesting_over_limit(text: str, limit: int = MAX_NESTING) -> int | None:
    """The line where arrays and inline tables nest deeper than ``limit``, or None.

    A lexical scan, not a parser: brackets inside quoted strings and comments are skipped, and a ``[`` that
    opens a line (a table header such as ``[[units]]``) counts as nesting too, which only makes it stricter
    than TOML by the header's two brackets. Runs in one pass over the text without recursion.
    """
    depth = 0
    line = 1
    quote = ""  # the open string's delimiter: ', ", ''' or """
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
        if quote:
            if ch == "\\" and quote in ('"', '"""'):
                i += 2
                continue
            if text.startswith(quote, i):
                i += len(quote)
                quote = ""
                continue
            i += 1
            continue
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "\"'":
            triple = ch * 3
            quote = triple if text.startswith(triple, i) else ch
            i += len(quote)
            continue
        if ch in "[{":
            depth += 1
            if depth > limit + 2:  # + 2: a [[table]] header's own brackets
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


def load_bounded(text: str) -> dict[str, Any]:
    """``tomllib.loads`` within the limits above.

    Raises TomlTooLarge for a text beyond :data:`MAX_SCENARIO_BYTES` or nesting beyond :data:`MAX_NESTING`
    (naming the line), tomllib.TOMLDecodeError for a text that is not TOML.
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_SCENARIO_BYTES:
        raise TomlTooLarge(f"{size:,} bytes is larger than a scenario may be ({MAX_SCENARIO_BYTES:,} bytes); "
                           "this is not a scenario, or split it")
    line = nesting_over_limit(text)
    if line is not None:
        raise TomlTooLarge(f"arrays or inline tables nested more than {MAX_NESTING} deep; a scenario needs at "
                           "most 3: this is not a scenario (or a damaged one)", line)
    try:
        return tomllib.loads(text)
    except (RecursionError, MemoryError):  # the scan above should make this unreachable; never a traceback
        raise TomlTooLarge("too deeply nested or too large to read; this is not a scenario") from None
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # a whole number of thousands of digits: Python refuses to convert it (not TOML's error)
        found = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, found.start()) + 1 if found else None
        raise TomlTooLarge("a whole number of thousands of digits, more than any scenario holds; correct it",
                           line) from None
