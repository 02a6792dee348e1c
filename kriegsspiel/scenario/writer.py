"""Writing a ruler game's scenario from what the set-up mode placed: a :class:`ScenarioDraft` (sides, players,
counters), its TOML text as :mod:`kriegsspiel.scenario.load` reads it, checked by that loader before a byte is
written, and the file written atomically (a temporary file in the same folder, then a rename) so that a crash
leaves either the old file or the new one, never half of one.

What the set-up mode does not edit (the seed, fog of war, victory conditions, overrides, local unit names,
briefings) is kept from the scenario the game was started from.
"""
from __future__ import annotations

import dataclasses
import datetime
import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kriegsspiel.border import replace_file
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameSetup, PlayerSetup, SideSetup, UnitSetup
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.load import parse_scenario_text
from kriegsspiel.scenario.model import Scenario

#: [scenario] keys the draft writes itself; every other key of the old head is kept as it was.
_OWN_HEAD_KEYS = ("name", "map", "ruleset", "first_side", "air_theatre")
#: Tables the draft writes itself; every other table of the old scenario is kept as it was.
_OWN_TABLES = ("scenario", "sides", "players", "units")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class ScenarioExists(Exception):
    """The target file exists and overwriting it was not confirmed."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} exists")
        self.path = path


@dataclasses.dataclass
class DraftUnit:
    """A counter placed in the set-up mode. ``type_name`` is the type as the scenario writes it (a local name of
    ``[unit_names]`` or a standard type); ``from_map`` marks a unit of the map's own units layer, which is edited in
    Tiled and never written to the scenario."""

    id: str
    type_name: str
    type_id: str
    side: str
    position: WorldPoint  # world units
    heading: float | None = None  # degrees clockwise from north
    health: int | None = None  # None: the type's full health
    hidden: bool | None = None
    aboard: str | None = None
    airborne: bool = False
    from_map: bool = False

    def setup(self) -> UnitSetup:
        """The counter as the loader gives it to a game (``airborne`` among the rule set's keys)."""
        return UnitSetup(id=self.id, type_id=self.type_id, side=self.side, position=self.position,
                         heading=self.heading, health=self.health, hidden=self.hidden, aboard=self.aboard,
                         rule_set_keys=(("airborne", True),) if self.airborne else (),
                         local_name=self.type_name if self.type_name != self.type_id else None)


@dataclasses.dataclass
class ScenarioDraft:
    """A ruler game's scenario being set up: its name, map (an absolute path), rule set (as written, resolved
    against ``ruleset_base`` when it is a file), sides, players and counters, and the old file's tables kept."""

    name: str
    map_path: Path
    ruleset_ref: str
    ruleset_base: Path
    sides: list[SideSetup]
    players: list[PlayerSetup]
    units: list[DraftUnit]
    head_kept: dict[str, Any] = dataclasses.field(default_factory=dict)
    tables_kept: dict[str, Any] = dataclasses.field(default_factory=dict)
    air_theatre: bool = False
    first_side: str = ""

    # --- reading ------------------------------------------------------------------------------------------
    def unit(self, unit_id: str | None) -> DraftUnit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def side_names(self) -> list[str]:
        return [s.name for s in self.sides]

    def setup_for(self, base: GameSetup) -> GameSetup:
        """``base`` with this draft's sides, players and counters: the game the window draws while setting up."""
        names = self.side_names()
        first = self.first_side if self.first_side in names else (names[0] if names else base.first_side)
        players = tuple(self.players) or tuple(PlayerSetup(name=n, side=n) for n in names)
        return dataclasses.replace(base, sides=tuple(self.sides), players=players, units=self.unit_setups(),
                                   first_side=first, air_theatre=self.air_theatre)

    def unit_setups(self) -> tuple[UnitSetup, ...]:
        """The counters as the loader gives them to a game."""
        return tuple(u.setup() for u in self.units)

    def riders(self, carrier_id: str) -> list[str]:
        """The ids of the counters aboard ``carrier_id``, in the draft's order."""
        return [u.id for u in self.units if u.aboard == carrier_id]

    def new_unit_id(self, side: str) -> str:
        """A fresh id for a counter of ``side``: the side's first letters and a number (``blue3``)."""
        stem = re.sub(r"[^a-z0-9]", "", side.lower())[:4] or "unit"
        taken = {u.id for u in self.units}
        number = 1 + sum(1 for u in self.units if u.side == side)
        while f"{stem}{number}" in taken:
            number += 1
        return f"{stem}{number}"

    # --- changing -----------------------------------------------------------------------------------------
    def rename_unit(self, old: str, new: str) -> str | None:
        """Give counter ``old`` the id ``new`` (players' lists follow); returns why not, or None."""
        new = new.strip()
        if not new or any(c.isspace() for c in new) or ">" in new:
            return f"an id is a name without spaces or '>' (e.g. va1), not {new!r}"
        if new != old and self.unit(new) is not None:
            return f"the id {new!r} is taken; every counter needs its own"
        for unit in self.units:
            if unit.id == old:
                unit.id = new
            if unit.aboard == old:
                unit.aboard = new
        self.players = [p if p.units is None else dataclasses.replace(p, units=tuple(new if u == old else u for u in p.units))
                        for p in self.players]
        return None

    def delete_unit(self, unit_id: str) -> None:
        """Take counter ``unit_id`` off (units aboard it go too; a player's list loses it, and a player whose
        list is then empty commands the whole side)."""
        gone = {unit_id} | {u.id for u in self.units if u.aboard == unit_id}
        self.units = [u for u in self.units if u.id not in gone]
        kept: list[PlayerSetup] = []
        for player in self.players:
            if player.units is not None:
                left = tuple(u for u in player.units if u not in gone)
                player = dataclasses.replace(player, units=left or None)
            kept.append(player)
        self.players = kept

    # --- writing ------------------------------------------------------------------------------------------
    def toml_text(self, target: Path) -> str:
        """The scenario as TOML for a file at ``target``: the map and a rule-set file relative to its folder."""
        folder = target.resolve().parent
        out = ["# Set up in the kriegsspiel window (set-up mode, F2); `kriegsspiel check` this file after editing it.", "",
               "[scenario]", f"name = {_value(self.name)}", f"map = {_value(relative_path(self.map_path, folder))}",
               f"ruleset = {_value(self._ruleset_for(folder))}"]
        names = self.side_names()
        if self.first_side in names and self.first_side != names[0]:
            out.append(f"first_side = {_value(self.first_side)}")
        if self.air_theatre:
            out.append("air_theatre = true")
        out += [f"{_key(k)} = {_value(v)}" for k, v in self.head_kept.items()]
        for table, value in self.tables_kept.items():
            if not isinstance(value, list):
                out += ["", *_table(table, value)]
        for side in self.sides:
            out += ["", "[[sides]]", f"name = {_value(side.name)}"]
            if side.colour:
                out.append(f"colour = {_value(side.colour)}")
            if side.key("warheads", 0):
                out.append(f"warheads = {side.key('warheads')}")
            if side.briefing:
                out.append(f"briefing = {_value(side.briefing)}")
        for player in self.players:
            units = "all" if player.units is None else list(player.units)
            out += ["", "[[players]]", f"name = {_value(player.name)}", f"side = {_value(player.side)}",
                    f"units = {_value(units)}"]
        for unit in self.units:
            if unit.from_map:
                continue
            out += ["", "[[units]]", f"id = {_value(unit.id)}", f"type = {_value(unit.type_name)}",
                    f"side = {_value(unit.side)}"]
            if unit.aboard is not None:
                out.append(f"aboard = {_value(unit.aboard)}")
            else:
                out.append(f"at = [{_number(unit.position.x)}, {_number(unit.position.y)}]")
            if unit.heading is not None:
                out.append(f"heading = {_number(unit.heading)}")
            if unit.health is not None:
                out.append(f"health = {unit.health}")
            if unit.hidden is not None:
                out.append(f"hidden = {_value(unit.hidden)}")
            if unit.airborne:
                out.append("airborne = true")
        for table, value in self.tables_kept.items():
            if isinstance(value, list):
                for entry in value:
                    out += ["", *_table(table, entry, array=True)]
        return "\n".join(out) + "\n"

    def _ruleset_for(self, folder: Path) -> str:
        ref = self.ruleset_ref
        if ref.endswith(".toml") or "/" in ref or "\\" in ref:  # a rule-set file: relative to the scenario
            return relative_path((self.ruleset_base / ref).resolve(), folder)
        return ref


def draft_of(scenario: Scenario) -> ScenarioDraft:
    """The draft of a loaded ruler scenario: its sides, players and counters (those of the map's units layer
    marked ``from_map``), and every other key and table of its file kept."""
    try:
        raw = tomllib.loads(scenario.text)
    except tomllib.TOMLDecodeError:  # an embedded scenario that loaded reads again; never lose the rest if not
        raw = {}
    head = raw.get("scenario", {}) if isinstance(raw.get("scenario"), dict) else {}
    setup = scenario.setup
    on_map = {p.name for p in scenario.battlefield.placements}
    units = [DraftUnit(id=u.id, type_name=u.local_name or u.type_id, type_id=u.type_id, side=u.side, position=u.position,
                       heading=u.heading, health=u.health, hidden=u.hidden, aboard=u.aboard,
                       airborne=bool(u.key("airborne", False)), from_map=u.id in on_map)
             for u in setup.units]
    players = list(setup.players)
    if "players" not in raw:  # the loader's one player per side: not written back as if the author had
        players = []
    return ScenarioDraft(
        name=setup.name, map_path=Path(scenario.map_path).resolve(), ruleset_ref=setup.ruleset_id,
        ruleset_base=scenario.base_dir, sides=list(setup.sides), players=players, units=units,
        head_kept={k: v for k, v in head.items() if k not in _OWN_HEAD_KEYS},
        tables_kept={k: v for k, v in raw.items() if k not in _OWN_TABLES and _is_table(v)},
        air_theatre=setup.air_theatre, first_side=setup.first_side,
    )


def check_text(text: str, target: Path) -> list[Finding]:
    """What ``kriegsspiel check`` would say of ``text`` written at ``target``: its warnings; raises
    ScenarioError (listing every problem) when it would not play."""
    scenario = parse_scenario_text(text, str(target), target.resolve().parent)
    return list(scenario.warnings)


def write_atomically(target: Path, text: str, overwrite: bool) -> None:
    """Write ``text`` (UTF-8) to ``target`` through a temporary file in its folder and a rename: a crash leaves
    the old file or the new one. Raises ScenarioExists when ``target`` exists and ``overwrite`` is False, and
    OSError when the folder cannot be written."""
    if target.exists() and not overwrite:
        raise ScenarioExists(target)
    replace_file(target, text.encode("utf-8"))


def _is_table(value: Any) -> bool:
    """A table or an array of tables (a stray top-level key is the loader's finding, not kept)."""
    return isinstance(value, dict) or (isinstance(value, list) and all(isinstance(v, dict) for v in value))


def relative_path(path: Path, folder: Path) -> str:
    """``path`` relative to ``folder`` in forward slashes, or absolute when no relative path exists (another drive)."""
    try:
        return Path(os.path.relpath(path, folder)).as_posix()
    except ValueError:
        return path.as_posix()


def _number(value: float) -> str:
    rounded = round(float(value), 2)
    return str(int(rounded)) if rounded == int(rounded) else repr(rounded)


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    """A TOML value: strings as basic strings (JSON's escapes are TOML's), tables inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML for {type(value).__name__}")


def table_lines(path: str, table: Mapping[str, Any]) -> list[str]:
    """``[path]`` and its keys as TOML lines, its plain keys first, then each table in it as ``[path.key]``
    (recursively; an empty table is kept as its header)."""
    plain = [(k, v) for k, v in table.items() if not isinstance(v, Mapping)]
    nested = [(k, v) for k, v in table.items() if isinstance(v, Mapping)]
    lines = [f"[{path}]", *(f"{_key(str(k))} = {_value(v)}" for k, v in plain)]
    for k, v in nested:
        lines += ["", *table_lines(f"{path}.{_key(str(k))}", v)]
    return lines


def toml_value(value: Any) -> str:
    """A value as TOML writes it (strings quoted with JSON's escapes, which are TOML's; tables inline)."""
    return _value(value)


def _table(name: str, value: Any, array: bool = False) -> list[str]:
    """A kept table (``[name]`` or one ``[[name]]`` entry) with its keys; nested tables inline."""
    if not isinstance(value, Mapping):
        return [f"{_key(name)} = {_value(value)}"]
    head = f"[[{_key(name)}]]" if array else f"[{_key(name)}]"
    return [head, *(f"{_key(str(k))} = {_value(v)}" for k, v in value.items())]
