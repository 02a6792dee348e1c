"""Writing a save (see :mod:`kriegsspiel.store.journal` for the format): each line sealed, written straight
to the file descriptor and fsynced, a partial write taken back, a damaged file copied aside whole or not at
all; never sealed on top of lines this machine did not seal unless the umpire adopted them
(store/provenance.py); how far each save was sealed noted beside the key (store/heads.py)."""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from kriegsspiel.border.save_schema import MAX_LINE_BYTES
from kriegsspiel.store.journal import (
    ADOPT_KIND,
    SNAPSHOT_KIND,
    JournalRecord,
    LoadedSave,
    SaveError,
    SaveHeader,
    canonical_json,
    content_hash,
    new_record,
    sealed_hash,
)
from kriegsspiel.store.heads import record_head


# --- writing ------------------------------------------------------------------------------------------


def _fsync_directory(directory: Path) -> None:
    # A new file's name is durable only once its directory is synced (POSIX); Windows cannot open directories.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _lock(handle: BinaryIO, path: Path) -> None:
    """An exclusive lock so that two windows or shells never append to one save at once."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; one umpire per save is the rule anyway
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise SaveError(f"{path}: the save is open in another kriegsspiel (window or shell); close that one "
                        "first") from None


class JournalWriter:
    """Appends records to a save, each written, flushed and fsynced before :meth:`append` returns.

    Lines are sealed with ``key`` (this machine's, see store/seal.py; None: unsealed). Writes go straight to
    the file descriptor, without a buffer, so that a write the disk refuses half-way can be taken back to the
    last whole line.
    """

    def __init__(self, path: Path, handle: BinaryIO, last_hash: str, next_seq: int,
                 set_aside: Path | None = None, key: bytes | None = None, lines: int = 1,
                 header_hash: str = "") -> None:
        self.path = path
        self.header_hash = header_hash or last_hash  # names the game's head beside the key (store/heads.py)
        self.set_aside = set_aside  # where a cut-off save was copied before its tail was cut
        self._handle = handle
        self.last_hash = last_hash
        self.next_seq = next_seq
        self.key = key
        self.lines = lines  # complete lines in the file (the header is line 1)
        self.last_offset = -1  # where the last line written begins (bytes)
        self._notice: str | None = None

    @classmethod
    def create(cls, path: str | Path, header: SaveHeader, key: bytes | None = None) -> JournalWriter:
        """Create a new save holding only ``header`` (sealed with ``key``). Refuses (SaveError) to overwrite
        an existing file."""
        path = Path(path)
        names = [f"{f.name} {getattr(header, f.name)!r}" for f in dataclasses.fields(header)
                 if isinstance(getattr(header, f.name), str) and not _utf8(getattr(header, f.name))]
        if names:  # a file name of bytes that are not UTF-8 (kept by Python as surrogates)
            raise SaveError(f"{path}: the save would name a file whose name is not UTF-8 ({', '.join(names)}); a "
                            "save is UTF-8: rename that file with a UTF-8 name; no game was started")
        data = _sealed(header.to_json(), key)
        line = _line(data)  # a header that cannot be written refuses before the file exists
        try:
            handle = path.open("x+b", buffering=0)  # readable too: a recovery copy reads it back
        except FileExistsError:
            raise SaveError(f"{path}: already exists; a save is never overwritten: choose another name") from None
        except FileNotFoundError:
            raise SaveError(f"{path}: the folder {path.parent} does not exist") from None
        except OSError as exc:
            raise SaveError(f"{path}: cannot be created ({exc.strerror})") from None
        _lock(handle, path)
        try:
            _write_all(handle.fileno(), line)
            os.fsync(handle.fileno())
        except OSError as exc:
            # Nothing was played yet: a half-written header is worth nothing; leave no file to trip over.
            handle.close()
            path.unlink(missing_ok=True)
            raise SaveError(f"{path}: the save could not be written ({exc.strerror or exc}); no game was "
                            "started") from None
        _fsync_directory(path.parent.resolve())
        if key is not None:
            record_head(data["hash"], 1, data["hash"])
        return cls(path, handle, data["hash"], 1, key=key, header_hash=data["hash"])

    @classmethod
    def continue_save(cls, loaded: LoadedSave, key: bytes | None = None, *, adopt: bool = False) -> JournalWriter:
        """Open a loaded save for appending (new lines sealed with ``key``). A cut-off tail is first copied
        aside with the whole file (``<save>.damaged-<n>``, written whole or not at all), then cut off, so that
        no byte is ever lost. Raises SaveError when the save cannot be opened or the copy cannot be made
        (a full disk: then nothing was changed).

        With a key, lines this machine did not seal (or a save cut short of what it sealed) are refused
        (UnsealedPrefix) unless ``adopt``: then an ``adopt`` record saying what was taken on trust is written
        first (store/provenance.py)."""
        from kriegsspiel.store.provenance import refusal, unsealed_prefix

        problem = unsealed_prefix(loaded, key) if key is not None else None
        if problem is not None and not adopt:
            raise UnsealedPrefix(refusal(loaded, problem))
        path = loaded.path
        try:
            handle = path.open("r+b", buffering=0)
        except OSError as exc:
            raise SaveError(f"{path}: cannot be opened for writing ({exc.strerror}); the game can be replayed "
                            "but not continued") from None
        _lock(handle, path)
        end = os.lseek(handle.fileno(), 0, os.SEEK_END)
        if end != loaded.size:
            handle.close()
            raise SaveError(f"{path}: the file changed while it was being opened; open it again")
        aside = None
        if loaded.cut_off is not None:
            try:
                aside = set_aside_copy(path)
            except OSError as exc:
                handle.close()
                raise SaveError(
                    f"{path}: the last record was cut off, and the damaged file could not be copied aside before "
                    f"cutting it ({exc.strerror or exc}); nothing was changed and no copy was left; free some "
                    "disk space and open it again ('kriegsspiel replay' and 'pov' read it as it is)") from None
            os.ftruncate(handle.fileno(), loaded.cut_off.good_length)
            os.fsync(handle.fileno())
        os.lseek(handle.fileno(), 0, os.SEEK_END)
        writer = cls(path, handle, loaded.last_hash, len(loaded.records) + 1, aside, key, loaded.lines,
                     loaded.header.hash)
        if problem is not None:
            last = loaded.records[-1] if loaded.records else None
            writer.append(new_record(
                seq=writer.next_seq, kind=ADOPT_KIND, command=f"adopt lines 1-{loaded.lines}",
                prev=writer.last_hash, round=last.round if last else 0, side=last.side if last else "",
                events=({"adopt": {"lines": loaded.lines, "why": problem}},)))
        return writer

    def append(self, record: JournalRecord) -> JournalRecord:
        """Write one record (its ``prev`` must be :attr:`last_hash`), then fsync; returns it as written (with
        the hash of its sealed line). Raises OSError when the disk refuses it; the file then ends with the last
        whole line, as before the call."""
        if record.prev != self.last_hash or record.seq != self.next_seq:
            raise ValueError(f"record {record.seq} does not follow the journal (next is {self.next_seq})")
        data = self._write_line(record.to_json())
        self.last_hash = data["hash"]
        self.next_seq += 1
        return record if data["hash"] == record.hash else dataclasses.replace(record, hash=data["hash"])

    def append_snapshot(self, state: dict[str, Any]) -> str:
        """Write a snapshot line of ``state`` (JSON, see store/snapshot) after the last record; returns its
        hash. Raises OSError as :meth:`append` (nothing is left of the line)."""
        data: dict[str, Any] = {"kind": SNAPSHOT_KIND, "after": self.next_seq - 1, "state": state,
                                "prev": self.last_hash}
        data = json.loads(canonical_json(data))  # hashed exactly as a reader will see it
        data["hash"] = content_hash(data)
        data = self._write_line(data)
        self.last_hash = data["hash"]
        return data["hash"]

    def take_notice(self) -> str | None:
        """The message, once, that the save was deleted or replaced and the game went on in a recovery file
        (:attr:`path` is then that file), or None."""
        notice, self._notice = self._notice, None
        return notice

    def _still_the_save(self) -> None:
        """Before a line is written: the file at :attr:`path` must still be the one being written. A save
        deleted or replaced while the game is open (the lines would go to a file nobody can open again) is
        copied whole, from the open file, to a recovery file beside it, and the game goes on there."""
        fd = self._handle.fileno()
        try:
            on_disk = os.stat(self.path)
        except FileNotFoundError:
            problem = "was deleted"
        except OSError:
            return  # cannot tell (a folder not readable now): write as before
        else:
            ours = os.fstat(fd)
            if (on_disk.st_dev, on_disk.st_ino) == (ours.st_dev, ours.st_ino):
                return
            problem = "was replaced by another file"
        old = self.path
        handle, target = _recovery_copy(self._handle, old)
        self._handle.close()
        self._handle, self.path = handle, target
        self._notice = (f"{old} {problem} while the game was open: the whole game, this command included, goes "
                        f"on in {target}; nothing was lost; open that file from now on")

    def _write_line(self, data: dict[str, Any]) -> dict[str, Any]:
        """Seal and write one line (``data`` holds its content hash); returns it as written."""
        self._still_the_save()
        fd = self._handle.fileno()
        offset = os.lseek(fd, 0, os.SEEK_CUR)
        data = _sealed(data, self.key)
        line = _line(data)  # LineTooLong before anything is written
        try:
            with _signals_held():
                _write_all(fd, line)
                os.fsync(fd)
                if self.key is not None:
                    record_head(self.header_hash, self.lines + 1, data["hash"])
        except OSError:
            # A disk that is full or gone: take the partial line back so that the file ends with the last
            # whole record (the next open must not read half a line as a power cut). If even that fails,
            # stop writing: the next open finds the incomplete line and keeps a copy before cutting it.
            try:
                os.ftruncate(fd, offset)
                os.lseek(fd, offset, os.SEEK_SET)
                os.fsync(fd)
            except OSError:
                self._handle.close()
            raise
        self.lines += 1
        self.last_offset = offset
        return data

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.close()

    @property
    def closed(self) -> bool:
        return self._handle.closed


class UnsealedPrefix(SaveError):
    """A save is not continued: lines this machine did not seal, or it was cut short (the message says how to
    adopt it)."""


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C, SIGTERM and SIGHUP while a line is written, so that one that arrives then ends the program
    after the line is whole and synced, not half-way through it (the main thread only; elsewhere, as is)."""
    wanted = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, wanted)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _sealed(data: dict[str, Any], key: bytes | None) -> dict[str, Any]:
    """``data`` (holding its content hash as ``hash``) sealed with ``key``: its seal, and the hash that
    covers the seal too; unchanged without a key."""
    if key is None:
        return data
    from kriegsspiel.store.seal import seal_of

    seal = seal_of(key, data["hash"])
    return {**data, "seal": seal, "hash": sealed_hash(data["hash"], seal)}


class LineTooLong(SaveError):
    """A line longer than any reader takes (MAX_LINE_BYTES): refused before a byte of it is written, so that
    the program never writes a save it cannot open again."""


def _line(data: dict[str, Any]) -> bytes:
    what = ("the header" if "scenario_text" in data else "a snapshot" if data.get("kind") == SNAPSHOT_KIND
            else f"record {data.get('seq', '')}".rstrip())
    try:
        line = (canonical_json(data) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a file name of bytes that are not UTF-8 (kept by Python as surrogates)
        names = [f"{key} {value!r}" for key, value in data.items() if isinstance(value, str) and not _utf8(value)]
        raise SaveError(f"{what} would hold text that is not UTF-8 ({', '.join(names) or 'a file name'}); a save "
                        "is UTF-8: rename the file with a UTF-8 name; nothing was written") from None
    if len(line) > MAX_LINE_BYTES:
        raise LineTooLong(f"{what} would be {len(line):,} bytes, longer than a save's line may be "
                          f"({MAX_LINE_BYTES:,} bytes); it was not written and the save is unchanged")
    return line


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is written (a write may take only part); OSError when the disk refuses."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # pragma: no cover - a file never returns 0 for a non-empty write; do not spin
            raise OSError(28, "no space left on device")
        view = view[written:]


def _recovery_copy(source: BinaryIO, path: Path) -> tuple[BinaryIO, Path]:
    """Copy the open save ``source`` whole to a new ``<save stem>.recovered-<n><suffix>`` beside ``path`` (in
    the home folder when that folder is gone), synced and locked; returns it open for appending, and its path.
    Raises OSError when no copy can be written (the command is then not carried out)."""
    end = os.lseek(source.fileno(), 0, os.SEEK_CUR)
    problem: OSError | None = None
    for folder in (path.parent, Path.home()):
        for n in range(1, 1000):
            target = folder / f"{path.stem}.recovered-{n}{path.suffix}"
            try:
                handle = target.open("xb", buffering=0)
            except FileExistsError:
                continue
            except OSError as exc:
                problem = exc
                break
            try:
                offset = 0
                while offset < end:
                    chunk = os.pread(source.fileno(), min(1 << 20, end - offset), offset)
                    if not chunk:
                        raise OSError(5, "the open save could not be read back")
                    _write_all(handle.fileno(), chunk)
                    offset += len(chunk)
                os.fsync(handle.fileno())
            except OSError:
                handle.close()
                target.unlink(missing_ok=True)
                raise
            _fsync_directory(folder.resolve())
            _lock(handle, target)
            return handle, target
    raise problem or OSError(17, "no free name for a recovery file")


def set_aside_copy(path: Path) -> Path:
    """Copy a damaged save whole to the first free ``<save>.damaged-<n>`` (n = 1, 2, ...); returns that path.

    The copy is written to a hidden temporary file, fsynced, then linked to its name (never replacing a file),
    so that ``.damaged-<n>`` is always the whole file. Raises OSError (leaving nothing behind) when the copy
    cannot be written, e.g. on a full disk.
    """
    temp = path.with_name(f".{path.name}.copy-{os.getpid()}-{secrets.token_hex(4)}")
    try:
        with path.open("rb") as source, temp.open("xb") as copy:
            while chunk := source.read(1 << 20):
                copy.write(chunk)
            copy.flush()
            os.fsync(copy.fileno())
        n = 1
        while True:
            target = path.with_name(f"{path.name}.damaged-{n}")
            try:
                os.link(temp, target)
            except FileExistsError:
                n += 1
                continue
            except OSError:  # a file system without hard links: a rename, after looking (not atomic then)
                if target.exists():
                    n += 1
                    continue
                os.replace(temp, target)
            break
    finally:
        try:
            os.unlink(temp)
        except OSError:
            pass
    _fsync_directory(path.parent.resolve())
    return target
