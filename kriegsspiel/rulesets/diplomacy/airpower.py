"""A movement phase of Air Power Diplomacy: wings fly their missions around the ground adjudication.

The self-defence procedure is the fixed point docs/rulings.md rules: adjudicate with every wing on its mission;
every wing whose base falls (another power's move into it succeeds), other than one whose MOVE succeeds,
abandons its mission and supports its base; adjudicate again; repeat until no further wing abandons. A wing
that abandoned never resumes. Each round: raids are judged against the patrols and escorts as ordered; a
successful raid grounds the patrols, escorts, supports and airlifts based where it strikes and cuts every
support there; the other missions are then judged against the patrols still airborne and the escorts still
flying. Ground orders are adjudicated by the standard resolver, with wings' supports added, raided supports
cut, and delivered armies moving as air assaults.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.legality import Checked, check_orders
from kriegsspiel.rulesets.diplomacy.movement import Dislodged, MovementResult, assign_orders, summarize
from kriegsspiel.rulesets.diplomacy.orders import Order, Refusal, Unit, refuse
from kriegsspiel.rulesets.diplomacy.resolver import Plan, Resolver
from kriegsspiel.rulesets.diplomacy.wings import (
    AirMap, Mission, Patrol, escort_cover, intercepted, missions_of, patrol_area,
)


@dataclass(slots=True)
class _Round:
    status: list[str]
    base_falls: list[bool]
    wing_moved: list[bool]
    checked: Checked
    resolver: Resolver
    patrols: list[Patrol]
    airlifted: set[int]


def _assign_wings(wings: list[Unit], orders: Mapping[str, list[Order]], strict: bool) -> tuple[list[Order | None], list[Refusal]]:
    where = {w.province: k for k, w in enumerate(wings)}
    out: list[Order | None] = [None] * len(wings)
    refused: list[Refusal] = []
    for power, lines in orders.items():
        for o in lines:
            if o.kind != "W":
                continue
            k = where.get(o.province, -1)
            problem = None
            if k < 0 or wings[k].power != power:
                problem = f"{power} has no wing in {o.province}"
            elif out[k] is not None:
                problem = f"W {o.province} has two orders"
            elif o.verb in ("R", "D", "B", "C", "WAIVE"):
                problem = f"'{o.text}' is not a movement phase order"
            if problem:
                refuse(strict, refused, power, o.text, problem)
                continue
            out[k] = o
    return out, refused


def run_air_movement(
    board: ProvinceMap, units: list[Unit], orders: Mapping[str, list[Order]], centres: Mapping[str, list[str]],
    strict: bool = True,
) -> MovementResult:
    """Adjudicate one Air Power Diplomacy movement phase (wings and the standard units).

    Raises :class:`OrderError` when ``strict`` for an order of a unit that is not there.
    """
    air = AirMap(board)
    ground = [u for u in units if u.kind != "W"]
    wings = [u for u in units if u.kind == "W"]
    ground_orders = {p: [o for o in os if o.kind != "W"] for p, os in orders.items()}
    assigned, refused = assign_orders(board, ground, ground_orders, strict)
    wing_orders, wing_refused = _assign_wings(wings, orders, strict)
    missions = missions_of(air, wings, wing_orders)
    ground_at = {u.province: i for i, u in enumerate(ground)}
    _check_static(board, missions, ground, ground_at, assigned, centres)

    abandoned: set[int] = set()
    for _ in range(len(wings) + 1):
        rnd = _round(board, air, missions, abandoned, ground, ground_at, assigned, wings)
        newly = {k for k in range(len(wings)) if k not in abandoned and missions[k].verb != "BASE"
                 and rnd.base_falls[k] and not rnd.wing_moved[k]}
        if not newly:
            break
        abandoned |= newly
    return _outcome(board, air, missions, abandoned, rnd, ground, wings, units, centres, refused + wing_refused)


def _check_static(
    board: ProvinceMap, missions: list[Mission], ground: list[Unit], ground_at: dict[str, int],
    assigned: list[Order | None], centres: Mapping[str, list[str]],
) -> None:
    """Void the missions that the position at the start of the turn makes impossible."""
    owner_at_start = {u.province: u.power for u in ground}
    for m in missions:
        o, power = m.order, m.wing.power
        if m.verb == "M":
            mine = o.dest in centres.get(power, []) or owner_at_start.get(o.dest) == power
            foreign = owner_at_start.get(o.dest, power) != power
            m.void = not mine or foreign or o.dest == m.wing.province
        elif m.verb == "AIRLIFT":
            a = ground_at.get(o.target, -1)
            order = assigned[a] if a >= 0 else None
            m.void = not (a >= 0 and ground[a].kind == "A" and order is not None and order.verb == "M"
                          and province_of(order.dest) == o.dest)
        elif m.verb in ("SH", "SM"):
            t = ground_at.get(o.target, -1)
            m.void = t < 0 or o.target_kind == "W" or (bool(o.target_kind) and ground[t].kind != o.target_kind)
        elif m.verb == "ESCORT":
            m.void = not any(x.wing.province == o.target for x in missions if x is not m)
        if m.void:
            m.verb = "BASE"
            m.routes = [(m.wing.province,)]


def _round(
    board: ProvinceMap, air: AirMap, missions: list[Mission], abandoned: set[int], ground: list[Unit],
    ground_at: dict[str, int], assigned: list[Order | None], wings: list[Unit],
) -> _Round:
    verbs = ["BASE" if k in abandoned else m.verb for k, m in enumerate(missions)]
    routes: list[list[tuple[str, ...]]] = [[(m.wing.province,)] if verbs[k] == "BASE" else m.routes
                                           for k, m in enumerate(missions)]
    by_base = {m.wing.province: k for k, m in enumerate(missions)}
    patrols = {k: Patrol(m.wing.power, patrol_area(air, m.order.dest), frozenset(m.order.ignore))
               for k, m in enumerate(missions) if verbs[k] == "PATROL"}

    def cover(escorts: list[int]) -> set[str]:
        out: set[str] = set()
        for k in escorts:
            escorted = by_base.get(missions[k].order.target)
            if escorted is not None:
                out |= escort_cover(air, missions[k].wing.province, routes[escorted], missions[k].order.over)
        return out

    escorts = [k for k in range(len(missions)) if verbs[k] == "ESCORT"]
    status = ["succeeded"] * len(missions)
    raided: set[str] = set()
    for k, m in enumerate(missions):
        if verbs[k] == "RAID":
            if intercepted(routes[k], m.wing.power, list(patrols.values()), cover(escorts)):
                status[k] = "intercepted"
            else:
                raided.add(m.order.dest)
    grounded = {k for k, m in enumerate(missions) if m.wing.province in raided}
    flying = [p for k, p in patrols.items() if k not in grounded]
    covered = cover([k for k in escorts if k not in grounded])
    airlifted: set[int] = set()
    for k, m in enumerate(missions):
        if verbs[k] in ("PATROL", "ESCORT", "SH", "SM", "AIRLIFT", "BASE") and k in grounded:
            status[k] = "raided"
        elif verbs[k] in ("M", "SH", "SM", "AIRLIFT", "BASE") and intercepted(routes[k], m.wing.power, flying, covered):
            status[k] = "intercepted"
        elif verbs[k] == "AIRLIFT":
            airlifted.add(ground_at[m.order.target])

    orders = list(assigned)
    for k, m in enumerate(missions):
        if m.verb == "AIRLIFT" and not m.void and ground_at[m.order.target] not in airlifted:
            orders[ground_at[m.order.target]] = None  # the army never left
    checked = check_orders(board, ground, orders, frozenset(airlifted))
    plan = checked.plan
    plan.raided = raided
    for k, m in enumerate(missions):
        if status[k] != "succeeded":
            continue
        o = m.order
        if verbs[k] == "BASE":
            plan.wing_base[m.wing.province] = m.wing.power
        elif verbs[k] == "SM":
            t = ground_at[o.target]
            same_coast = coast_of(o.dest) is None or ground[t].kind != "F" or checked.dest_loc[t] == o.dest
            if plan.verb[t] == "M" and plan.dest[t] == province_of(o.dest) and same_coast:
                plan.wing_move_support.setdefault(t, []).append(m.wing.power)
            else:
                status[k] = "void"
        elif verbs[k] == "SH":
            t = ground_at[o.target]
            if plan.verb[t] != "M":
                plan.wing_hold_support[t] = plan.wing_hold_support.get(t, 0) + 1
            else:
                status[k] = "void"
    r = Resolver(plan)
    falls = [any(r.moves(a) for a in plan.attackers.get(m.wing.province, ()) if plan.powers[a] != m.wing.power)
             for m in missions]
    moved = _wing_moves(missions, verbs, status, ground, r, plan)
    return _Round(status, falls, moved, checked, r, flying, airlifted)


def _wing_moves(missions: list[Mission], verbs: list[str], status: list[str], ground: list[Unit],
                r: Resolver, plan: Plan) -> list[bool]:
    """Which wings' MOVEs succeed: not intercepted, no other power's army or fleet ends the turn there, no
    other wing moves there, no wing stays there."""
    end_owner: dict[str, str] = {}
    for i, u in enumerate(ground):
        if r.moves(i):
            end_owner[plan.dest[i]] = u.power
        elif r.dislodged_by(i) < 0:
            end_owner.setdefault(u.province, u.power)
    trying = [verbs[k] == "M" and status[k] == "succeeded" for k in range(len(missions))]
    dests = [m.order.dest if trying[k] else None for k, m in enumerate(missions)]
    for k, m in enumerate(missions):
        if trying[k]:
            rivals = sum(1 for d in dests if d == m.order.dest)
            if rivals > 1 or end_owner.get(m.order.dest, m.wing.power) != m.wing.power:
                trying[k] = False
    changed = True
    while changed:  # a wing that stays blocks the wing that would move in
        changed = False
        staying = {m.wing.province for k, m in enumerate(missions) if not trying[k]}
        for k in range(len(missions)):
            if trying[k] and dests[k] in staying:
                trying[k] = False
                changed = True
    return trying


def _outcome(
    board: ProvinceMap, air: AirMap, missions: list[Mission], abandoned: set[int], rnd: _Round,
    ground: list[Unit], wings: list[Unit], units: list[Unit], centres: Mapping[str, list[str]], refused: list[Refusal],
) -> MovementResult:
    r, plan = rnd.resolver, rnd.checked.plan
    wing_end: dict[str, str] = {}
    wing_dislodged: list[int] = []
    for k, m in enumerate(missions):
        if rnd.wing_moved[k]:
            wing_end[m.order.dest] = m.wing.power
        elif rnd.base_falls[k]:
            wing_dislodged.append(k)
        else:
            wing_end[m.wing.province] = m.wing.power
    summary = summarize(board, ground, rnd.checked, r, foreign_wings=wing_end)
    results = summary.results
    staying = list(summary.units)
    dislodged = list(summary.dislodged)
    for a in rnd.airlifted:
        if r.moves(a):
            continue
        holder = next((u for u in staying if u.province == plan.dest[a]), None)
        if holder is not None and holder.power == ground[a].power and r.wins_if_vacated(a):
            continue  # stopped only by its own unit that failed to leave: not disbanded (the text)
        staying = [u for u in staying if u != ground[a]]
        dislodged = [d for d in dislodged if d.unit != ground[a]]
        if "disbanded" not in results[ground[a].key()]:
            results[ground[a].key()].append("disbanded")
    end_ground = {u.province: u for u in staying}
    start: dict[tuple[str, bool], Unit] = {}  # (province, is a wing) -> the unit there at the start
    for u in units:
        start.setdefault((u.province, u.kind == "W"), u)
    for k, m in enumerate(missions):
        words = ["self_defence"] if k in abandoned else ["void"] if m.void else []
        if rnd.status[k] != "succeeded" or not words:
            words.append(rnd.status[k])
        if m.verb == "M" and k not in abandoned and not m.void and rnd.status[k] == "succeeded" and not rnd.wing_moved[k]:
            words[-1] = "bounced"
        if k in wing_dislodged:
            words.append("dislodged")
        results[m.wing.key()] = list(dict.fromkeys(words))
    moves = dict(summary.moves)
    for k, m in enumerate(missions):
        if rnd.wing_moved[k]:
            moves[m.wing.key()] = m.order.dest
    for k in wing_dislodged:
        w = wings[k]
        options = _wing_retreats(board, air, w, rnd.patrols, summary.contested, start, end_ground, wing_end, centres)
        dislodged.append(Dislodged(w, options))
        if not options:
            results[w.key()].append("disbanded")
    final = staying + [Unit(p, "W", prov) for prov, p in wing_end.items()]
    return MovementResult(final, dislodged, results, moves, refused, summary.contested, summary.journal_words)


def _wing_retreats(
    board: ProvinceMap, air: AirMap, w: Unit, patrols: list[Patrol], contested: set[str],
    start: dict[tuple[str, bool], Unit], end_ground: dict[str, Unit], wing_end: dict[str, str],
    centres: Mapping[str, list[str]],
) -> tuple[str, ...]:
    """Where a dislodged wing may retreat (docs/rulings.md): one space, to a land province valid at the start and
    the end of the turn (owned by its power and empty, not left empty by a standoff; or held by its own army
    or fleet with no wing there), never into or out of an enemy patrol's area."""
    def watched(province: str) -> bool:
        return any(p.power != w.power and w.power not in p.ignore and province in p.area for p in patrols)

    if watched(w.province):
        return ()
    owned = set(centres.get(w.power, []))

    def valid(ground_unit: Unit | None, wing_there: bool) -> bool:
        if wing_there:
            return False
        if ground_unit is None:
            return True
        return ground_unit.power == w.power

    options = []
    for t in sorted(air.near[w.province]):
        if not board.is_land(t) or t in contested or watched(t):
            continue
        at_start = start.get((t, False))
        at_end = end_ground.get(t)
        empty_owned = t in owned and at_start is None and at_end is None
        held = (at_start is not None and at_start.power == w.power and at_end is not None and at_end.power == w.power)
        if (empty_owned or held) and valid(at_start, (t, True) in start) and t not in wing_end:
            options.append(t)
    return tuple(options)
