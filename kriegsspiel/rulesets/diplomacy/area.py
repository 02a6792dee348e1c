"""Diplomacy and Air Power Diplomacy as an area game the program plays (:class:`kriegsspiel.core.area.AreaRules`):
positions of uid-named units, orders checked as they are given, phases resolved by the existing adjudicator
(movement with or without wings, retreats, adjustments with civil disorder, phases with nothing to do
skipped), and each power's view (blind games: docs/rulings.md).

A position's ``data`` holds ``board`` (the fingerprint of the province map :meth:`DiplomacyRules.start` read;
the map itself stays in this process, as positions are replays), ``homes``, ``air_power``, ``blind``,
``next_uid``, and ``patrols`` (the centres of the patrols flown in the phase just resolved, by power, which a
blind power sees through). Dislodged units stand in ``units`` with ``details`` ``{"dislodged": true,
"retreats": [...]}`` during a retreat phase.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaRules, AreaUnit, OrderVerdict, PhaseResult
from kriegsspiel.core.dice import Dice
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy import area_setup
from kriegsspiel.rulesets.diplomacy.area_orders import convoy_routes, examples_for, normal_text, static_problem
from kriegsspiel.rulesets.diplomacy.area_phases import resolve_phase, retreat_lines_written_before
from kriegsspiel.rulesets.diplomacy.area_position import (
    BOARDS, PHASE_RE, UNIT_WORDS, dislodged_units, fingerprint, homes_of, on_board, as_unit, balance, board_of, phase_label,
)
from kriegsspiel.rulesets.diplomacy import area_phase_lines as phase_lines
from kriegsspiel.rulesets.diplomacy.area_view import blind_view
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.mapfile import map_from_properties, validate_map
from kriegsspiel.rulesets.diplomacy.orders import Order, OrderError, Unit, parse_order


class DiplomacyRules(AreaRules):
    """Diplomacy (and Air Power Diplomacy when the scenario has wings or ``air_power = true``) for the program's
    session, shell, window and pictures."""

    # --- starting ---------------------------------------------------------------------------------------

    def setup_kinds(self, setup: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return area_setup.setup_kinds(setup)

    def setup_placed(self, setup: Mapping[str, Any], power: str, kind: str, where: str,
                     provinces: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        return area_setup.setup_placed(setup, power, kind, where, provinces)

    def setup_removed(self, setup: Mapping[str, Any], unit: AreaUnit) -> dict[str, Any]:
        return area_setup.setup_removed(setup, unit)

    def start(self, setup: Mapping[str, Any], powers: Sequence[str], provinces: Mapping[str, Mapping[str, Any]],
              source: str) -> AreaPosition:
        """Setup keys: ``phase`` (default ``S1901M``), ``units`` (power -> ["A PAR", "F STP/SC", "W LON"...]),
        ``centres`` (power -> provinces; default each power's home centres), ``air_power`` (bool; default:
        whether a wing is set up), ``blind`` (the scenario's switch, which the session passes in). Raises
        UserError naming ``source`` and the key."""
        board = map_from_properties("map", list(powers), provinces, source)
        problems = validate_map(board)
        if problems:
            raise UserError(f"{source}: the province map: {problems[0]}; run kriegsspiel check on the map")
        key = fingerprint(powers, provinces)
        BOARDS[key] = board
        phase = str(setup.get("phase", "S1901M")).upper()
        if not PHASE_RE.match(phase) or (phase[0] == "W") != (phase[-1] == "A"):
            raise UserError(f"{source}: [setup] phase = {phase!r}: write a phase like S1901M, F1901R or W1901A")
        raw_units = setup.get("units", {})
        if not isinstance(raw_units, Mapping):
            raise UserError(f"{source}: [setup.units]: a table of power = [\"A PAR\", \"F BRE\", ...]")
        units: list[AreaUnit] = []
        taken: dict[tuple[str, bool], str] = {}
        for raw_power, lines in raw_units.items():
            power = str(raw_power).upper()
            where = f"{source}: [setup.units] {raw_power}"
            if power not in board.powers:
                raise UserError(f"{where}: unknown power (the map's powers: {', '.join(board.powers)})")
            if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
                raise UserError(f"{where}: a list of units such as [\"A PAR\", \"F BRE\"]")
            for line in lines:
                u = _setup_unit(board, line, f"{where}: {line!r}")
                slot = (u.province, u.kind == "W")
                if slot in taken or any(p == u.province and o != power for (p, _), o in taken.items()):
                    raise UserError(f"{where}: {line!r}: {u.province} already holds a unit; a province holds one "
                                    "army or fleet and one wing, of one power")
                taken[slot] = power
                units.append(AreaUnit(f"u{len(units) + 1}", power, u.kind, u.loc, u.kind))
        homes = {p: board.home_centres(p) for p in board.powers}
        raw_centres = setup.get("centres", homes)
        if not isinstance(raw_centres, Mapping):
            raise UserError(f"{source}: [setup.centres]: a table of power = [\"PAR\", \"BRE\", ...]")
        owners: dict[str, str] = {}
        for raw_power, names in raw_centres.items():
            power = str(raw_power).upper()
            if power not in board.powers or not isinstance(names, list):
                raise UserError(f"{source}: [setup.centres] {raw_power}: a power of the map and a list of provinces")
            for name in names:
                prov = str(name).upper()
                if prov not in board.provinces or not board.provinces[prov].supply_centre:
                    raise UserError(f"{source}: [setup.centres] {raw_power}: {name!r} is not a supply centre")
                owners[prov] = power
        air_power = setup.get("air_power", any(u.kind == "W" for u in units))
        if not isinstance(air_power, bool):
            raise UserError(f"{source}: [setup] air_power must be true or false")
        if not air_power and any(u.kind == "W" for u in units):
            raise UserError(f"{source}: [setup.units]: wings (W) need air_power = true")
        data = {"board": key, "homes": homes, "air_power": air_power, "blind": bool(setup.get("blind", False)),
                "next_uid": len(units) + 1, "patrols": {}}
        return AreaPosition(phase, phase_label(phase), tuple(units), owners, data)

    # --- orders -----------------------------------------------------------------------------------------

    def powers_to_order(self, position: AreaPosition) -> tuple[str, ...]:
        board = board_of(position)
        kind = position.phase[-1]
        if kind == "M":
            wanted = {u.power for u in on_board(position)}
        elif kind == "R":
            wanted = {u.power for u in dislodged_units(position)}
        else:
            wanted = {p for p in board.powers if balance(position, p) < 0 or (
                balance(position, p) > 0 and self._free_homes(position, p))}
        return tuple(p for p in board.powers if p in wanted)

    def _free_homes(self, position: AreaPosition, power: str) -> list[str]:
        occupied = {province_of(u.where) for u in on_board(position)}
        return [h for h in homes_of(position).get(power, []) if position.owners.get(h) == power and h not in occupied]

    def duty(self, position: AreaPosition, power: str) -> str | None:
        """Movement: a unit without an order holds; retreat: a dislodged unit without one disbands;
        adjustments: how many units the power may build (and where) or must remove (rules: Winter)."""
        power = power.upper()
        if position.phase.endswith("M"):
            return "Give each unit an order; a unit without an order holds."
        if position.phase.endswith("R"):
            return "Retreat each dislodged unit or disband it; a dislodged unit without an order disbands."
        room = balance(position, power)
        if room > 0:
            homes = self._free_homes(position, power)
            if not homes:
                return (f"You have {room} more supply {_plural(room, 'centre')} than units, but no empty home "
                        "centre of your own to build in: nothing to order.")
            may = min(room, len(homes))
            return (f"You may build {may} {_plural(may, 'unit')}, in an empty home centre: {', '.join(homes)}. "
                    "A build not ordered is waived.")
        if room < 0:
            return (f"You must remove {-room} {_plural(-room, 'unit')} (more units than supply centres); "
                    "if you do not, the rules remove the ones farthest from home.")
        return "Your units match your supply centres: nothing to build or remove."

    def check_order(self, position: AreaPosition, power: str, text: str) -> OrderVerdict:
        board = board_of(position)
        power = power.upper()
        line = text.strip()
        if power not in board.powers:
            return OrderVerdict(False, line, f"unknown power {power} (powers: {', '.join(board.powers)})")
        try:
            order = parse_order(board, line)
        except OrderError as exc:
            return OrderVerdict(False, line, str(exc))
        if order.kind == "W" and not position.data.get("air_power"):
            return OrderVerdict(False, line, f"order {line!r}: wings (W) belong to Air Power Diplomacy, not to this game")
        kind = position.phase[-1]
        if kind == "A":
            return self._check_adjustment(position, board, power, order, line)
        pool = on_board(position) if kind == "M" else dislodged_units(position)
        unit = next((u for u in pool if province_of(u.where) == order.province and u.kind == order.kind), None)
        if order.verb == "WAIVE" or order.verb == "B":
            return OrderVerdict(False, line, f"order {line!r}: '{order.verb}' belongs to an adjustment phase; "
                                             f"this is {position.phase_label}")
        if unit is None or unit.power != power:
            where = "dislodged " if kind == "R" else ""
            return OrderVerdict(False, line, f"order {line!r}: {power} has no {where}{UNIT_WORDS[order.kind]} "
                                             f"in {order.province}")
        if kind == "R":
            if order.verb not in ("R", "M", "D"):
                return OrderVerdict(False, line, f"order {line!r}: a retreat phase takes 'R PROVINCE' or 'D' only")
            retreats = list(unit.details.get("retreats", ()))
            if order.verb != "D" and not any(r == order.dest or (coast_of(order.dest) is None and province_of(r)
                                                                  == order.dest) for r in retreats):
                where = ", ".join(retreats) or "nowhere"
                return OrderVerdict(False, line, f"order {line!r}: {unit.kind} {unit.where} may retreat to {where}")
            dest = order.dest if order.verb == "D" or coast_of(order.dest) else next(
                r for r in retreats if province_of(r) == order.dest)
            text_out = f"{unit.kind} {unit.where} D" if order.verb == "D" else f"{unit.kind} {unit.where} R {dest}"
            return OrderVerdict(True, text_out, uid=unit.uid)
        if order.verb in ("R", "D"):
            return OrderVerdict(False, line, f"order {line!r}: retreats and disbands belong to a retreat phase; this "
                                             f"is {position.phase_label}")
        problem = static_problem(board, as_unit(unit), order, position.owners)
        if problem:
            return OrderVerdict(False, line, f"order {line!r}: {problem}")
        return OrderVerdict(True, normal_text(line, unit.where), uid=unit.uid)

    def _check_adjustment(self, position: AreaPosition, board: ProvinceMap, power: str, order: Order,
                          line: str) -> OrderVerdict:
        room = balance(position, power)
        if order.verb == "WAIVE":
            if room <= 0:
                return OrderVerdict(False, line, f"{power} has no build to waive")
            return OrderVerdict(True, "WAIVE")
        if order.verb == "B":
            prov = order.province
            if room <= 0:
                centres = sum(1 for p in position.owners.values() if p == power)
                return OrderVerdict(False, line, f"order {line!r}: {power} may not build (it has {centres} supply "
                                                 f"centres and {centres - room} units)")
            if prov not in self._free_homes(position, power):
                return OrderVerdict(False, line, f"order {line!r}: {power} builds only in an empty home centre it "
                                                 f"owns: {', '.join(self._free_homes(position, power)) or 'none'}")
            if order.kind == "F":
                if board.provinces[prov].kind != "coast":
                    return OrderVerdict(False, line, f"order {line!r}: a fleet is built on the coast")
                if order.loc not in board.fleet_locations(prov):
                    return OrderVerdict(False, line, f"order {line!r}: name the coast: "
                                                     f"{' or '.join(board.fleet_locations(prov))}")
            elif coast_of(order.loc):
                return OrderVerdict(False, line, f"order {line!r}: only a fleet stands on a coast")
            return OrderVerdict(True, f"{order.kind} {order.loc} B")
        if order.verb == "D":
            unit = next((u for u in on_board(position) if province_of(u.where) == order.province
                         and u.kind == order.kind and u.power == power), None)
            if unit is None:
                return OrderVerdict(False, line, f"order {line!r}: {power} has no {UNIT_WORDS[order.kind]} in "
                                                 f"{order.province}")
            if room >= 0:
                return OrderVerdict(False, line, f"order {line!r}: {power} has no unit to disband")
            return OrderVerdict(True, f"{unit.kind} {unit.where} D", uid=unit.uid)
        return OrderVerdict(False, line, f"order {line!r}: an adjustment phase takes 'A PAR B', 'F STP/NC B', "
                                         "'A RUH D' or 'WAIVE'")

    def order_examples(self, position: AreaPosition, power: str, uid: str) -> tuple[str, ...]:
        board = board_of(position)
        unit = next((u for u in position.units if u.uid == uid and u.power == power), None)
        if unit is None:
            return ()
        if position.phase.endswith("R"):
            if not unit.details.get("dislodged"):
                return ()
            return tuple(f"{unit.kind} {unit.where} R {r}" for r in unit.details.get("retreats", ())) + (
                f"{unit.kind} {unit.where} D",)
        if position.phase.endswith("A"):
            return (f"{unit.kind} {unit.where} D",) if balance(position, power) < 0 else ()
        return examples_for(board, as_unit(unit), [as_unit(u) for u in on_board(position)], position.owners)

    def orders_with_help(self, position: AreaPosition, power: str, text: str) -> tuple[tuple[tuple[str, str], ...], ...]:
        """An army's move by convoy (to a coast it is not next to, or written ``VIA``) in a movement phase: the
        army ordered ``VIA`` (so that it goes by sea even where a land route exists, DATC 6.G) with each
        route's fleets ordered to convoy it (convoy_routes). None for any other order or phase."""
        board = board_of(position)
        if not position.phase.endswith("M"):
            return ()
        try:
            order = parse_order(board, text)
        except OrderError:
            return ()
        dest = province_of(order.dest or "")
        if order.kind != "A" or order.verb != "M" or dest not in board.provinces or not board.is_land(dest) or (
                dest in board.army_moves(order.province) and not order.via):
            return ()
        units = on_board(position)
        if not any(u.kind == "A" and u.power == power.upper() and u.where == order.province for u in units):
            return ()
        fleets = {u.where: u.power for u in units if u.kind == "F" and board.is_sea(u.where)}
        army = (power.upper(), f"A {order.province} - {dest} VIA")
        return tuple((army, *((fleets[sea], f"F {sea} C A {order.province} - {dest}") for sea in route))
                     for route in convoy_routes(board, order.province, dest, fleets, power.upper()))

    def place_examples(self, position: AreaPosition, power: str, where: str) -> tuple[str, ...]:
        board = board_of(position)
        prov = province_of(where.upper())
        if not position.phase.endswith("A") or balance(position, power) <= 0 or prov not in self._free_homes(
                position, power):
            return ()
        out = [f"A {prov} B"] if board.is_land(prov) else []
        out += [f"F {loc} B" for loc in board.fleet_locations(prov)]
        if position.data.get("air_power") and board.is_land(prov):
            out.append(f"W {prov} B")
        return tuple(out)

    # --- resolving --------------------------------------------------------------------------------------

    def resolve(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], dice: Dice) -> PhaseResult:
        board = board_of(position)
        parsed: dict[str, list[Order]] = {}
        for power, lines in orders.items():
            parsed[power.upper()] = []
            for line in lines:
                try:
                    parsed[power.upper()].append(parse_order(board, line))
                except OrderError:
                    continue  # only checked orders reach here; one that no longer reads is left out, as unordered
        return resolve_phase(self, board, position, parsed)

    def lines_written_before(self, phase: str, written: Sequence[str], now: Sequence[str]) -> bool:
        return retreat_lines_written_before(phase, written, now)

    def phase_line(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], after: AreaPosition,
                   map_ref: str) -> dict[str, Any] | None:
        """The phase as a line of the interchange format (:mod:`.area_phase_lines`)."""
        return phase_lines.phase_line(board_of(position), position, orders, after, map_ref)

    def read_phase_line(self, line: Mapping[str, Any], source: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
        return phase_lines.read_phase_line(line, source)

    def view(self, position: AreaPosition, power: str | None, blind: bool) -> AreaPosition:
        if power is None or not blind:
            return position
        return blind_view(board_of(position), position, power.upper())

    def winner(self, position: AreaPosition) -> str | None:
        board = board_of(position)
        need = len(board.supply_centres()) // 2 + 1
        count = Counter(position.owners.values())
        best = [p for p, n in count.items() if n >= need]
        return best[0] if best else None


def _setup_unit(board: ProvinceMap, line: str, where: str) -> Unit:
    parts = line.strip().upper().split()
    if len(parts) != 2 or parts[0] not in ("A", "F", "W"):
        raise UserError(f"{where}: a unit is its kind and place, e.g. \"A PAR\", \"F STP/SC\", \"W LON\"")
    kind, loc = parts
    prov = province_of(loc)
    if prov not in board.provinces or board.provinces[prov].kind == "impassable":
        raise UserError(f"{where}: no province {prov} on this map")
    if kind == "F":
        if loc not in board.fleet_locations(prov):
            choices = " or ".join(board.fleet_locations(prov)) or "nowhere: it is inland"
            raise UserError(f"{where}: a fleet cannot stand at {loc} (write {choices})")
    elif not board.is_land(prov) or coast_of(loc) is not None:
        raise UserError(f"{where}: {'an army' if kind == 'A' else 'a wing'} stands on land, without a coast")
    return Unit("", kind, loc)


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"
