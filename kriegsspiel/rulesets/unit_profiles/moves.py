"""Combat Move and Noncombat Move (R03.1 steps 3 and 5): each ``move``, ``march`` and ``supply`` order checked
and carried out on a :class:`~kriegsspiel.rulesets.unit_profiles.game.Game`, raising
:class:`~kriegsspiel.rulesets.unit_profiles.notation.Refusal` with the rule that forbids it.

Checks: movement points with track borders (R08.1, R11.1), hostile territories stop land units (R08.2), blitz
through one empty hostile territory captured at once (R09.1-R09.3), Move with Artillery (R09.5), Forced March
(R09.4), AAA in noncombat only (L431), naval zones by water kind (R11.4-R11.5), enemy warships stop ships
(R24.1) but not the Auxiliary Cruiser (L615), transports and their cargo (R24.5), amphibious landings
(R19.1), air ranges over both moves (R22.1), airdrops from an air base (R23.1, R23.2), supply drops (R12.4),
and no second move in Noncombat Move for units that moved in Combat Move (R08.3).
"""
from __future__ import annotations

from collections.abc import Callable

from kriegsspiel.rulesets.unit_profiles.board import border_cost, is_land, is_sea
from kriegsspiel.rulesets.unit_profiles.fighting import Ask
from kriegsspiel.rulesets.unit_profiles.game import Game, Unit
from kriegsspiel.rulesets.unit_profiles.notation import Order, Refusal
from kriegsspiel.rulesets.unit_profiles.overflight import overflight

#: fight(place, units) -> (whether the units took the place, lines): the Home Guard met by a blitz, R10.2
Fight = Callable[[str, list[Unit]], tuple[bool, list[str]]]
ARTILLERY_MOVERS = ("motorized-infantry", "mechanized-infantry")
SHIP_CARRIERS = ("naval-transport", "troopship")
AIR_CARRIERS = ("carrier", "escort-carrier", "armored-carrier", "airship")


def _unit(game: Game, power: str, uid: str) -> Unit:
    u = game.units.get(uid)
    if u is None:
        raise Refusal(f"there is no unit {uid}")
    if u.power != power:
        raise Refusal(f"{uid} is {u.power}'s, not {power}'s")
    return u


def _naval(game: Game, uid: str) -> bool:
    u = game.units.get(uid)
    return u is not None and game.profile(u).domain == "naval"


def _check_path(game: Game, path: tuple[str, ...]) -> None:
    for a in path:
        if a not in game.board:
            raise Refusal(f"{a} is not a place on the map")
    for a, b in zip(path, path[1:]):
        if b not in game.board[a]["adjacent"]:
            raise Refusal(f"{a} does not border {b}")
        if is_land(game.board, b) and game.owners.get(b) is None:
            raise Refusal(f"{b} is a true neutral, closed to movement (R11.9)")


def _naval_zone_ok(game: Game, u: Unit, zone: str) -> None:
    water = game.board[zone]["water"]
    abilities = game.profile(u).abilities
    if "coastal-only" in abilities and water != "coastal":
        raise Refusal(f"{u.uid} ({u.kind}) may enter coastal sea zones only (L661); {zone} is {water}")
    if "coastal-or-lake-only" in abilities and water not in ("coastal", "lake"):
        raise Refusal(f"{u.uid} ({u.kind}) may enter coastal or lake zones only (L769); {zone} is {water}")
    if "lake-only" in abilities and water != "lake":
        raise Refusal(f"{u.uid} ({u.kind}) moves only in lake zones (L857); {zone} is {water}")


def _allowance(game: Game, u: Unit, order: Order, blitzing: bool, artillery_rank: int) -> int:
    """The unit's Move this phase: Move with Artillery gives 3 to artillery-type units paired 1:1 with
    motorized or mechanized infantry moving in the same order, unless they blitz (R09.5), at most three
    leaving one territory in one phase (R01.2: earlier orders of the phase count)."""
    move = game.profile(u).move or 0
    if ("move-with-motorized" in game.profile(u).abilities and not blitzing):
        movers = sum(1 for uid in order.units if game.units[uid].kind in ARTILLERY_MOVERS)
        before = game.data.get("paired_from", {}).get(f"{game.step}:{u.where}", 0)
        if artillery_rank < movers and before + artillery_rank < game.value("rule_of_three"):
            move = 3
    return move


def apply_move(game: Game, power: str, order: Order, combat: bool, fight: Fight | None = None,
               roll: Callable[[], int] | None = None, ask: Ask | None = None) -> list[str]:
    """Carry out a ``move`` order; returns lines for the umpire. ``fight`` fights the Home Guard a blitz
    meets, ``roll`` rolls a d12 for the free attack on air transports overflying hostile territory (None:
    only checking; the blitz is taken to win, the transports to pass), ``ask`` asks the transports' owner
    which of them the free attack downs (raising fighting.NeedChoice). Raises Refusal."""
    if not order.units:
        raise Refusal("name the units to move")
    if len(set(order.path)) == 1 and not (order.unload and len(order.path) == 1
                                          and all(_naval(game, uid) for uid in order.units)):
        here = order.path[0]
        raise Refusal(f"a move goes from one place to another (e.g. {here}-NEXT); ships that unload where they "
                      f"stand name their zone once: 'move SHIP {here} unload COAST' (R19.1)")
    _check_path(game, order.path)
    units = [_unit(game, power, uid) for uid in order.units]
    if len(set(order.units)) != len(units):
        raise Refusal("a unit is named twice")
    start = order.path[0]
    for u in units:
        if u.where != start:
            raise Refusal(f"{u.uid} is in {u.where}, not {start}")
        if u.aboard is not None and game.profile(u).domain != "air":
            raise Refusal(f"{u.uid} is aboard {u.aboard}; it moves with it (or is unloaded by its order)")
    domains = {game.profile(u).domain for u in units}
    if len(domains) > 1:
        raise Refusal("land, air and naval units move in separate orders")
    domain = domains.pop()
    lines: list[str] = []
    if domain == "structure":
        raise Refusal(f"{units[0].uid} ({units[0].kind}) is immobile (R18.1)")
    if domain == "land":
        lines += _move_land(game, power, units, order, combat, fight)
    elif domain == "air":
        lines += _move_air(game, power, units, order, combat, roll, ask)
    else:
        lines += _move_naval(game, power, units, order, combat)
    lines.insert(0, f"{power}: {order.text()}")
    return lines


def home_guard(game: Game, power: str, terr: str) -> Unit | None:
    """R10.2 (switch ``home_guard``): enemy land units entering an unoccupied national territory of its
    controller with income 1 or more meet one Auxiliaries unit, placed there from outside play."""
    if not game.switch("home_guard"):
        return None
    owner, p = game.owners.get(terr), game.board[terr]
    if owner is None or game.allied(owner, power) or p["income"] < 1 or owner not in (p["home"], p["national"]):
        return None
    if any(u.kind not in ("aaa", "supply-column") for u in game.enemies_at(terr, power)):
        return None
    guard = Unit(game.new_uid_for(owner), owner, "auxiliaries", terr)
    game.units[guard.uid] = guard
    game.data.setdefault("home_guard", []).append(terr)
    return guard


def _move_land(game: Game, power: str, units: list[Unit], order: Order, combat: bool,
               fight: Fight | None) -> list[str]:
    path = order.path
    if order.cargo or order.unload or order.drop:
        raise Refusal("land units carry no cargo; give the ship's or air transport's order 'with' them")
    for a in path:
        if not is_land(game.board, a):
            raise Refusal(f"land units move over land only; {a} is {game.board[a]['kind']}")
    armor = sum(1 for u in units if u.kind == "armor")
    hostile_steps = [a for a in path[1:] if game.hostile(a, power)]
    blitz = combat and any(a != path[-1] for a in hostile_steps)
    lines = []
    if blitz:
        if len([a for a in hostile_steps if a != path[-1]]) > 1:
            raise Refusal("a blitz passes through at most one hostile territory (R09.2)")
        through = next(a for a in hostile_steps if a != path[-1])
        if len(path) - 1 - path.index(through) > 1:
            raise Refusal(f"a blitz moves one more space after {through} (R09.1)")
        blocking = [e for e in game.enemies_at(through, power) if e.kind != "aaa"]
        if blocking:
            held = ", ".join(e.uid for e in blocking)
            raise Refusal(f"cannot blitz through {through}: it holds enemy units ({held}); only AAA and facilities "
                          "may be there (R09.1)")
        partners = 0
        for u in units:
            abilities = game.profile(u).abilities
            if "blitz" in abilities:
                continue
            if "blitz-with-armor" in abilities and partners < armor:
                partners += 1
                continue
            raise Refusal(f"{u.uid} ({u.kind}) cannot blitz through {through}: it stops in the first hostile "
                          "territory (R08.2; Motorized, Mechanized and SP Guns blitz 1:1 with an Armor, R09.3)")
    elif hostile_steps and hostile_steps != [path[-1]]:
        raise Refusal(f"land units stop in the first hostile territory ({hostile_steps[0]}, R08.2)")
    if not combat and hostile_steps:
        raise Refusal(f"Noncombat Move may not enter hostile {hostile_steps[0]} (R08.2)")
    if combat and not blitz and path[-1] not in hostile_steps:
        raise Refusal(f"in Combat Move land units move to attack (or blitz); {path[-1]} is friendly: move there in "
                      "Noncombat Move (R08.2)")
    rank = 0
    paired = 0
    for u in units:
        p = game.profile(u)
        if "noncombat-move-only" in p.abilities and combat:
            raise Refusal(f"{u.uid} (AAA) moves only in Noncombat Move (L431)")
        if not combat and (u.moved or u.marched):
            raise Refusal(f"{u.uid} moved in Combat Move; it does not move again this turn (R08.3, R09.4)")
        if combat and u.moved:
            raise Refusal(f"{u.uid} has already moved in this Combat Move")
        cost = sum(border_cost(game.board, a, b, "fieldcraft" in p.abilities, game.value("track_cost"),
                               game.value("fieldcraft_track_cost")) for a, b in zip(path, path[1:]))
        allowance = _allowance(game, u, order, blitz, rank)
        if "move-with-motorized" in p.abilities:
            rank += 1
            paired += allowance == 3
        if cost > allowance:
            tracked = any(b in game.board[a]["track"] for a, b in zip(path, path[1:]))
            raise Refusal(f"{u.uid} ({u.kind}) has Move {allowance}; {'-'.join(path)} costs {cost}"
                          + (" (a track border costs 2, R11.1)" if tracked else ""))
    if paired:
        key = f"{game.step}:{path[0]}"
        counts = game.data.setdefault("paired_from", {})
        counts[key] = counts.get(key, 0) + paired
    if blitz:
        through = next(a for a in hostile_steps if a != path[-1])
        guard = home_guard(game, power, through)
        if guard is not None and fight is not None:
            lines.append(f"  the Home Guard {guard.uid} (auxiliaries) turns out in {through} (R10.2)")
            for u in units:
                u.where, u.attacking, u.moved, u.origin = through, True, True, path[path.index(through) - 1]
                u.used += 1
            won, told = fight(through, units)
            lines += told
            units = [u for u in units if u.uid in game.units]
            if not won:
                lines.append(f"  the blitz stops in {through}")
                return lines
        else:
            lines += capture(game, power, through, "blitzed")
    elif combat and path[-1] in hostile_steps:
        guard = home_guard(game, power, path[-1])
        if guard is not None:
            lines.append(f"  the Home Guard {guard.uid} (auxiliaries) turns out in {path[-1]} (R10.2)")
    for u in units:
        u.where = path[-1]
        u.used += 1
        if combat:
            u.moved = True
            if game.hostile(path[-1], power):
                u.attacking = True
                u.origin = path[-2]
    return lines


def capture(game: Game, power: str, terr: str, how: str) -> list[str]:
    """The power takes ``terr`` (R08.4): control, AAA and Supply Columns there switch sides (R17.3)."""
    lines = [f"{power} {how} {terr} ({game.board[terr]['name']})"]
    game.owners[terr] = power
    if terr not in game.data["captured"]:
        game.data["captured"].append(terr)
    for u in game.units_at(terr):
        if not game.allied(u.power, power) and u.kind in ("aaa", "supply-column"):
            lines.append(f"  {u.uid} ({u.kind}) switches to {power} (R17.3)")
            u.power = power
    return lines


def _move_air(game: Game, power: str, units: list[Unit], order: Order, combat: bool,
              roll: Callable[[], int] | None, ask: Ask | None = None) -> list[str]:
    path = order.path
    cost = len(path) - 1
    lines = []
    for u in units:
        p = game.profile(u)
        if u.used + cost > (p.move or 0):
            raise Refusal(f"{u.uid} ({u.kind}) has {(p.move or 0) - u.used} of its Move {p.move} left; "
                          f"{'-'.join(path)} is {cost} (combat and noncombat move together, R22.1)")
    transports = [u for u in units if u.kind == "air-transport"]
    blocked = [a for a in path if game.board[a]["kind"] == "impassable"]
    if transports and blocked:
        raise Refusal(f"{blocked[0]} is impassable to air transports except on a ferry mission (R11.3)")
    airships = [u for u in units if u.kind == "airship"]
    if order.cargo and airships and not transports:
        return _airship_lift(game, power, units, airships, order, combat)
    if order.cargo or order.drop:
        if not transports:
            raise Refusal("only air transports carry land units (L469)")
        cargo = [_unit(game, power, uid) for uid in order.cargo]
        if len(cargo) > len(transports):
            raise Refusal(f"{len(transports)} air transport(s) carry {len(transports)} unit(s) (L469)")
        for c in cargo:
            if c.kind not in ("infantry", "paratroopers"):
                raise Refusal(f"{c.uid} ({c.kind}): an air transport carries 1 Infantry or Paratroopers (L469)")
            if c.where != path[0] or c.moved or c.used or c.aboard:
                raise Refusal(f"{c.uid} must stand in {path[0]} and not have moved this turn (R23.1)")
        for t in transports:
            if t.used or t.moved:
                raise Refusal(f"{t.uid} has moved this turn; it loads only before it moves (R23.1)")
        if not combat and not order.drop and not game.friendly_since_start(path[-1], power):
            raise Refusal(f"cargo is unloaded where the move ends, friendly since the start of the turn; "
                          f"{path[-1]} is not (R23.7)")
        if not game.friendly(path[0], power):
            raise Refusal(f"loading needs a friendly territory; {path[0]} is not (R23.1)")
        if order.drop:
            if not combat:
                raise Refusal("airdrops are made in Combat Move (R23.2)")
            if not game.board[path[0]]["air_base"]:
                raise Refusal(f"an airdrop starts at an air base; {path[0]} has none (L111, R23.1)")
            if order.drop != path[-1] or not is_land(game.board, order.drop) or not game.hostile(order.drop, power):
                raise Refusal(f"the drop goes to the hostile territory the path ends in; {order.drop} is not (R23.2)")
            if any(c.kind != "paratroopers" for c in cargo):
                raise Refusal("only Paratroopers are airdropped (L111)")
        elif combat:
            raise Refusal("air transports join Combat Move only for an airdrop or supply drop (L471)")
        for t, c in zip(transports, cargo):
            c.aboard = t.uid
    elif combat and transports:
        raise Refusal("air transports join Combat Move only for an airdrop or supply drop (L471)")
    if combat and not game.attackable(path[-1], power):
        raise Refusal(f"in Combat Move aircraft fly to attack; {path[-1]} holds no enemy: fly there in Noncombat Move")
    for u in units:
        if u.aboard is not None:
            lines.append(f"  {u.uid} flies off {u.aboard} (R22.4)")
            u.aboard = None
        u.where = path[-1]
        u.used += cost
        for c in game.cargo_of(u.uid):
            c.where = path[-1]
            c.moved = True
        if combat:
            u.moved = True
            if game.attackable(path[-1], power):
                u.attacking = True
                u.origin = path[-2]
    if roll is not None:
        lines += overflight(game, power, transports, path, roll, ask)
        transports = [t for t in transports if t.uid in game.units]
    if order.drop:
        dropped = [c for t in transports for c in game.cargo_of(t.uid)]
        for c in dropped:
            c.airdropped = True
            c.attacking = True
            c.origin = path[-2]
        # without ask (a save of before the overflight was asked) the line names the cargo ordered, as it then did
        named = [c.uid for c in dropped] if ask is not None else list(order.cargo)
        lines.append(f"  airdrop on {order.drop}: {', '.join(named) or 'nothing left to drop'}")
    elif order.cargo and not combat:
        for t in transports:
            for c in game.cargo_of(t.uid):
                c.aboard = None
                lines.append(f"  {c.uid} unloaded in {path[-1]}")
    return lines


def _airship_lift(game: Game, power: str, units: list[Unit], airships: list[Unit], order: Order,
                  combat: bool) -> list[str]:
    """R22.3-R22.5, L491: an Airship embarks one Fighter standing with it (neither having moved) and carries
    it as cargo; the move is then the Airship's, aircraft rules otherwise."""
    fighters = [_unit(game, power, uid) for uid in order.cargo]
    for f in fighters:
        if f.kind != "fighter":
            raise Refusal(f"{f.uid} ({f.kind}): an Airship embarks 1 Fighter (L491)")
        if f.where != order.path[0] or f.used or f.moved or f.aboard:
            raise Refusal(f"{f.uid} must stand in {order.path[0]} and not have moved this turn")
    free = [a for a in airships if not game.cargo_of(a.uid)]
    if len(fighters) > len(free):
        raise Refusal("each Airship carries 1 Fighter (L491)")
    for a, f in zip(free, fighters):
        f.aboard = a.uid
    plain = Order("move", units=tuple(u.uid for u in units), path=order.path)
    return _move_air(game, power, units, plain, combat, None)


def _move_naval(game: Game, power: str, units: list[Unit], order: Order, combat: bool) -> list[str]:
    path = order.path
    cost = len(path) - 1
    for a in path:
        if not is_sea(game.board, a):
            raise Refusal(f"ships move by sea only; {a} is land")
    lines = []
    for u in units:
        p = game.profile(u)
        if not combat and u.moved:
            raise Refusal(f"{u.uid} moved in Combat Move; it does not move again this turn (R08.3)")
        if combat and u.moved:
            raise Refusal(f"{u.uid} has already moved in this Combat Move")
        if cost > (p.move or 0):
            raise Refusal(f"{u.uid} ({u.kind}) has Move {p.move}; {'-'.join(path)} is {cost}")
        for zone in path[1:]:
            _naval_zone_ok(game, u, zone)
        for a, b in zip(path, path[1:]):
            holder = game.board[a]["canals"].get(b)
            if holder is None:
                continue
            if "oversize" in p.abilities:
                raise Refusal(f"{u.uid} ({u.kind}) cannot traverse canals (L859); {a}-{b} is the canal of {holder}")
            if not game.friendly_since_start(holder, power):
                raise Refusal(f"the canal {a}-{b} is open to ships whose side has held {holder} since the start of "
                              "the turn (R11.6)")
        false_flag = "false-flag" in p.abilities
        for zone in path[1:-1]:
            if game.hostile(zone, power) and not false_flag:
                raise Refusal(f"{u.uid} stops in {zone}: it holds enemy warships (R24.1)")
        if not combat and game.enemies_at(path[-1], power) and not game.neutral_port(u, path[-1]):
            held = "warships (R24.1)" if game.hostile(path[-1], power) else "units (R08.2)"
            raise Refusal(f"Noncombat Move may not end in {path[-1]}: it holds enemy {held}")
    carriers = [u for u in units if u.kind in SHIP_CARRIERS]
    if len(path) == 1 and not carriers:
        raise Refusal(f"{', '.join(f'{u.uid} ({u.kind})' for u in units)} carries no land units: only a Naval "
                      f"Transport or Troopship unloads where it stands; other ships move along a path ({path[0]}-NEXT)")
    if order.cargo:
        if not carriers:
            raise Refusal("only a Naval Transport or Troopship carries land units (R24.5)")
        for uid in order.cargo:
            c = _unit(game, power, uid)
            if c.aboard is not None:
                if any(c.aboard == s.uid for s in carriers):
                    continue  # already aboard a ship of this order: it goes (and lands) with it
                raise Refusal(f"{c.uid} is aboard {c.aboard}, not a ship of this order; it moves and lands with "
                              f"{c.aboard}'s own order")
            if not is_land(game.board, c.where) or c.where not in game.board[path[0]]["adjacent"]:
                raise Refusal(f"{c.uid} must stand in a territory next to {path[0]} to load (R24.5)")
            if c.moved or c.used or c.aboard:
                raise Refusal(f"{c.uid} has moved this turn; it loads before it moves (R24.5)")
            if game.profile(c).domain not in ("land",) or c.kind in ("aaa",):
                raise Refusal(f"{c.uid} ({c.kind}) cannot be shipped")
            ship = next((s for s in carriers if _room(game, s, c)), None)
            if ship is None:
                aboard = "; ".join(f"{s.uid} carries {', '.join(f'{a.uid} {a.kind}' for a in game.cargo_of(s.uid))}"
                                   for s in carriers if game.cargo_of(s.uid))
                raise Refusal(f"no room for {c.uid} ({c.kind}): a Naval Transport carries 1 infantry-class unit and "
                              "1 other land unit, a Troopship 1 infantry-class unit (R24.5)"
                              + (f"; {aboard} (unload them with 'unload PLACE')" if aboard else ""))
            c.aboard = ship.uid
            c.where = path[0]
            c.used = 1
    attack = combat and game.attackable(path[-1], power)
    for u in units:
        u.where = path[-1]
        u.used += cost
        for c in game.cargo_of(u.uid):
            c.where = path[-1]
        if combat:
            u.moved = True
            if attack:
                u.attacking = True
                u.origin = path[-2] if len(path) > 1 else path[-1]
    if order.unload:
        target = order.unload
        if not is_land(game.board, target) or target not in game.board[path[-1]]["adjacent"]:
            raise Refusal(f"cargo is unloaded into a territory next to {path[-1]}; {target} is not")
        cargo = [c for s in carriers for c in game.cargo_of(s.uid)]
        if not cargo:
            raise Refusal("there is no cargo to unload")
        if combat and not game.hostile(target, power):
            raise Refusal(f"in Combat Move units land only to attack; {target} is friendly: unload them in "
                          "Noncombat Move")
        if not combat and not game.friendly(target, power):
            raise Refusal(f"Noncombat Move unloads only into friendly territory; {target} is hostile (R08.2)")
        for c in cargo:
            c.aboard = None
            c.where = target
            c.moved = c.moved or combat
            c.used = max(c.used, 1)
            if combat:
                c.attacking = True
                c.landed = True
                c.origin = path[-1]
        for s in carriers:
            s.moved = True
            s.used = game.profile(s).move or 0  # unloading ends the ship's move (R24.5)
        lines.append(f"  {'amphibious assault on' if combat else 'unloaded in'} {target}: "
                     f"{', '.join(c.uid for c in cargo)}")
    return lines


def _room(game: Game, ship: Unit, c: Unit) -> bool:
    aboard = game.cargo_of(ship.uid)
    infantry = "infantry" in game.profile(c).classes
    if ship.kind == "troopship":
        return not aboard and infantry
    if len(aboard) >= 2:
        return False
    others = sum(1 for a in aboard if "infantry" not in game.profile(a).classes)
    return infantry or others == 0


def apply_march(game: Game, power: str, order: Order) -> list[str]:
    """Forced March (R09.4): a cavalry unit's noncombat move before Combat Move, its move renewed; at most
    three units leaving one territory (R01.2)."""
    _check_path(game, order.path)
    lines = [f"{power}: {order.text()}"]
    for uid in order.units:
        u = _unit(game, power, uid)
        if "forced-march" not in game.profile(u).abilities:
            raise Refusal(f"{uid} ({u.kind}) has no Forced March (L139: cavalry)")
        if u.marched or u.moved:
            raise Refusal(f"{uid} has already moved this turn")
        if u.where != order.path[0]:
            raise Refusal(f"{uid} is in {u.where}, not {order.path[0]}")
        for a in order.path[1:]:
            if not game.friendly(a, power) or game.enemies_at(a, power):
                raise Refusal(f"a Forced March is a noncombat move through friendly territory; {a} is not (R09.4)")
        if len(order.path) - 1 > (game.profile(u).move or 0):
            raise Refusal(f"{uid} has Move {game.profile(u).move}")
        leaving = game.data.setdefault("marched_from", {})
        if leaving.get(order.path[0], 0) >= game.value("rule_of_three"):
            raise Refusal(f"three units have already forced-marched from {order.path[0]} (Rule of Three, R01.2)")
        leaving[order.path[0]] = leaving.get(order.path[0], 0) + 1
        u.where = order.path[-1]
        u.marched = True
    return lines


def apply_supply_drop(game: Game, power: str, order: Order, roll: Callable[[], int] | None = None,
                      ask: Ask | None = None) -> list[str]:
    """A supply drop (R12.4): one air transport from an air base supplies one territory it reaches (the
    path's last); it then has the rest of its move and must end in friendly territory in Noncombat Move.
    ``roll`` and ``ask``: the free attack over hostile territory, as for :func:`apply_move`."""
    _check_path(game, order.path)
    if len(order.units) != 1:
        raise Refusal("a supply drop is one air transport")
    t = _unit(game, power, order.units[0])
    if t.kind != "air-transport":
        raise Refusal(f"{t.uid} is no air transport")
    if t.where != order.path[0] or t.used or t.moved:
        raise Refusal(f"{t.uid} must start the drop from {order.path[0]} before it moves")
    if not game.board[t.where]["air_base"]:
        raise Refusal(f"a supply drop starts at an air base; {t.where} has none (L459)")
    if len(order.path) - 1 > (game.profile(t).move or 0):
        raise Refusal(f"{t.uid} has Move {game.profile(t).move}")
    target = order.path[-1]
    if not is_land(game.board, target):
        raise Refusal(f"supplies are dropped on a land territory; {target} is not")
    lines = [f"{power}: {order.text()}"]
    if roll is not None:
        lines += overflight(game, power, [t], order.path, roll, ask)
        if t.uid not in game.units:
            return lines
    t.where = target
    t.used = len(order.path) - 1
    game.data["supplied_by_drop"].append(target)
    lines.append(f"  supplies dropped on {target} (R12.4)")
    return lines


def apply_ferry(game: Game, power: str, order: Order, roll: Callable[[], int] | None = None,
                ask: Ask | None = None) -> list[str]:
    """A ferry mission (R14.3, L465): an air transport that has not moved carries up to 5 IPC, taken from the
    treasury when it leaves, to an ally; it may cross enemy territory (with the free attack, R23.3) and
    impassable areas (R11.3); it ends in a territory the recipient controls; the IPC arrive at the start of
    the recipient's next turn (R03.2) and are lost with the transport. ``roll`` and ``ask``: the free attack
    over hostile territory, as for :func:`apply_move`."""
    _check_path(game, order.path)
    t = _unit(game, power, order.units[0])
    recipient = order.places[0]
    if t.kind != "air-transport":
        raise Refusal(f"{t.uid} is no air transport")
    if t.where != order.path[0] or t.used or t.moved or game.cargo_of(t.uid):
        raise Refusal(f"{t.uid} must start from {order.path[0]}, not having moved, without cargo (L469)")
    if recipient == power or recipient not in game.data["turn_order"] or not game.allied(recipient, power):
        raise Refusal(f"IPC are ferried to another power of the same alliance block (L465); {recipient} is not")
    if not 1 <= order.count <= game.value("ferry_max_ipc"):
        raise Refusal(f"an air transport ferries 1 to {game.value('ferry_max_ipc')} IPC (L465)")
    if order.count > game.data["treasury"][power]:
        raise Refusal(f"{power} has {game.data['treasury'][power]} IPC")
    if len(order.path) - 1 > (game.profile(t).move or 0):
        raise Refusal(f"{t.uid} has Move {game.profile(t).move}")
    if game.owners.get(order.path[-1]) != recipient:
        raise Refusal(f"the ferry ends in a territory {recipient} controls; {order.path[-1]} is not (R14.3)")
    game.data["treasury"][power] -= order.count
    lines = [f"{power}: {order.text()}"]
    if roll is not None:
        lines += overflight(game, power, [t], order.path, roll, ask)
        if t.uid not in game.units:
            lines.append(f"  {order.count} IPC lost with {t.uid} (R14.3)")
            return lines
    t.where, t.used, t.moved = order.path[-1], len(order.path) - 1, True
    ferried = game.data.setdefault("ferried", {})
    ferried[recipient] = ferried.get(recipient, 0) + order.count
    lines.append(f"  {order.count} IPC for {recipient}, theirs at the start of their next turn (R03.2)")
    return lines
