"""Conduct Combat (R03.1 step 4): the battles of the power whose turn it is, in the order it chooses (sea
battles before the amphibious assaults launched from them, R04.8), each fought by the battle engine with the
players' choices (:mod:`fighting`), then its results on the board: casualties, HIT markers, retreats, capture
(R04.6, R08.4, R17.3). A Fortress's coastal artillery fires here too (R18.4, R02.4).
"""
from __future__ import annotations

import itertools
from typing import Any

from kriegsspiel.rulesets.unit_profiles.board import is_land, is_sea
from kriegsspiel.rulesets.unit_profiles.fighting import Ask, Battle, NeedChoice, Stream
from kriegsspiel.rulesets.unit_profiles.game import Game, Unit
from kriegsspiel.rulesets.unit_profiles.moves import capture
from kriegsspiel.rulesets.unit_profiles.notation import Order, Refusal
from kriegsspiel.rulesets.unit_profiles.spec import parse_battle
from kriegsspiel.rulesets.unit_profiles.values import DEAD, LOST, OUT, RETREATED


def battle_places(game: Game, power: str) -> list[str]:
    """Where the power attacks this turn: places its attacking units stand in, sea zones first (R04.8)."""
    places = sorted({u.where for u in game.units.values() if u.power == power and u.attacking})
    return sorted(places, key=lambda p: (not is_sea(game.board, p), p))


def check_battle_order(game: Game, power: str, order: Order) -> list[str]:
    """``order P Q ...``: every place is one of this turn's battles, sea battles before assaults from them."""
    places = battle_places(game, power)
    for p in order.places:
        if p not in places:
            raise Refusal(f"{power} fights no battle in {p} this turn (battles: {' '.join(places) or 'none'})")
    for n, p in enumerate(order.places):
        origins = {u.origin for u in game.units.values() if u.power == power and u.where == p and u.landed}
        for zone in origins:
            if zone in order.places[n + 1:]:
                raise Refusal(f"the sea battle in {zone} comes before the amphibious assault on {p} (R04.8)")
    return [f"{power}: {order.text()}"]


def _unit_obj(game: Game, u: Unit, bombard: bool = False, escort: bool = False) -> dict[str, Any]:
    obj: dict[str, Any] = {"id": u.uid, "type": u.kind, "supplied": u.uid not in game.data["out_of_supply"]}
    if u.damage:
        obj["damage"] = u.damage
    if u.landed:
        obj["landed"] = True
    if bombard:
        obj["bombard"] = True
    if escort:
        obj["escort"] = True
    cargo = game.cargo_of(u.uid)
    if cargo:
        obj["cargo"] = [_unit_obj(game, c) for c in cargo]
    return obj


def battle_object(game: Game, power: str, place: str) -> dict[str, Any]:
    """The battle in ``place`` as a battle-json.md object (the engine's input)."""
    board = game.board[place]
    at_sea = is_sea(game.board, place)
    mine = [u for u in game.units_at(place) if u.power == power and u.aboard is None]
    if not at_sea:
        mine = [u for u in mine if game.profile(u).domain != "naval"
                and not (u.kind == "air-transport" and not game.cargo_of(u.uid))]
    theirs = [u for u in game.units_at(place) if not game.allied(u.power, power) and u.aboard is None]
    airdrop = any(u.kind == "air-transport" for u in mine)
    attackers = [_unit_obj(game, u, escort=airdrop and u.kind == "fighter") for u in mine]
    place_obj: dict[str, Any] = {"name": place, "kind": "sea" if at_sea else "land"}
    features = []
    if at_sea:
        if board["water"] in ("coastal", "lake", "riverine"):
            features.append(board["water"])
        defender = theirs[0].power if theirs else None
        if any(game.board[a]["naval_base"] and game.allied(game.owners.get(a), defender) for a in board["adjacent"]):
            features.append("port")
    else:
        features += [f for f, on in (("mountain", board["mountain"]), ("air-base", board["air_base"]),
                                     ("naval-base", board["naval_base"]),
                                     ("industrial-complex", bool(board["industry"]))) if on]
        zones = sorted({u.origin for u in mine if u.landed and u.origin})
        if zones:
            place_obj["amphibious_from"] = zones[0]
            fought = {b["place"] for b in game.data["battles"]}
            for ship in game.units_at(zones[0]):
                if (ship.power == power and ship.aboard is None and game.profile(ship).bombard
                        and zones[0] not in fought):
                    attackers.append(_unit_obj(game, ship, bombard=True))
    place_obj["features"] = features
    defenders = [_unit_obj(game, u) for u in theirs]
    return {"id": place, "place": place_obj, "switches": dict(game.data["switches"]),
            "attacker": {"power": power, "units": attackers},
            "defender": {"power": theirs[0].power if theirs else "none", "units": defenders},
            "seed": 0}


def _retreats(game: Game, power: str, place: str) -> list[str]:
    """R26.1: adjacent friendly places (at sea, zones without enemy warships) some attacker came from."""
    origins = sorted({u.origin for u in game.units_at(place) if u.power == power and u.attacking and u.origin
                      and not u.landed and not u.airdropped})
    if is_sea(game.board, place):
        return [o for o in origins if is_sea(game.board, o) and not game.hostile(o, power)]
    return [o for o in origins if game.friendly(o, power)]


def _withdrawals(game: Game, power: str, place: str) -> tuple[list[str], list[str]]:
    """Per side, the sea zones next to a sea battle an Auxiliary Cruiser may withdraw to: no enemy naval unit
    there (L611)."""
    if not is_sea(game.board, place):
        return [], []
    out: tuple[list[str], list[str]] = ([], [])
    defender = next((u.power for u in game.units_at(place) if not game.allied(u.power, power)), None)
    for side, who in ((0, power), (1, defender)):
        if who is None:
            continue
        out[side].extend(z for z in game.board[place]["adjacent"] if is_sea(game.board, z) and not any(
            game.profile(u).domain == "naval" and not game.allied(u.power, who) for u in game.units_at(z)))
    return out


def _choose_bombardment(game: Game, place: str, obj: dict[str, Any], ask: Ask) -> None:
    """R20.2: at most one bombarding ship per land unit landed; when more may bombard, the attacker chooses
    which (by type and damage: ships alike are interchangeable). Keeps the chosen ones in ``obj``."""
    units = obj["attacker"]["units"]
    ships = [u for u in units if u.get("bombard")]
    landed = sum(1 for u in units if u.get("landed"))
    if len(ships) <= landed:
        return
    kinds: dict[tuple[str, int], list[str]] = {}
    for u in ships:
        kinds.setdefault((u["type"], u.get("damage", 0)), []).append(u["id"])
    options: list[list[str]] = []
    for counts in itertools.product(*(range(len(ids) + 1) for ids in kinds.values())):
        if sum(counts) == landed:
            options.append([i for ids, n in zip(kinds.values(), counts) for i in ids[:n]])
    options.sort(key=lambda ids: [-(game.profile(game.units[i]).bombard or 0) for i in ids])
    key = f"{place} r0 bombardment"
    texts = [f"bombard {key}: {' '.join(ids)}" for ids in options[:24]]
    chosen = options[0]
    if len(texts) > 1:
        question = (f"{place}: {landed} unit(s) landed from ships; {obj['attacker']['power']} chooses the ships "
                    f"that bombard, one per landed unit (R20.2), among {' '.join(u['id'] for u in ships)}")
        chosen = options[texts.index(ask("bombard", key, 0, texts, question))]
    obj["attacker"]["units"] = [u for u in units if not u.get("bombard") or u["id"] in chosen]


def fight_at(game: Game, power: str, place: str, stream: Stream, ask: Ask) -> list[str]:
    """Fight (or take without a fight) the battle in ``place`` and apply its result to the game."""
    lines: list[str] = []
    # R19.1: units landing from a zone whose sea battle the attacker did not win stay aboard
    for u in [u for u in game.units_at(place) if u.power == power and u.landed]:
        origin = u.origin
        if origin and game.hostile(origin, power):
            ship = next((s for s in game.units_at(origin) if s.power == power
                         and s.kind in ("naval-transport", "troopship")
                         and len(game.cargo_of(s.uid)) < game.profile(s).cargo), None)
            if ship is None:
                del game.units[u.uid]
                lines.append(f"{u.uid} cannot land on {place}: the sea battle in {origin} was not won; lost (R19.1)")
            else:
                u.where, u.aboard, u.attacking, u.landed = origin, ship.uid, False, False
                lines.append(f"{u.uid} stays aboard {ship.uid}: the sea battle in {origin} was not won (R19.1)")
    defenders = [u for u in game.units_at(place) if not game.allied(u.power, power) and u.aboard is None
                 and u.kind not in ("aaa", "supply-column")]
    attackers = [u for u in game.units_at(place) if u.power == power and u.attacking]
    if not attackers:
        return lines
    if not defenders:
        land = [u for u in attackers if game.profile(u).domain == "land"]
        if is_land(game.board, place) and land and not game.friendly(place, power):
            lines += capture(game, power, place, "takes")
        for u in attackers:
            u.attacking = False
        game.data["battles"].append({"place": place, "result": "no-battle"})
        return lines
    obj = battle_object(game, power, place)
    try:
        _choose_bombardment(game, place, obj, ask)
    except NeedChoice as need:
        raise need.after(lines) from None
    spec = parse_battle(obj, game.rules)
    names = (power, obj["defender"]["power"])
    # R10.2: a Home Guard battle is fought to its end, no retreat
    retreats = [] if place in game.data.get("home_guard", []) else _retreats(game, power, place)
    battle = Battle(spec, place, stream, ask, names, retreats, _withdrawals(game, power, place))
    def named(u: dict[str, Any]) -> str:  # with what it carries (saves of before: the id alone, as then)
        aboard = [c["id"] for c in u.get("cargo", [])]
        return u["id"] + (f" (carrying {' '.join(aboard)})" if aboard and not stream.legacy else "")

    lines.append(f"battle in {place} ({game.board[place]['name']}): {power} attacks "
                 f"{' '.join(named(u) for u in obj['attacker']['units'])} against "
                 f"{' '.join(named(u) for u in obj['defender']['units'])}")
    try:
        fought = battle.fight()
    except NeedChoice as need:
        raise need.after(lines + battle.lines) from None
    lines += fought.lines
    pos = fought.pos
    for fighter in spec.units:
        unit = game.units.get(fighter.id)
        if unit is None:
            continue
        status = pos.status[fighter.index]
        if status in (DEAD, LOST):
            del game.units[fighter.id]
            continue
        unit.damage = pos.damage[fighter.index]
        # a withdrawn Auxiliary Cruiser goes to its own zone (R24.2), every other unit that left to the retreat's
        to = (battle.withdrawn[fighter.side] if fighter.type == "auxiliary-cruiser" else None) or fought.retreat_to
        if status == RETREATED and to:
            unit.where = to
            for c in game.cargo_of(unit.uid):
                c.where = to  # its cargo goes with it
        if (fighter.carrier is not None and spec.units[fighter.carrier].type == "air-transport"
                and status not in (DEAD, LOST, OUT)):
            unit.aboard = None  # the airdropped paratrooper is on the ground (R23.2)
        unit.attacking = False
    dead = [u.id for u in spec.units if pos.status[u.index] in (DEAD, LOST)]
    if dead:
        lines.append(f"  lost: {' '.join(dead)}")
    land_left = [u for u in game.units_at(place) if u.power == power and game.profile(u).domain == "land"]
    enemies_left = [u for u in game.units_at(place) if not game.allied(u.power, power)
                    and u.kind not in ("aaa", "supply-column")]
    if fought.result == "attacker" and is_land(game.board, place) and land_left and not enemies_left:
        lines += capture(game, power, place, "captures")
    game.data["battles"].append({"place": place, "result": fought.result, "rounds": fought.rounds})
    for u in game.units.values():
        if u.power == power and u.where == place:
            u.attacking = False
    return lines


def fortress_fire(game: Game, power: str, order: Order, stream: Stream, ask: Ask) -> list[str]:
    """R18.4, R02.4: once a turn a Fortress fires three d12 at 5 at enemy ships in one adjacent sea zone; the
    ships' owner assigns the hits (capital ships take HIT markers; no return fire)."""
    uid, zone = order.units[0], order.places[0]
    fort = game.units.get(uid)
    if fort is None or fort.power != power or fort.kind != "fortress":
        raise Refusal(f"{uid} is no Fortress of {power}")
    if zone not in game.board[fort.where]["adjacent"] or not is_sea(game.board, zone):
        raise Refusal(f"{zone} is no sea zone next to {fort.where}")
    fired = game.data.setdefault("fortress_fired", [])
    if uid in fired:
        raise Refusal(f"{uid} has fired this turn (once in each of its owner's turns, R18.4)")
    ships = [u for u in game.units_at(zone) if not game.allied(u.power, power) and u.aboard is None
             and game.profile(u).domain == "naval"]
    if not ships:
        raise Refusal(f"there are no enemy ships in {zone}")
    fired.append(uid)
    need = game.profile(fort).defense or 0
    dice = [stream.next() for _ in range(game.value("fortress_coastal_dice"))]
    hits = sum(1 for d in dice if d <= need)
    lines = [f"{power}: {order.text()}: dice {' '.join(map(str, dice))} (need {need}): {hits} hit(s)"]
    if not hits:
        return lines
    owner = ships[0].power
    options = _fortress_options(game, ships, hits)
    key = f"{zone} r0 coastal-artillery"
    texts = [f"casualties {key}: " + " ".join(o) for o in options]
    answer = texts[0] if len(texts) == 1 else ask("casualties", key, 1, texts,
                                                  f"{key}: {power}'s Fortress {uid} rolled {' '.join(map(str, dice))} "
                                                  f"(need {need}): {hits} hit(s) on {owner}'s ships; {owner} "
                                                  "assigns them (R18.4)")
    chosen = options[texts.index(answer)]
    for uid_hit in chosen:
        ship = game.units[uid_hit]
        ship.damage += 1
    for uid_hit in set(chosen):
        ship = game.units[uid_hit]
        if ship.damage >= game.profile(ship).hits:
            for c in game.cargo_of(ship.uid):
                del game.units[c.uid]
            del game.units[ship.uid]
            lines.append(f"  {uid_hit} ({ship.kind}) sunk")
        else:
            lines.append(f"  {uid_hit} ({ship.kind}) takes {ship.damage} HIT marker(s)")
    return lines


def _fortress_options(game: Game, ships: list[Unit], hits: int) -> list[tuple[str, ...]]:
    """Distinct ways to give ``hits`` hits to the ships (by type and damage), cheapest losses first."""
    seen: dict[tuple[tuple[str, int, int], ...], tuple[str, ...]] = {}  # (kind, damage, hits) per ship hit

    def walk(n: int, taken: dict[str, int]) -> None:
        if n == 0 or all(taken.get(s.uid, 0) >= game.profile(s).hits - s.damage for s in ships):
            key = tuple(sorted((game.units[u].kind, game.units[u].damage, k) for u, k in taken.items() if k))
            seen.setdefault(key, tuple(u for u in sorted(taken) for _ in range(taken[u])))
            return
        groups: dict[tuple[str, int, int], Unit] = {}
        for s in ships:
            if taken.get(s.uid, 0) < game.profile(s).hits - s.damage:
                groups.setdefault((s.kind, s.damage, taken.get(s.uid, 0)), s)
        for s in groups.values():
            taken[s.uid] = taken.get(s.uid, 0) + 1
            walk(n - 1, taken)
            taken[s.uid] -= 1
    walk(hits, {})
    return sorted(seen.values(), key=lambda o: (sum(game.profile(game.units[u]).cost or 0 for u in set(o)), o))[:24]


def combat_step(game: Game, power: str, orders: list[Order], stream: Stream, ask: Ask) -> list[str]:
    """The whole Conduct Combat step: coastal artillery first, then every battle in the chosen order."""
    lines: list[str] = []
    for order in orders:
        if order.verb == "fire":
            try:
                lines += fortress_fire(game, power, order, stream, ask)
            except Refusal as exc:
                lines.append(f"refused: {order.text()}: {exc}")
    chosen = next((o.places for o in orders if o.verb == "order"), ())
    places = battle_places(game, power)
    sequence = [p for p in chosen if p in places] + [p for p in places if p not in chosen]
    for place in sequence:
        try:
            lines += fight_at(game, power, place, stream, ask)
        except NeedChoice as need:
            raise need.after(lines) from None
    return lines
