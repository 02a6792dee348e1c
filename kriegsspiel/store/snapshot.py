"""Snapshots of the game state in a save: the state as JSON, and back, so that a long game reopens from its
last snapshot instead of replaying 20,000 records.

Only what a game changes is written: round, side, units, messages, result, the rule set's slots (its own part
of the state: V3's pending combat and couriers, the Fourth Edition's air turn and warheads; each unit's), and
the battlefield's structures; the map, rule set and setup come from the save's scenario as
always. Values are encoded exactly (floats round-trip through JSON), tuples and read-only mappings tagged so
that the decoded state is equal to the one encoded. A state that holds anything else is not snapshotted
(:func:`encode_state` returns None) rather than snapshotted wrongly; a game then replays from the start.

Decoding builds only frozen dataclasses of kriegsspiel's own modules, and it is only ever applied to
snapshots sealed by this machine (see store/seal.py); ``verify`` compares a snapshot's JSON with the
replay's instead of decoding it.

Snapshots written before the rule sets' state moved into slots kept it in fields of the core's state and
units; :func:`migrate_snapshot` reads such a snapshot into the slots of the game's rule set (its slot types'
``migrated``), so that it decodes, and verifies against the replay, as one written now.
"""
from __future__ import annotations

import dataclasses
import importlib
import math
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.game import rules_for
from kriegsspiel.core.state import GameState, SharedLog

#: GameState fields that change in play and are written; the rest (setup, battlefield, ruleset) are the start's
_STATE_FIELDS = ("round", "side_to_move", "units", "sides_done", "starting_health", "messages", "winners", "finished",
                 "slot")
#: the fields of the core's state and units that held the rule sets' state in the snapshots written before the
#: slots (every such snapshot has all four of the state's; a unit's two were in every unit)
_LEGACY_STATE_FIELDS = ("warheads", "pending_combat", "orders_in_transit", "air_turn_over")
_LEGACY_UNIT_FIELDS = ("disruption", "airborne")
#: fields written only when not empty, so that the snapshots of saves made before they existed still agree
_OPTIONAL_FIELDS = ("notes",)


class _NotEncodable(Exception):
    pass


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _NotEncodable("a float that JSON cannot hold")
        return value
    if isinstance(value, (tuple, SharedLog)):  # a state's messages: a tuple that shares its past
        return {"@t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, MappingProxyType):
        return {"@m": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, dict):
        return {"@d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        if not cls.__module__.startswith("kriegsspiel.") or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]  # every dataclass has it; typeshed's DataclassInstance does not say so
            raise _NotEncodable(f"{cls.__qualname__}")
        fields = {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        return {"@c": f"{cls.__module__}:{cls.__qualname__}", "f": fields}
    raise _NotEncodable(type(value).__name__)


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "@t" in value:
        return tuple(_decode(v) for v in value["@t"])
    if "@m" in value:
        return MappingProxyType({_decode(k): _decode(v) for k, v in value["@m"]})
    if "@d" in value:
        return {_decode(k): _decode(v) for k, v in value["@d"]}
    if "@c" in value:
        module_name, _, qualname = str(value["@c"]).partition(":")
        if not module_name.startswith("kriegsspiel.") or "." in qualname:
            raise ValueError(f"not a class of kriegsspiel: {value['@c']!r}")
        cls = getattr(importlib.import_module(module_name), qualname)
        if not isinstance(cls, type) or not dataclasses.is_dataclass(cls):
            raise ValueError(f"not a dataclass: {value['@c']!r}")
        return cls(**{k: _decode(v) for k, v in value["f"].items()})
    raise ValueError("an untagged object in a snapshot")


def encode_state(state: GameState, start: GameState, base: GameState | None = None) -> dict[str, Any] | None:
    """The JSON of what ``state`` changed from ``start`` (the game's first state), or None when the state
    holds something a snapshot cannot carry exactly (then none is written).

    ``base``: the state of the previous snapshot. The messages only ever grow, so those ``base`` already had
    are written as their number (``{"@grow": n, ...}``): snapshots stay the size of the units, not of the
    game's whole correspondence.
    """
    battlefield = state.battlefield
    for f in dataclasses.fields(battlefield):
        # only the structures change in play (built, damaged, destroyed); anything else: no snapshot
        if f.name not in ("structures", "_raster_cache", "printed_structures") and \
                getattr(battlefield, f.name) is not getattr(start.battlefield, f.name):
            return None
    if state.setup is not start.setup or state.ruleset is not start.ruleset:
        return None
    try:
        data = {name: _encode(getattr(state, name)) for name in _STATE_FIELDS}
        data["structures"] = _encode(tuple(battlefield.structures))
        data.update({name: _encode(getattr(state, name)) for name in _OPTIONAL_FIELDS if getattr(state, name)})
        if base is not None and base.messages and state.messages[: len(base.messages)] == base.messages:
            data["messages"] = {"@grow": len(base.messages), "@t": data["messages"]["@t"][len(base.messages):]}
    except _NotEncodable:
        return None
    # a snapshot that would not give the state back is worse than none
    try:
        back = decode_state(data, start, base)
    except (ValueError, TypeError, KeyError, AttributeError, ImportError):
        return None
    if not back.same(state):
        return None
    return data


def decode_state(data: dict[str, Any], start: GameState, base: GameState | None = None) -> GameState:
    """The state a snapshot holds, on ``start``'s map, rule set and setup (``base``: the state of the
    snapshot before it, whose messages a ``@grow`` continues). Raises ValueError, TypeError, KeyError,
    AttributeError or ImportError for a snapshot that does not decode."""
    data = migrate_snapshot(data, start)
    messages = data["messages"]
    if isinstance(messages, dict) and "@grow" in messages:
        if base is None or len(base.messages) != messages["@grow"]:
            raise ValueError("a snapshot continues messages the snapshot before it does not hold")
        data = {**data, "messages": {"@t": []}}
        fields = {name: _decode(data[name]) for name in _STATE_FIELDS}
        fields["messages"] = tuple(base.messages) + tuple(_decode(v) for v in messages["@t"])
    else:
        fields = {name: _decode(data[name]) for name in _STATE_FIELDS}
    fields.update({name: _decode(data[name]) for name in _OPTIONAL_FIELDS if name in data})
    structures = _decode(data["structures"])
    battlefield = start.battlefield
    if structures != tuple(battlefield.structures):
        battlefield = dataclasses.replace(battlefield, structures=structures,
                                          _raster_cache=battlefield._raster_cache,
                                          printed_structures=battlefield.printed_structures)
    return dataclasses.replace(start, battlefield=battlefield, **fields)


def migrate_snapshot(data: dict[str, Any], start: GameState) -> dict[str, Any]:
    """A snapshot as it is written now: ``data`` itself, or, for one written before the slots (it has the
    core's old fields and no ``slot``), the same state with those fields read into the slots of the game's
    rule set (``start``'s): the game's slot from the state's four, each unit's from its two (the slot types'
    ``migrated``; a rule set without a slot type keeps none, as its games never used those fields). Raises
    ValueError, TypeError, KeyError, AttributeError or ImportError for a snapshot that does not decode."""
    if "slot" in data or not all(name in data for name in _LEGACY_STATE_FIELDS):
        return data
    rules = rules_for(start.ruleset)
    legacy = {name: _decode(data[name]) for name in _LEGACY_STATE_FIELDS}
    migrated = {name: value for name, value in data.items() if name not in _LEGACY_STATE_FIELDS}
    migrated["slot"] = _encode(None if rules.slot is None else rules.slot.migrated(legacy))
    units = data["units"]
    if not isinstance(units, dict) or not isinstance(units.get("@m"), list):
        raise ValueError("a snapshot's units are not a tagged mapping")
    rows = []
    for unit_id, unit in units["@m"]:
        fields = dict(unit["f"])
        old = {name: _decode(fields.pop(name)) for name in _LEGACY_UNIT_FIELDS if name in fields}
        fields["slot"] = _encode(None if rules.unit_slot is None else rules.unit_slot.migrated(old))
        rows.append([unit_id, {**unit, "f": fields}])
    migrated["units"] = {"@m": rows}
    return migrated


def snapshot_json(data: dict[str, Any]) -> dict[str, Any]:
    """The ``state`` of a snapshot line: the encoded state and the program that wrote it."""
    from kriegsspiel import __version__

    return {**data, "program": __version__}


def trusted_snapshots(loaded: Any, start: GameState, key: bytes | None) -> dict[int, GameState]:
    """The snapshots of a save (a LoadedSave) that may stand for a replay: sealed by this machine's ``key``
    and written by this version of the program, decoded in order (each continues the one before it);
    record seq -> state. Stops at the first that fails: what follows replays from the records."""
    from kriegsspiel import __version__
    from kriegsspiel.store.seal import sealed_by

    if key is None or not loaded.snapshots:
        return {}
    seals = {s.line: s for s in loaded.seals}
    result: dict[int, GameState] = {}
    base: GameState | None = None
    for snapshot in loaded.snapshots:
        data = snapshot.state
        seal = seals.get(snapshot.line)
        if seal is None or not sealed_by(key, seal.content, seal.seal) or data.get("program") != __version__:
            break
        try:
            base = decode_state(data, start, base)
        except (ValueError, TypeError, KeyError, AttributeError, ImportError):
            break
        result[snapshot.after] = base
    return result
