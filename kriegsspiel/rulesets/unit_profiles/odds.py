"""The odds of a battle (battle-json.md, "Odds"): exact by a Markov chain over the surviving units, round by
round, wherever the battle allows, else a seeded simulation with its standard errors.

Exact: each die is reduced to its outcome class (miss, or the set of targets it may hit: R05.2 makes that a
threshold on the die), interchangeable dice are counted together (multinomial), every class combination is
placed by the same code as the battle (``steps.take_hits``), and positions are merged after every step.
"""
from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from itertools import product
from typing import Any

from kriegsspiel.rulesets.unit_profiles.battle import fight, summary
from kriegsspiel.rulesets.unit_profiles.dice import DiceStream
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec
from kriegsspiel.rulesets.unit_profiles.steps import (
    Shot, after_free_attack, apply_hits, battle_over, end_of_round, first_strikes, initial_position,
    plan_anti_aircraft, plan_bombardment, plan_fire, plan_free_attack, take_hits, units_of,
)
from kriegsspiel.rulesets.unit_profiles.values import ACTIVE, DEAD, DOOMED, LOST, Position, round_context

RESULTS = ("attacker", "defender", "both-destroyed", "stalemate")
MAX_COMBINATIONS = 200_000   # dice-class combinations in one volley before the odds fall back to simulation
MAX_POSITIONS = 200_000      # distinct positions over the whole battle before the same


class NotExact(Exception):
    """The battle cannot be computed exactly (shared re-roll allowances, or too many combinations)."""


def _compositions(n: int, k: int):
    """All ways to put n identical dice into k classes."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _classes(shot: Shot, sides: int) -> list[tuple[int | None, float]]:
    """(representative die or None for a miss, probability) for one die of this shot."""
    cuts = sorted({v for _, v in shot.values if v >= 1})
    out = []
    low = 0
    for v in cuts:
        out.append((v, (v - low) / sides))
        low = v
    miss = (sides - low) / sides
    if shot.reroll:  # a missed die is re-rolled once (R02.3, R06.3): the second result stands
        out = [(d, p * (1.0 + miss)) for d, p in out]
        miss = miss * miss
    out.append((None, miss))
    return out


class _Chain:
    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        self.sides = spec.rules.die
        self.volley_memo: dict[Any, list[tuple[tuple[tuple[int, int], ...], float]]] = {}
        self.round_memo: dict[Any, list[tuple[Position, str | None, float]]] = {}
        self.positions = 0

    def volley(self, pos: Position, shots: list[Shot], owner: int, step: str) -> list[tuple[dict[int, int], float]]:
        """The distribution of hits taken per unit of ``owner`` from these shots."""
        key = (pos, tuple(shots), owner, step)
        if key not in self.volley_memo:
            groups: dict[tuple, list[Shot]] = {}
            for s in shots:
                groups.setdefault(s.signature(), []).append(s)
            per_group = []
            combos = 1
            for members in groups.values():
                classes = _classes(members[0], self.sides)
                options = []
                n = len(members)
                for counts in _compositions(n, len(classes)):
                    p = math.factorial(n)
                    for c, (_, q) in zip(counts, classes):
                        p = p / math.factorial(c) * q ** c
                    if p > 0.0:
                        dice = [d for c, (d, _) in zip(counts, classes) for _ in range(c)]
                        options.append(([m.hit(d) for m, d in zip(members, dice) if d is not None], p))
                combos *= len(options)
                per_group.append(options)
            if combos > MAX_COMBINATIONS:
                raise NotExact(f"a volley has {combos} dice combinations")
            dist: dict[tuple[tuple[int, int], ...], float] = defaultdict(float)
            for choice in product(*per_group):
                hits = [h for hits, _ in choice for h in hits]
                p = math.prod(q for _, q in choice)
                taken = take_hits(self.spec, pos, owner, hits, step)
                dist[tuple(sorted(taken.items()))] += p
            self.volley_memo[key] = list(dist.items())
        return [(dict(t), p) for t, p in self.volley_memo[key]]

    def pre_combat(self) -> list[tuple[Position, float]]:
        spec = self.spec
        dist = {initial_position(spec): 1.0}

        def step(dist: dict[Position, float], plan, owner: int, name: str, doom: bool) -> dict[Position, float]:
            out: dict[Position, float] = defaultdict(float)
            for pos, p in dist.items():
                shots = plan(spec, pos)
                for taken, q in (self.volley(pos, shots, owner, name) if shots else [({}, 1.0)]):
                    out[apply_hits(spec, pos, taken, doom=doom)[0]] += p * q
            return out

        dist = step(dist, plan_bombardment, 1, "bombardment", True)
        if spec.airdrop:
            dist = step(dist, plan_free_attack, 0, "free_attack", False)
            joined: dict[Position, float] = defaultdict(float)
            for pos, p in dist.items():
                joined[after_free_attack(spec, pos)[0]] += p
            dist = joined
        dist = step(dist, plan_anti_aircraft, 0, "anti_aircraft", False)
        return list(dist.items())

    def both(self, ctx, pos: Position, firers) -> list[tuple[Position, float]]:
        """Both sides' volleys planned from ``pos``, placed and applied (R04.4)."""
        spec = self.spec
        dists = [self.volley(pos, plan_fire(ctx, s, firers[s]), 1 - s, "round") for s in (0, 1)]
        out: dict[Position, float] = defaultdict(float)
        for (ta, pa), (td, pd) in product(*dists):
            new = apply_hits(spec, pos, ta)[0]
            new = apply_hits(spec, new, td)[0]
            out[new] += pa * pd
        return list(out.items())

    def round(self, pos: Position, rnd: int) -> list[tuple[Position, str | None, float]]:
        spec = self.spec
        key = (pos, rnd == 1, rnd == spec.policies[0].retreat_after, rnd >= spec.max_rounds)
        if key in self.round_memo:
            return self.round_memo[key]
        ctx = round_context(spec, pos, rnd)
        starts = [(pos, 1.0, set())]
        if rnd == 1:
            strikers = [first_strikes(spec, pos, 0), first_strikes(spec, pos, 1)]
            rolled = {u.index for side in strikers for u in side}
            starts = [(p2, q, rolled) for p2, q in self.both(ctx, pos, strikers)]
        out: dict[tuple[Position, str | None], float] = defaultdict(float)
        for start, q, rolled in starts:
            c2 = dataclasses.replace(ctx, pos=start)
            firers = [[u for u in units_of(spec, start, s, (ACTIVE, DOOMED)) if u.index not in rolled] for s in (0, 1)]
            for after, q2 in self.both(c2, start, firers):
                final, _, _, _, result = end_of_round(spec, after, rnd)
                out[(final, result)] += q * q2
        self.positions += len(out)
        if self.positions > MAX_POSITIONS:
            raise NotExact(f"more than {MAX_POSITIONS} positions")
        self.round_memo[key] = [(p, r, q) for (p, r), q in out.items()]
        return self.round_memo[key]


class _Tally:
    """Sums of the odds' figures over finished battles, each weighted by its probability."""

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        self.results = dict.fromkeys(RESULTS, 0.0)
        self.captured = 0.0
        self.rounds = 0.0
        self.survivors: list[dict[str, float]] = [defaultdict(float), defaultdict(float)]
        self.cost_lost = [0.0, 0.0]

    def add(self, pos: Position, result: str, rounds: int, weight: float) -> None:
        spec = self.spec
        if result in ("attacker", "defender", "both-destroyed", "stalemate") and rounds == 0:
            pos = Position(tuple(DEAD if s == DOOMED else s for s in pos.status), pos.damage)
        captured, taken = summary(spec, pos, result)
        self.results[result] += weight
        self.captured += weight * captured
        self.rounds += weight * rounds
        for u in spec.units:
            gone = pos.status[u.index] in (DEAD, LOST) or u.index in taken
            if gone:
                self.cost_lost[u.side] += weight * (u.profile.cost or 0)
            else:
                self.survivors[u.side][u.type] += weight

    def as_json(self, spec: BattleSpec, total: float) -> dict[str, Any]:
        def r(x: float) -> float:
            return round(x / total, 6)

        names = ("attacker", "defender")
        return {
            "results": {k: r(v) for k, v in self.results.items()},
            "captured": r(self.captured), "rounds_mean": r(self.rounds),
            "survivors_mean": {names[s]: {t: r(v) for t, v in self.survivors[s].items()} for s in (0, 1)},
            "cost_lost_mean": {names[s]: r(self.cost_lost[s]) for s in (0, 1)},
        }


def exact_odds(spec: BattleSpec) -> dict[str, Any]:
    """The exact odds; raises NotExact where the battle does not allow them."""
    if spec.on("reconnaissance_rerolls_any_die") and any(
            u.type in spec.rules.bonuses["reconnaissance"].supporters and spec.policies[u.side].rerolls
            for u in spec.units):
        raise NotExact("re-roll allowances shared by a side's dice (reconnaissance_rerolls_any_die)")
    chain = _Chain(spec)
    tally = _Tally(spec)
    active: dict[Position, float] = defaultdict(float)
    for pos, p in chain.pre_combat():
        result = battle_over(spec, pos, 1)
        if result is None:
            active[pos] += p
        else:
            tally.add(pos, result, 0, p)
    rnd = 0
    while active:
        rnd += 1
        nxt: dict[Position, float] = defaultdict(float)
        for pos, p in active.items():
            for new, result, q in chain.round(pos, rnd):
                if result is None:
                    nxt[new] += p * q
                else:
                    tally.add(new, result, rnd, p * q)
        active = {k: v for k, v in nxt.items() if v > 0.0}
    total = sum(tally.results.values())
    return {"id": spec.id, "exact": True, **tally.as_json(spec, total)}


def simulated_odds(spec: BattleSpec, battles: int) -> dict[str, Any]:
    """The odds from ``battles`` seeded battles (battle i uses seed + i, seed 0 if absent)."""
    tally = _Tally(spec)
    base = spec.seed or 0
    for i in range(battles):
        dice = DiceStream((), (base + i) % 2**64, spec.rules.die)
        out = fight(spec, dice)
        pos = _position_of(spec, out)
        tally.add(pos, out["winner"], out["rounds_fought"], 1.0)
    body = tally.as_json(spec, float(battles))
    stderr = {k: round(math.sqrt(max(v, 0.0) * (1.0 - v) / battles), 6) for k, v in body["results"].items()}
    return {"id": spec.id, "exact": False, "battles": battles, "results": body["results"], "stderr": stderr,
            **{k: v for k, v in body.items() if k != "results"}}


def _position_of(spec: BattleSpec, out: dict[str, Any]) -> Position:
    """The final position of a fought battle, rebuilt from its output (survivors, captured units)."""
    alive = {s["id"]: s["damage"] for side in out["survivors"].values() for s in side}
    captured = set(out["captured_units"])
    status = []
    damage = []
    for u in spec.units:
        if u.id in alive or u.id in captured:
            status.append(ACTIVE)
            damage.append(alive.get(u.id, 0))
        else:
            status.append(DEAD)
            damage.append(0)
    return Position(tuple(status), tuple(damage))


def battle_odds(spec: BattleSpec, battles: int = 10_000) -> dict[str, Any]:
    """Exact odds where the battle allows, else ``battles`` seeded battles (battle-json.md "Odds")."""
    try:
        return exact_odds(spec)
    except NotExact:
        return simulated_odds(spec, battles)
