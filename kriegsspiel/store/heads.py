"""How far this machine has sealed each save: a small file per game beside the sealing key, so that a save
whose last lines were cut off (or an older copy put in its place) is caught on the machine that wrote it.

The seals prove who wrote each line, but a save cut short after line N is still a chain of lines this machine
sealed. So after each sealed line is on disk, :func:`record_head` writes, under ``journal-heads/`` in the
config folder, one file named by the game's header hash holding the number of lines written and the hash of
the last one. The head is written after the line is synced (a crash in between leaves it one line behind,
which :func:`head_problem` accepts), as one short write of fixed length in place, and not synced itself: a
lost head lags, it is never ahead. A copy of the key to another machine does not carry the heads: there, a
cut is not detectable.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.store.journal import LoadedSave, sealed_hash
from kriegsspiel.store.seal import config_dir

HEADS_FOLDER = "journal-heads"
_HEX = re.compile(r"[0-9a-f]{64}")
_HEAD = re.compile(r"([0-9]{20}) ([0-9a-f]{64})\n")


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
    if path is None or not _HEX.fullmatch(last_hash):
        return
    # One write of fixed length over the same bytes, no rename and no sync: a rename over the old head made
    # some file systems flush it at once, more than doubling the cost of every record.
    text = f"{lines:020d} {last_hash}\n".encode("ascii")
    try:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
        except FileNotFoundError:
            path.parent.mkdir(mode=0o700, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            os.pwrite(fd, text, 0)
        finally:
            os.close(fd)
    except OSError:
        return


def read_head(header_hash: str) -> Head | None:
    """The head recorded for a game, or None (none recorded here, or a file that is not one)."""
    path = _head_path(header_hash)
    if path is None:
        return None
    try:
        text = path.read_bytes()[:200].decode("ascii")
    except (OSError, UnicodeDecodeError):
        return None
    found = _HEAD.fullmatch(text)
    if found is None or int(found.group(1)) < 1:
        return None
    return Head(int(found.group(1)), found.group(2))


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
