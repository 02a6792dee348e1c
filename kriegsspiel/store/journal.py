"""The save file: a header line and one JSON line per journal record, hash-chained, fsynced per record.

Format (JSON Lines, UTF-8, each line the canonical JSON of one object: sorted keys, no spaces):

- line 1, the header: ``format`` ("kriegsspiel-save"), ``version``, the scenario's name, exact text and
  sha256, where the scenario was (relative to the save's folder), the map path as the scenario wrote it and
  the map file's sha256, the seed, when it was created, and ``hash``.
- then one record per accepted order, undo or redo: ``seq`` (1, 2, ...), ``kind`` ("order", "undo", "redo"),
  ``command`` (the canonical command text), ``forced`` and ``refusal`` (the refusal a forced order overrode),
  ``rolls`` ([[sides, value], ...]), ``events`` (each event's to_json), ``target`` (the record an undo or redo
  acts on), ``round`` and ``side`` before the command, ``at`` (UTC time), ``prev`` (the previous line's hash)
  and ``hash``.

``hash`` is the sha256 of the canonical JSON of the object without its ``hash`` key; the first record's
``prev`` is the header's hash, so changing any byte of any line breaks the chain from there on.

A record is on disk (written, flushed, fsynced) before its result is shown. A power cut can therefore leave
only the last line incomplete; such a save loads everything before the cut and says so. Damage anywhere else
is refused, naming the file and the line, and the file is never rewritten: continuing a cut-off save first
copies the whole file aside (``<save>.damaged-<n>``) and only then cuts the incomplete tail off.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kriegsspiel.errors import UserError

SAVE_FORMAT = "kriegsspiel-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".kssave"
RECORD_KINDS = ("order", "undo", "redo")
#: A players' portal record (orders received, a link issued or revoked by its hash, a round closed, a
#: deadline): ``events`` holds one dict with a "portal" key. It changes nothing in the game, so replay skips it.
PORTAL_KIND = "portal"
RECORD_KINDS = RECORD_KINDS + (PORTAL_KIND,)

_HEADER_KEYS = ("format", "version", "scenario_name", "scenario_text", "scenario_sha256", "scenario_path",
                "map", "map_sha256", "ruleset_sha256", "seed", "created", "hash")
_RECORD_KEYS = ("seq", "kind", "command", "forced", "refusal", "rolls", "events", "target", "round", "side",
                "at", "prev", "hash")


class SaveError(UserError):
    """A file is not a save, or a save is damaged where a power cut cannot explain it. Never rewritten.

    ``record`` and ``line`` name the first damaged record when the file is a save (None when it is not one).
    """

    def __init__(self, message: str, record: int | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.record = record
        self.line = line


def canonical_json(value: Any) -> str:
    """The one text of a JSON value that is hashed and written: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def content_hash(data: dict[str, Any]) -> str:
    """sha256 (hex) of the canonical JSON of ``data`` without its ``hash`` key."""
    body = {k: v for k, v in data.items() if k != "hash"}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def utc_now() -> str:
    """The time now, UTC, to the second, ISO 8601 ("2026-11-22T03:01:05Z")."""
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True, slots=True)
class SaveHeader:
    """The first line of a save: the scenario embedded whole, the map's fingerprint and the seed."""

    scenario_name: str
    scenario_text: str
    scenario_sha256: str
    scenario_path: str  # the scenario file, relative to the save's folder when possible (posix slashes)
    map: str  # the map path as the scenario wrote it, relative to the scenario's folder
    map_sha256: str
    ruleset_sha256: str  # fingerprint of the rule set's numbers as the game began
    seed: int
    created: str
    hash: str = ""
    format: str = SAVE_FORMAT
    version: int = SAVE_VERSION

    def to_json(self) -> dict[str, Any]:
        data = {key: getattr(self, key) for key in _HEADER_KEYS}
        data["hash"] = content_hash(data)
        return data


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """One accepted order, undo or redo, as written in the save.

    ``rolls`` are (sides, value) pairs in the order drawn; ``events`` the events' to_json dicts. ``target``
    is the ``seq`` of the order an undo or redo acts on. ``round`` and ``side`` are the state before it.
    """

    seq: int
    kind: str
    command: str
    forced: bool
    refusal: str | None
    rolls: tuple[tuple[int, int], ...]
    events: tuple[dict[str, Any], ...]
    target: int | None
    round: int
    side: str
    at: str
    prev: str
    hash: str
    line: int = field(default=0, compare=False)  # line number in the file (header = 1)

    def describe(self) -> str:
        """The record for the umpire's log: number, round and side, the command, then what happened."""
        from kriegsspiel.core.events import event_from_json

        head = f"{self.seq}. round {self.round}, {self.side}: {self.command}"
        if self.kind == PORTAL_KIND:
            return head
        if self.kind in ("undo", "redo"):
            head += f" (record {self.target})"
        elif self.forced:
            head = head.replace(f": {self.command}", f": force {self.command}", 1)
        lines = [head]
        for data in self.events:
            try:
                lines.append("   " + event_from_json(dict(data)).describe())
            except (ValueError, TypeError):  # an event of a later version: show it raw
                lines.append(f"   {data}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq, "kind": self.kind, "command": self.command, "forced": self.forced,
            "refusal": self.refusal, "rolls": [list(r) for r in self.rolls], "events": list(self.events),
            "target": self.target, "round": self.round, "side": self.side, "at": self.at, "prev": self.prev,
            "hash": self.hash,
        }


def new_record(
    *, seq: int, kind: str, command: str, prev: str, round: int, side: str, forced: bool = False,
    refusal: str | None = None, rolls: tuple[tuple[int, int], ...] = (), events: tuple[dict[str, Any], ...] = (),
    target: int | None = None, at: str | None = None,
) -> JournalRecord:
    """A record with its hash computed (chained to ``prev``)."""
    record = JournalRecord(
        seq=seq, kind=kind, command=command, forced=forced, refusal=refusal,
        rolls=tuple((int(s), int(v)) for s, v in rolls), events=tuple(events), target=target,
        round=round, side=side, at=at or utc_now(), prev=prev, hash="",
    )
    data = record.to_json()
    # Round-trip through JSON so that the hash is of exactly what a reader will see (tuples become lists).
    data = json.loads(canonical_json(data))
    return JournalRecord(**{**_record_fields(data), "hash": content_hash(data)})


def _record_fields(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": data["seq"], "kind": data["kind"], "command": data["command"], "forced": data["forced"],
        "refusal": data["refusal"], "rolls": tuple((int(s), int(v)) for s, v in data["rolls"]),
        "events": tuple(data["events"]), "target": data["target"], "round": data["round"], "side": data["side"],
        "at": data["at"], "prev": data["prev"], "hash": data.get("hash", ""),
    }


@dataclass(frozen=True, slots=True)
class CutOff:
    """The save ended in an incomplete line (a power cut while writing): what was lost and where."""

    line: int  # the incomplete line's number
    good_length: int  # bytes before it: the intact part of the file
    lost_bytes: int

    def message(self, path: Path, records: int) -> str:
        return (f"{path}: the last record was cut off (power loss?); {records} record"
                f"{'s' if records != 1 else ''} loaded; line {self.line} ({self.lost_bytes} bytes) is incomplete")


@dataclass(frozen=True, eq=False)
class LoadedSave:
    """A save as read from disk: its header, its intact records, and the cut-off tail if there was one."""

    path: Path
    header: SaveHeader
    records: tuple[JournalRecord, ...]
    cut_off: CutOff | None
    size: int

    @property
    def last_hash(self) -> str:
        return self.records[-1].hash if self.records else self.header.hash


def _refuse(path: Path, where: str, problem: str, record: int | None = None, line: int | None = None) -> SaveError:
    return SaveError(f"{path}: {where}: {problem}; the file is left untouched", record, line)


def read_save(path: str | Path) -> LoadedSave:
    """Read and check a save: header, every record's hash and the chain.

    An incomplete last line (no newline, or not JSON, at the very end) is reported in ``cut_off`` and the
    records before it are returned. Raises SaveError naming the file and the line when the file is not a
    save, is from a newer version, or is damaged anywhere else (bad JSON, a hash that does not match, a broken
    chain, a missing record).
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file; give the path of a save ({SAVE_SUFFIX})") from None
    except IsADirectoryError:
        raise SaveError(f"{path}: is a directory; give the path of a save ({SAVE_SUFFIX})") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None
    return parse_save(data, path)


def parse_save(data: bytes, path: Path) -> LoadedSave:
    """:func:`read_save` for bytes already read (``path`` names them in messages)."""
    if not data:
        raise SaveError(f"{path}: empty file; not a kriegsspiel save")

    # Split into lines, remembering each line's end offset; the last piece may lack its newline.
    pieces: list[tuple[bytes, int, bool]] = []  # (content, end offset incl. newline, complete)
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            pieces.append((data[start:], len(data), False))
            break
        pieces.append((data[start:end], end + 1, True))
        start = end + 1

    header = _read_header(path, pieces[0])
    records: list[JournalRecord] = []
    cut_off: CutOff | None = None
    prev = header.hash
    for index in range(1, len(pieces)):
        raw, end, complete = pieces[index]
        line_no = index + 1
        is_last = index == len(pieces) - 1
        begin = pieces[index - 1][1]
        parsed = _parse_line(raw)
        if is_last and parsed is None and _starts_with_a_whole_record(raw):
            # A whole record followed by more on one line: a newline in the middle was damaged (two lines
            # merged), which no power cut does. Cutting it off would drop a record the umpire saw.
            raise _refuse(path, f"line {line_no} (record {len(records) + 1})",
                          "a whole record runs on into another without its line break (damaged)",
                          len(records) + 1, line_no)
        if is_last and (not complete or parsed is None):
            cut_off = CutOff(line=line_no, good_length=begin, lost_bytes=len(data) - begin)
            break
        if parsed is None:
            raise _refuse(path, f"line {line_no} (record {len(records) + 1})",
                          "not a journal record (damaged: not valid JSON, and not at the end where a power cut "
                          "would leave it)", len(records) + 1, line_no)
        records.append(_check_record(path, parsed, line_no, len(records) + 1, prev))
        prev = records[-1].hash
    return LoadedSave(path=path, header=header, records=tuple(records), cut_off=cut_off, size=len(data))


def _starts_with_a_whole_record(raw: bytes) -> bool:
    try:
        value, end = json.JSONDecoder().raw_decode(raw.decode("utf-8", "replace"))
    except ValueError:
        return False
    return isinstance(value, dict) and "hash" in value


def _parse_line(raw: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


_HEADER_MARKS = (b'"format":"' + SAVE_FORMAT.encode() + b'"', b'"scenario_sha256":"', b'"scenario_text":"',
                 b'"map_sha256":"', b'"ruleset_sha256":"')


def _is_text(head: bytes) -> bool:
    """Whether the first bytes of a file read as text (UTF-8 without control characters other than tab and
    line ends); a cut multi-byte character at the very end is allowed."""
    text = head.decode("utf-8", "ignore") if len(head) else ""
    if len(text.encode("utf-8")) < len(head) - 3:
        return False
    return all(ch >= " " or ch in "\t\r\n" for ch in text)


def _looks_like_a_save_header(raw: bytes) -> bool:
    """Whether a line that does not parse as a header still carries a save header's keys (so it is a damaged
    save, not another kind of file): one flipped byte can spoil at most one of these marks."""
    return sum(mark in raw for mark in _HEADER_MARKS) >= 2


def _read_header(path: Path, piece: tuple[bytes, int, bool]) -> SaveHeader:
    raw, _, complete = piece
    parsed = _parse_line(raw)
    if not complete and SAVE_FORMAT.encode() in raw[:80]:
        raise SaveError(f"{path}: line 1: the save's header was cut off before the game began; "
                        "start the game again from its scenario")
    if parsed is None or parsed.get("format") != SAVE_FORMAT:
        if _looks_like_a_save_header(raw):
            problem = "not valid JSON" if parsed is None else "its format mark is changed"
            raise _refuse(path, "line 1", f"the save's header is damaged ({problem})", 0, 1)
        if raw.lstrip().startswith((b"<?xml", b"<map")):
            hint = "; it is a Tiled map: start a game from a scenario that names it ('kriegsspiel new SCENARIO')"
        elif _is_text(raw[:200]) and (raw.lstrip().startswith(b"[") or b"=" in raw[:200]
                                      or path.suffix.lower() == ".toml"):
            hint = "; it looks like a scenario: start a game with 'kriegsspiel new SCENARIO --save FILE'"
        else:
            hint = ""
        raise SaveError(f"{path}: not a kriegsspiel save (line 1 is not a save header){hint}")
    version = parsed.get("version")
    if _is_int(version) and version > SAVE_VERSION:
        raise SaveError(f"{path}: line 1: save format version {version!r} is newer than this kriegsspiel reads "
                        f"(version {SAVE_VERSION}); update kriegsspiel")
    missing = [k for k in _HEADER_KEYS if k not in parsed]
    if missing:
        raise _refuse(path, "line 1", f"the save header lacks {', '.join(missing)} (damaged)", 0, 1)
    if content_hash(parsed) != parsed["hash"]:
        raise _refuse(path, "line 1", "the header's hash does not match its content (the header was changed "
                      "after it was written)", 0, 1)
    if hashlib.sha256(str(parsed["scenario_text"]).encode("utf-8")).hexdigest() != parsed["scenario_sha256"]:
        raise _refuse(path, "line 1", "the embedded scenario does not match its sha256 (damaged)", 0, 1)
    return SaveHeader(**{k: parsed[k] for k in _HEADER_KEYS})


def _check_record(path: Path, data: dict[str, Any], line_no: int, expected_seq: int, prev: str) -> JournalRecord:
    where = f"line {line_no} (record {expected_seq})"

    def damaged(problem: str) -> SaveError:
        return _refuse(path, where, problem, expected_seq, line_no)

    missing = [k for k in _RECORD_KEYS if k not in data]
    if missing:
        raise damaged(f"the record lacks {', '.join(missing)} (damaged)")
    if content_hash(data) != data["hash"]:
        raise damaged("the record's hash does not match its content (the record was changed after "
                      "it was written)")
    if data["prev"] != prev:
        raise damaged("the record does not follow the one before it (broken hash chain: a record "
                      "was removed, reordered or changed)")
    if data["seq"] != expected_seq:
        raise damaged(f"record number {data['seq']!r} where {expected_seq} was expected")
    if data["kind"] not in RECORD_KINDS:
        raise damaged(f"unknown record kind {data['kind']!r}")
    wrong = _wrong_types(data)
    if wrong:
        raise damaged(f"{', '.join(wrong)} of the wrong type (damaged)")
    try:
        return JournalRecord(**_record_fields(data), line=line_no)
    except (TypeError, ValueError):
        raise damaged("the record's fields have the wrong types (damaged)") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wrong_types(data: dict[str, Any]) -> list[str]:
    """The keys of a record whose values have the wrong JSON type (a record edited by hand and re-hashed)."""
    checks = {
        "seq": _is_int(data["seq"]),
        "command": isinstance(data["command"], str),
        "forced": isinstance(data["forced"], bool),
        "refusal": data["refusal"] is None or isinstance(data["refusal"], str),
        "rolls": isinstance(data["rolls"], list) and all(
            isinstance(r, list) and len(r) == 2 and all(_is_int(v) for v in r) for r in data["rolls"]),
        "events": isinstance(data["events"], list) and all(isinstance(e, dict) for e in data["events"]),
        "target": data["target"] is None or _is_int(data["target"]),
        "round": _is_int(data["round"]),
        "side": isinstance(data["side"], str),
        "at": isinstance(data["at"], str),
    }
    return [key for key, ok in checks.items() if not ok]


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
    """Appends records to a save, each written, flushed and fsynced before :meth:`append` returns."""

    def __init__(self, path: Path, handle: BinaryIO, last_hash: str, next_seq: int,
                 set_aside: Path | None = None) -> None:
        self.path = path
        self.set_aside = set_aside  # where a cut-off save was copied before its tail was cut
        self._handle = handle
        self.last_hash = last_hash
        self.next_seq = next_seq

    @classmethod
    def create(cls, path: str | Path, header: SaveHeader) -> JournalWriter:
        """Create a new save holding only ``header``. Refuses (SaveError) to overwrite an existing file."""
        path = Path(path)
        try:
            handle = path.open("xb")
        except FileExistsError:
            raise SaveError(f"{path}: already exists; a save is never overwritten: choose another name") from None
        except FileNotFoundError:
            raise SaveError(f"{path}: the folder {path.parent} does not exist") from None
        except OSError as exc:
            raise SaveError(f"{path}: cannot be created ({exc.strerror})") from None
        _lock(handle, path)
        data = header.to_json()
        try:
            handle.write((canonical_json(data) + "\n").encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
        except OSError as exc:
            # Nothing was played yet: a half-written header is worth nothing; leave no file to trip over.
            handle.close()
            path.unlink(missing_ok=True)
            raise SaveError(f"{path}: the save could not be written ({exc.strerror or exc}); no game was "
                            "started") from None
        _fsync_directory(path.parent.resolve())
        return cls(path, handle, data["hash"], 1)

    @classmethod
    def continue_save(cls, loaded: LoadedSave) -> JournalWriter:
        """Open a loaded save for appending. A cut-off tail is first copied aside with the whole file
        (``<save>.damaged-<n>``), then cut off, so that no byte is ever lost."""
        path = loaded.path
        try:
            handle = path.open("r+b")
        except OSError as exc:
            raise SaveError(f"{path}: cannot be opened for writing ({exc.strerror}); the game can be replayed "
                            "but not continued") from None
        _lock(handle, path)
        handle.seek(0, os.SEEK_END)
        if handle.tell() != loaded.size:
            handle.close()
            raise SaveError(f"{path}: the file changed while it was being opened; open it again")
        aside = None
        if loaded.cut_off is not None:
            aside = set_aside_copy(path)
            handle.truncate(loaded.cut_off.good_length)
            handle.flush()
            os.fsync(handle.fileno())
        handle.seek(0, os.SEEK_END)
        return cls(path, handle, loaded.last_hash, len(loaded.records) + 1, aside)

    def append(self, record: JournalRecord) -> None:
        """Write one record (its ``prev`` must be :attr:`last_hash`), then flush and fsync."""
        if record.prev != self.last_hash or record.seq != self.next_seq:
            raise ValueError(f"record {record.seq} does not follow the journal (next is {self.next_seq})")
        line = (canonical_json(record.to_json()) + "\n").encode("utf-8")
        offset = self._handle.tell()
        try:
            self._handle.write(line)
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError:
            # A disk that is full or gone: take the partial line back so that the next record does not land
            # after half a line (which would read as damage in the middle). If even that fails, stop writing.
            try:
                self._handle.seek(offset)
                self._handle.truncate(offset)
                self._handle.flush()
                os.fsync(self._handle.fileno())
            except OSError:
                self._handle.close()
            raise
        self.last_hash = record.hash
        self.next_seq += 1

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.close()

    @property
    def closed(self) -> bool:
        return self._handle.closed


def set_aside_copy(path: Path) -> Path:
    """Copy a damaged save whole to the first free ``<save>.damaged-<n>`` (n = 1, 2, ...); returns that path."""
    n = 1
    while True:
        target = path.with_name(f"{path.name}.damaged-{n}")
        try:
            with path.open("rb") as source, target.open("xb") as copy:
                shutil.copyfileobj(source, copy)
                copy.flush()
                os.fsync(copy.fileno())
        except FileExistsError:
            n += 1
            continue
        _fsync_directory(path.parent.resolve())
        return target
