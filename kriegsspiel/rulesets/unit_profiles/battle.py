"""One battle fought with dice, step by step as the rulings' combat sequence says (R04), and its result as
the JSON object of docs/battle-json.md."""
from __future__ import annotations

from typing import Any

from kriegsspiel.rulesets.unit_profiles.dice import DiceStream, DieSource
from kriegsspiel.rulesets.unit_profiles.placement import Hit
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec
from kriegsspiel.rulesets.unit_profiles.steps import (
    Shot, after_free_attack, apply_hits, battle_over, end_of_round, first_strikes, initial_position,
    plan_anti_aircraft, plan_bombardment, plan_fire, plan_free_attack, take_hits, units_of,
)
from kriegsspiel.rulesets.unit_profiles.values import ACTIVE, DEAD, DOOMED, LOST, Position, round_context


class Volley:
    """One side's dice in one step, with its re-rolls (R02.3): the records and the hits."""

    def __init__(self, spec: BattleSpec, shots: list[Shot], dice: DieSource, allowance: list[int] | None,
                 side: int) -> None:
        self.spec = spec
        self.shots = shots
        self.dice = [dice.next() for _ in shots]
        self.first: dict[int, int] = {}
        policy = spec.policies[side]
        if allowance is not None and policy.rerolls:
            # Missed dice, lowest result first (ties in roll order): a die with its own re-roll (a
            # Reconnaissance pair's) takes it; any other takes one of the side's shared allowance, if left.
            misses = sorted((d, n) for n, (d, s) in enumerate(zip(self.dice, shots)) if d > s.need)
            for d, n in misses:
                if not shots[n].reroll:
                    if allowance[side] <= 0:
                        continue
                    allowance[side] -= 1
                self.first[n] = d
                self.dice[n] = dice.next()
        self.hits: list[Hit] = [h for h in (s.hit(d) for s, d in zip(shots, self.dice)) if h is not None]

    def record(self, dead: list[int], marked: list[int]) -> dict[str, Any]:
        """This volley as a STEP object of battle-json.md; ``dead`` and ``marked`` are its casualties and HIT markers."""
        units = self.spec.units
        rolls = []
        for n, (shot, die) in enumerate(zip(self.shots, self.dice)):
            roll: dict[str, Any] = {"unit": units[shot.firer].id, "die": die, "need": shot.need}
            if shot.at is not None:
                roll["at"] = units[shot.at].id
            if n in self.first:
                roll["rerolled"] = self.first[n]
            rolls.append(roll)
        return {"rolls": rolls, "hits": len(self.hits), "casualties": [units[i].id for i in dead],
                "damaged": [units[i].id for i in marked]}


def _pre_combat(spec: BattleSpec, pos: Position, dice: DiceStream, out: dict[str, Any],
                cargo_lost: list[int]) -> Position:
    """R04.2: bombardment, the free attack on air transports, AAA against other aircraft."""
    shots = plan_bombardment(spec, pos)
    if shots:
        volley = Volley(spec, shots, dice, None, 0)
        pos, dead, marked, lost = apply_hits(spec, pos, take_hits(spec, pos, 1, volley.hits, "bombardment"), doom=True)
        out["bombardment"] = volley.record(dead, marked)
    if spec.airdrop:
        shots = plan_free_attack(spec, pos)
        if shots:
            volley = Volley(spec, shots, dice, None, 1)
            pos, dead, marked, lost = apply_hits(spec, pos, take_hits(spec, pos, 0, volley.hits, "free_attack"))
            out["free_attack"] = volley.record(dead, marked)
            cargo_lost += lost
        pos, lost = after_free_attack(spec, pos)
        cargo_lost += [i for i in lost if i not in cargo_lost]
    shots = plan_anti_aircraft(spec, pos)
    if shots:
        volley = Volley(spec, shots, dice, None, 1)
        pos, dead, marked, lost = apply_hits(spec, pos, take_hits(spec, pos, 0, volley.hits, "anti_aircraft"))
        out["anti_aircraft"] = volley.record(dead, marked)
        cargo_lost += lost
    return pos


def fight_round(spec: BattleSpec, pos: Position, rnd: int, dice: DiceStream
                ) -> tuple[Position, dict[str, Any], list[int], list[int], str | None]:
    """Round ``rnd`` (R04.3-R04.5): (position, its record, cargo lost, units retreated, result or None)."""
    ids = [u.id for u in spec.units]
    ctx = round_context(spec, pos, rnd)
    allowance = list(ctx.any_rerolls)
    record: dict[str, Any] = {"round": rnd}
    dead_all: list[int] = []
    marked_all: list[int] = []
    lost_all: list[int] = []
    rolled: set[int] = set()
    if rnd == 1:
        strikers = [first_strikes(spec, pos, 0), first_strikes(spec, pos, 1)]
        rolled = {u.index for side in strikers for u in side}
        volleys = [Volley(spec, plan_fire(ctx, s, strikers[s]), dice, allowance, s) for s in (0, 1)]
        taken = [take_hits(spec, pos, 1 - s, volleys[s].hits, "round") for s in (0, 1)]
        steps = {}
        for s in (0, 1):
            pos, dead, marked, lost = apply_hits(spec, pos, taken[s])
            dead_all += dead
            marked_all += marked
            lost_all += lost
            if volleys[s].shots:
                steps["attacker" if s == 0 else "defender"] = volleys[s].record(dead, marked)
        if steps:
            record["first_strike"] = steps
        ctx.after_first_strike(pos)  # its damage takes effect at once (R25.2); the pairs hold for the round
    firers = [[u for u in units_of(spec, pos, s, (ACTIVE, DOOMED)) if u.index not in rolled] for s in (0, 1)]
    volleys = [Volley(spec, plan_fire(ctx, s, firers[s]), dice, allowance, s) for s in (0, 1)]
    # Both volleys are planned from the same position: the defender's casualties fire back (R04.4d) and
    # HIT markers take effect at the end of the round (R25.2).
    taken = [take_hits(spec, pos, 1 - s, volleys[s].hits, "round") for s in (0, 1)]
    for s, key in ((0, "attacker_fire"), (1, "defender_fire")):
        pos, dead, marked, lost = apply_hits(spec, pos, taken[s])
        dead_all += dead
        marked_all += marked
        lost_all += lost
        record[key] = volleys[s].record(dead, marked)
    pos, lost_transports, lost_cargo, retreated, result = end_of_round(spec, pos, rnd)
    dead_all += lost_transports
    lost_all += lost_cargo
    record["casualties"] = {name: [ids[i] for i in dead_all if spec.units[i].side == s]
                            for s, name in ((0, "attacker"), (1, "defender"))}
    record["damaged"] = {name: [ids[i] for i in marked_all if spec.units[i].side == s and i not in dead_all]
                         for s, name in ((0, "attacker"), (1, "defender"))}
    record["cargo_lost"] = [ids[i] for i in lost_all]
    return pos, record, lost_all, retreated, result


def summary(spec: BattleSpec, pos: Position, result: str) -> tuple[bool, list[int]]:
    """(captured, units captured with the territory) for a finished battle (R04.6, R17.3)."""
    captured = (not spec.at_sea and result == "attacker"
                and any(u.profile.domain == "land" for u in units_of(spec, pos, 0)))
    taken = [u.index for u in units_of(spec, pos, 1) if u.type in ("aaa", "supply-column")] if captured else []
    return captured, taken


def fight(spec: BattleSpec, dice: DiceStream | None = None) -> dict[str, Any]:
    """Fight the battle with ``dice`` (default: the spec's dice then its seed) and return the output object of
    battle-json.md. Raises dice.DiceExhausted when the given dice run out and there is no seed."""
    dice = dice or DiceStream(spec.dice, spec.seed, spec.rules.die)
    pos = initial_position(spec)
    pre: dict[str, Any] = {}
    cargo_lost: list[int] = []
    pos = _pre_combat(spec, pos, dice, pre, cargo_lost)
    rounds = []
    retreated: list[int] = []
    result = battle_over(spec, pos, 1)
    rnd = 0
    while result is None:
        rnd += 1
        pos, record, lost, gone, result = fight_round(spec, pos, rnd, dice)
        rounds.append(record)
        cargo_lost += lost
        retreated += gone
    if rnd == 0:  # the battle ended before round 1: bombardment casualties are removed all the same
        pos = Position(tuple(DEAD if s == DOOMED else s for s in pos.status), pos.damage)
    captured, taken = summary(spec, pos, result)
    ids = [u.id for u in spec.units]
    survivors: dict[str, list[dict[str, Any]]] = {"attacker": [], "defender": []}
    for u in spec.units:
        if pos.status[u.index] not in (DEAD, LOST) and u.index not in taken:
            survivors["attacker" if u.side == 0 else "defender"].append(
                {"id": u.id, "type": u.type, "damage": pos.damage[u.index]})
    return {
        "id": spec.id, "pre_combat": pre, "rounds": rounds, "winner": result, "captured": captured,
        "rounds_fought": rnd, "survivors": survivors, "retreated": [ids[i] for i in retreated],
        "captured_units": [ids[i] for i in taken], "cargo_lost": [ids[i] for i in cargo_lost],
        "dice_used": dice.used,
    }
