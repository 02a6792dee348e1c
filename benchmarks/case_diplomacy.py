"""Diplomacy: one movement phase of a full 34-unit position (a unit on every supply centre), adjudicated.

The project: :func:`kriegsspiel.rulesets.diplomacy.run_movement` (orders assigned and checked, the guess
resolver, retreat options and result words), averaged over a batch of phases. The reference, in the same
process: the hand method written as a plain loop over the same orders (strength counts, supports cut by any
attack but the one from the supported destination, bounces repeated until nothing changes), without
convoys, paradox rules or retreats: the least a movement adjudicator must do. Goal: under 1 ms a phase.
"""
from __future__ import annotations

import random

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.rulesets.diplomacy import Order, Unit, parse_order, province_of, run_movement, standard_map

PHASES_PER_RUN = 50


def position(seed: int = 19) -> tuple[list[Unit], dict[str, list[Order]]]:
    """A unit on every supply centre (home centres to their powers, neutrals dealt round), each ordered to
    move to a random neighbour, support a neighbour's move or hold, from a fixed seed."""
    board = standard_map()
    rng = random.Random(seed)
    neutral = [c for c in board.supply_centres() if board.provinces[c].home is None]
    owner = {c: board.provinces[c].home for c in board.supply_centres()}
    for i, c in enumerate(neutral):
        owner[c] = board.powers[i % len(board.powers)]
    units = []
    for c in board.supply_centres():
        locs = board.fleet_locations(c)
        units.append(Unit(owner[c], "F", locs[0]) if locs and rng.random() < 0.4 else Unit(owner[c], "A", c))
    moves: dict[str, str] = {}
    lines: dict[str, list[str]] = {}
    for u in units:
        targets = sorted(board.army_moves(u.province) if u.kind == "A" else board.fleet_moves(u.loc))
        if rng.random() < 0.6 and targets:
            moves[u.province] = rng.choice(targets)
            lines.setdefault(u.power, []).append(f"{u.kind} {u.loc} - {moves[u.province]}")
    for u in units:
        if u.province in moves:
            continue
        reach = board.army_moves(u.province) if u.kind == "A" else {province_of(t) for t in board.fleet_moves(u.loc)}
        helped = [v for v in units if v.province in moves and province_of(moves[v.province]) in reach]
        if helped:
            v = rng.choice(helped)
            lines.setdefault(u.power, []).append(f"{u.kind} {u.loc} S {v.kind} {v.loc} - {moves[v.province]}")
        else:
            lines.setdefault(u.power, []).append(f"{u.kind} {u.loc} H")
    return units, {p: [parse_order(board, t) for t in ts] for p, ts in lines.items()}


def reference_adjudicate(units: list[Unit], orders: dict[str, list[Order]]) -> dict[str, bool]:
    """The hand method as a loop: no convoys, no paradoxes, no retreats (see the module docstring)."""
    at = {u.province: u for u in units}
    order_of = {o.province: o for os in orders.values() for o in os}
    dest = {p: province_of(o.dest) for p, o in order_of.items() if o.verb == "M"}
    support: dict[str, list[str]] = {}
    for p, o in order_of.items():
        if o.verb in ("SM", "SH"):
            into = province_of(o.dest) if o.verb == "SM" else o.target
            if not any(d == p and a != into and at[a].power != at[p].power for a, d in dest.items()):
                support.setdefault(o.target + ">" + into, []).append(p)
    moved = {p: True for p in dest}
    changed = True
    while changed:
        changed = False
        for p, d in dest.items():
            if not moved[p]:
                continue
            strength = 1 + len(support.get(p + ">" + d, ()))
            rivals = [1 + len(support.get(q + ">" + d, ())) for q, e in dest.items() if e == d and q != p]
            holder = d in at and not (d in dest and moved[d] and dest[d] != p)
            hold = 1 + len(support.get(d + ">" + d, ())) if holder else 0
            if any(r >= strength for r in rivals) or strength <= hold or (holder and at[d].power == at[p].power):
                moved[p] = False
                changed = True
    return moved


@case("diplomacy.movement-34", goal="one movement phase of 34 units under 1 ms", max_project_seconds=0.001)
def movement_34(repeats: int) -> CaseResult:
    board = standard_map()
    units, orders = position()

    def project() -> None:
        for _ in range(PHASES_PER_RUN):
            run_movement(board, units, orders)

    def reference() -> None:
        for _ in range(PHASES_PER_RUN):
            reference_adjudicate(units, orders)

    project_s = median_seconds(project, repeats) / PHASES_PER_RUN
    reference_s = median_seconds(reference, repeats) / PHASES_PER_RUN
    result = run_movement(board, units, orders)
    return CaseResult(project_s, reference_s, {
        "units": len(units), "moves_succeeded": len(result.moves), "dislodged": len(result.dislodged),
    })
