"""A movement phase from start to end: assign the orders to the units, check them, resolve, and report the
new position, the dislodged units with the places they may retreat to, and the result words per unit."""
from __future__ import annotations

from dataclasses import dataclass, field

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, province_of
from kriegsspiel.rulesets.diplomacy.legality import Checked, check_orders
from kriegsspiel.rulesets.diplomacy.orders import Order, OrderError, Refusal, Unit, refuse
from kriegsspiel.rulesets.diplomacy.resolver import Plan, Resolver


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A dislodged unit and the locations it may retreat to (empty: it is disbanded at once)."""

    unit: Unit
    retreats: tuple[str, ...]


@dataclass(slots=True)
class MovementResult:
    """What a movement phase did: the units that stay on the board (in their new places), the dislodged
    ones, the result words keyed by the unit as it stood, the successful moves (unit as it stood -> its
    new location) and the orders that were refused (not strict)."""

    units: list[Unit]
    dislodged: list[Dislodged]
    results: dict[str, list[str]]
    moves: dict[str, str] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)
    contested: set[str] = field(default_factory=set)
    #: the first word as a game's journal lines said it before the interchange format's words (issue 32), for
    #: the units where it differs: a save's lines must replay as they were written
    journal_words: dict[str, str] = field(default_factory=dict)


def assign_orders(
    board: ProvinceMap, units: list[Unit], orders: dict[str, list[Order]], strict: bool
) -> tuple[list[Order | None], list[Refusal]]:
    """One order per unit (``None``: unordered), from the orders of each power.

    An order for a unit that is not there (no unit, another power's, another kind), a second order for a
    unit or an order of another phase raises :class:`OrderError` when ``strict``; otherwise it is ignored
    (DATC 4.E.1) and listed in the second value.
    """
    where = {u.province: i for i, u in enumerate(units)}
    assigned: list[Order | None] = [None] * len(units)
    refused: list[Refusal] = []
    for power, lines in orders.items():
        for o in lines:
            i = where.get(o.province, -1)
            problem = None
            if o.verb not in ("H", "M", "SH", "SM", "C"):
                problem = "a movement phase takes holds, moves, supports and convoys"
            elif i < 0:
                problem = f"{power} has no unit in {o.province}"
            elif units[i].power != power:
                problem = f"the unit in {o.province} is {units[i].power}'s, not {power}'s"
            elif units[i].kind != o.kind:
                problem = f"the unit in {o.province} is {'an army' if units[i].kind == 'A' else 'a fleet'}"
            elif assigned[i] is not None:
                problem = f"{units[i].key()} has two orders"
            if problem:
                refuse(strict, refused, power, o.text, problem)
                continue
            assigned[i] = o
    return assigned, refused


def run_movement(
    board: ProvinceMap, units: list[Unit], orders: dict[str, list[Order]], strict: bool = True
) -> MovementResult:
    """Adjudicate one movement phase (DATC-compliant, see :mod:`resolver`).

    Raises :class:`OrderError` for an order of a unit that is not there when ``strict``.
    """
    if any(u.kind == "W" for u in units):
        raise OrderError("wings (W) belong to Air Power Diplomacy: adjudicate with run_air_movement")
    assigned, refused = assign_orders(board, units, orders, strict)
    checked = check_orders(board, units, assigned)
    result = summarize(board, units, checked, Resolver(checked.plan))
    result.refused = refused
    return result


def _against_own(plan: Plan, r: Resolver, i: int) -> bool:
    """Whether support ``i`` of a move cannot count because the move would dislodge a unit of the supporter's
    own power (DATC 6.D.10-6.D.12): one stands where the move goes and does not leave it."""
    if plan.verb[i] != "SM":
        return False
    j = plan.unit_at.get(plan.dest[i], -1)
    if j < 0 or plan.powers[j] != plan.powers[i]:
        return False
    t = plan.target[i]
    return not (plan.verb[j] == "M" and plan.opponent[t] != j and r.moves(j))


def _journal_word(board: ProvinceMap, plan: Plan, checked: Checked, r: Resolver, i: int, word: str) -> str:
    """The first result word of unit ``i`` as the journal's lines gave it before the format's words: a convoy
    the army did not use was ``succeeded`` when the fleet could be on a route, else ``void``; a support
    against one's own unit ``succeeded``; a convoyed move that failed ``disrupted`` whenever its convoying
    fleets formed a route."""
    if i in checked.convoy_of and word == "no_convoy":
        return "succeeded" if plan.verb[i] == "C" else "void"
    if word == "void" and plan.verb[i] == "SM":
        return "succeeded"
    if word == "no_convoy" and plan.verb[i] == "M":
        seas = {plan.provinces[f] for f in plan.convoyers[i]}
        return "disrupted" if board.sea_route_exists(plan.provinces[i], plan.dest[i], seas) else word
    return word


def summarize(
    board: ProvinceMap, units: list[Unit], checked: Checked, r: Resolver,
    foreign_wings: dict[str, str] | None = None,
) -> MovementResult:
    """The outcome of a resolved movement phase: units in their new places, the dislodged ones with their
    retreat places, result words, successful moves. ``foreign_wings`` (province -> power, Air Power
    Diplomacy): wings at the end of the turn; no army or fleet retreats where another power's wing is."""
    plan = checked.plan
    n = len(units)
    moved = [r.moves(i) for i in range(n)]
    dislodger = [r.dislodged_by(i) for i in range(n)]
    results: dict[str, list[str]] = {}
    journal_words: dict[str, str] = {}
    for i, u in enumerate(units):
        words: list[str] = []
        if checked.void[i]:
            words.append("void")
        elif plan.verb[i] == "M":
            if moved[i]:
                words.append("succeeded")
            elif plan.convoyed[i] and not r.path(i):
                # disrupted only when a convoying fleet was dislodged; else no chain could carry it (Szykman)
                hit = any(dislodger[f] >= 0 for f in plan.convoyers[i])
                words.append("disrupted" if hit else "no_convoy")
            else:
                words.append("bounced")
        elif plan.verb[i] in ("SH", "SM"):
            words.append("cut" if not r.support_given(i) else "void" if _against_own(plan, r, i) else "succeeded")
        elif i in checked.convoy_of:
            a = checked.convoy_of[i]
            carried = plan.convoyed[a] and i in plan.convoyers[a] and r.path(a) and dislodger[i] < 0
            words.append("succeeded" if carried else "no_convoy")
        else:
            words.append("succeeded")
        older = _journal_word(board, plan, checked, r, i, words[0])
        if older != words[0]:
            journal_words[u.key()] = older
        if dislodger[i] >= 0:
            words.append("dislodged")
        results[u.key()] = words

    final_provinces = {plan.dest[i] if moved[i] else plan.provinces[i] for i in range(n) if dislodger[i] < 0}
    contested = set()
    for i in range(n):
        if plan.verb[i] == "M" and not moved[i] and r.prevents(i):
            contested.add(plan.dest[i])
    staying: list[Unit] = []
    dislodged: list[Dislodged] = []
    for i, u in enumerate(units):
        if dislodger[i] < 0:
            staying.append(Unit(u.power, u.kind, checked.dest_loc[i]) if moved[i] else u)
            continue
        a = dislodger[i]
        came_from = None if plan.convoyed[a] else plan.provinces[a]
        options = board.army_moves(u.province) if u.kind == "A" else board.fleet_moves(u.loc)
        retreats = tuple(sorted(
            t for t in options
            if province_of(t) not in final_provinces and province_of(t) not in contested
            and province_of(t) != came_from
            and (foreign_wings or {}).get(province_of(t), u.power) == u.power
        ))
        dislodged.append(Dislodged(u, retreats))
        if not retreats:
            results[u.key()].append("disbanded")
    moves = {u.key(): checked.dest_loc[i] for i, u in enumerate(units) if moved[i]}
    return MovementResult(staying, dislodged, results, moves, contested=contested, journal_words=journal_words)
