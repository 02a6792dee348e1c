"""A JSON input given as a file or on stdin (``kriegsspiel battle``, ``kriegsspiel adjudicate``): read the safe
way, whole or as JSON Lines, each line no longer than :data:`MAX_JSON_LINE_BYTES` (a longer one is skipped to
its end and reported, so that one bad line costs one error line and a batch goes on)."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import BinaryIO

from kriegsspiel.border.files import CAPS, open_input, read_input

#: the longest line of a JSON Lines input (bytes): a battle of 2 x 500 units is about 60 KB, a phase 10 KB
MAX_JSON_LINE_BYTES = 1024 * 1024
_PIECE = 64 * 1024


def source_name(name: str) -> str:
    """How messages name the input: ``stdin`` for ``-``."""
    return "stdin" if name == "-" else name


def read_json_source(name: str) -> bytes:
    """The whole input ``name`` (a path, or ``-`` for stdin), at most the JSON cap; raises UserError (the
    border's InputFileError) for a path that is not a regular file or is too large."""
    cap = CAPS["json"]
    if name != "-":
        return read_input(name, cap)
    data = sys.stdin.buffer.read(cap.cap + 1)
    if len(data) > cap.cap:
        from kriegsspiel.border.files import InputFileError

        raise InputFileError("stdin", f"more than {cap.cap:,} bytes", cap.what)
    return data


def json_lines(name: str) -> Iterator[tuple[int, bytes | None]]:
    """(line number, the line's bytes) for each line of ``name`` (``-``: stdin); None in place of a line
    longer than MAX_JSON_LINE_BYTES, whose bytes are skipped unread into memory."""
    handle: BinaryIO = sys.stdin.buffer if name == "-" else open_input(name, "json")
    try:
        number = 0
        while True:
            line = handle.readline(MAX_JSON_LINE_BYTES + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_JSON_LINE_BYTES and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n"):  # skip to the end of the line, a piece at a time
                    line = handle.readline(_PIECE)
                yield number, None
                continue
            yield number, line
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
