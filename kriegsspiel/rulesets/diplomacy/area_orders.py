"""Orders as a player gives them in an area game: the checks that can be made before the phase is resolved
(the unit could ever carry the order out on this board), the order's normal text, and the orders a menu
offers for a unit.

What only the whole phase decides (a support of an order not given, a convoy with no route, a bounce) is the
adjudicator's: such orders are accepted here and fail or are void when the phase is resolved (DATC 4.E.1).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.orders import Order, Unit, _tokens
from kriegsspiel.rulesets.diplomacy.wings import AirMap, RANGE

_WORDS = {"HOLD": "H", "BUILD": "B", "DISBAND": "D"}


def normal_text(line: str, unit_loc: str) -> str:
    """The order in its normal form: upper case, ``-`` spaced, coasts as ``/NC``, the unit's own location
    (with its coast) in place of what was written: ``a stp - bot`` for a fleet at STP/SC -> ``F STP/SC - BOT``."""
    tokens = [_WORDS.get(t, t) for t in _tokens(line)]
    if len(tokens) >= 2:
        tokens[1] = unit_loc
    if len(tokens) == 2:
        tokens.append("H" if tokens[0] != "W" else "S")
        if tokens[0] == "W":
            tokens.append(province_of(unit_loc))
    return " ".join(tokens)


def _army_can_reach(board: ProvinceMap, origin: str, dest: str) -> bool:
    if dest in board.army_moves(origin):
        return True
    coastal = board.provinces[origin].kind == "coast" and board.provinces[dest].kind == "coast"
    seas = {p for p, prov in board.provinces.items() if prov.kind == "sea"}
    return coastal and board.sea_route_exists(origin, dest, seas)


def static_problem(board: ProvinceMap, unit: Unit, order: Order, owners: Mapping[str, str]) -> str | None:
    """Why ``unit`` could never carry out ``order`` in a movement phase (None: it may). ``owners``: supply
    centre -> power, for a wing's move (only to a province its power owns or occupies, checked again when the
    phase is resolved)."""
    if order.verb == "M" and unit.kind in ("A", "F"):
        dest = province_of(order.dest)
        if dest == unit.province:
            return "a unit cannot move to where it stands"
        if unit.kind == "A":
            if not board.is_land(dest):
                return f"an army cannot go to sea ({dest})"
            if not _army_can_reach(board, unit.province, dest):
                return f"{dest} is not next to {unit.province}, and no sea route leads there"
            return None
        reachable = [loc for loc in board.fleet_locations(dest) if loc in board.fleet_moves(unit.loc)]
        if not reachable:
            return f"a fleet at {unit.loc} cannot reach {dest}"
        if coast_of(order.dest) is None and len(reachable) > 1:
            return f"name the coast: {' or '.join(reachable)}"
        if coast_of(order.dest) is not None and order.dest not in reachable:
            return f"a fleet at {unit.loc} reaches {' or '.join(reachable)}, not {order.dest}"
        return None
    if order.verb in ("SH", "SM") and unit.kind in ("A", "F"):
        into = order.target if order.verb == "SH" else province_of(order.dest)
        if into == unit.province:
            return "a unit cannot support a move into its own province"
        reach = into in board.army_moves(unit.province) if unit.kind == "A" else board.fleet_reaches_province(
            unit.loc, into)
        if not reach:
            return f"{unit.kind} {unit.loc} could not move to {into} itself, so it cannot support there"
        return None
    if order.verb == "C":
        if unit.kind != "F" or not board.is_sea(unit.province):
            return "only a fleet at sea convoys"
        return None
    if unit.kind == "W":
        return _wing_problem(board, unit, order, owners)
    return None


def _wing_problem(board: ProvinceMap, unit: Unit, order: Order, owners: Mapping[str, str]) -> str | None:
    air = AirMap(board)
    far = [p for p in (order.dest and province_of(order.dest), order.target) if p and air.distance(unit.province, p) > RANGE]
    if far:
        return f"{far[0]} is beyond the wing's range of {RANGE} from {unit.province}"
    if order.verb == "M" and not board.is_land(province_of(order.dest)):
        return "a wing moves only to land"
    return None


def examples_for(board: ProvinceMap, unit: Unit, units: Sequence[Unit], owners: Mapping[str, str]) -> tuple[str, ...]:
    """The orders a menu offers ``unit`` in a movement phase: hold, its moves, supports of the units next to
    it (holding, or moving where it could go too), convoys of armies on the coasts next to a fleet at sea, and
    a wing's missions (support of its base first, its default)."""
    if unit.kind == "W":
        return _wing_examples(board, unit, units)
    out = [f"{unit.kind} {unit.loc} H"]
    if unit.kind == "A":
        out += [f"A {unit.loc} - {d}" for d in sorted(board.army_moves(unit.province))]
    else:
        out += [f"F {unit.loc} - {d}" for d in sorted(board.fleet_moves(unit.loc))]
    mine = {unit.province} | ({province_of(t) for t in board.fleet_moves(unit.loc)} if unit.kind == "F"
                              else set(board.army_moves(unit.province)))
    for other in units:
        if other.kind == "W" or other.province == unit.province:
            continue
        if other.province in mine:
            out.append(f"{unit.kind} {unit.loc} S {other.kind} {other.province}")
        theirs = board.army_moves(other.province) if other.kind == "A" else {
            province_of(t) for t in board.fleet_moves(other.loc)}
        for dest in sorted(theirs & mine - {unit.province}):
            out.append(f"{unit.kind} {unit.loc} S {other.kind} {other.province} - {dest}")
        if unit.kind == "F" and board.is_sea(unit.province) and other.kind == "A" and \
                board.fleet_reaches_province(unit.loc, other.province):
            for dest in sorted(p for p, prov in board.provinces.items() if prov.kind == "coast"
                               and p != other.province and board.fleet_reaches_province(unit.loc, p)):
                out.append(f"F {unit.loc} C A {other.province} - {dest}")
    return tuple(out)


#: the longest convoy route a menu offers (fleets in a chain); longer ones are typed
MAX_CONVOY_CHAIN = 6
#: how many routes a menu offers
MAX_CONVOY_ROUTES = 6


def convoy_routes(board: ProvinceMap, origin: str, dest: str, fleets: Mapping[str, str],
                  power: str) -> list[tuple[str, ...]]:
    """The chains of fleets that could carry an army from ``origin`` to ``dest`` (coastal provinces): each a
    tuple of sea provinces holding a fleet (``fleets``: sea -> the fleet's power), the first touching
    ``origin``, each next to the one before, the last touching ``dest``. Only routes no shorter route's
    fleets are a part of; the army's own ``power``'s fleets first, then the shortest, then by name; at most
    MAX_CONVOY_ROUTES."""
    found: list[tuple[str, ...]] = []

    def walk(path: list[str]) -> None:
        if board.fleet_reaches_province(path[-1], dest):
            found.append(tuple(path))
            return  # a longer route through this one would only add fleets
        if len(path) >= MAX_CONVOY_CHAIN:
            return
        for nxt in sorted(board.fleet_moves(path[-1])):
            if nxt in fleets and nxt not in path:
                walk([*path, nxt])

    for sea in sorted(s for s in fleets if board.fleet_reaches_province(s, origin)):
        walk([sea])
    found.sort(key=len)
    kept: list[tuple[str, ...]] = []
    for route in found:
        if not any(set(k) <= set(route) for k in kept):
            kept.append(route)
    kept.sort(key=lambda r: (sum(fleets[s] != power for s in r), len(r), r))
    return kept[:MAX_CONVOY_ROUTES]


def _wing_examples(board: ProvinceMap, unit: Unit, units: Sequence[Unit]) -> tuple[str, ...]:
    air = AirMap(board)
    near = sorted(p for p, prov in board.provinces.items() if prov.kind != "impassable"
                  and 0 < air.distance(unit.province, p) <= RANGE)
    out = [f"W {unit.loc} S {unit.province}"]
    for other in units:
        if other.kind != "W" and air.distance(unit.province, other.province) <= RANGE:
            out.append(f"W {unit.loc} S {other.kind} {other.province}")
    out += [f"W {unit.loc} - {p}" for p in near if board.is_land(p)]
    out += [f"W {unit.loc} RAID {p}" for p in near]
    out += [f"W {unit.loc} PATROL {p}" for p in [unit.province, *near]]
    for other in units:
        if other.kind == "W" and other.power == unit.power and other.province != unit.province:
            out.append(f"W {unit.loc} ESCORT W {other.province}")
        if other.kind == "A" and air.distance(unit.province, other.province) <= 1:
            out += [f"W {unit.loc} AIRLIFT A {other.province} - {p}" for p in near
                    if board.is_land(p) and p != other.province][:6]
    return tuple(out)
