"""The lines of a save as typed objects (the format is described in kriegsspiel/store/journal.py and
docs/saves.md): a header, a record, a snapshot. Decoded by :func:`kriegsspiel.border.decode_json`, so that a
value of the wrong type (a seed that is null, a string, a list or 5,000 digits long, a version that is a
string, a path that is a list) is refused naming the line and the key, before any code uses it."""
from __future__ import annotations

from typing import Annotated, Any

import msgspec

from kriegsspiel.border.types import LINES, NO_CONTROL, Count, Hex, PathText, Seed, Whole

#: the longest line of a save, written or read (bytes): the writer refuses to write a longer one, so that the
#: program never writes a record it cannot read back; the header embeds the scenario (4 MB of TOML, escaped)
MAX_LINE_BYTES = 64 * 1024 * 1024
#: the longest command a game takes (characters): an order, a message to a player, a note; refused at entry,
#: so that its record stays far below MAX_LINE_BYTES (a record is the command plus its events)
MAX_COMMAND_CHARS = 64 * 1024

_Label = Annotated[str, msgspec.Meta(max_length=1000, pattern=NO_CONTROL)]
_Time = Annotated[str, msgspec.Meta(max_length=64, pattern=NO_CONTROL)]
_Version = Annotated[int, msgspec.Meta(ge=1, le=1_000_000)]
#: a record's hashes: the chain checks their digits (a pattern here would cost a tenth of the reading time)
_Digest = Annotated[str, msgspec.Meta(max_length=128)]


class HeaderLine(msgspec.Struct, frozen=True):
    """Line 1 of a save."""

    format: _Label
    version: _Version
    scenario_name: _Label
    scenario_text: Annotated[str, msgspec.Meta(pattern=LINES)]
    scenario_sha256: _Label
    scenario_path: PathText
    map: PathText
    map_sha256: _Label
    ruleset_sha256: _Label
    seed: Seed
    created: _Time
    hash: Hex
    seal: Hex = ""


class RecordLine(msgspec.Struct, frozen=True):
    """An order, undo, redo or portal record."""

    seq: Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]
    kind: _Label
    command: str
    forced: bool
    refusal: str | None
    rolls: list[tuple[Count, Whole]]
    events: list[dict[str, Any]]
    target: Count | None
    round: Count
    side: _Label
    at: _Time
    prev: _Digest
    hash: _Digest
    seal: _Digest = ""


class SnapshotLine(msgspec.Struct, frozen=True):
    """The game's state after record ``after``."""

    kind: _Label
    after: Count
    state: dict[str, Any]
    prev: Hex
    hash: Hex
    seal: Hex = ""
