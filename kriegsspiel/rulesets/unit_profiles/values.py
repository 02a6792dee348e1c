"""What each unit rolls against each target in one round: pairs and the Rule of Three, then R02/R05 values.

A battle's position is a :class:`Position` (status and damage of every unit); ``round_context`` forms the
round's pairs (R06.2) and ``RoundContext.value`` gives a firer's modified value against one target (R05.1,
R02.2). A value of 0 means the firer cannot hit that target.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec, UnitSpec

# Unit status in a Position.
ACTIVE = 0      # in the battle
DEAD = 1        # destroyed by hits (or lost for want of protection)
LOST = 2        # cargo lost with its carrier
RETREATED = 3   # retreated or withdrawn
DOOMED = 4      # a bombardment casualty: fires in round 1, removed at its end (R20.2)
ABOARD = 5      # cargo that does not fight (yet)
OUT = 6         # takes no part in the rounds: bombarding ships, the air transports of an airdrop


class Position(NamedTuple):
    """The battle between steps: ``status`` and ``damage`` (HIT markers) per unit, in input order.
    (A named tuple: the odds hash hundreds of thousands of them.)"""

    status: tuple[int, ...]
    damage: tuple[int, ...]


def hittable(spec: BattleSpec, pos: Position, i: int) -> bool:
    """Whether unit i can be assigned hits in the rounds (not AAA or supply columns, R05.4)."""
    return pos.status[i] == ACTIVE and "no-casualty" not in spec.units[i].profile.classes


def _ordered(candidates: list[int], order: tuple[int, ...]) -> list[int]:
    listed = [i for i in order if i in candidates]
    seen = set(listed)
    return list(dict.fromkeys(listed)) + [i for i in candidates if i not in seen]


@dataclass(slots=True)
class RoundContext:
    """The pairs and situation of one round for both sides (R06.2)."""

    spec: BattleSpec
    pos: Position
    round: int
    add: dict[int, int]              # unit -> bonus added (support, fortification, fortress, combined arms)
    becomes: dict[int, int]          # unit -> value it becomes (SP support)
    charging: frozenset[int]
    recon: dict[int, int]            # artillery-type unit -> its re-roll partner (R06.3)
    any_rerolls: tuple[int, int]     # per side, with reconnaissance_rerolls_any_die
    air_attack: bool                 # attackers include aircraft (R24.4)
    carrier: bool                    # the defender has a carrier in a sea battle
    cruiser: bool
    sitting_out: frozenset[int]      # interceptors in round 1 (R23.6)

    def after_first_strike(self, pos: Position) -> None:
        """The position after the First Strike step, whose casualties are removed at once (R04.3, R25.2).
        The pairs hold for the round (R06.2), but what is "present" is read when the dice it modifies are
        rolled (R24.4a): a Cruiser or carrier sunk in First Strike protects no ship in the round's fire."""
        self.pos = pos
        defenders = [self.spec.units[i] for i in _fielded(self.spec, pos, 1)]
        self.carrier = any(u.has("carrier") for u in defenders)
        self.cruiser = any(u.has("cruiser") for u in defenders)

    def base(self, u: UnitSpec) -> int:
        """The unit's value before modifiers (0 = '-'), damaged and round-1 values applied."""
        p = u.profile
        attacking = u.side == 0
        value = p.attack if attacking else p.defense
        if value is None:
            return 0
        damaged = p.attack_damaged if attacking else p.defense_damaged
        dmg = self.pos.damage[u.index]
        if dmg and damaged:
            value = damaged[min(dmg, len(damaged)) - 1]
        if (attacking and self.round == 1 and u.type == "paratroopers" and u.carrier is not None
                and self.spec.units[u.carrier].type == "air-transport"):
            value = self.spec.rules.value("airdrop_first_round")
        return self.becomes.get(u.index, value)

    def modifier(self, u: UnitSpec) -> int:
        """The sum of the R02.2 modifiers that hold for this unit this round (target-independent part)."""
        spec, rules = self.spec, self.spec.rules
        p = u.profile
        mod = self.add.get(u.index, 0)
        # R12.3a: fortifications and fortresses are immobile land units, out of supply like any other
        if p.domain in ("land", "structure") and spec.on("supply_rules") and not u.supplied \
                and "living-off-the-land" not in p.abilities:
            mod += rules.value("out_of_supply")
        if p.domain == "land":
            if u.type == "mountain-infantry" and "mountain" in spec.features:
                mod += rules.value("mountain")
            if u.side == 0 and u.landed and self.round == 1 and spec.on("amphibious_penalty") \
                    and "amphibious-attack" not in p.abilities:
                mod += rules.value("amphibious")
        if u.side == 1 and p.domain == "naval" and spec.at_sea:
            if u.type == "torpedo-boat-destroyer" and spec.features & {"port", "riverine"}:
                mod += rules.value("torpedo_boat_port")
            if self.air_attack and spec.on("gun_director_penalty") and not self.carrier:
                mod += rules.value("gun_director_cruiser" if self.cruiser else "gun_director_no_carrier")
        return mod

    def value(self, f: UnitSpec, t: UnitSpec) -> int:
        """Firer f's value against target t this round (R05.1, R02.2); 0: it cannot hit t."""
        p = f.profile
        tcls = t.profile.classes
        if f.side == 1 and p.air_defense and "aircraft" not in tcls:
            return 0
        if p.attack_only and f.side == 0 and not (p.attack_only & tcls):
            return 0
        if p.cannot_hit & tcls:
            return 0
        if (f.side == 1 and p.domain == "naval" and self.spec.at_sea and self.air_attack and not self.carrier
                and not self.cruiser and self.spec.on("gun_director_penalty") and "aircraft" in tcls):
            return 0
        base = self.base(f)
        if base <= 0:
            return 0
        special = p.attack_vs if f.side == 0 else p.defense_vs
        for cls, number in special:
            if cls in tcls:
                base = max(base, number) if cls != "structure" else number
        if f.index in self.charging and "infantry" in tcls:
            base = self.spec.rules.value("charge")
        return max(self.spec.rules.value("modified_minimum"), base + self.modifier(f))


def _fielded(spec: BattleSpec, pos: Position, side: int) -> list[int]:
    """Units of a side present this round (bombardment casualties included: they still fire in round 1)."""
    return [u.index for u in spec.units if u.side == side and pos.status[u.index] in (ACTIVE, DOOMED)]


def _counted(spec: BattleSpec, pos: Position, side: int) -> list[int]:
    """Units of a side counted for the round's pairs and comparisons: bombardment casualties fire in round 1
    but are casualties, counted for none (R20.2b: Charge!'s "outnumber", the defender's pairs)."""
    return [u.index for u in spec.units if u.side == side and pos.status[u.index] == ACTIVE]


def round_context(spec: BattleSpec, pos: Position, rnd: int) -> RoundContext:
    """Form both sides' pairs and Rule-of-Three beneficiaries for round ``rnd`` (R06.2, R06.3, R01)."""
    rules = spec.rules
    three = rules.value("rule_of_three")
    add: dict[int, int] = {}
    becomes: dict[int, int] = {}
    charging: set[int] = set()
    recon: dict[int, int] = {}
    any_rerolls = [0, 0]
    for side in (0, 1):
        role = "attack" if side == 0 else "defense"
        policy = spec.policies[side]
        here = _counted(spec, pos, side)
        for bonus in rules.bonuses.values():
            if bonus.side not in (role, "both") or bonus.key == "charge":
                continue
            if bonus.key == "reconnaissance" and spec.on("reconnaissance_rerolls_any_die"):
                scouts = [i for i in here if spec.units[i].type in bonus.supporters]
                any_rerolls[side] = min(three, len(scouts))
                continue
            if bonus.not_in_amphibious and spec.amphibious and side == 0:
                continue
            beneficiaries = set(bonus.beneficiaries)
            extra = set()
            if bonus.key == "artillery" and spec.on("artillery_supports_paratroopers_attack"):
                extra = set(bonus.variant_beneficiaries)
            candidates = [i for i in here if spec.units[i].type in beneficiaries | extra]
            supporters = [i for i in here if spec.units[i].type in bonus.supporters]
            if not candidates or not supporters:
                continue
            capacity = [bonus.per_supporter] * len(supporters)
            taken = 0
            # battle-json.md names one "artillery" bonus for the attack and the defence support alike
            for i in _ordered(candidates, policy.order_for(bonus.key.removesuffix("-defense"))):
                if bonus.rule_of_three and taken >= three:
                    break
                allowed = (bonus.variant_supporters if spec.units[i].type in extra - beneficiaries
                           else bonus.supporters)
                for n, s in enumerate(supporters):
                    if capacity[n] and spec.units[s].type in allowed:
                        capacity[n] -= 1
                        taken += 1
                        if bonus.key == "reconnaissance":
                            recon[i] = s
                        elif bonus.values:
                            becomes[i] = dict(bonus.values)[spec.units[i].type]
                        else:
                            add[i] = add.get(i, 0) + bonus.amount
                        break
        if side == 0:
            cavalry = [i for i in here if spec.units[i].type in rules.bonuses["charge"].beneficiaries]
            foot = [i for i in _counted(spec, pos, 1) if spec.units[i].has("infantry")]
            if len(cavalry) > len(foot):
                charging.update(_ordered(cavalry, policy.order_for("charge"))[:three])
    attackers = [spec.units[i] for i in _fielded(spec, pos, 0)]
    defenders = [spec.units[i] for i in _fielded(spec, pos, 1)]
    sitting: frozenset[int] = frozenset()  # the unit indices that sit out the round (R23.6)
    if rnd == 1 and spec.airdrop:
        chosen = spec.policies[1].interceptors
        if chosen is None:
            chosen = tuple(u.index for u in defenders if u.type == "fighter")
        sitting = frozenset(chosen)
    return RoundContext(
        spec, pos, rnd, add, becomes, frozenset(charging), recon, (any_rerolls[0], any_rerolls[1]),
        air_attack=any(u.has("aircraft") for u in attackers),
        carrier=any(u.has("carrier") for u in defenders), cruiser=any(u.has("cruiser") for u in defenders),
        sitting_out=sitting,
    )
