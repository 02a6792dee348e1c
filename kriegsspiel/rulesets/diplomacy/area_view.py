"""What each power of a blind game may see (docs/rulings.md, "Blind games"): the provinces its units stand in and
those adjacent to them, plus every province of its patrols' areas; and the results it is told."""
from __future__ import annotations

from collections.abc import Sequence

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, province_of
from kriegsspiel.rulesets.diplomacy.wings import AirMap, patrol_area


def visible_provinces(board: ProvinceMap, position: AreaPosition, power: str) -> frozenset[str]:
    """The provinces ``power`` sees in ``position``: where its units stand (dislodged ones too), their
    neighbours by any adjacency, and the areas of the patrols it flew in the phase just resolved."""
    air = AirMap(board)
    seen: set[str] = set()
    for u in position.units:
        if u.power == power:
            here = province_of(u.where)
            seen.add(here)
            seen.update(air.near[here])
    for centre in dict(position.data.get("patrols", {})).get(power, []):
        if centre in air.near:
            seen.update(patrol_area(air, centre))
    return frozenset(seen)


def blind_view(board: ProvinceMap, position: AreaPosition, power: str) -> AreaPosition:
    """``position`` as ``power`` sees it in a blind game: other powers' units only where it sees, supply
    centre owners only there and for its own centres, other powers' patrols left out."""
    seen = visible_provinces(board, position, power)
    units = tuple(u for u in position.units if u.power == power or province_of(u.where) in seen)
    owners = {c: p for c, p in position.owners.items() if p == power or c in seen}
    data = dict(position.data)
    data["patrols"] = {power: list(dict(position.data.get("patrols", {})).get(power, []))}
    return AreaPosition(position.phase, position.phase_label, units, owners, data)


def told_lines(board: ProvinceMap, before: AreaPosition, after: AreaPosition,
               per_unit: Sequence[tuple[AreaUnit, str]]) -> dict[str, tuple[str, ...]]:
    """The result lines each power is told: all of them in an open game; in a blind one
    (``before.data["blind"]``) its own and those of units in provinces it saw before or after the phase."""
    blind = bool(before.data.get("blind"))
    told: dict[str, tuple[str, ...]] = {}
    for power in board.powers:
        if not blind:
            told[power] = tuple(line for _, line in per_unit)
            continue
        seen = visible_provinces(board, before, power) | visible_provinces(board, after, power)
        told[power] = tuple(line for u, line in per_unit
                            if u.power == power or province_of(u.where) in seen)
    return told
