"""What every player may know besides their PlayerView: the map, the rule set, the sides and their colours.

A :class:`PublicMap` is built from the game state but keeps only what is printed on the players' map and in the
rules: the battlefield as printed (terrain, the map's own structures, zones: never a structure built or
destroyed during the game, which a player knows only where they see it, from their PlayerView), the rule set,
the side names and colours, the scenario name. It never keeps a unit, so nothing drawn from it can depend on
where an enemy stands or what it did.
"""
from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.render.overlays import distance_words

#: Side colours for scenarios that give none, in the order of the scenario's sides.
FALLBACK_COLOURS = ("#3050c0", "#c03030", "#308040", "#a07020")


@dataclass(frozen=True, eq=False)
class PublicMap:
    """The public side of a game: the battlefield, the rule set, side colours ("#rrggbb") and names."""

    battlefield: Battlefield
    ruleset: Any
    side_colours: Mapping[str, str]
    scenario_name: str
    #: the scenario's unit of distance on the map (GameSetup.distance), else None
    distance: tuple[str, float] | None = None

    @property
    def distance_unit(self) -> str:
        """The unit of distance of the scale bar and of the reports: the scenario's ("paces"), else the rule
        set's as the window says it ("map units", "metres")."""
        if self.distance is not None:
            return self.distance[0]
        return distance_words(str(getattr(self.ruleset, "distance_unit", "") or "units"))

    @property
    def distance_per_world_unit(self) -> float:
        """How many :attr:`distance_unit` one world unit of the map is."""
        return 1.0 if self.distance is None else float(self.distance[1])

    def colour_of(self, side: str) -> str:
        """The colour of ``side``; grey for a side the scenario does not list."""
        return self.side_colours.get(side, "#808080")


_printed: weakref.WeakKeyDictionary[Battlefield, Battlefield] = weakref.WeakKeyDictionary()


def printed_battlefield(battlefield: Battlefield) -> Battlefield:
    """``battlefield`` with the structures of the printed map (``printed_structures``) in place of those
    standing now; the battlefield itself when they are the same. Cached per battlefield."""
    printed = battlefield.printed_structures
    if printed is None or printed == battlefield.structures:
        return battlefield
    hit = _printed.get(battlefield)
    if hit is None:
        hit = dataclasses.replace(battlefield, structures=printed)
        _printed[battlefield] = hit
    return hit


def public_map(state: Any) -> PublicMap:
    """The public part of ``state``: its battlefield as printed, rule set, sides' colours and the scenario's
    name."""
    setup = state.setup
    colours = {}
    for i, side in enumerate(setup.sides):
        colours[side.name] = side.colour or FALLBACK_COLOURS[i % len(FALLBACK_COLOURS)]
    return PublicMap(
        battlefield=printed_battlefield(state.battlefield),
        ruleset=state.ruleset,
        side_colours=MappingProxyType(colours),
        scenario_name=str(setup.name),
        distance=getattr(setup, "distance", None),
    )
