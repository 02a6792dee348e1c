"""The steps of the combat sequence (R04) as plans and their effects, shared by the battle and the odds.

A step is planned as :class:`Shot` lists (who rolls, at what, against whom); the dice turn shots into
:class:`~kriegsspiel.rulesets.unit_profiles.placement.Hit` objects; ``take_hits`` places them and
``apply_hits`` gives the new :class:`Position`. ``end_of_round`` and ``battle_over`` decide how it ends.
"""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.rulesets.unit_profiles.placement import Hit, place_hits
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec, UnitSpec
from kriegsspiel.rulesets.unit_profiles.values import (
    ABOARD, ACTIVE, DEAD, DOOMED, LOST, OUT, RETREATED, Position, RoundContext, hittable, round_context,
)


#: what makes shots interchangeable for the odds: (need, values against each target, the class the firer picks
#: its target among or "" when it does not, own re-roll); sortable, as the odds sort the signatures of a volley
ShotSignature = tuple[int, tuple[tuple[int, int], ...], str, bool]


@dataclass(frozen=True, slots=True)
class Shot:
    """One die to roll: the firer, its need (its highest value against a target present), its value against
    every target it may hit, the class it picks its target among (R05.3), the target fired at (AAA only) and
    whether it has a re-roll of its own (Reconnaissance, R06.3)."""

    firer: int
    need: int
    values: tuple[tuple[int, int], ...]
    picks: str | None
    at: int | None
    reroll: bool

    def hit(self, die: int) -> Hit | None:
        """The Hit this die makes, or None for a miss (R02.1, R05.2)."""
        if die > self.need:
            return None
        eligible = tuple(t for t, v in self.values if v >= die)
        rank = (-die, self.need, *(v for _, v in self.values), self.firer) if self.picks else (0,)
        return Hit(die, self.firer, eligible, self.picks, rank)

    def signature(self) -> ShotSignature:
        """Shots with the same signature are interchangeable for the odds (same outcomes, same placement).
        ``picks`` None is "" here: a volley's signatures are sorted, and None does not compare with a class."""
        return (self.need, self.values, self.picks or "", self.reroll)


def initial_position(spec: BattleSpec) -> Position:
    """Who is in the battle before the first step (battle-json.md, UNIT)."""
    status = []
    for u in spec.units:
        if u.bombard:
            status.append(OUT)
        elif u.carrier is None:
            status.append(ACTIVE)
        else:
            carrier = spec.units[u.carrier]
            fights = u.side == 1 and carrier.type in ("carrier", "escort-carrier", "armored-carrier", "airship") \
                and u.profile.domain == "air"
            status.append(ACTIVE if fights else ABOARD)
    return Position(tuple(status), tuple(u.damage for u in spec.units))


def _with(pos: Position, changes: dict[int, int], damage: dict[int, int] | None = None) -> Position:
    status = list(pos.status)
    for i, s in changes.items():
        status[i] = s
    dmg = list(pos.damage)
    for i, d in (damage or {}).items():
        dmg[i] = d
    return Position(tuple(status), tuple(dmg))


def _shot(ctx: RoundContext, f: UnitSpec, targets: list[UnitSpec], at: int | None = None,
          fixed: int | None = None) -> Shot | None:
    if fixed is not None:
        values = tuple((t.index, fixed) for t in targets)
    else:
        by_type: dict[str, int] = {}  # a value depends on the target's type only
        found = []
        for t in targets:
            v = by_type.get(t.type)
            if v is None:
                v = by_type[t.type] = ctx.value(f, t)
            if v >= 1:
                found.append((t.index, v))
        values = tuple(found)
    if not values:
        return None
    # The firer places the hit (R05.3): Torpedo and Dive Bombers attacking; a Torpedo Boat Destroyer defending
    # a port or in a riverine space (R24.6), among any units.
    picks = f.profile.firer_picks if f.side == 0 else None
    if f.type == "torpedo-boat-destroyer" and f.side == 1 and ctx.spec.features & {"port", "riverine"}:
        picks = "any"
    reroll = f.index in ctx.recon and ctx.spec.policies[f.side].rerolls
    return Shot(f.index, max(v for _, v in values), values, picks, at, reroll)


def units_of(spec: BattleSpec, pos: Position, side: int, statuses: tuple[int, ...] = (ACTIVE,)) -> list[UnitSpec]:
    """The units of ``side`` whose status is one of ``statuses``, in input order."""
    return [u for u in spec.units if u.side == side and pos.status[u.index] in statuses]


def targets_of(spec: BattleSpec, pos: Position, side: int) -> list[UnitSpec]:
    """The units of ``side`` that can be assigned hits in the rounds."""
    return [u for u in spec.units if u.side == side and hittable(spec, pos, u.index)]


def plan_bombardment(spec: BattleSpec, pos: Position) -> list[Shot]:
    """S20: each bombarding ship, input order, at most one per land unit landed from ships (R20.2)."""
    ships = [u for u in spec.units if u.bombard and pos.status[u.index] == OUT]
    ships = ships[:sum(1 for u in spec.units if u.landed)]
    ctx = round_context(spec, pos, 0)
    targets = [t for t in targets_of(spec, pos, 1) if t.has("land")]
    shots = [_shot(ctx, s, targets, fixed=s.profile.bombard) for s in ships]
    return [s for s in shots if s]


def free_attack_targets(spec: BattleSpec, pos: Position) -> tuple[list[UnitSpec], list[UnitSpec]]:
    """The air transports of the airdrop and their escorts still flying."""
    transports = [u for u in spec.units if u.side == 0 and u.type == "air-transport" and pos.status[u.index] == ACTIVE]
    escorts = [u for u in spec.units if u.side == 0 and u.escort and pos.status[u.index] == ACTIVE]
    return transports, escorts


def plan_free_attack(spec: BattleSpec, pos: Position) -> list[Shot]:
    """S21, S23: each AAA one die per air transport, then each interceptor at its defense against aircraft."""
    transports, escorts = free_attack_targets(spec, pos)
    if not transports:
        return []
    ctx = round_context(spec, pos, 0)
    targets = sorted(transports + escorts, key=lambda u: u.index)
    aaa_hit = spec.rules.value("aaa_hit")
    shots = []
    for aaa in units_of(spec, pos, 1):
        if aaa.type == "aaa":
            shots += [_shot(ctx, aaa, targets, at=t.index, fixed=aaa_hit) for t in transports]
    chosen = spec.policies[1].interceptors
    for f in units_of(spec, pos, 1):
        if f.type == "fighter" and (chosen is None or f.index in chosen):
            shots.append(_shot(ctx, f, targets))
    return [s for s in shots if s]


def after_free_attack(spec: BattleSpec, pos: Position) -> tuple[Position, list[int]]:
    """The cargo of the surviving air transports joins the attack; theirs is lost with the others (S23)."""
    changes = {}
    lost = []
    for u in spec.units:
        if u.side == 0 and u.type == "air-transport":
            alive = pos.status[u.index] == ACTIVE
            if alive:
                changes[u.index] = OUT
            for c in u.cargo:
                changes[c] = ACTIVE if alive else LOST
                if not alive and pos.status[c] != LOST:
                    lost.append(c)
    return _with(pos, changes), lost


def plan_anti_aircraft(spec: BattleSpec, pos: Position) -> list[Shot]:
    """R21.2: each AAA one die per other attacking aircraft, at most three per AAA, one per aircraft."""
    aircraft = [u for u in units_of(spec, pos, 0) if u.has("aircraft") and u.type != "air-transport"]
    guns = [u for u in units_of(spec, pos, 1) if u.type == "aaa"]
    per_gun = spec.rules.value("aaa_max_dice")
    ctx = round_context(spec, pos, 0)
    aaa_hit = spec.rules.value("aaa_hit")
    fired_at = aircraft[:per_gun * len(guns)]
    shots = []
    for n, plane in enumerate(fired_at):
        shots.append(_shot(ctx, guns[n // per_gun], fired_at, at=plane.index, fixed=aaa_hit))
    return [s for s in shots if s]


def first_strikes(spec: BattleSpec, pos: Position, side: int) -> list[UnitSpec]:
    """R04.3, R24.3: the units of ``side`` that fire in the First Strike step."""
    if side == 1 and not spec.on("first_strike_on_defense"):
        return []
    enemy_destroyer = any(u.has("destroyer") for u in units_of(spec, pos, 1 - side, (ACTIVE, DOOMED)))
    out = []
    for u in units_of(spec, pos, side, (ACTIVE, DOOMED)):
        fs = u.profile.first_strike
        if fs == "always" or (fs == "unless-destroyer" and not enemy_destroyer):
            out.append(u)
    return out


def plan_fire(ctx: RoundContext, side: int, firers: list[UnitSpec]) -> list[Shot]:
    """One side's shots in a round step; AAA, supply columns and round-1 interceptors do not roll."""
    targets = targets_of(ctx.spec, ctx.pos, 1 - side)
    shots = []
    for f in firers:
        if f.type == "aaa" or f.index in ctx.sitting_out:
            continue
        shot = _shot(ctx, f, targets)
        if shot:
            shots.append(shot)
    return shots


def hits_left(spec: BattleSpec, pos: Position, units: list[UnitSpec]) -> dict[int, int]:
    """How many more hits each unit can take (capital ships: 2 or 3 less their HIT markers)."""
    return {u.index: u.profile.hits - pos.damage[u.index] for u in units}


def hit_pool(spec: BattleSpec, pos: Position, owner: int, hits: list[Hit], step: str
             ) -> tuple[dict[int, int], frozenset[int]]:
    """The units of ``owner`` a volley's hits may go to with the hits each can still take, and those of them
    that take only what no other can (transports, R05.4; in the free attack while an escort flies)."""
    if step == "free_attack":
        transports, escorts = free_attack_targets(spec, pos)
        carriers = frozenset(u.index for u in transports) if escorts else frozenset()
        return hits_left(spec, pos, transports + escorts), carriers
    units = spec.units
    pool_ids = sorted({t for h in hits for t in h.eligible})
    carriers = frozenset(i for i in pool_ids if chosen_last(units[i]))
    return {i: units[i].profile.hits - pos.damage[i] for i in pool_ids}, carriers


def chosen_last(u: UnitSpec) -> bool:
    """R05.4, R05.4a: Naval Transports and Troopships take only the hits no other unit can, and are lost when
    left alone against units able to hit them; air transports are ordinary casualties in the rounds."""
    return u.has("transport") and u.profile.domain == "naval"


def take_hits(spec: BattleSpec, pos: Position, owner: int, hits: list[Hit], step: str) -> dict[int, int]:
    """Place a volley's hits on side ``owner``; ``step`` is bombardment, free_attack, anti_aircraft or round."""
    if not hits:
        return {}
    left, carriers = hit_pool(spec, pos, owner, hits, step)
    return place_hits(spec, owner, hits, left, carriers)


def apply_hits(spec: BattleSpec, pos: Position, taken: dict[int, int], doom: bool = False
               ) -> tuple[Position, list[int], list[int], list[int]]:
    """The position after the hits ``taken``: (position, destroyed, one entry per HIT marker, cargo lost)."""
    changes: dict[int, int] = {}
    damage: dict[int, int] = {}
    dead, marked, lost = [], [], []
    for i in sorted(taken):
        total = pos.damage[i] + taken[i]
        if total >= spec.units[i].profile.hits:
            changes[i] = DOOMED if doom else DEAD
            dead.append(i)
            for c in spec.units[i].cargo:
                if pos.status[c] in (ACTIVE, ABOARD) and c not in taken:
                    changes[c] = LOST
                    lost.append(c)
        else:
            damage[i] = total
            marked.extend([i] * taken[i])
    return _with(pos, changes, damage), dead, marked, lost


def can_hit(spec: BattleSpec, ctx: RoundContext, side: int) -> bool:
    """Whether some unit of ``side`` has a value of at least 1 against some enemy unit that can be hit."""
    targets = targets_of(spec, ctx.pos, 1 - side)
    for f in units_of(spec, ctx.pos, side, (ACTIVE, DOOMED)):
        if f.type != "aaa" and any(ctx.value(f, t) >= 1 for t in targets):
            return True
    return False


def battle_over(spec: BattleSpec, pos: Position, next_round: int) -> str | None:
    """The result if the battle ends here (R04.5): attacker, defender, both-destroyed, stalemate; else None."""
    alive = [bool(targets_of(spec, pos, s)) or (next_round == 1 and any(
        st == DOOMED and spec.units[i].side == s for i, st in enumerate(pos.status))) for s in (0, 1)]
    if not alive[0] and not alive[1]:
        return "both-destroyed"
    if not alive[1]:
        return "attacker"
    if not alive[0]:
        return "defender"
    if _surely_hits(spec, pos, 0) or _surely_hits(spec, pos, 1):
        return None
    ctx = round_context(spec, pos, next_round)
    if not can_hit(spec, ctx, 0) and not can_hit(spec, ctx, 1):
        return "stalemate"
    return None


def _surely_hits(spec: BattleSpec, pos: Position, side: int) -> bool:
    """A quick sufficient test for can_hit (the odds call it for every position): a unit with a plain value
    (no target restrictions) facing any unit that can be hit. Modifiers never take a value below 1."""
    if not targets_of(spec, pos, 1 - side):
        return False
    for u in units_of(spec, pos, side):
        p = u.profile
        value = p.attack if side == 0 else p.defense
        if (value and not p.attack_only and not p.cannot_hit and not p.air_defense and u.type != "aaa"
                and not (side == 1 and p.domain == "naval")):
            return True
    return False


def end_of_round(spec: BattleSpec, pos: Position, rnd: int, stop_at_max: bool = True
                 ) -> tuple[Position, list[int], list[int], list[int], str | None]:
    """R04.5 after round ``rnd``: (position, transports lost for want of protection, their cargo lost,
    units that retreated or withdrew, the result or None when the battle goes on). With ``stop_at_max``
    false a battle that reached max_rounds is not called a stalemate here (the odds do that themselves)."""
    pos = _with(pos, {i: DEAD for i, s in enumerate(pos.status) if s == DOOMED})
    lost_transports, lost_cargo = [], []
    for side in (0, 1):
        mine = targets_of(spec, pos, side)
        if mine and all(chosen_last(u) for u in mine):
            ctx = round_context(spec, pos, rnd + 1)
            enemies = units_of(spec, pos, 1 - side)
            if any(ctx.value(f, t) >= 1 for f in enemies if f.type != "aaa" for t in mine):
                pos, dead, _, lost = apply_hits(spec, pos, {u.index: u.profile.hits for u in mine})
                lost_transports += dead
                lost_cargo += lost
    result = battle_over(spec, pos, rnd + 1)
    if result is not None:
        return pos, lost_transports, lost_cargo, [], result
    gone: dict[int, int] = {}
    if rnd == 1:
        for side in (0, 1):
            if spec.policies[side].withdraw:
                gone.update({u.index: RETREATED for u in units_of(spec, pos, side) if u.type == "auxiliary-cruiser"})
    if spec.policies[0].retreat_after == rnd:
        for u in units_of(spec, pos, 0):
            airdropped = u.carrier is not None and spec.units[u.carrier].type == "air-transport"
            if not u.landed and not airdropped:
                gone[u.index] = RETREATED
    retreated = sorted(gone)
    pos = _with(pos, gone)
    if retreated:
        result = battle_over(spec, pos, rnd + 1)
        if result == "both-destroyed":
            result = "defender"
    if result is None and stop_at_max and rnd >= spec.max_rounds:
        result = "stalemate"
    return pos, lost_transports, lost_cargo, retreated, result
