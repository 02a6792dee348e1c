"""The journal of a game being played, in bounded memory: the newest records in memory, the rest on disk.

A long session must not grow with every command (issue 15). The save already holds every record, so a
:class:`JournalRecords` keeps only the newest :data:`RECORD_WINDOW` records as objects, and for every record
its line's byte offset and line number (16 bytes a record); an older record is read back from the save when
something asks for it (a deep undo, the whole log, the portal's inbox). A record read back is checked as
when the save was opened (its hash, its number); one that no longer matches means the file was changed
under the open game, and is refused with a message, never used.
"""
from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO, overload

from kriegsspiel.store.journal import (
    MAX_LINE_BYTES,
    JournalRecord,
    LoadedSave,
    SaveError,
    _parse_line,
    _record_fields,
    _wrong_types,
    line_hashes,
)

#: the newest records kept as objects (the journal panel shows 14; undo and redo reach the newest first)
RECORD_WINDOW = 256


class JournalRecords(Sequence[JournalRecord]):
    """A save's records in order (index 0 is record 1), the newest ``window`` in memory.

    Records are appended with the byte offset of their line in ``path``; reading an older one opens the save
    for reading (kept open until :meth:`close`). Raises SaveError when a record read back does not match
    the one written (the file was changed while the game was open) or cannot be read.
    """

    def __init__(self, path: Path, window: int | None = None) -> None:
        """``window``: how many of the newest records to keep as objects (default :data:`RECORD_WINDOW`);
        0 keeps every record in memory."""
        size = RECORD_WINDOW if window is None else window
        self.path = path
        self._offsets = array("q")
        self._lines = array("q")
        self._recent: deque[JournalRecord] = deque(maxlen=size or None)
        self._reader: BinaryIO | None = None

    @classmethod
    def of_loaded(cls, loaded: LoadedSave, upto: int | None = None, window: int | None = None) -> JournalRecords:
        """The records of a save as read (the first ``upto``). A LoadedSave without the lines' offsets (built
        by hand) keeps every record in memory."""
        records = loaded.records if upto is None else loaded.records[:upto]
        offsets = loaded.offsets[: len(records)]
        whole = len(offsets) != len(records)
        store = cls(loaded.path, 0 if whole else window)
        if not whole:
            store._offsets = array("q", offsets)
            store._lines = array("q", (r.line for r in records))
        keep = store._recent.maxlen
        store._recent.extend(records[-keep:] if keep else records)
        return store

    def append(self, record: JournalRecord, offset: int) -> None:
        """The next record (``seq`` = len + 1), whose line starts at byte ``offset`` of the save."""
        if record.seq != len(self) + 1:
            raise ValueError(f"record {record.seq} does not follow record {len(self)}")
        if self._recent.maxlen is not None:
            self._offsets.append(offset)
            self._lines.append(record.line)
        self._recent.append(record)

    def __len__(self) -> int:
        return len(self._offsets) if self._recent.maxlen is not None else len(self._recent)

    @overload
    def __getitem__(self, index: int) -> JournalRecord: ...

    @overload
    def __getitem__(self, index: slice) -> list[JournalRecord]: ...

    def __getitem__(self, index: int | slice) -> JournalRecord | list[JournalRecord]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        length = len(self)
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("journal index out of range")
        first = length - len(self._recent)
        if index >= first:
            return self._recent[index - first]
        return self._read(index)

    def __iter__(self) -> Iterator[JournalRecord]:
        recent = list(self._recent)
        for index in range(len(self) - len(recent)):
            yield self._read(index)
        yield from recent

    def by_seq(self, seq: int) -> JournalRecord:
        """Record number ``seq`` (KeyError when there is none)."""
        if not 1 <= seq <= len(self):
            raise KeyError(seq)
        return self[seq - 1]

    def tail(self, count: int) -> list[JournalRecord]:
        """The last ``count`` records, oldest first."""
        return self[max(0, len(self) - count):]

    def in_memory(self) -> int:
        """How many records are held as objects (the rest are on disk)."""
        return len(self._recent)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    def _read(self, index: int) -> JournalRecord:
        seq, line = index + 1, self._lines[index]

        def changed(problem: str) -> SaveError:
            return SaveError(f"{self.path}: line {line} (record {seq}) {problem} since the game was opened; "
                             "the file was changed by something else while the game was open; close the game "
                             "and open it again ('kriegsspiel verify' checks it)", seq, line)

        try:
            if self._reader is None:
                self._reader = self.path.open("rb")
            self._reader.seek(self._offsets[index])
            raw = self._reader.readline(MAX_LINE_BYTES + 1)
        except OSError as exc:
            raise SaveError(f"{self.path}: record {seq} cannot be read back from the save ({exc.strerror or exc})",
                            seq, line) from None
        raw = raw[:-1] if raw.endswith(b"\n") else raw
        data = _parse_line(raw)
        if data is None or data.get("seq") != seq or data.get("kind") == "snapshot":
            raise changed("is not the record it was")
        if line_hashes(data, raw)[1] != data.get("hash"):
            raise changed("no longer matches its hash")
        try:
            if _wrong_types(data):
                raise changed("has fields of the wrong type")
            return JournalRecord(**_record_fields(data), line=line)
        except (KeyError, TypeError, ValueError):
            raise changed("is damaged") from None
