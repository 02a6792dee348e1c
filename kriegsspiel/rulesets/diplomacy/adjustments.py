"""Retreat and adjustment phases, civil disorder, and supply-centre ownership at the end of a Fall turn."""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.movement import Dislodged
from kriegsspiel.rulesets.diplomacy.orders import Order, Refusal, Unit, refuse

_KIND_WORDS = {"A": "army", "F": "fleet", "W": "wing"}


def run_retreats(
    board: ProvinceMap, units: list[Unit], dislodged: list[Dislodged], orders: dict[str, list[Order]],
    strict: bool = True,
) -> tuple[list[Unit], dict[str, list[str]], list[Refusal]]:
    """Adjudicate a retreat phase: returns the units after it, the result words and the refused orders.

    A retreat succeeds to one of the unit's retreat places unless another unit retreats to the same province
    (then both are disbanded); an unordered dislodged unit is disbanded. Supports and convoys do not exist
    in this phase (DATC 6.H.1-6.H.4). Raises :class:`OrderError` when ``strict`` for an order of a unit
    that is not dislodged, a second order or an order that is not a retreat or disband.
    """
    # a wing and the army or fleet it was stacked with are dislodged together and retreat alone
    by_province = {(d.unit.province, d.unit.kind == "W"): d for d in dislodged}
    chosen: dict[tuple[str, bool], tuple[Order, str | None]] = {}
    refused: list[Refusal] = []
    results: dict[str, list[str]] = {}
    for power, lines in orders.items():
        for o in lines:
            slot = (o.province, o.kind == "W")
            d = by_province.get(slot)
            if o.verb not in ("R", "D", "M"):
                refuse(strict, refused, power, o.text, "a retreat phase takes 'R PROVINCE' or 'D' only")
                continue
            if d is None or d.unit.power != power or d.unit.kind != o.kind:
                refuse(strict, refused, power, o.text, f"{power} has no dislodged "
                       f"{_KIND_WORDS.get(o.kind, 'unit')} in {o.province}")
                continue
            if slot in chosen:
                refuse(strict, refused, power, o.text, f"{d.unit.key()} has two orders")
                continue
            dest: str | None = None
            if o.verb in ("R", "M"):
                fits = [t for t in d.retreats if t == o.dest or (coast_of(o.dest) is None and province_of(t) == o.dest)]
                dest = fits[0] if len(fits) == 1 else None
                if dest is None:
                    results[d.unit.key()] = ["void", "disbanded"]
            chosen[slot] = (o, dest)
    wanted = Counter((province_of(dest), slot[1]) for slot, (_, dest) in chosen.items() if dest is not None)
    after = list(units)
    for d in dislodged:
        key = d.unit.key()
        o_dest = chosen.get((d.unit.province, d.unit.kind == "W"))
        if key in results:
            continue
        if o_dest is None or o_dest[1] is None:
            results[key] = ["disbanded"]
        elif wanted[(province_of(o_dest[1]), d.unit.kind == "W")] > 1:
            results[key] = ["bounced", "disbanded"]
        else:
            results[key] = ["succeeded"]
            after.append(Unit(d.unit.power, d.unit.kind, o_dest[1]))
    return after, results, refused


def update_centres(
    board: ProvinceMap, units: list[Unit], centres: Mapping[str, list[str]], start: list[Unit] | None = None,
) -> dict[str, list[str]]:
    """Supply-centre owners at the end of a Fall turn: a centre occupied by an army or fleet passes to its
    power; the others keep their owner, except that a wing standing alone on a centre keeps it for its power
    when its power owned it or occupied it at the start of the phase (``start``; Air Power Diplomacy)."""
    owner = {c: p for p, cs in centres.items() for c in cs}
    grounded = {u.province for u in units if u.kind in ("A", "F")}
    occupied_at_start = {(u.province, u.power) for u in start or []}
    for u in units:
        if not board.provinces[u.province].supply_centre:
            continue
        if u.kind in ("A", "F"):
            owner[u.province] = u.power
        elif u.province not in grounded and (u.province, u.power) in occupied_at_start:
            owner[u.province] = u.power
    out: dict[str, list[str]] = {}
    for c, p in owner.items():
        out.setdefault(p, []).append(c)
    return {p: sorted(cs) for p, cs in sorted(out.items())}


def adjustment_needed(units: list[Unit], centres: Mapping[str, list[str]], homes: Mapping[str, list[str]]) -> bool:
    """Whether some power may build (more centres than units and an empty owned home centre) or must
    disband (more units than centres)."""
    count = Counter(u.power for u in units)
    occupied = {u.province for u in units}
    for power in set(count) | set(centres):
        owned = set(centres.get(power, []))
        if count[power] > len(owned):
            return True
        if len(owned) > count[power] and any(h in owned and h not in occupied for h in homes.get(power, [])):
            return True
    return False


def civil_disorder(board: ProvinceMap, units: list[Unit], homes: list[str], count: int) -> list[Unit]:
    """The ``count`` units a power in civil disorder loses: farthest from its home centres first (armies
    counting moves over land and sea, fleets over their own moves), fleets before armies at equal distance,
    then by the province's name (DATC 6.J as the 2000 rulebook rules it)."""
    far = 10_000
    army_d = board.distances(set(homes), "A")
    fleet_d = board.distances(set(homes), "F")

    def key(u: Unit) -> tuple[int, int, str]:
        d = fleet_d.get(u.loc, far) if u.kind == "F" else army_d.get(u.province, far)
        return (-d, 0 if u.kind == "F" else 1, board.provinces[u.province].name)

    return sorted(units, key=key)[:count]


def run_adjustments(
    board: ProvinceMap, units: list[Unit], centres: Mapping[str, list[str]], homes: Mapping[str, list[str]],
    orders: dict[str, list[Order]], strict: bool = True,
) -> tuple[list[Unit], dict[str, list[str]], list[Refusal]]:
    """Adjudicate an adjustment phase: builds and disbands, handled one by one in the order given (DATC
    6.I.1, 6.J.1), surplus ones void; a power that disbands too few loses more by :func:`civil_disorder`.

    Returns the units after it, the result words and the refused orders. Raises :class:`OrderError` when
    ``strict`` for a disband of a unit that is not there (or already disbanded) or an order that is not a
    build, disband or waive. Result words: an ordered disband or a build carried out ``succeeded``, a surplus
    or misplaced one ``void`` (never replacing the ``succeeded`` of the order carried out), a unit removed by
    civil disorder ``disbanded``.
    """
    after = list(units)
    results: dict[str, list[str]] = {}
    refused: list[Refusal] = []
    occupied = {u.province for u in units}
    for power in sorted(set(centres) | {u.power for u in units} | set(orders)):
        mine = [u for u in after if u.power == power]
        balance = len(centres.get(power, [])) - len(mine)
        builds_left = max(balance, 0)
        disbands_left = max(-balance, 0)
        disbanded: set[Unit] = set()
        for o in orders.get(power, []):
            if o.verb == "WAIVE":
                builds_left = max(builds_left - 1, 0)
                continue
            key = f"{o.kind} {o.loc}"
            if o.verb == "B":
                if _build_fits(board, o, power, centres, homes, occupied) and builds_left > 0:
                    builds_left -= 1
                    occupied.add(o.province)
                    after.append(Unit(power, o.kind, o.loc))
                    results[key] = ["succeeded"]
                elif results.get(key) != ["succeeded"]:  # a second build never hides the first (6.I.7)
                    results[key] = ["void"]
            elif o.verb == "D":
                unit = next((u for u in after if u.power == power and u.province == o.province and u.kind == o.kind), None)
                gone = next((u for u in disbanded if u.province == o.province and u.kind == o.kind), None)
                if gone is not None:
                    refuse(strict, refused, power, o.text, f"a second disband of {gone.key()}, which an earlier "
                                                           "order of this phase disbands")
                elif unit is None:
                    refuse(strict, refused, power, o.text, f"{power} has no {_KIND_WORDS.get(o.kind, 'unit')} in "
                                                           f"{o.province} to disband")
                elif disbands_left > 0:
                    disbands_left -= 1
                    after.remove(unit)
                    disbanded.add(unit)
                    results[unit.key()] = ["succeeded"]
                else:
                    results[unit.key()] = ["void"]
            else:
                refuse(strict, refused, power, o.text, "an adjustment phase takes 'A PAR B', 'A RUH D' or 'WAIVE'")
        if disbands_left:
            mine = [u for u in after if u.power == power]
            for u in civil_disorder(board, mine, homes.get(power, board.home_centres(power)), disbands_left):
                after.remove(u)
                results[u.key()] = ["disbanded"]
    return after, results, refused


def _build_fits(
    board: ProvinceMap, o: Order, power: str, centres: Mapping[str, list[str]], homes: Mapping[str, list[str]],
    occupied: set[str],
) -> bool:
    prov = o.province
    if prov not in homes.get(power, []) or prov not in centres.get(power, []) or prov in occupied:
        return False
    if o.kind in ("A", "W"):  # a wing is built like an army (docs/rulings.md)
        return board.is_land(prov) and coast_of(o.loc) is None
    if o.kind == "F":
        return o.loc in board.fleet_locations(prov)
    return False
