"""Air Power Diplomacy's air missions: ranges, routes, patrol areas, escorts, raids and interception.

A wing's range is two spaces by any route, land or sea. A mission flies from the wing's base through at most
one province between to its target and back; every province of the route is exposed to enemy patrols. A
patrol covers its centre (the base or a neighbour) and every neighbour of it, and intercepts every mission of
another power (unless told to ignore that power) through a province it covers that no escort covers.
Without ``VIA`` a mission fails when any route of its length is blocked (the text's rule). Patrols and
escorts are never intercepted; a raid cuts every support in its target and grounds the airlift, patrol,
support and escort of wings based there (docs/rulings.md, "Diplomacy and Air Power Diplomacy").
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, province_of
from kriegsspiel.rulesets.diplomacy.orders import Order, Unit

_NUMBERS = tomllib.loads(Path(__file__).with_name("air-power.toml").read_text(encoding="utf-8"))["wings"]
RANGE: int = _NUMBERS["range"]
PATROL_REACH: int = _NUMBERS["patrol_reach"]
ESCORT_PROVINCES: int = _NUMBERS["escort_provinces"]  # house rule


class AirMap:
    """Province neighbours for flying: any adjacency, army or fleet, sea or land."""

    def __init__(self, board: ProvinceMap) -> None:
        self.board = board
        self.near: dict[str, set[str]] = {p: set() for p in board.provinces}
        for a, ts in board.army_adj.items():
            self.near[a].update(ts)
        for loc, ts in board.fleet_adj.items():
            self.near[province_of(loc)].update(province_of(t) for t in ts)

    def distance(self, a: str, b: str) -> int:
        """0, 1, 2, or 3 for anything farther."""
        if a == b:
            return 0
        if b in self.near[a]:
            return 1
        return 2 if self.near[a] & self.near[b] else 3

    def routes(self, base: str, target: str, via: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
        """The routes of a mission from ``base`` to ``target``: with ``via`` that route if it is one (each
        step to a neighbour, range 2); else every route of the shortest length. Empty: out of range."""
        if via:
            route = (base, *via, target)
            steps_ok = all(b in self.near[a] for a, b in zip(route, route[1:]))
            return [route] if steps_ok and len(route) <= RANGE + 1 else []
        if base == target:
            return [(base,)]
        if target in self.near[base]:
            return [(base, target)]
        return [(base, m, target) for m in sorted(self.near[base] & self.near[target])]


@dataclass(frozen=True, slots=True)
class Patrol:
    """An airborne patrol: its power, the provinces it covers and the powers it lets pass."""

    power: str
    area: frozenset[str]
    ignore: frozenset[str]


def patrol_area(air: AirMap, centre: str) -> frozenset[str]:
    """The provinces a patrol centred on ``centre`` covers: the centre and its neighbours."""
    return frozenset({centre} | air.near[centre])


def blocked(route: Iterable[str], power: str, patrols: list[Patrol], covered: set[str]) -> bool:
    """Whether a patrol of another power (not ignoring ``power``) covers a province of the route that no
    escort covers."""
    for province in route:
        if province in covered:
            continue
        for p in patrols:
            if p.power != power and power not in p.ignore and province in p.area:
                return True
    return False


def intercepted(routes: list[tuple[str, ...]], power: str, patrols: list[Patrol], covered: set[str]) -> bool:
    """A mission with these candidate routes fails when any of them is blocked (one route: ``VIA``)."""
    return any(blocked(r, power, patrols, covered) for r in routes)


def escort_cover(air: AirMap, escort_base: str, escorted_routes: list[tuple[str, ...]],
                 over: tuple[str, ...]) -> set[str]:
    """Where an escort from ``escort_base`` covers the escorted wing: provinces of its route(s) within range
    of the escort's base, its own base first when on the route, at most three; ``over`` names them when
    given (house rule, docs/rulings.md)."""
    along: list[str] = []
    for r in escorted_routes:
        for province in r:
            if province not in along:
                along.append(province)
    qualify = [p for p in along if air.distance(escort_base, p) <= RANGE]
    if over:
        qualify = [p for p in over if p in qualify]
    elif escort_base in qualify:
        qualify.remove(escort_base)
        qualify.insert(0, escort_base)
    return set(qualify[:ESCORT_PROVINCES])


@dataclass(slots=True)
class Mission:
    """One wing's mission for a round of the self-defence procedure (``verb`` as in :class:`Order`; ``BASE``:
    support of its base, the default order and the self-defence order)."""

    wing: Unit
    order: Order
    verb: str
    routes: list[tuple[str, ...]]
    void: bool = False


def missions_of(air: AirMap, wings: list[Unit], orders: list[Order | None]) -> list[Mission]:
    """Each wing's mission as ordered, with its candidate routes; out of range or malformed: void (the wing
    then supports its base, as if unordered)."""
    out = []
    for w, o in zip(wings, orders):
        base = w.province
        if o is None or (o.verb == "SH" and o.target == base and o.target_kind in ("", "A", "F")):
            out.append(Mission(w, o or Order("SH", "W", base, target=base), "BASE", [(base,)]))
            continue
        target = {"M": o.dest, "SH": o.target, "SM": province_of(o.dest), "RAID": o.dest, "PATROL": o.dest,
                  "ESCORT": base}.get(o.verb)
        if o.verb == "AIRLIFT":
            target = o.dest if o.target == base else o.target if o.dest == base else None
        if target is None:
            out.append(Mission(w, o, "BASE", [(base,)], void=True))
            continue
        routes = air.routes(base, target, o.route)
        too_far = not routes or (o.verb == "PATROL" and air.distance(base, target) > PATROL_REACH)
        if o.verb in ("M", "AIRLIFT") and not air.board.is_land(target):
            too_far = True
        if too_far:
            out.append(Mission(w, o, "BASE", [(base,)], void=True))
            continue
        out.append(Mission(w, o, o.verb, routes))
    return out
