"""The one way an input file is opened, and the one way a whole file is written over another
(:func:`replace_file`). An input is opened a regular file only (never a pipe, device or socket, so that a FIFO
cannot hang a command and ``/dev/zero`` cannot be read until memory runs out), never more than the cap of its
kind, and a message naming the path and what to give instead when it cannot be read.

Every reader of outside files (maps, tilesets, templates, scenarios, saves, JSON inputs, gamefiles, settings,
links) goes through :func:`read_input` or :func:`open_input`; the caps are in :data:`CAPS` and docs/limits.md.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from kriegsspiel.errors import UserError

MiB = 1024 * 1024
#: Setting this environment variable to 1 lifts the rule that an input may name files only inside its folders
#: (a map's tilesets and images, a Diplomacy phase's map) for every command
ALLOW_OUTSIDE_ENV = "KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS"
_PIECE = 1 * MiB  # read beyond a file's stated size this much at a time


@dataclass(frozen=True, slots=True)
class InputKind:
    """A kind of input file: what to call it in messages and the largest one read (bytes)."""

    what: str
    cap: int


#: every kind of file the program reads, with its cap (docs/limits.md); far above any real one
CAPS: dict[str, InputKind] = {
    "map": InputKind("a Tiled map (.tmx)", 512 * MiB),
    "tileset": InputKind("a Tiled tileset (.tsx)", 512 * MiB),
    "template": InputKind("a Tiled template (.tx)", 4 * MiB),
    "project": InputKind("a Tiled project file (.tiled-project)", 1 * MiB),
    "image": InputKind("an image", 256 * MiB),
    "scenario": InputKind("a scenario (.toml)", 4 * MiB),
    "terrain": InputKind("a terrain table (.toml)", 4 * MiB),
    "ruleset": InputKind("a rule set's data (.toml)", 4 * MiB),
    "save": InputKind("a save (.kssave)", 512 * MiB),
    "json": InputKind("a JSON input", 64 * MiB),
    "gamefile": InputKind("an Umpire gamefile (.py)", 4 * MiB),
    "settings": InputKind("a settings file", 1 * MiB),
    "links": InputKind("a links file", 16 * MiB),
}


class InputFileError(UserError):
    """An input file that cannot be read as its kind: the message names the path and what to give."""

    def __init__(self, path: str | os.PathLike[str], problem: str, wanted: str) -> None:
        super().__init__(f"{display_path(path)}: {problem}; give {wanted}")
        self.path = os.fspath(path)
        self.problem = problem


def _kind(kind: str | InputKind) -> InputKind:
    return CAPS[kind] if isinstance(kind, str) else kind


def _problem_of(exc: OSError, path: str | os.PathLike[str]) -> str:
    if exc.errno == errno.ELOOP:
        return "a loop of symbolic links (it points, through links, back at itself)"
    if exc.errno == errno.ENOENT:
        return "a symbolic link to a file that does not exist" if os.path.islink(path) else "no such file"
    if exc.errno == errno.ENAMETOOLONG:
        return "the path is too long"
    if exc.errno == errno.EISDIR:
        return "is a folder"
    if exc.errno == errno.ENOTDIR:
        return "a part of the path is not a folder"
    return f"cannot be read ({exc.strerror or exc})"


def _check_kind(mode: int) -> str | None:
    if stat.S_ISDIR(mode):
        return "is a folder"
    if not stat.S_ISREG(mode):
        return "not a regular file (a device, pipe or socket)"
    return None


def check_input(path: str | os.PathLike[str], kind: str | InputKind) -> Path:
    """``path`` when it names a regular file (through symbolic links) within the cap of ``kind``; raises
    InputFileError naming the path, what it is instead and what to give. Opens nothing."""
    wanted = _kind(kind)
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        failure = _problem_of(exc, path) if isinstance(exc, OSError) else "a NUL character in the path"
        raise InputFileError(path, failure, wanted.what) from None
    problem = _check_kind(info.st_mode)
    if problem is None and info.st_size > wanted.cap:
        problem = f"{info.st_size:,} bytes is larger than {wanted.what} may be ({wanted.cap:,} bytes)"
    if problem:
        raise InputFileError(path, problem, wanted.what)
    return Path(path)


def open_input(path: str | os.PathLike[str], kind: str | InputKind) -> BinaryIO:
    """The file at ``path`` opened for reading in binary, checked after opening (what was opened is what is
    read): a regular file within the cap of ``kind``. Opened without blocking, so that a FIFO is refused
    instead of waiting for a writer. The caller reads at most ``cap + 1`` bytes (:func:`read_input` does)."""
    wanted = _kind(kind)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as exc:
        failure = _problem_of(exc, path) if isinstance(exc, OSError) else "a NUL character in the path"
        raise InputFileError(path, failure, wanted.what) from None
    try:
        info = os.fstat(fd)
        problem = _check_kind(info.st_mode)
        if problem is None and info.st_size > wanted.cap:
            problem = f"{info.st_size:,} bytes is larger than {wanted.what} may be ({wanted.cap:,} bytes)"
        if problem:
            raise InputFileError(path, problem, wanted.what)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike[str], kind: str | InputKind) -> bytes:
    """The whole content of the input file at ``path`` (see :func:`open_input`); never more than the cap of
    ``kind`` is read, even from a file that grows or a file whose size the system does not know (``/proc``)."""
    wanted = _kind(kind)
    with open_input(path, wanted) as handle:
        try:
            # the size the file has now, plus one byte to see it grew; then in pieces (a read of the whole cap
            # at once would reserve the cap's memory, and /proc's files say they hold 0 bytes)
            pieces = [handle.read(os.fstat(handle.fileno()).st_size + 1)]
            total = len(pieces[0])
            while pieces[-1] and total <= wanted.cap:
                pieces.append(handle.read(min(_PIECE, wanted.cap + 1 - total)))
                total += len(pieces[-1])
            data = pieces[0] if len(pieces) <= 2 and not pieces[-1] else b"".join(pieces)
        except OSError as exc:
            raise InputFileError(path, _problem_of(exc, path), wanted.what) from None
    if len(data) > wanted.cap:
        raise InputFileError(path, f"larger than {wanted.what} may be ({wanted.cap:,} bytes)", wanted.what)
    return data


def read_input_text(path: str | os.PathLike[str], kind: str | InputKind) -> str:
    """:func:`read_input` decoded as UTF-8 (a BOM allowed); raises InputFileError naming the line of the
    first byte that is not UTF-8."""
    data = read_input(path, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputFileError(path, f"line {line}: not UTF-8 text (byte {exc.start})", _kind(kind).what) from None


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as it can be printed: bytes of a file name that are not UTF-8 shown as ``\\x..`` escapes."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def inside_folders(path: str | os.PathLike[str], folders: list[str] | tuple[str, ...]) -> bool:
    """Whether ``path`` (symbolic links followed) lies in one of ``folders``."""
    real = os.path.realpath(path)
    for folder in folders:
        root = os.path.realpath(folder)
        try:
            if os.path.commonpath([root, real]) == root:
                return True
        except ValueError:  # another drive (Windows)
            continue
    return False


def outside_allowed() -> bool:
    """True when the umpire lifted the path rule with :data:`ALLOW_OUTSIDE_ENV`."""
    return os.environ.get(ALLOW_OUTSIDE_ENV, "").strip().lower() in ("1", "true", "yes")


def replace_file(path: Path, data: bytes, mode: int | None = None, durable: bool = True) -> None:
    """Write ``data`` over ``path`` (its folder made if need be) through a temporary file in that folder and a
    rename, so that a crash leaves the old file or the new one, never half of one. ``mode``: the permission
    bits, set before a byte is written (0o600 for a file of secrets); ``durable``: flushed to the disk before
    the rename (not for files the program can draw again). Raises OSError; no temporary file is left behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=path.parent)
    try:
        if mode is not None:
            os.chmod(temp, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
