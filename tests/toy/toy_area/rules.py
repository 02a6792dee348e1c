"""The rules of the toy area game: two powers, units on six fields, one phase per round.

A round: every power orders its units at once (an order table, :mod:`.orders`); a unit without an order
stays. A march into a field that another march also enters stops both (a bounce). A march into a field where
an enemy unit stood at the start of the round is an attack: each rolls a d6, the defender adding its order's
defence; a higher attacker removes the defender and enters, else it stays. Every unit fights where it stood,
so a unit removed there goes nowhere. A unit on a farm (the map's ``supply_centre``) makes it its power's.
A power wins with ``farms_to_win`` farms (default: all of them) or as the last power with units."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaRules, AreaUnit, OrderVerdict, PhaseResult
from kriegsspiel.core.dice import Dice
from kriegsspiel.errors import UserError

from .orders import HOLD, MARCH, FieldOrder


class FieldRules(AreaRules):
    """The toy area game, played by the orders of ``orders`` (a word of each begins its text)."""

    def __init__(self, orders: Sequence[FieldOrder]) -> None:
        self.orders = {order.word: order for order in orders}

    def with_orders(self, *more: FieldOrder) -> FieldRules:
        """These rules with more orders (a later order of the same word replaces the earlier)."""
        return FieldRules([*self.orders.values(), *more])

    # --- the start -----------------------------------------------------------------------------------

    def start(self, setup: Mapping[str, Any], powers: Sequence[str], provinces: Mapping[str, Mapping[str, Any]],
              source: str) -> AreaPosition:
        """Setup keys: ``units`` (power -> fields, one unit in each), ``farms_to_win`` (default all)."""
        adjacent = {abbr: sorted(str(props.get("adjacent", "")).replace(",", " ").upper().split())
                    for abbr, props in provinces.items()}
        farms = sorted(abbr for abbr, props in provinces.items() if props.get("supply_centre"))
        raw = setup.get("units", {})
        if not isinstance(raw, Mapping):
            raise UserError(f"{source}: [setup.units]: a table of power = [\"ASH\", ...] (one unit per field)")
        units: list[AreaUnit] = []
        for raw_power, fields in raw.items():
            power = str(raw_power).upper()
            if power not in powers:
                raise UserError(f"{source}: [setup.units] {raw_power}: unknown power (the map's: {', '.join(powers)})")
            if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
                raise UserError(f"{source}: [setup.units] {raw_power}: a list of fields such as [\"ASH\"]")
            for field in fields:
                where = field.strip().upper()
                if where not in adjacent:
                    raise UserError(f"{source}: [setup.units] {raw_power}: no field {field!r} on the map")
                if any(u.where == where for u in units):
                    raise UserError(f"{source}: [setup.units] {raw_power}: {where} already holds a unit")
                units.append(AreaUnit(f"u{len(units) + 1}", power, "W", where, "W"))
        need = setup.get("farms_to_win", len(farms))
        if not isinstance(need, int) or isinstance(need, bool) or not 1 <= need <= max(len(farms), 1):
            raise UserError(f"{source}: [setup] farms_to_win = {need!r}: a whole number from 1 to {len(farms)}")
        owners = {u.where: u.power for u in units if u.where in farms}
        data = {"round": 1, "adjacent": adjacent, "farms": farms, "farms_to_win": need, "powers": list(powers),
                "blind": bool(setup.get("blind", False))}
        return AreaPosition("R1", "Round 1", tuple(units), owners, data)

    # --- orders ---------------------------------------------------------------------------------------

    def powers_to_order(self, position: AreaPosition) -> tuple[str, ...]:
        return tuple(p for p in position.data["powers"] if any(u.power == p for u in position.units))

    def check_order(self, position: AreaPosition, power: str, text: str) -> OrderVerdict:
        words = text.upper().split()
        order = self.orders.get(words[0].lower()) if words else None
        if order is None:
            known = ", ".join(o.syntax for o in self.orders.values())
            return OrderVerdict(False, text, f"{text!r}: an order is one of: {known}")
        if len(words) != 2 + order.fields:
            return OrderVerdict(False, text, f"{text!r}: write {order.syntax}")
        unit = next((u for u in position.units if u.where == words[1]), None)
        if unit is None or unit.power != power:
            return OrderVerdict(False, text, f"{power} has no unit in {words[1]}")
        adjacent = position.data["adjacent"]
        if order.marches:
            goal = words[-1]
            if goal not in adjacent.get(unit.where, ()):
                return OrderVerdict(False, text, f"{goal} is not next to {unit.where} "
                                                 f"(next to it: {', '.join(adjacent[unit.where])})")
            if any(u.where == goal and u.power == power for u in position.units):
                return OrderVerdict(False, text, f"{goal} holds a unit of {power}'s own")
        return OrderVerdict(True, " ".join([order.word, *words[1:]]), uid=unit.uid)

    def order_examples(self, position: AreaPosition, power: str, uid: str) -> tuple[str, ...]:
        unit = next((u for u in position.units if u.uid == uid and u.power == power), None)
        if unit is None:
            return ()
        out = [f"{o.word} {unit.where}" for o in self.orders.values() if o.fields == 0]
        out += [f"{o.word} {unit.where} {goal}" for o in self.orders.values() if o.fields == 1
                for goal in position.data["adjacent"][unit.where]
                if self.check_order(position, power, f"{o.word} {unit.where} {goal}").accepted]
        return tuple(out)

    def destination(self, position: AreaPosition, power: str, text: str) -> str | None:
        """The field a marching order names last (the window's drag and drop gives it)."""
        words = text.upper().split()
        order = self.orders.get(words[0].lower()) if words else None
        return words[-1] if order is not None and order.marches and len(words) == 2 + order.fields else None

    def order_help(self) -> tuple[str, ...]:
        return tuple(f"POWER: {o.syntax:<20} {o.meaning}" for o in self.orders.values())

    # --- the round -------------------------------------------------------------------------------------

    def resolve(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], dice: Dice) -> PhaseResult:
        given: dict[str, tuple[FieldOrder, list[str]]] = {}
        for power, texts in orders.items():
            for text in texts:
                verdict = self.check_order(position, power, text)
                if verdict.accepted and verdict.uid is not None:
                    words = verdict.text.split()
                    given[verdict.uid] = (self.orders[words[0]], words[1:])
        units = sorted(position.units, key=lambda u: int(u.uid[1:]))
        stood = {u.where: u for u in units}
        goals = {u.uid: given[u.uid][1][-1] for u in units if u.uid in given and given[u.uid][0].marches}
        lines: list[str] = []
        for goal in sorted(set(goals.values())):
            entering = [uid for uid, g in goals.items() if g == goal]
            if len(entering) > 1:
                lines.append(f"the marches into {goal} bounce")
                for uid in entering:
                    del goals[uid]
        removed: set[str] = set()
        won: set[str] = set()
        for unit in units:
            goal = goals.get(unit.uid)
            defender = stood.get(goal) if goal else None
            if defender is None:
                continue
            order = given.get(defender.uid)
            bonus = order[0].defence if order and defender.uid not in goals else 0
            attack, defence = dice.roll(6), dice.roll(6) + bonus
            if attack > defence:
                removed.add(defender.uid)
                won.add(unit.uid)
                lines.append(f"{unit.power} {unit.where} attacks {goal} ({attack} against {defence}): "
                             f"{defender.power}'s unit there is removed")
            else:
                lines.append(f"{unit.power} {unit.where} attacks {goal} ({attack} against {defence}) and is held")
        after: list[AreaUnit] = []
        for unit in units:
            if unit.uid in removed:
                continue
            goal = goals.get(unit.uid)
            if goal is not None and (goal not in stood or unit.uid in won):
                if goal not in stood:
                    lines.append(f"{unit.power} {unit.where} marches to {goal}")
                unit = replace(unit, where=goal)
            after.append(unit)
        owners = dict(position.owners)
        for unit in after:
            if unit.where in position.data["farms"]:
                owners[unit.where] = unit.power
        number = position.data["round"] + 1
        data = {**position.data, "round": number}
        nxt = AreaPosition(f"R{number}", f"Round {number}", tuple(after), owners, data)
        winner = self.winner(nxt)
        if winner is not None:
            lines.append(f"{winner} wins")
        told = {p: tuple(line for line in lines if self._sees_line(position, nxt, p, line))
                for p in position.data["powers"]}
        return PhaseResult(nxt, tuple(lines), told, {"removed": sorted(removed)}, winner=winner)

    def _sees_line(self, before: AreaPosition, after: AreaPosition, power: str, line: str) -> bool:
        if not before.data.get("blind"):
            return True
        seen = self._seen(before, power) | self._seen(after, power)
        return line.endswith(" wins") or any(word in seen for word in line.replace("(", " ").split())

    def winner(self, position: AreaPosition) -> str | None:
        count = {p: sum(1 for o in position.owners.values() if o == p) for p in position.data["powers"]}
        best = [p for p, n in count.items() if n >= position.data["farms_to_win"]]
        standing = {u.power for u in position.units}
        if best:
            return best[0]
        return next(iter(standing)) if len(standing) == 1 else None

    # --- what each power sees ---------------------------------------------------------------------------

    def _seen(self, position: AreaPosition, power: str) -> set[str]:
        mine = {u.where for u in position.units if u.power == power}
        return mine | {near for where in mine for near in position.data["adjacent"][where]}

    def view(self, position: AreaPosition, power: str | None, blind: bool) -> AreaPosition:
        """In a blind game a power sees the units on its own fields and the fields next to them."""
        if power is None or not blind:
            return position
        seen = self._seen(position, power.upper())
        return replace(position, units=tuple(u for u in position.units if u.where in seen))
