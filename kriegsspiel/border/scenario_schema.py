"""The tables of a scenario (TOML; docs/scenarios.md) as typed objects: what each key may hold, in types and in
words. The loader (kriegsspiel.scenario) decodes every table with :func:`convert_table` and meets no value of
the wrong type: a list where a name belongs, NaN or infinity, a whole number beyond its range, a NUL or an
escape in a name is a problem naming the key and what belongs there. What the types cannot know (a side the
scenario declares, a unit type of the rule set, a zone of the map) the loader checks after.

Every field has a default, so that a table with one bad key still gives the others (the author sees every
problem at once); the loader says what is missing where a key is required.
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec

from kriegsspiel.border.types import LINES, NO_CONTROL, Name, PathText, Seed

#: the text of a description or a briefing: lines, no other control character
Prose = Annotated[str, msgspec.Meta(max_length=100_000, pattern=LINES)]
#: a whole number of at least 1 (rounds, health, a round number)
AtLeastOne = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]
#: a whole number of at least 0 (warheads, the fog of war)
AtLeastZero = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]
#: a coordinate in world units: finite and within 10^9 either way (NaN and infinity are refused)
Coordinate = Annotated[float, msgspec.Meta(ge=-1e9, le=1e9)]
#: a unit's id: one printable word (no spaces, no '>', which separates a unit from its order)
UnitId = Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=r"^[^\x00-\x20\x7f>\s]+\Z")]
#: a side's colour: "#rrggbb", or "" to let the program pick one
Colour = Annotated[str, msgspec.Meta(pattern=r"^(#[0-9a-fA-F]{6})?\Z")]
#: the name of a unit of distance on the map: "paces", "metres", "yards" (letters and spaces)
DistanceWord = Annotated[str, msgspec.Meta(min_length=1, max_length=30, pattern=r"^[A-Za-z][A-Za-z ]*\Z")]
#: how many of that unit one world unit of the map is: more than 0, at most 10^6
MapUnitLength = Annotated[float, msgspec.Meta(gt=0, le=1e6)]
#: a percentage of the victory points: 0 < score <= 100
Percentage = Annotated[float, msgspec.Meta(gt=0, le=100)]

_TEXT = "text without control characters (no NUL, tab or line break)"


class ScenarioHead(msgspec.Struct, frozen=True):
    """``[scenario]`` of a ruler game."""

    name: Name | None = None
    map: PathText | None = None
    ruleset: Name | None = None
    seed: Seed | None = None
    first_side: Name | None = None
    fog_of_war: AtLeastZero | None = None
    air_theatre: bool = False
    rounds: AtLeastOne | None = None
    description: Prose = ""
    distance_unit: DistanceWord | None = None
    distance_per_map_unit: MapUnitLength | None = None

    WANTED: ClassVar[dict[str, str]] = {
        "name": f"the scenario's name, {_TEXT}",
        "map": f"the Tiled map's path relative to this file, at most 4,096 characters of {_TEXT}",
        "ruleset": "text (a rule set name)",
        "seed": "a whole number from 0 to 2^63-1",
        "first_side": "the name of a side (text)",
        "fog_of_war": "a whole number of at least 0 (0 = no fog; else a message fails 1 time in N)",
        "air_theatre": "true or false",
        "rounds": "a whole number of at least 1",
        "description": "text",
        "distance_unit": "the name of a unit of distance on the map in letters (e.g. \"paces\", \"metres\")",
        "distance_per_map_unit": "a number above 0: how many of distance_unit one unit of the map is (e.g. 200)",
    }


class SideEntry(msgspec.Struct, frozen=True):
    """One ``[[sides]]``."""

    name: Name | None = None
    colour: Colour = ""
    warheads: AtLeastZero = 0
    briefing: Prose = ""

    WANTED: ClassVar[dict[str, str]] = {
        "name": f"the side's name, {_TEXT}; write it with letters, digits, spaces and punctuation only",
        "colour": "\"#rrggbb\" (e.g. \"#3050c0\")",
        "warheads": "a whole number of at least 0",
        "briefing": "text (the side's situation and orders)",
    }


class PlayerEntry(msgspec.Struct, frozen=True):
    """One ``[[players]]``."""

    name: Name | None = None
    side: Name | None = None
    units: Literal["all"] | Annotated[list[UnitId], msgspec.Meta(min_length=1, max_length=100_000)] = "all"

    WANTED: ClassVar[dict[str, str]] = {
        "name": f"the player's name, {_TEXT}; write it with letters, digits, spaces and punctuation only",
        "side": "the name of a side (text)",
        "units": "\"all\" or a list of unit ids",
    }


class UnitEntry(msgspec.Struct, frozen=True):
    """One ``[[units]]``."""

    id: UnitId | None = None
    type: Name | None = None
    side: Name | None = None
    at: tuple[Coordinate, Coordinate] | None = None
    heading: Coordinate | None = None
    health: AtLeastOne | None = None
    hidden: bool | None = None
    aboard: UnitId | None = None
    airborne: bool = False

    WANTED: ClassVar[dict[str, str]] = {
        "id": "a name without spaces or '>' (e.g. \"va1\")",
        "type": "a unit type of the rule set (text)",
        "side": "the name of a side (text)",
        "at": "[x, y] in world units (a unit that starts aboard a ship or plane gives aboard = \"ID\" instead)",
        "heading": "degrees clockwise from north",
        "health": "a whole number of at least 1",
        "hidden": "true or false",
        "aboard": "the id of the ship or plane carrying it (e.g. \"b-carrier\")",
        "airborne": "true or false",
    }


class VictoryEntry(msgspec.Struct, frozen=True):
    """One ``[[victory]]``."""

    side: Name | None = None
    kind: Literal["hold", "destroy", "score"] | None = None
    zone: Name | None = None
    by_round: AtLeastOne | None = None
    score: Percentage | None = None

    WANTED: ClassVar[dict[str, str]] = {
        "side": "the name of a side (text)",
        "kind": "one of hold, destroy, score",
        "zone": "the name of a zone of the map (text)",
        "by_round": "a whole number of at least 1",
        "score": "a percentage 0 < score <= 100",
    }


class AreaHead(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``[scenario]`` of an area game (Diplomacy, unit profiles)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=NO_CONTROL)]
    map: Annotated[str, msgspec.Meta(min_length=1, max_length=4096, pattern=NO_CONTROL)]
    ruleset: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=NO_CONTROL)]
    seed: Seed | None = None
    blind: bool = False
    description: Prose = ""


class AreaPlayer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One ``[[players]]`` of an area game: a player and the power they play."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=NO_CONTROL)]
    power: Annotated[str, msgspec.Meta(min_length=1, max_length=200, pattern=NO_CONTROL)]


class AreaScenarioFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An area game's scenario: ``[scenario]``, the rule set's own ``[setup]`` (checked by the rule set) and
    ``[[players]]``."""

    scenario: AreaHead
    setup: dict[str, Any] = {}
    players: Annotated[list[AreaPlayer], msgspec.Meta(max_length=1000)] = []


#: the top-level tables of a ruler game's scenario
SCENARIO_TABLES = ("scenario", "sides", "players", "unit_names", "units", "victory", "overrides")
#: a ``[unit_names]`` entry: a local name for a standard unit type
UnitName = Name
