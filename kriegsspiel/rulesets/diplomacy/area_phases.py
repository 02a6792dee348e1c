"""One phase of an area position resolved by the adjudicator: movement (with wings in Air Power Diplomacy),
retreats or adjustments, then the next phase that needs orders (skipping empty ones, as the interchange
format does), with units keeping their uids through moves, retreats and builds."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kriegsspiel.core.area import AreaPosition, AreaUnit, PhaseResult
from kriegsspiel.rulesets.diplomacy.adjustments import (
    adjustment_needed, run_adjustments, run_retreats, update_centres,
)
from kriegsspiel.rulesets.diplomacy.airpower import run_air_movement
from kriegsspiel.rulesets.diplomacy.area_position import (
    PHASE_RE, centres_of, dislodged_units, homes_of, on_board, phase_label,
)
from kriegsspiel.rulesets.diplomacy.area_view import told_lines
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, province_of
from kriegsspiel.rulesets.diplomacy.movement import Dislodged, run_movement
from kriegsspiel.rulesets.diplomacy.orders import Order, Unit

if TYPE_CHECKING:
    from kriegsspiel.rulesets.diplomacy.area import DiplomacyRules


def _key(u: AreaUnit) -> str:
    return f"{u.kind} {u.where}"


def _order_of(orders: Mapping[str, list[Order]], u: AreaUnit) -> str:
    for o in orders.get(u.power, []):
        if o.province == province_of(u.where) and o.kind == u.kind:
            return " ".join(o.text.split())
    return ""


def resolve_phase(rules: DiplomacyRules, board: ProvinceMap, position: AreaPosition,
                  orders: dict[str, list[Order]]) -> PhaseResult:
    """Resolve ``position``'s phase with the parsed ``orders`` of each power (see DiplomacyRules.resolve)."""
    m = PHASE_RE.match(position.phase)
    assert m is not None  # start() refuses any other phase
    season, year, kind = m.group(1), int(m.group(2)), m.group(3)
    data: dict[str, Any] = dict(position.data)
    homes = homes_of(position)
    centres = centres_of(position)
    next_uid = int(data.get("next_uid", 1))
    units = on_board(position)
    patrols: dict[str, list[str]] = {}
    moved_to: dict[str, str] = {}
    journal_words: dict[str, str] = {}
    if kind == "M":
        plain = [Unit(u.power, u.kind, u.where) for u in units]
        flying = data.get("air_power") or any(u.kind == "W" for u in units)
        res = (run_air_movement(board, plain, orders, centres, strict=False) if flying
               else run_movement(board, plain, orders, strict=False))
        results = res.results
        journal_words = res.journal_words
        gone = {d.unit.key(): d for d in res.dislodged}
        after: list[AreaUnit] = []
        for u in units:
            d = gone.get(_key(u))
            if d is not None:
                if d.retreats:
                    after.append(AreaUnit(u.uid, u.power, u.kind, u.where, u.label,
                                          {"dislodged": True, "retreats": list(d.retreats)}))
                continue
            where = res.moves.get(_key(u), u.where)
            if where != u.where:
                moved_to[u.uid] = where
            after.append(AreaUnit(u.uid, u.power, u.kind, where, u.label))
        for power, os in orders.items():
            patrols[power] = sorted({o.dest for o in os if o.verb == "PATROL"})
        start_plain = plain
    elif kind == "R":
        stuck = dislodged_units(position)
        dis = [Dislodged(Unit(u.power, u.kind, u.where), tuple(u.details.get("retreats", ()))) for u in stuck]
        plain = [Unit(u.power, u.kind, u.where) for u in units]
        after_plain, results, _ = run_retreats(board, plain, dis, orders, strict=False)
        placed = iter(after_plain[len(plain):])
        after = list(units)
        for u in stuck:
            if results.get(_key(u)) == ["succeeded"]:
                new = next(placed)
                moved_to[u.uid] = new.loc
                after.append(AreaUnit(u.uid, u.power, u.kind, new.loc, u.label))
        start_plain = plain + [d.unit for d in dis]
    else:
        plain = [Unit(u.power, u.kind, u.where) for u in units]
        after_plain, results, _ = run_adjustments(board, plain, centres, homes, orders, strict=False)
        by_place = {(u.power, u.kind, u.where): u for u in units}
        after = []
        for p in after_plain:
            old = by_place.get((p.power, p.kind, p.loc))
            if old is None:
                old = AreaUnit(f"u{next_uid}", p.power, p.kind, p.loc, p.kind)
                next_uid += 1
            after.append(old)
        start_plain = plain

    dislodged_now = [u for u in after if u.details.get("dislodged")]
    final = [Unit(u.power, u.kind, u.where) for u in after if not u.details.get("dislodged")]
    if kind == "M" and dislodged_now:
        next_phase = f"{season}{year}R"
    elif kind == "A":
        next_phase = f"S{year + 1}M"
    elif season == "S":
        next_phase = f"F{year}M"
    else:
        centres = update_centres(board, final, centres, start_plain)
        next_phase = f"W{year}A" if adjustment_needed(final, centres, homes) else f"S{year + 1}M"
    owners = {c: p for p, cs in centres.items() for c in cs}
    data["next_uid"] = next_uid
    data["patrols"] = patrols
    new_position = AreaPosition(next_phase, phase_label(next_phase), tuple(after), owners, data)

    before_units = list(position.units)
    lines: list[str] = []
    per_unit: list[tuple[AreaUnit, str]] = []
    for u in before_units:
        if kind == "R" and not u.details.get("dislodged"):
            continue  # the unit that took a dislodged unit's place shares its key ("A BEL"), not its result
        words = results.get(_key(u))
        if words is None:
            continue
        if kind == "A" and words == ["succeeded"]:
            words = ["disbanded"]  # an ordered disband: the journal's lines have always said so
        elif _key(u) in journal_words:  # the lines keep the words saves were written with (MovementResult)
            words = [journal_words[_key(u)], *words[1:]]
        given = _order_of(orders, u)
        if not given and kind == "M" and words == ["succeeded"]:
            continue  # an unordered unit that held, untouched: nothing to tell
        order = given or (f"{u.kind} {u.where} H" if kind == "M" else f"{u.kind} {u.where} (no order)")
        line = f"{u.power}: {order}: {', '.join(words)}"
        if u.uid in moved_to and kind != "M":
            line += f" (to {moved_to[u.uid]})"
        lines.append(line)
        per_unit.append((u, line))
    for u in after:
        if kind == "A" and u.uid not in {b.uid for b in before_units}:
            line = f"{u.power}: {u.kind} {u.where} B: built"
            lines.append(line)
            per_unit.append((u, line))
    for c in sorted(c for c, p in owners.items() if position.owners.get(c) != p):
        line = f"{owners[c]}: takes the supply centre {c}"
        lines.append(line)
        per_unit.append((AreaUnit("", owners[c], "", c, ""), line))
    told = told_lines(board, position, new_position, per_unit)
    details = {
        "phase": position.phase, "next": next_phase, "results": {k: list(v) for k, v in sorted(results.items())},
        "moves": dict(sorted(moved_to.items())),
        "dislodged": [{"uid": u.uid, "power": u.power, "kind": u.kind, "where": u.where,
                       "retreats": list(u.details.get("retreats", ()))} for u in dislodged_now],
        "orders": {p: [o.text for o in os] for p, os in sorted(orders.items()) if os},
        "centres": {p: sorted(cs) for p, cs in sorted(centres.items())},
    }
    return PhaseResult(new_position, tuple(lines), told, details, winner=rules.winner(new_position))


def retreat_lines_written_before(phase: str, written: Sequence[str], now: Sequence[str]) -> bool:
    """Whether a retreat phase's ``written`` lines are ``now``'s as the program wrote them before the unit
    that took a dislodged unit's place stopped sharing its result: then they held, in order, one more line
    ``"POWER: K LOC (no order): ..."`` for each such unit, of another power than the dislodged ``K LOC``."""
    if not phase.endswith("R"):
        return False
    dislodged: dict[str, str] = {}  # "K LOC" -> the power that wrote its line
    for line in now:
        power, _, rest = line.partition(": ")
        dislodged.setdefault(" ".join(rest.split(" ")[:2]), power)
    kept = []
    for line in written:
        power, _, rest = line.partition(": ")
        unit = " ".join(rest.split(" ")[:2])
        taker = rest.startswith(f"{unit} (no order): ") and dislodged.get(unit, power) != power
        if not (taker and line not in now):
            kept.append(line)
    return kept == list(now) and len(kept) < len(written)

