"""How far this machine has sealed each save: a small file per game beside the sealing key, so that a save
whose last lines were cut off (or an older copy put in its place) is caught on the machine that wrote it.

The seals prove who wrote each line, but a save cut short after line N is still a chain of lines this machine
sealed. So after each sealed line is on disk, :func:`record_head` writes, under ``journal-heads/`` in the
config folder, one file named by the game's header hash holding the number of lines written and the hash of
the last one. The head is written after the line (a crash in between leaves it one line behind, which
:func:`head_problem` accepts), atomically (a temporary file renamed), and not fsynced: a lost head lags, it is
never ahead. A copy of the key to another machine does not carry the heads: there, a cut is not detectable.
"""
from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.store.journal import LoadedSave, sealed_hash
from kriegsspiel.store.seal import config_dir

HEADS_FOLDER = "journal-heads"
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class Head:
    """The last line this machine sealed of one game: its number (the header is line 1) and its hash."""

    lines: int
    hash: str


def _head_path(header_hash: str) -> Path | None:
    if not _HEX.fullmatch(header_hash):
        return None  # not a hash this program wrote: no file name is made of it
    return config_dir() / HEADS_FOLDER / header_hash


def record_head(header_hash: str, lines: int, last_hash: str) -> None:
    """Note that this machine has sealed ``lines`` lines of the game whose header hash is ``header_hash``, the
    last of which has ``last_hash``. Best effort: a folder that cannot be written is skipped (the key's own
    warning has told the umpire)."""
    path = _head_path(header_hash)
    if path is None:
        return
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        temp = path.with_name(f".{header_hash[:16]}-{os.getpid()}-{secrets.token_hex(4)}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, json.dumps({"lines": lines, "hash": last_hash}).encode("ascii"))
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError:
        return


def read_head(header_hash: str) -> Head | None:
    """The head recorded for a game, or None (none recorded here, or a file that is not one)."""
    path = _head_path(header_hash)
    if path is None:
        return None
    try:
        data = json.loads(path.read_bytes()[:4096])
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    lines, last = (data.get("lines"), data.get("hash")) if isinstance(data, dict) else (None, None)
    if type(lines) is not int or lines < 1 or not isinstance(last, str):
        return None
    return Head(lines, last)


def head_problem(loaded: LoadedSave) -> str | None:
    """Why ``loaded`` is not (a continuation of) the history this machine last sealed of that game: fewer lines
    than it wrote, or another line where its last one was. None when it is, or when nothing was recorded. A save
    ending in an incomplete line (store/journal.py's CutOff, reported on its own) may lack that one line."""
    head = read_head(loaded.header.hash)
    if head is None:
        return None
    lines = len(loaded.seals)
    if loaded.cut_off is not None and head.lines == lines + 1:
        return None  # the incomplete last line is the one lost: reported as a cut-off record, kept aside
    if head.lines > lines:
        return (f"this machine sealed {head.lines} lines of this game, the file holds {lines}: its last "
                f"{head.lines - lines} line{'s were' if head.lines - lines != 1 else ' was'} cut off, or this is "
                "an older copy")
    at = loaded.seals[head.lines - 1]
    if (sealed_hash(at.content, at.seal) if at.seal else at.content) != head.hash:
        return (f"line {head.lines} is not the line this machine sealed there: the history was rewritten from "
                "there or before, or this is another copy played on")
    return None
