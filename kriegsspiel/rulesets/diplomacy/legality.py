"""From the orders as written to the orders the adjudicator resolves (DATC issues 4.B, 4.E.1 and 4.A.3).

Illegal orders are ignored: the unit holds (and may receive hold support). A move is illegal when the unit
cannot get there (fleets following coasts, a destination coast that cannot be reached or is ambiguous, an
army's convoy with no fleet anywhere on a sea route). A support is illegal when the supporter could not move
to the province it supports into (any coast of it) or supports into its own province; it is void when no
matching order was given. A convoy is illegal from a coastal province, or by a fleet that lies on no
route of fleets at sea from the army to its destination that needs every fleet of it.

Convoy to an adjacent province (the 2000 rulebook as DATC 2.4 prefers): the army goes by convoy when its
power ordered one of its own fleets to convoy it, or when it was ordered ``VIA``, and in both cases the fleets
ordered to convoy it form a chain from its province to its destination; otherwise it goes over land (a
convoy that no chain could use makes no intent: docs/diplomacy.md, "Convoys that cannot exist").
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.orders import Order, Unit
from kriegsspiel.rulesets.diplomacy.resolver import Plan


@dataclass(slots=True)
class Checked:
    """A plan and, per unit, whether its order was illegal or void (it then holds) and the move's
    destination location (coast resolved); ``convoy_of``: each fleet at sea ordered to convoy a move that
    was given, and the army's index (whether or not the fleet could be part of a chain)."""

    plan: Plan
    void: list[bool]
    dest_loc: list[str]
    convoy_of: dict[int, int] = field(default_factory=dict)


def _move_destination(board: ProvinceMap, unit: Unit, order: Order, seas_with_fleets: set[str]) -> str | None:
    """The location a move goes to, or None when the move is illegal."""
    dest_prov = province_of(order.dest)
    if dest_prov == unit.province or dest_prov not in board.provinces:
        return None
    if unit.kind == "A":
        if not board.is_land(dest_prov):
            return None
        if dest_prov in board.army_moves(unit.province):
            return dest_prov
        coastal = board.provinces[unit.province].kind == "coast" and board.provinces[dest_prov].kind == "coast"
        if coastal and board.sea_route_exists(unit.province, dest_prov, seas_with_fleets):
            return dest_prov
        return None
    reachable = [loc for loc in board.fleet_locations(dest_prov) if loc in board.fleet_moves(unit.loc)]
    if not reachable:
        return None
    if coast_of(order.dest) is not None:
        return order.dest if order.dest in reachable else None
    return reachable[0] if len(reachable) == 1 else None


def _on_needed_route(board: ProvinceMap, fleet_sea: str, origin: str, dest: str, seas: set[str]) -> bool:
    """Whether ``fleet_sea`` lies on a chordless route of ``seas`` from ``origin`` to ``dest``: a route from
    which no fleet could be left out (DATC 6.G.19, 6.G.7)."""
    touches_origin = {s for s in seas if board.fleet_reaches_province(s, origin)}
    touches_dest = {s for s in seas if board.fleet_reaches_province(s, dest)}

    def walk(path: list[str]) -> bool:
        last = path[-1]
        if last in touches_dest:
            return fleet_sea in path
        for nxt in board.fleet_moves(last):
            if nxt not in seas or nxt in path or nxt in touches_origin:
                continue
            # chordless: the new sea touches no earlier sea of the route but the last
            if any(nxt in board.fleet_moves(earlier) for earlier in path[:-1]):
                continue
            if walk(path + [nxt]):
                return True
        return False

    return any(walk([s]) for s in touches_origin)


def check_orders(
    board: ProvinceMap, units: list[Unit], orders: list[Order | None], airlifted: frozenset[int] = frozenset()
) -> Checked:
    """Turn the units and their orders (one per unit, ``None``: no order, it holds) into a :class:`Plan`.

    ``airlifted``: armies a wing delivers (Air Power Diplomacy): their move is an air assault to any land
    province, never a head-to-head battle (as if convoyed)."""
    n = len(units)
    provinces = [u.province for u in units]
    unit_at = {p: i for i, p in enumerate(provinces)}
    seas_with_fleets = {u.province for u in units if u.kind == "F" and board.is_sea(u.province)}
    verb = ["H"] * n
    dest = list(provinces)
    dest_loc = [u.loc for u in units]
    void = [False] * n
    convoyed = [False] * n
    target = [-1] * n
    convoyers: list[list[int]] = [[] for _ in range(n)]

    # Moves first: supports and convoys are judged against the moves as they will be resolved.
    for i, (u, o) in enumerate(zip(units, orders)):
        if o is None or o.verb == "H":
            continue
        if o.verb != "M":
            continue
        if i in airlifted and board.is_land(province_of(o.dest)) and province_of(o.dest) != u.province:
            verb[i], dest[i], dest_loc[i], convoyed[i] = "M", province_of(o.dest), province_of(o.dest), True
            continue
        loc = _move_destination(board, u, o, seas_with_fleets)
        if loc is None:
            void[i] = True
            continue
        verb[i], dest[i], dest_loc[i] = "M", province_of(loc), loc

    convoy_of: dict[int, int] = {}  # convoying fleet at sea -> the army whose move its order names
    for i, (u, o) in enumerate(zip(units, orders)):
        if o is None or o.verb != "C":
            continue
        a = unit_at.get(o.target, -1)
        if not (u.kind == "F" and board.is_sea(u.province) and a >= 0 and units[a].kind == "A"
                and verb[a] == "M" and dest[a] == province_of(o.dest)):
            void[i] = True  # a convoy from the coast, or of an order not given
            continue
        convoy_of[i] = a
        on_route = (board.provinces[o.target].kind == "coast" and board.provinces[dest[a]].kind == "coast"
                    and _on_needed_route(board, u.province, o.target, dest[a], seas_with_fleets))
        if on_route:
            verb[i] = "C"
            convoyers[a].append(i)

    for i, u in enumerate(units):
        if verb[i] != "M" or u.kind != "A" or i in airlifted:
            continue
        order = orders[i]
        assert order is not None
        if dest[i] not in board.army_moves(u.province):
            convoyed[i] = True
            continue
        # Intent to go by sea: VIA, or a convoy of its own power, and in either case a chain of the fleets
        # ordered to convoy it that reaches from its province to its destination; without one, over land.
        own_intent = any(units[f].power == u.power for f in convoyers[i])
        chain = board.sea_route_exists(u.province, dest[i], {provinces[f] for f in convoyers[i]})
        convoyed[i] = (own_intent or order.via) and chain
    for i in range(n):
        if not convoyed[i]:
            convoyers[i] = []

    for i, (u, o) in enumerate(zip(units, orders)):
        if o is None or o.verb not in ("SH", "SM"):
            continue
        into = o.target if o.verb == "SH" else province_of(o.dest)
        reach = (into in board.army_moves(u.province)) if u.kind == "A" else board.fleet_reaches_province(u.loc, into)
        if into == u.province or not reach:
            void[i] = True
            continue
        verb[i], dest[i] = o.verb, into
        t = unit_at.get(o.target, -1)
        if t < 0 or t == i or (o.target_kind and units[t].kind != o.target_kind):
            void[i] = True
            continue
        if o.verb == "SH":
            if verb[t] == "M":
                void[i] = True
                continue
        else:
            if verb[t] != "M" or dest[t] != into:
                void[i] = True
                continue
            if coast_of(o.dest) is not None and units[t].kind == "F" and dest_loc[t] != o.dest:
                void[i] = True
                continue
            if convoyed[t] and t not in airlifted and u.kind == "F" and board.is_sea(u.province):
                # DATC 6.D.31: a fleet cannot both carry the army and support it.
                if not board.sea_route_exists(provinces[t], into, seas_with_fleets - {u.province}):
                    void[i] = True
                    continue
        target[i] = t
    for i in range(n):
        if void[i]:
            verb[i], dest[i], target[i] = "H", provinces[i], -1

    plan = Plan(board, [u.power for u in units], provinces, verb, dest, convoyed, target, convoyers, unit_at,
                airlifted={i for i in airlifted if verb[i] == "M"})
    return Checked(plan, void, dest_loc, convoy_of)
