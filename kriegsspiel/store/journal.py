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

Version 2 adds, to every line written on a machine with a key, ``seal``: HMAC-SHA256 of the line's content
hash (the sha256 above, taken without ``seal``) under a secret kept in the umpire's config folder, never in
the save (``store/seal.py``); the line's ``hash`` is then sha256("<content hash>:<seal>"), so that the seal
is in the chain too (a damaged seal is damage like any other) and anyone can still check the chain. And, every
:data:`SNAPSHOT_EVERY` records, a snapshot line (``kind`` "snapshot", ``after`` the record it follows,
``state`` the game state then, ``prev``, ``hash``, ``seal``) in the same chain, so that a long game reopens
from its last snapshot instead of replaying every record. Version 1 saves (no seals, no snapshots) still open.

A record is on disk (written, flushed, fsynced) before its result is shown. A power cut can therefore leave
only the last line incomplete; such a save loads everything before the cut and says so. Damage anywhere else
is refused, naming the file and the line, and the file is never rewritten: continuing a cut-off save first
copies the whole file aside (``<save>.damaged-<n>``) and only then cuts the incomplete tail off.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import io
import json
import os
from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import msgspec

from kriegsspiel.border import InputFileError, SchemaError, convert, decode_json, open_input
from kriegsspiel.border.save_schema import MAX_LINE_BYTES, HeaderLine, RecordLine
from kriegsspiel.errors import UserError

if TYPE_CHECKING:
    from kriegsspiel.core.events import Event

SAVE_FORMAT = "kriegsspiel-save"
SAVE_VERSION = 2
SNAPSHOT_KIND = "snapshot"
#: a snapshot line follows every this many records (written by the ruler session, ``store.ruler``)
SNAPSHOT_EVERY = 500
#: the limits of what is read, far above any real game (a 20,000-record game is about 8 MB), so that a hostile
#: file costs a message, not the machine's memory
MAX_SAVE_BYTES = 512 * 1024 * 1024
# MAX_LINE_BYTES (kriegsspiel.border.save_schema): the longest line, shared with the writer
MAX_RECORDS = 250_000
SAVE_SUFFIX = ".kssave"
RECORD_KINDS: tuple[str, ...] = ("order", "undo", "redo")
#: A players' portal record (orders received, a link issued or revoked by its hash, a round closed, a
#: deadline): ``events`` holds one dict with a "portal" key. It changes nothing in the game, so replay skips it.
PORTAL_KIND = "portal"
#: The umpire's adoption of lines this machine did not seal (``kriegsspiel adopt``, store/provenance.py):
#: ``events`` holds one dict with an "adopt" key (``lines``: how many lines were adopted, ``why``). Replay skips it.
ADOPT_KIND = "adopt"
RECORD_KINDS = RECORD_KINDS + (PORTAL_KIND, ADOPT_KIND)

_HEADER_KEYS = ("format", "version", "scenario_name", "scenario_text", "scenario_sha256", "scenario_path",
                "map", "map_sha256", "ruleset_sha256", "seed", "created", "hash")
_RECORD_KEYS = ("seq", "kind", "command", "forced", "refusal", "rolls", "events", "target", "round", "side",
                "at", "prev", "hash")
_RECORD_KEY_SET = frozenset(_RECORD_KEYS)
_SNAPSHOT_KEYS = ("kind", "after", "state", "prev", "hash")
_UNHASHED = ("hash", "seal")


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
    """sha256 (hex) of the canonical JSON of ``data`` without its ``hash`` and ``seal`` keys."""
    body = {k: v for k, v in data.items() if k not in _UNHASHED}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def sealed_hash(content: str, seal: str) -> str:
    """The ``hash`` of a sealed line: sha256 of its content hash and its seal (see the module's text)."""
    return hashlib.sha256(f"{content}:{seal}".encode("ascii", "replace")).hexdigest()


def line_hashes(data: dict[str, Any], raw: bytes | None = None) -> tuple[str, str, str]:
    """(content hash, the ``hash`` the line must carry, its seal or "") of a line as read (``raw``: its bytes,
    for the fast path below)."""
    seal = data.get("seal")
    seal = seal if isinstance(seal, str) and seal else ""
    content = _raw_content_hash(raw, data, seal) if raw is not None else None
    if content is not None:
        computed = sealed_hash(content, seal) if seal else content
        if computed == data.get("hash"):
            return content, computed, seal
    content = content_hash(data)  # not written canonically (or damaged): hash the canonical form
    return content, (sealed_hash(content, seal) if seal else content), seal


def _raw_content_hash(raw: bytes, data: dict[str, Any], seal: str) -> str | None:
    """The content hash taken from the line's own bytes: a line written by kriegsspiel is the canonical JSON,
    so taking its ``hash`` and ``seal`` members out gives the very bytes that were hashed, without parsing
    and serialising it again (a 20,000-record save opens in a fraction of the time). None when the members
    are not where canonical JSON puts them; the caller then hashes the canonical form. Sound either way: the
    bytes that are hashed are the bytes that were parsed."""
    line_hash = data.get("hash")
    if not isinstance(line_hash, str) or not line_hash.isascii():
        return None
    body = raw.replace(b',"hash":"' + line_hash.encode("ascii") + b'"', b"", 1)
    if len(body) != len(raw) - len(line_hash) - 10:
        return None
    if seal:
        if not seal.isascii():
            return None
        cut = body.replace(b',"seal":"' + seal.encode("ascii") + b'"', b"", 1)
        if len(cut) != len(body) - len(seal) - 10:
            return None
        body = cut
    return hashlib.sha256(body).hexdigest()


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

    def describe(self, event_kinds: Mapping[str, type[Event]] | None = None) -> str:
        """The record for the umpire's log: number, round and side, the command, then what happened (its
        events read by ``event_kinds``, the game's: ``RulerRules.event_kinds``; by default the core's)."""
        from kriegsspiel.core.events import event_from_json

        who = f"{self.seq}. round {self.round}, {self.side}: "
        head = who + self.command
        if self.kind in (PORTAL_KIND, ADOPT_KIND):
            return head
        if self.kind in ("undo", "redo"):
            head += f" (record {self.target})"
        elif self.forced:  # marked after the side, whose name may hold the command's words too
            head = f"{who}force {self.command}"
        lines = [head]
        for data in self.events:
            try:
                lines.append("   " + event_from_json(dict(data), event_kinds).describe())
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


@dataclass(frozen=True, slots=True)
class SnapshotLine:
    """A snapshot of the game state after record ``after``, as read (``state`` is JSON, see store/snapshot)."""

    after: int
    state: dict[str, Any]
    hash: str
    line: int


@dataclass(frozen=True, slots=True)
class LineSeal:
    """A line's number, its content hash and its ``seal`` ("" when it has none), for checking who wrote it."""

    line: int
    content: str
    seal: str


@dataclass(frozen=True, eq=False)
class LoadedSave:
    """A save as read from disk: its header, its intact records, and the cut-off tail if there was one.

    ``snapshots`` are the snapshot lines in order, ``seals`` every complete line's hash and seal, ``end_hash``
    the hash of the last complete line (a record's or a snapshot's), ``lines`` the number of complete lines,
    ``offsets`` where each record's line begins (bytes).
    """

    path: Path
    header: SaveHeader
    records: tuple[JournalRecord, ...]
    cut_off: CutOff | None
    size: int
    snapshots: tuple[SnapshotLine, ...] = ()
    seals: tuple[LineSeal, ...] = ()
    end_hash: str = ""
    lines: int = 0
    #: the byte offset of each record's line in the file (record 1 first), to read a record again later
    offsets: Sequence[int] = ()

    @property
    def last_hash(self) -> str:
        if self.end_hash:
            return self.end_hash
        return self.records[-1].hash if self.records else self.header.hash


def _refuse(path: Path, where: str, problem: str, record: int | None = None, line: int | None = None) -> SaveError:
    return SaveError(f"{path}: {where}: {problem}; the file is left untouched", record, line)


def read_save(path: str | Path) -> LoadedSave:
    """Read and check a save: header, every record's hash and the chain.

    An incomplete last line (no newline, or not JSON, at the very end) is reported in ``cut_off`` and the
    records before it are returned. Raises SaveError naming the file and the line when the file is not a
    save, is from a newer version, is beyond the limits above, or is damaged anywhere else (bad JSON, a hash
    that does not match, a broken chain, a missing record). Reads line by line: memory is bounded by the
    limits, whatever the file.
    """
    path = Path(path)
    try:
        handle = open_input(path, "save")
    except InputFileError as exc:
        problem = exc.problem.replace("is a folder", "is a directory")
        if problem.startswith("cannot be read") or "larger than" in problem:
            raise SaveError(f"{path}: {problem}") from None
        raise SaveError(f"{path}: {problem}; give the path of a save ({SAVE_SUFFIX})") from None
    try:
        with handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_SAVE_BYTES:
                raise SaveError(f"{path}: {size:,} bytes is larger than any save this version reads "
                                f"({MAX_SAVE_BYTES:,} bytes); not a kriegsspiel save, or a damaged one")
            return _parse_stream(handle, path)
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror})") from None


def parse_save(data: bytes, path: Path) -> LoadedSave:
    """:func:`read_save` for bytes already read (``path`` names them in messages)."""
    return _parse_stream(io.BytesIO(data), path)


def _lines(handle: BinaryIO, path: Path) -> Iterator[tuple[bytes, int, bool, bool]]:
    """(content, end offset incl. newline, complete, last) for each line; refuses a line beyond the limit."""
    offset = 0
    line_no = 0
    current = handle.readline(MAX_LINE_BYTES + 1)
    while current:
        line_no += 1
        if len(current) > MAX_LINE_BYTES:
            raise _refuse(path, f"line {line_no}", f"longer than any line of a save ({MAX_LINE_BYTES:,} bytes; "
                          "damaged, or not a save)", None if line_no == 1 else line_no - 1, line_no)
        following = handle.readline(MAX_LINE_BYTES + 1)
        offset += len(current)
        complete = current.endswith(b"\n")
        yield (current[:-1] if complete else current), offset, complete, not following
        current = following


def _parse_stream(handle: BinaryIO, path: Path) -> LoadedSave:
    lines = _lines(handle, path)
    first = next(lines, None)
    if first is None:
        raise SaveError(f"{path}: empty file; not a kriegsspiel save")
    header, header_seal = _read_header(path, first[:3])
    seals = [header_seal]
    records: list[JournalRecord] = []
    offsets = array("q")
    snapshots: list[SnapshotLine] = []
    cut_off: CutOff | None = None
    prev = header.hash
    begin = first[1]
    line_no = 1
    for raw, end, complete, is_last in lines:
        line_no += 1
        parsed = _parse_line(raw)
        if is_last and parsed is None and _starts_with_a_whole_record(raw):
            # A whole record followed by more on one line: a newline in the middle was damaged (two lines
            # merged), which no power cut does. Cutting it off would drop a record the umpire saw.
            raise _refuse(path, f"line {line_no} (record {len(records) + 1})",
                          "a whole record runs on into another without its line break (damaged)",
                          len(records) + 1, line_no)
        if is_last and (not complete or parsed is None):
            cut_off = CutOff(line=line_no, good_length=begin, lost_bytes=end - begin)
            break
        if parsed is None:
            raise _refuse(path, f"line {line_no} (record {len(records) + 1})",
                          "not a journal record (damaged: not valid JSON, and not at the end where a power cut "
                          "would leave it)", len(records) + 1, line_no)
        content, computed, seal = line_hashes(parsed, raw)
        if parsed.get("kind") == SNAPSHOT_KIND and header.version >= 2:
            snapshots.append(_check_snapshot(path, parsed, line_no, len(records), prev, computed))
            prev = snapshots[-1].hash
        else:
            if len(records) >= MAX_RECORDS:
                raise _refuse(path, f"line {line_no}", f"more than {MAX_RECORDS:,} records, more than this "
                              "version reads (damaged, or not a save)", len(records) + 1, line_no)
            records.append(_check_record(path, parsed, line_no, len(records) + 1, prev, computed))
            offsets.append(begin)
            prev = records[-1].hash
        seals.append(LineSeal(line_no, content, seal))
        begin = end
    return LoadedSave(path=path, header=header, records=tuple(records), cut_off=cut_off, size=begin + (
        cut_off.lost_bytes if cut_off else 0), snapshots=tuple(snapshots), seals=tuple(seals), end_hash=prev,
        lines=line_no - (1 if cut_off else 0), offsets=offsets)


def _check_snapshot(path: Path, data: dict[str, Any], line_no: int, records: int, prev: str,
                    computed: str) -> SnapshotLine:
    where = f"line {line_no} (the snapshot after record {records})"
    missing = [k for k in _SNAPSHOT_KEYS if k not in data]
    if missing:
        raise _refuse(path, where, f"the snapshot lacks {', '.join(missing)} (damaged)", records + 1, line_no)
    if computed != data["hash"]:
        raise _refuse(path, where, "the snapshot's hash does not match its content (changed after it was "
                      "written)", records + 1, line_no)
    if data["prev"] != prev:
        raise _refuse(path, where, "the snapshot does not follow the line before it (broken hash chain)",
                      records + 1, line_no)
    if data["after"] != records or not isinstance(data["state"], dict):
        raise _refuse(path, where, f"a snapshot after record {data['after']!r} where it follows record "
                      f"{records} (damaged)", records + 1, line_no)
    return SnapshotLine(after=records, state=data["state"], hash=data["hash"], line=line_no)


def _starts_with_a_whole_record(raw: bytes) -> bool:
    try:
        value, end = json.JSONDecoder().raw_decode(raw.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return False
    return isinstance(value, dict) and "hash" in value


_any_line = msgspec.json.Decoder()


def _parse_line(raw: bytes) -> dict[str, Any] | None:
    try:
        value = _any_line.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError):  # deep nesting too
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


def _header_json_problem(raw: bytes) -> str:
    """Why a header line does not parse, in the schema layer's words (a 5,000-digit seed names the key)."""
    try:
        decode_json(raw, HeaderLine, "line 1")
    except SchemaError as exc:
        return f"{exc.key}: {exc.expected}" if exc.key else "not valid JSON"
    return "not valid JSON"


def _read_header(path: Path, piece: tuple[bytes, int, bool]) -> tuple[SaveHeader, LineSeal]:
    raw, _, complete = piece
    parsed = _parse_line(raw)
    if not complete and SAVE_FORMAT.encode() in raw[:80]:
        raise SaveError(f"{path}: line 1: the save's header was cut off before the game began; "
                        "start the game again from its scenario")
    if parsed is None or parsed.get("format") != SAVE_FORMAT:
        if _looks_like_a_save_header(raw):
            problem = _header_json_problem(raw) if parsed is None else "its format mark is changed"
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
    # Every version hashes its header the same way, so that a header that says "newer" but whose hash does
    # not match is a damaged one (a flipped bit turns 2 into 3), not a reason to update for nothing.
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION and ("hash" not in parsed
                                                         or line_hashes(parsed)[1] == parsed["hash"]):
        raise SaveError(f"{path}: line 1: save format version {version!r} is newer than this kriegsspiel reads "
                        f"(version {SAVE_VERSION}); update kriegsspiel")
    missing = [k for k in _HEADER_KEYS if k not in parsed]
    if missing:
        raise _refuse(path, "line 1", f"the save header lacks {', '.join(missing)} (damaged)", 0, 1)
    content, computed, seal = line_hashes(parsed, raw)
    if computed != parsed["hash"]:
        raise _refuse(path, "line 1", "the header's hash does not match its content (the header was changed "
                      "after it was written)", 0, 1)
    try:
        typed: HeaderLine = convert(parsed, HeaderLine, "line 1")
    except SchemaError as exc:
        raise _refuse(path, "line 1", f"the header's {exc.key or 'content'} is of the wrong type or out of "
                      f"range (damaged): {exc.expected}", 0, 1) from None
    if hashlib.sha256(typed.scenario_text.encode("utf-8", "surrogatepass")).hexdigest() != typed.scenario_sha256:
        raise _refuse(path, "line 1", "the embedded scenario does not match its sha256 (damaged)", 0, 1)
    return SaveHeader(**{k: getattr(typed, k) for k in _HEADER_KEYS}), LineSeal(1, content, seal)


def _check_record(path: Path, data: dict[str, Any], line_no: int, expected_seq: int, prev: str,
                  computed: str) -> JournalRecord:
    where = f"line {line_no} (record {expected_seq})"

    def damaged(problem: str) -> SaveError:
        return _refuse(path, where, problem, expected_seq, line_no)

    if not data.keys() >= _RECORD_KEY_SET:
        missing = [k for k in _RECORD_KEYS if k not in data]
        raise damaged(f"the record lacks {', '.join(missing)} (damaged)")
    if computed != data["hash"]:
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
        raise damaged(wrong[0])
    try:
        return JournalRecord(**_record_fields(data), line=line_no)
    except (TypeError, ValueError):
        raise damaged("the record's fields have the wrong types (damaged)") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wrong_types(data: dict[str, Any]) -> list[str]:
    """What is wrong with the types of a record's values, as "KEY of the wrong type (damaged): expected ..."
    (the first found), or [] (a record edited by hand and re-hashed is refused, never used)."""
    try:
        convert(data, RecordLine, "record")
    except SchemaError as exc:
        key = exc.key.split("[", 1)[0].split(".", 1)[0] or "the record"
        return [f"{key} of the wrong type (damaged): {exc.expected}"]
    return []
