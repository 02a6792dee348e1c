"""Research, purchase, placement, income, supply status, landing, repair, the turn's hand-over and victory:
the steps of a power's turn around its moves and battles (R03.1, S12, S14-S16, S22, S25).
"""
from __future__ import annotations

from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles.board import coastal, is_land, is_sea
from kriegsspiel.rulesets.unit_profiles.game import STEPS, Game, Unit
from kriegsspiel.rulesets.unit_profiles.notation import Order, Refusal
from kriegsspiel.rulesets.unit_profiles.setup import DOCTRINES, first_step

CAPITAL_SHIP_YARDS = ("major-ic", "coastal", "naval-base")


def apply_research(game: Game, power: str, order: Order, dice: Dice | None) -> list[str]:
    """R16.2: research dice at 5 IPC each; each 12 discovers the first doctrine named (then any) not held."""
    if not game.switch("research"):
        raise Refusal("research is off in this scenario (switch 'research', S16)")
    for d in order.places:
        if d not in DOCTRINES:
            raise Refusal(f"{d!r} is no doctrine; doctrines: {', '.join(DOCTRINES)}")
    price = order.count * game.value("research_die_cost")
    if price > game.data["treasury"][power]:
        raise Refusal(f"{order.count} research dice cost {price} IPC; {power} has {game.data['treasury'][power]}")
    if order.count < 1:
        raise Refusal("buy at least one research die")
    game.data["treasury"][power] -= price
    lines = [f"{power}: {order.text()} ({price} IPC)"]
    if dice is None:
        return lines
    rolls = [dice.roll(game.rules.die) for _ in range(order.count)]
    lines.append(f"  research dice: {' '.join(map(str, rolls))}")
    held = game.data["doctrines"][power]
    for r in rolls:
        if r >= game.value("research_success"):
            wish = [d for d in (*order.places, *DOCTRINES) if d not in held]
            if wish:
                held.append(wish[0])
                lines.append(f"  {power} discovers Doctrine: {wish[0]} (R16.2)")
    held.sort()
    return lines


def _has_doctrine(game: Game, power: str, kind: str) -> None:
    for need in game.profile(kind).requires:
        if need.startswith("doctrine:") and need.removeprefix("doctrine:") not in game.data["doctrines"][power]:
            raise Refusal(f"{kind} needs Doctrine: {need.removeprefix('doctrine:')} (R16.1)")
        if need == "major-ic" and not game.industry(power, major_only=True):
            raise Refusal(f"{kind}: the nation needs a Major Industrial Complex (L359, R15.2)")


def apply_buy(game: Game, power: str, order: Order) -> list[str]:
    """Purchase (R14.1, R15.6, R16.1): buildable types only, doctrines and a Major IC where required, paid
    from the treasury."""
    kind = order.kind
    if kind not in game.rules.units:
        raise Refusal(f"{kind!r} is no unit type (kriegsspiel rules unit-profiles)")
    p = game.profile(kind)
    if p.cost is None:
        raise Refusal(f"{p.name} appears only in a scenario's set-up (R15.6)")
    if order.count < 1:
        raise Refusal("buy at least one unit")
    _has_doctrine(game, power, kind)
    price = p.cost * order.count
    if price > game.data["treasury"][power]:
        raise Refusal(f"{order.count} {kind} cost {price} IPC; {power} has {game.data['treasury'][power]}")
    game.data["treasury"][power] -= price
    bought = game.data["bought"].setdefault(power, {})
    bought[kind] = bought.get(kind, 0) + order.count
    return [f"{power}: {order.text()} ({price} IPC, {game.data['treasury'][power]} left)"]


def _operative(game: Game, power: str, terr: str) -> bool:
    return game.friendly_since_start(terr, power)


def apply_place(game: Game, power: str, order: Order) -> list[str]:
    """Place new units (R15.1-R15.5, R18.1): at an IC controlled since the start of the turn (10 at a Major,
    3 at a Minor), ships in an adjacent sea zone, Colonial Infantry in a national non-home territory (one
    each), fortifications where friendly Engineers stand."""
    kind, count = order.kind, order.count
    bought = game.data["bought"].setdefault(power, {})
    if bought.get(kind, 0) < count:
        raise Refusal(f"{power} has {bought.get(kind, 0)} {kind} bought and not placed")
    p = game.profile(kind)
    where = order.places[0]
    if not is_land(game.board, where):
        raise Refusal(f"units are placed at a land territory (ships: 'place TYPE TERRITORY SEA'); {where} is not")
    if not _operative(game, power, where):
        raise Refusal(f"{where} must be controlled by {power} since the start of the turn (R15.1)")
    board = game.board[where]
    placed = game.data["placed"]
    sea = order.places[1] if len(order.places) > 1 else None
    if p.domain == "naval":
        if sea is None or not is_sea(game.board, sea) or sea not in board["adjacent"]:
            raise Refusal(f"name the sea zone next to {where} the ship is placed in ('place {kind} {where} SEA')")
        water = game.board[sea]["water"]
        if "lake-only" in p.abilities and water != "lake":
            raise Refusal(f"a {p.name} is placed only in a lake zone (L857)")
        if "coastal-only" in p.abilities and water != "coastal":
            raise Refusal(f"a {p.name} is placed only in a coastal zone (L661)")
    elif sea is not None:
        raise Refusal("only ships are placed in a sea zone")
    colonial_slot = (kind == "colonial-infantry" and board["national"] == power and not board["home"])
    if p.domain == "structure":
        engineers = [u for u in game.units_at(where) if u.kind == "engineers" and game.allied(u.power, power)]
        if not engineers:
            raise Refusal(f"a {p.name} is placed only where friendly Engineers are (R18.1); {where} has none")
        if "one-per-territory" in p.requires and (count > 1 or any(u.kind == kind for u in game.units_at(where))):
            raise Refusal("at most one Fortress per territory (R18.1)")
    elif colonial_slot and not board["industry"]:
        key = f"colonial:{where}"
        if placed.get(key, 0) + count > game.value("colonial_per_territory"):
            raise Refusal(f"one Colonial Infantry per national territory per turn (R15.5); {where} has had it")
        placed[key] = placed.get(key, 0) + count
    else:
        if not board["industry"]:
            colonial = kind == "colonial-infantry"
            hint = "; Colonial Infantry goes to a national non-home territory (R15.5)" if colonial else ""
            raise Refusal(f"{where} has no industrial complex (R15.1){hint}")
        if "placed-at-major-ic" in p.requires and board["industry"] != "major":
            raise Refusal(f"a {p.name} is placed only at a Major IC (L386)")
        if p.domain == "naval":
            if not coastal(game.board, where):
                raise Refusal("ships are built at an IC in a coastal territory (R15.3)")
            if "naval-base" in p.requires:
                if board["industry"] != "major" or not board["naval_base"]:
                    raise Refusal(f"a {p.name} is built only at a Major IC in a coastal territory with an operative "
                                  "friendly naval base (L803, R15.2)")
        limit = game.value("major_ic_units" if board["industry"] == "major" else "minor_ic_units")
        if placed.get(where, 0) + count > limit:
            raise Refusal(f"{where} places at most {limit} units a turn ({board['industry']} IC, R15.1); "
                          f"{placed.get(where, 0)} placed already")
        placed[where] = placed.get(where, 0) + count
    bought[kind] -= count
    uids = []
    for _ in range(count):
        uid = game.new_uid_for(power)
        game.units[uid] = Unit(uid, power, kind, sea or where)
        uids.append(uid)
    return [f"{power}: {order.text()} ({', '.join(uids)})"]


def supply_status(game: Game) -> list[str]:
    """R12.1-R12.2: the land units out of supply, fixed at the start of each Combat Move after supply drops;
    fortifications and fortresses too, immobile land units (R12.3a). In supply: in a friendly territory
    connected through friendly land to a friendly IC, or with a friendly Supply Column, or supplied by a drop
    this turn. Off when the switch supply_rules is off."""
    out: list[str] = []
    if not game.switch("supply_rules"):
        return out
    for u in sorted(game.units.values(), key=lambda u: u.uid):
        if (game.profile(u).domain not in ("land", "structure") or u.aboard is not None
                or u.kind in ("supply-column", "aaa")):
            continue
        if not _in_supply(game, u):
            out.append(u.uid)
    return out


def _in_supply(game: Game, u: Unit) -> bool:
    if u.where in game.data["supplied_by_drop"]:
        return True
    if any(s.kind == "supply-column" and game.allied(s.power, u.power) for s in game.units_at(u.where)):
        return True
    if not game.friendly(u.where, u.power):
        return False
    seen, todo = {u.where}, [u.where]
    while todo:
        here = todo.pop()
        if game.board[here]["industry"]:
            return True
        for nxt in game.board[here]["adjacent"]:
            if nxt not in seen and game.friendly(nxt, u.power):
                seen.add(nxt)
                todo.append(nxt)
    return False


def land_aircraft(game: Game, power: str) -> list[str]:
    """End of Noncombat Move (R22.1, R22.2, R23.2): aircraft in a sea zone board a friendly carrier with room;
    aircraft not in a territory friendly since the start of the turn, nor aboard, are lost."""
    lines = []
    for u in sorted(game.units.values(), key=lambda u: u.uid):
        if u.power != power or game.profile(u).domain != "air" or u.aboard is not None:
            continue
        if is_sea(game.board, u.where):
            deck = next((c for c in game.units_at(u.where) if c.kind in ("carrier", "escort-carrier", "armored-carrier")
                         and game.allied(c.power, power) and u.kind in game.profile(c).cargo_types
                         and len(game.cargo_of(c.uid)) < game.profile(c).cargo), None)
            if deck is not None:
                u.aboard = deck.uid
                lines.append(f"{u.uid} lands on {deck.uid} in {u.where}")
                continue
        elif game.friendly_since_start(u.where, power):
            continue
        lines.append(f"{u.uid} ({u.kind}) finds nowhere to land in {u.where} and is lost (R22.1)")
        for c in game.cargo_of(u.uid):
            del game.units[c.uid]
        del game.units[u.uid]
    return lines


def repair(game: Game, power: str) -> list[str]:
    """R25.3: the power's damaged ships next to an operative friendly naval base lose their HIT markers."""
    lines = []
    for u in game.units.values():
        if u.power == power and u.damage and is_sea(game.board, u.where):
            bases = [a for a in game.board[u.where]["adjacent"] if game.board[a]["naval_base"]
                     and game.friendly(a, power)]
            if not bases and game.neutral_port(u, u.where):  # R24.7: a true neutral's port as a friendly base
                bases = [a for a in game.board[u.where]["adjacent"] if game.true_neutral(a)]
            if bases:
                u.damage = 0
                lines.append(f"{u.uid} ({u.kind}) repaired at {bases[0]} (R25.3)")
    return lines


def collect_income(game: Game, power: str) -> list[str]:
    """R14.1: the power gains the income of every territory it controls."""
    gain = game.income_of(power)
    game.data["treasury"][power] += gain
    return [f"{power} collects {gain} IPC ({game.data['treasury'][power]} in the treasury)"]


def next_turn(game: Game) -> list[str]:
    """Hand the turn to the next power (a new round after the last): reset the turn's marks, note control at
    the start of the turn, repair its ships (R03.3), and check victory."""
    lines = []
    order = game.data["turn_order"]
    index = order.index(game.power) + 1
    if index == len(order):
        index = 0
        game.round += 1
    game.power = order[index]
    game.step = first_step(game.data["switches"])
    for u in game.units.values():
        u.used, u.origin = 0, None
        u.moved = u.attacking = u.landed = u.airdropped = u.marched = False
    game.data.update(owners_at_start=dict(game.owners), captured=[], placed={}, supplied_by_drop=[],
                     marched_from={}, paired_from={}, battles=[], home_guard=[], fortress_fired=[])
    lines += repair(game, game.power)
    arrived = game.data.setdefault("ferried", {}).pop(game.power, 0)
    if arrived:
        game.data["treasury"][game.power] += arrived
        lines.append(f"{game.power} receives {arrived} ferried IPC (R03.2)")
    winner = victory(game)
    if winner:
        game.data["winner"] = winner
        lines.append(f"{winner} wins ({game.data.get('won_by', '')})")
    return lines


def victory(game: Game) -> str | None:
    """The scenario's victory conditions (rulings section 6, item 5): an alliance holding every enemy capital
    wins at once (switch victory.capitals); after the last round, the alliance with the most income wins (its
    first power is named), none on a tie."""
    capitals = {a: p["home"] for a, p in game.board.items() if p["capital"]}
    if game.data["victory"]["capitals"]:
        for block in game.data["alliances"]:
            enemy = [a for a, home in capitals.items() if home not in block]
            if enemy and all(game.owners.get(a) in block for a in enemy):
                game.data["won_by"] = "holds every enemy capital"
                return block[0]
    if game.round > game.data["victory"]["rounds"]:
        totals = sorted(((sum(game.income_of(p) for p in block), block[0]) for block in game.data["alliances"]),
                        reverse=True)
        game.data["over"] = True
        if totals[0][0] > totals[1][0]:
            game.data["won_by"] = f"the most income after {game.data['victory']['rounds']} rounds"
            return totals[0][1]
    return None


def following_step(game: Game) -> str | None:
    """The step after the current one in this power's turn, or None after Collect Income."""
    index = STEPS.index(game.step) + 1
    return STEPS[index] if index < len(STEPS) else None
