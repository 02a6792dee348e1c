"""The unit-profiles game as the program plays it: :class:`UnitProfilesArea`, its
:class:`~kriegsspiel.core.area.AreaRules` (``UnitProfiles.area_rules()``).

Phases are the steps of each power's turn in order (R03.1: research with the switch on, purchase, combat
move, conduct combat, noncombat move, place, collect income), ``R<round>.<POWER>.<step>``; the power whose
step it is gives the orders (:mod:`notation`). ``resolve`` carries out the step's orders in the order given
(each checked again against what the orders before it did), fights the battles with the engine, and asks the
players' choices (casualties, re-rolls, retreats) as :class:`~kriegsspiel.core.area.Choice` objects whose
options are order texts; called again with the answers among the orders it replays the step with the same
dice up to the next question. A step's dice come from the game's seed and the phase id
(:func:`fighting.phase_dice`), not from the journal record that resolves it, so an answer given in a later
record applies to the dice its question showed; they are listed in ``details["dice"]`` and in the lines.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.area import (
    AreaPosition, AreaRules, AreaUnit, Choice, OrderVerdict, PhaseResult, ProvinceProperties, UnitSymbol,
)
from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles import setup_edit
from kriegsspiel.rulesets.unit_profiles.board import board_or_error
from kriegsspiel.rulesets.unit_profiles.combat import battle_places, check_battle_order, combat_step, fight_at, fortress_fire
from kriegsspiel.rulesets.unit_profiles.economy import (
    apply_buy, apply_place, apply_research, collect_income, following_step, land_aircraft, next_turn,
    supply_status,
)
from kriegsspiel.rulesets.unit_profiles.fighting import Ask, NeedChoice, Stream, phase_dice
from kriegsspiel.rulesets.unit_profiles.data import load_rules
from kriegsspiel.rulesets.unit_profiles.game import STEP_LABELS, Game
from kriegsspiel.rulesets.unit_profiles.moves import apply_ferry, apply_march, apply_move, apply_supply_drop
from kriegsspiel.rulesets.unit_profiles.notation import Order, Refusal, parse_order
from kriegsspiel.rulesets.unit_profiles.setup import start_game
from kriegsspiel.rulesets.unit_profiles.symbols import unit_symbols

#: the verbs each step takes
STEP_VERBS = {
    "research": ("research",), "purchase": ("buy",), "combat-move": ("move", "march", "supply"),
    "combat": ("order", "fire"), "noncombat-move": ("move", "ferry"), "place": ("place",), "income": (),
}
#: the shell's help lines for this game's orders (docs/unit-profiles.md, "Playing the game")
ORDER_HELP = (
    "    NORD: buy 2 infantry; buy armor      purchase (several orders on one line, separated by ';')",
    "    NORD: move n20,n21 MIT-FEL           combat / noncombat move along a path of places; ship cargo: "
    "'with n7,n8 unload FEL' (from where it stands: 'move n26 WSS unload FEL'), airdrop: 'with n9 drop FEL'",
    "    NORD: march n22 MIT-WAL | supply n8 NHM-WAL | ferry n8 NHM-WAL 5 to ALLY | fire n54 at ESS",
    "    NORD: order WSS FEL                  the order of the battles; NORD: place 2 infantry NHM (ships: "
    "'place 1 destroyer HAF ENS')",
    "    SUD: casualties FEL r1 attacker-fire: s55   an answer to a question (copy one of the options shown)",
    "    withdraw NORD: move n20,n21 MIT-FEL  take an order back",
    "    options NORD n20 | options NORD NHM  the orders the rules accept for a unit, or for a place",
)
ANSWERS = ("casualties", "rerolls", "retreat", "press", "withdraw", "stay", "intercept", "bombard", "targets")


def _step_of(verb: str) -> str:
    steps = [s for s, verbs in STEP_VERBS.items() if verb in verbs]
    return " or ".join(s.replace("-", " ") for s in steps)


class UnitProfilesArea(AreaRules):
    """The area-game rules of unit profiles (see the module's docstring)."""

    def setup_kinds(self, setup: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return setup_edit.setup_kinds(setup)

    def setup_placed(self, setup: Mapping[str, Any], power: str, kind: str, where: str,
                     provinces: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
        return setup_edit.setup_placed(setup, power, kind, where, provinces)

    def setup_removed(self, setup: Mapping[str, Any], unit: AreaUnit) -> dict[str, Any]:
        return setup_edit.setup_removed(setup, unit)

    def start(self, setup: Mapping[str, Any], powers: Sequence[str], provinces: ProvinceProperties,
              source: str) -> AreaPosition:
        board = board_or_error(tuple(powers), provinces, source)
        return start_game(setup, powers, board, source).position()

    def powers_to_order(self, position: AreaPosition) -> tuple[str, ...]:
        if position.data.get("winner") or position.data.get("over"):
            return ()
        return (str(position.data["power"]),)

    def check_order(self, position: AreaPosition, power: str, text: str) -> OrderVerdict:
        return self.check_order_among(position, power, text, ())

    def check_order_among(self, position: AreaPosition, power: str, text: str,
                          earlier: Sequence[str]) -> OrderVerdict:
        """The order checked after the power's ``earlier`` orders of the step have done what they do, in the
        order resolve carries them out (a purchase against the money the purchases before it left, a placement
        against the places they filled, a move after the Forced Marches); an earlier order refused now is
        passed over, as resolve does, and one with this order's text is the one it replaces."""
        try:
            order = parse_order(text)
            if order.verb in ANSWERS:
                return OrderVerdict(True, order.text())
            game = Game.from_position(position)
            if power == game.power:
                _apply_earlier(game, power, order, earlier)
            if power != game.power:
                raise Refusal(f"it is {game.power}'s {game.step.replace('-', ' ')} step; {power} gives no orders now")
            if order.verb == "move" and game.step == "combat-move" and _marching(game, order):
                return OrderVerdict(True, order.text())  # checked again after the Forced March, in resolve
            _apply(game, power, order, None)
            return OrderVerdict(True, order.text())
        except Refusal as exc:
            return OrderVerdict(False, " ".join(text.split()), str(exc))

    def resolve(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], dice: Dice) -> PhaseResult:
        game = Game.from_position(position)
        power, step = game.power, game.step
        answers: dict[tuple[str, str], Order] = {}
        mine: list[Order] = []
        lines: list[str] = []
        for who, texts in orders.items():
            for text in texts:
                try:
                    order = parse_order(text)
                except Refusal as exc:
                    lines.append(f"refused ({who}): {exc}")
                    continue
                if order.verb in ANSWERS:
                    verb = {"press": "retreat", "stay": "withdraw"}.get(order.verb, order.verb)
                    answers[(verb, order.key)] = order
                elif who == power:
                    mine.append(order)
                else:
                    lines.append(f"refused ({who}): {order.text()}: it is {power}'s turn")
        def ask(verb: str, key: str, side: int, options: list[str], question: str) -> str:
            given = answers.get((verb, key))
            if given is not None and given.text() in options:
                return given.text()
            chooser = power if side == 0 else _defender(game, key)
            raise NeedChoice(Choice(chooser, question, tuple(options)))

        stream = Stream(phase_dice(dice, position.phase), game.rules.die)
        try:
            try:
                done = _run_step(game, power, step, mine, stream, ask)
            except NeedChoice:
                if stream.values or not stream.legacy:
                    raise
            if stream.legacy and not stream.values:
                # A record without rolls was written before the dice were journaled only if its step draws
                # dice; one that draws none (a purchase; a battle stopping at the interception question of an
                # airdrop, before any die) may be today's and is resolved as today's program does (issue 31)
                game = Game.from_position(position)
                stream = Stream(phase_dice(dice, position.phase), game.rules.die, legacy=False)
                done = _run_step(game, power, step, mine, stream, ask)
            lines += done
        except NeedChoice as need:
            so_far = lines + need.lines
            told = _told(Game.from_position(position), power, so_far, position)
            return PhaseResult(position, tuple(so_far), told, {"step": step, "dice": list(stream.values)},
                               (need.choice,))
        nxt = following_step(game)
        if nxt is None:
            lines += next_turn(game)
        else:
            game.step = nxt
        told = _told(game, power, lines, position)
        battles = list(game.data["battles"]) if step == "combat" else []
        details = {"step": step, "power": power, "dice": list(stream.values), "battles": battles}
        return PhaseResult(game.position(), tuple(lines), told, details, (), game.data.get("winner"))

    def view(self, position: AreaPosition, power: str | None, blind: bool) -> AreaPosition:
        if power is None:
            return position
        game = Game.from_position(position)
        data = {k: v for k, v in position.data.items()}
        data["bought"] = {p: v for p, v in position.data.get("bought", {}).items() if game.allied(p, power)}
        if not blind:
            return AreaPosition(position.phase, position.phase_label, position.units, position.owners, data)
        seen: set[str] = set()
        for u in position.units:
            if game.allied(u.power, power):
                seen.add(u.where)
                seen.update(game.board[u.where]["adjacent"])
        for terr, owner in position.owners.items():
            if game.allied(owner, power):
                seen.add(terr)
                seen.update(game.board[terr]["adjacent"])
        units = tuple(u for u in position.units if game.allied(u.power, power) or u.where in seen)
        data["treasury"] = {p: v for p, v in position.data["treasury"].items() if game.allied(p, power)}
        data["out_of_supply"] = [uid for uid in position.data.get("out_of_supply", [])
                                 if any(u.uid == uid for u in units)]
        return AreaPosition(position.phase, position.phase_label, units, position.owners, data)

    def order_examples(self, position: AreaPosition, power: str, uid: str) -> tuple[str, ...]:
        """The moves the rules accept for the unit now, one per place it may reach (the fewest borders
        first), for menus and for a counter dragged onto a province."""
        game = Game.from_position(position)
        u = game.units.get(uid)
        if u is None or u.power != power or game.step not in ("combat-move", "noncombat-move"):
            return ()
        reach = max(0, (game.profile(u).move or 0) - (u.used if game.profile(u).domain == "air" else 0))
        paths: dict[str, tuple[str, ...]] = {u.where: (u.where,)}
        frontier = [u.where]
        for _ in range(min(reach, 6)):
            frontier_next = []
            for here in frontier:
                for nxt in game.board[here]["adjacent"]:
                    if nxt not in paths:
                        paths[nxt] = paths[here] + (nxt,)
                        frontier_next.append(nxt)
            frontier = frontier_next
        out = []
        for place, path in paths.items():
            if place == u.where:
                continue
            text = f"move {uid} {'-'.join(path)}"
            if self.check_order(position, power, text).accepted:
                out.append(text)
        return tuple(out)

    def place_examples(self, position: AreaPosition, power: str, where: str) -> tuple[str, ...]:
        """Orders for a place rather than a unit, for menus: in Purchase what the power can buy, in Place the
        bought units that may be placed in (or, for a sea zone, next to) ``where``."""
        game = Game.from_position(position)
        if power != game.power or where not in game.board:
            return ()
        if game.step == "purchase":
            texts = [f"buy 1 {kind}" for kind, p in game.rules.units.items() if p.cost is not None]
        elif game.step == "place":
            texts = []
            for kind in sorted(game.data["bought"].get(power, {})):
                if game.profile(kind).domain == "naval":
                    if game.board[where]["kind"] == "sea":
                        texts += [f"place 1 {kind} {t} {where}" for t in game.board[where]["adjacent"]]
                    else:
                        texts += [f"place 1 {kind} {where} {z}" for z in game.board[where]["adjacent"]]
                else:
                    texts.append(f"place 1 {kind} {where}")
        else:
            return ()
        return tuple(t for t in texts if self.check_order(position, power, t).accepted)

    def duty(self, position: AreaPosition, power: str) -> str | None:
        """What the power whose step it is does now, with an order to type (the window and the phone page
        both show this line); another power waits."""
        game = Game.from_position(position)
        power = power.upper()
        if position.data.get("winner") or position.data.get("over"):
            return None
        if power != game.power:
            return f"Wait: it is {game.power.title()}'s {STEP_LABELS[game.step]} step."
        money = game.data["treasury"].get(power, 0)
        bought = game.data["bought"].get(power, {})
        waiting = sum(bought.values())
        battles = battle_places(game, power) if game.step == "combat" else []
        return {
            "research": f"Research: type 'research 2' (each die costs {game.value('research_die_cost')} IPC; "
                        f"you have {money}), or nothing to skip it.",
            "purchase": f"Purchase units: type 'buy 2 infantry' or use the menu (right-click a territory); "
                        f"you have {money} IPC, what is left is saved.",
            "combat-move": f"Combat move: drag a counter onto a territory, or type {_move_example(game, power)}; "
                           "units not moved stay.",
            "combat": (f"Conduct combat: {len(battles)} battles ({', '.join(battles)}); type 'order "
                       f"{' '.join(reversed(battles))}' to fight them in another order, or confirm." if len(battles) > 1
                       else f"Conduct combat: the battle in {battles[0]}; confirm to fight it." if battles
                       else "Conduct combat: no battle; confirm to go on."),
            "noncombat-move": "Noncombat move: drag a counter onto a friendly territory, or type "
                              f"{_move_example(game, power)}; aircraft must land.",
            "place": (f"Place the {waiting} unit{'' if waiting == 1 else 's'} bought: type 'place 1 "
                      f"{min(bought)} ' and a territory with an industrial complex, or use the menu (right-click "
                      "the territory)." if waiting else
                      "Place: nothing was bought; confirm to go on."),
            "income": f"Collect income: confirm; {power.title()} gains {game.income_of(power)} IPC.",
        }[game.step]

    def winner(self, position: AreaPosition) -> str | None:
        return position.data.get("winner")

    def order_help(self) -> tuple[str, ...]:
        return ORDER_HELP

    def unit_symbols(self) -> Mapping[str, UnitSymbol]:
        return unit_symbols(load_rules())


def _told(game: Game, power: str, lines: list[str], before: AreaPosition) -> dict[str, tuple[str, ...]]:
    """What each power is told of a step: everything in an open game; in a blind one (the scenario's switch)
    the power whose step it was hears all, the others the lines naming places they could see before it."""
    if not game.data.get("blind"):
        return {p: tuple(lines) for p in game.data["turn_order"]}
    out = {}
    for p in game.data["turn_order"]:
        if game.allied(p, power):
            out[p] = tuple(lines)
            continue
        seen = {u.where for u in UnitProfilesArea().view(before, p, True).units}
        out[p] = tuple(line for line in lines if any(f" {place}" in line or f"{place} " in line for place in seen))
    return out


def _move_example(game: Game, power: str) -> str:
    """A move order of one of ``power``'s units, to show the notation ('move n20 MIT-FEL')."""
    for u in sorted(game.units.values(), key=lambda u: u.uid):
        place = game.board.get(u.where)
        domain = game.profile(u).domain
        # a land unit's example leads to land, a ship's to sea: the line shows an order that reads right
        ahead = sorted(a for a in place["adjacent"] if (game.board[a]["kind"] == "sea") == (domain == "naval")) \
            if place and u.power == power and domain != "structure" else []
        if ahead:
            return f"'move {u.uid} {u.where}-{ahead[0]}'"
    return "'move UNIT FROM-TO'"


def _marching(game: Game, order: Order) -> bool:
    """A cavalry move that starts where a Forced March may take it (R09.4): resolve checks it after the march."""
    units = [game.units.get(uid) for uid in order.units]
    return all(u is not None and "forced-march" in game.profile(u).abilities and u.where != order.path[0]
               and order.path[0] in game.board[u.where]["adjacent"] for u in units) and bool(units)


#: the order in which resolve carries out a step's verbs (combat move: Forced Marches, supply drops, moves)
_VERB_RANK = {"march": 0, "supply": 1}


def _apply_earlier(game: Game, power: str, order: Order, earlier: Sequence[str]) -> None:
    """Carry out the ``earlier`` orders resolve carries out before ``order`` (a refused one changes nothing)."""
    rank = _VERB_RANK.get(order.verb, 2)
    done = []
    for text in earlier:
        try:
            before = parse_order(text)
        except Refusal:
            continue
        if before.verb in ANSWERS or before.text() == order.text() or _VERB_RANK.get(before.verb, 2) > rank:
            continue
        done.append(before)
    for before in sorted(done, key=lambda o: _VERB_RANK.get(o.verb, 2)):
        saved = copy.deepcopy((game.units, game.owners, game.data))
        try:
            _apply(game, power, before, None)
        except Refusal:
            game.units, game.owners, game.data = saved


def _defender(game: Game, key: str) -> str:
    place = key.split()[0]
    for u in game.units_at(place):
        if u.power != game.power and not game.allied(u.power, game.power):
            return u.power
    return next(p for p in game.data["turn_order"] if not game.allied(p, game.power))


def _apply(game: Game, power: str, order: Order, dice: Dice | None) -> list[str]:
    """Carry out one of the power's orders in the current step (``dice`` None: only check it)."""
    step = game.step
    if order.verb not in STEP_VERBS[step]:
        raise Refusal(f"'{order.verb}' is an order of the {_step_of(order.verb)} step; this is "
                      f"{step.replace('-', ' ')}")
    if order.verb == "research":
        return apply_research(game, power, order, dice)
    if order.verb == "buy":
        return apply_buy(game, power, order)
    if order.verb == "march":
        return apply_march(game, power, order)
    if order.verb == "supply":
        return apply_supply_drop(game, power, order)
    if order.verb == "move":
        return apply_move(game, power, order, combat=step == "combat-move")
    if order.verb == "ferry":
        return apply_ferry(game, power, order)
    if order.verb == "place":
        return apply_place(game, power, order)
    if order.verb == "order":
        return check_battle_order(game, power, order)
    if order.verb == "fire":
        if dice is None:
            _check_fire(game, power, order)
            return []
        return fortress_fire(game, power, order, Stream(dice, game.rules.die), _never)
    raise Refusal(f"'{order.verb}' is not an order of this step")


def _never(verb: str, key: str, side: int, options: list[str], question: str) -> str:
    return options[0]


def _check_fire(game: Game, power: str, order: Order) -> None:
    fort = game.units.get(order.units[0])
    if fort is None or fort.power != power or fort.kind != "fortress":
        raise Refusal(f"{order.units[0]} is no Fortress of {power}")
    if order.places[0] not in game.board[fort.where]["adjacent"]:
        raise Refusal(f"{order.places[0]} is not next to {fort.where}")


def _run_step(game: Game, power: str, step: str, orders: list[Order], stream: Stream, ask: Ask) -> list[str]:
    lines: list[str] = []
    try:
        _step(game, power, step, orders, stream, ask, lines)
    except NeedChoice as need:
        raise need.after(lines) from None
    return lines


def _step(game: Game, power: str, step: str, orders: list[Order], stream: Stream, ask: Ask, lines: list[str]) -> None:
    """Carry out ``step`` with the power's orders, adding what happens to ``lines``."""

    def each(verbs: tuple[str, ...], run: Any) -> None:
        for order in orders:
            if order.verb not in verbs:
                continue
            saved = copy.deepcopy((game.units, game.owners, game.data))
            try:
                lines.extend(run(order))
            except Refusal as exc:  # an order refused half-way changes nothing
                game.units, game.owners, game.data = saved
                lines.append(f"refused: {order.text()}: {exc}")

    for order in orders:
        if order.verb not in STEP_VERBS[step]:
            lines.append(f"refused: {order.text()}: not an order of the {step.replace('-', ' ')} step")
    if step == "research":
        each(("research",), lambda o: apply_research(game, power, o, stream.dice))
    elif step == "purchase":
        each(("buy",), lambda o: apply_buy(game, power, o))
    elif step == "combat-move":
        each(("march",), lambda o: apply_march(game, power, o))
        flying_ask = None if stream.legacy else ask  # saves of before: the least loaded transports go down
        each(("supply",), lambda o: apply_supply_drop(game, power, o, stream.next, flying_ask))
        game.data["out_of_supply"] = supply_status(game)
        if game.data["out_of_supply"]:
            lines.append(f"out of supply (R12.2): {' '.join(game.data['out_of_supply'])}")
        def blitz_fight(place: str, units: list[Any]) -> tuple[bool, list[str]]:
            told = fight_at(game, power, place, stream, ask)
            return game.owners.get(place) == power, told

        each(("move",), lambda o: apply_move(game, power, o, combat=True, fight=blitz_fight, roll=stream.next,
                                             ask=flying_ask))
    elif step == "combat":
        valid = []
        for order in orders:
            if order.verb == "order":
                try:
                    check_battle_order(game, power, order)
                    valid.append(order)
                except Refusal as exc:
                    lines.append(f"refused: {order.text()}: {exc}")
            elif order.verb == "fire":
                valid.append(order)
        lines += combat_step(game, power, valid, stream, ask)
    elif step == "noncombat-move":
        each(("move", "ferry"), lambda o: (apply_ferry(game, power, o, stream.next, None if stream.legacy else ask)
                                           if o.verb == "ferry"
                                           else apply_move(game, power, o, combat=False, roll=stream.next,
                                                           ask=None if stream.legacy else ask)))
        lines += land_aircraft(game, power)
    elif step == "place":
        each(("place",), lambda o: apply_place(game, power, o))
    elif step == "income":
        lines += collect_income(game, power)
