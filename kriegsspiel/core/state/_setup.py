"""What a game starts from: the validated content of a scenario, as frozen values.

The scenario loader (``kriegsspiel.scenario``) reads a TOML file, checks it against the map and the rule set,
and produces a :class:`GameSetup`; the core builds the first game state from it. Nothing here reads files.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.geometry import WorldPoint

#: a scenario's keys that only a rule set reads (name, value), in the file's order: the core passes them on to
#: the rule set's start of the game (``RulerRules.start_slots``) without looking inside
RuleSetKeys = tuple[tuple[str, Any], ...]


def _key(keys: RuleSetKeys, name: str, default: Any) -> Any:
    for key, value in keys:
        if key == name:
            return value
    return default


@dataclass(frozen=True, slots=True)
class SideSetup:
    """A side (a military): its name, its colour ("#rrggbb"; "" when the scenario gives none: the window and
    the pictures pick one by the side's order), its briefing (what the side's players are told at the start:
    their situation and orders; "" when the scenario gives none) and the keys only its rule set reads."""

    name: str
    colour: str
    briefing: str = ""
    rule_set_keys: RuleSetKeys = ()

    def key(self, name: str, default: Any = None) -> Any:
        """The value of the rule set's key ``name`` for this side, or ``default``."""
        return _key(self.rule_set_keys, name, default)


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """A player who receives pictures: a whole side (``units`` None = "all") or a subcommand (unit ids)."""

    name: str
    side: str
    units: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class UnitSetup:
    """A unit at the start: ``type_id`` is a standard type of the rule set (local names already resolved)."""

    id: str
    type_id: str
    side: str
    position: WorldPoint  # world units
    heading: float | None = None  # degrees clockwise from north
    health: int | None = None  # None = the type's full health
    hidden: bool | None = None  # None = the type's default (submarines start hidden)
    local_name: str | None = None  # the scenario's name for the type ("hussar"), for display
    aboard: str | None = None  # id of the ship or plane carrying it at the start; it stands where that one is
    rule_set_keys: RuleSetKeys = ()  # the scenario's keys of this unit only its rule set reads

    def key(self, name: str, default: Any = None) -> Any:
        """The value of the rule set's key ``name`` for this unit, or ``default``."""
        return _key(self.rule_set_keys, name, default)


@dataclass(frozen=True, slots=True)
class VictorySetup:
    """A victory condition: ``kind`` is "hold" (a zone), "destroy" (all enemy units) or "score" (a percentage)."""

    side: str
    kind: str
    zone: str | None = None
    by_round: int | None = None
    score: float | None = None  # for kind "score": the percentage to reach


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game starts from, besides the battlefield and the rule set it names."""

    name: str
    ruleset_id: str
    seed: int
    first_side: str
    sides: tuple[SideSetup, ...]
    players: tuple[PlayerSetup, ...]
    units: tuple[UnitSetup, ...]
    fog_of_war: int  # a message fails 1 time in fog_of_war (the scenario's, else the rule set's default_fog_of_war)
    air_theatre: bool = False
    rounds: int | None = None  # the game ends after this many rounds
    victory: tuple[VictorySetup, ...] = ()
    unit_names: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # local name -> standard type
    description: str = ""  # the scenario's text for the umpire: the situation and how to win, in words
    #: the scenario's unit of distance on its map: (its name, e.g. "paces"; how many of it one world unit is);
    #: None: the rule set's ``distance_unit``, one per world unit
    distance: tuple[str, float] | None = None
