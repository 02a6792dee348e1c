"""Line numbers of keys in a TOML text, for messages (tomllib gives values, not positions).

The scan is deliberately simple: it understands table headers (``[scenario]``, ``[[units]]``,
``[overrides.infantry]``) and ``key = value`` lines directly under them, skips comments and the inside of
multi-line strings. That covers every scenario file a person writes; where it cannot tell, it returns None
and the message goes without a line number rather than with a wrong one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([^\[\]]+?)\s*\]\]\s*(#.*)?$")
_TABLE_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_KEY_LINE = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")


def _unquote(name: str) -> str:
    parts = [p.strip() for p in name.split(".")]
    return ".".join(p[1:-1] if len(p) >= 2 and p[0] == p[-1] and p[0] in "\"'" else p for p in parts)


@dataclass
class KeyLines:
    """Where each table and key of a TOML text starts (1-based line numbers).

    ``line("units", 3, "type")`` is the line of ``type =`` under the fourth ``[[units]]`` header;
    ``line("scenario", None, "seed")`` the line of ``seed =`` under ``[scenario]``; a key of None gives the
    header's own line.
    """

    tables: dict[tuple[str, int | None], int] = field(default_factory=dict)
    keys: dict[tuple[str, int | None, str], int] = field(default_factory=dict)

    @classmethod
    def scan(cls, text: str) -> KeyLines:
        """Scan a TOML text; never raises, whatever the text."""
        found = cls()
        counts: dict[str, int] = {}
        current: tuple[str, int | None] = ("", None)
        in_multiline = False
        for number, raw in enumerate(text.splitlines(), start=1):
            quotes = raw.count('"""') + raw.count("'''")
            if in_multiline:
                if quotes % 2 == 1:
                    in_multiline = False
                continue
            stripped = raw.strip()
            if not stripped or stripped.startswith("#"):
                continue
            match = _ARRAY_HEADER.match(raw)
            if match:
                name = _unquote(match.group(1))
                index = counts.get(name, 0)
                counts[name] = index + 1
                current = (name, index)
                found.tables.setdefault(current, number)
                continue
            match = _TABLE_HEADER.match(raw)
            if match:
                current = (_unquote(match.group(1)), None)
                found.tables.setdefault(current, number)
                continue
            match = _KEY_LINE.match(raw)
            if match:
                key = _unquote(match.group(1))
                found.keys.setdefault((current[0], current[1], key), number)
                # a dotted key (a.b = 1) also tells where its first part is
                if "." in key:
                    found.keys.setdefault((current[0], current[1], key.split(".")[0]), number)
            if quotes % 2 == 1:
                in_multiline = True
        return found

    def line(self, table: str, index: int | None = None, key: str | None = None) -> int | None:
        """The line of ``key`` in the table (or of the table's header when ``key`` is None), else None."""
        if key is not None:
            hit = self.keys.get((table, index, key))
            if hit is not None:
                return hit
        return self.tables.get((table, index))
