"""The odds of a battle (battle-json.md, "Odds"): exact by a Markov chain over the surviving units, round by
round, wherever the battle allows, else a seeded simulation with its standard errors.

Exact: each die is reduced to its outcome class (miss, or the set of targets it may hit: R05.2 makes that a
threshold on the die), interchangeable dice are counted together (multinomial), every class combination is
placed by the same code as the battle (``steps.take_hits``), and positions are merged after every step.
"""
from __future__ import annotations

import dataclasses
import gc
import math
import time
from array import array
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from itertools import product
from operator import add
from typing import Any

import numpy as np

from kriegsspiel.rulesets.unit_profiles.battle import fight, summary
from kriegsspiel.rulesets.unit_profiles.dice import DiceStream
from kriegsspiel.rulesets.unit_profiles.odds_budget import ESTIMATE_DICE, ESTIMATE_PLACEMENTS, MOST_PARTS, OddsBudget
from kriegsspiel.rulesets.unit_profiles.placement import Hit
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec, UnitSpec
from kriegsspiel.rulesets.unit_profiles.steps import (
    Shot, ShotSignature, after_free_attack, apply_hits, battle_over, end_of_round, first_strikes, initial_position,
    plan_anti_aircraft, plan_bombardment, plan_fire, plan_free_attack, take_hits, units_of,
)
from kriegsspiel.rulesets.unit_profiles.values import (
    ACTIVE, DEAD, DOOMED, LOST, Position, RoundContext, round_context,
)

RESULTS = ("attacker", "defender", "both-destroyed", "stalemate")
MAX_COMBINATIONS = 200_000   # dice-class combinations in one volley before the odds fall back to simulation

#: what a hit's placement depends on (:func:`_kind`): the units it may go to, the class the firer picks among
#: ("" when the owner places it), its die and its rank without the firer (0 and (0,) when the owner places it)
HitKind = tuple[tuple[int, ...], str, int, tuple[int, ...]]
#: one side's part of a position: the status and damage of its units (input order)
Part = tuple[tuple[int, ...], tuple[int, ...]]


class NotExact(Exception):
    """The battle cannot be computed exactly (shared re-roll allowances, or too many combinations)."""


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """All ways to put n identical dice into k classes."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _multinomial(counts: tuple[int, ...], probs: list[float]) -> float:
    """The probability that n dice fall ``counts`` into classes of these probabilities (in logarithms where
    the coefficient is beyond a float: a volley of hundreds of dice)."""
    coefficient, rest = 1, sum(counts)
    for c in counts:
        coefficient *= math.comb(rest, c)
        rest -= c
    if any(c and not q for c, q in zip(counts, probs)):
        return 0.0
    if coefficient < 1e300:
        return coefficient * math.prod(q ** c for c, q in zip(counts, probs))
    return math.exp(math.log(coefficient) + sum(c * math.log(q) for c, q in zip(counts, probs) if c))


def _classes(shot: Shot, sides: int) -> list[tuple[int | None, float]]:
    """(representative die or None for a miss, probability) for one die of this shot."""
    cuts = sorted({v for _, v in shot.values if v >= 1})
    out: list[tuple[int | None, float]] = []
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


def _kind(hit: Hit) -> HitKind:
    """What a hit's placement depends on (the firer only breaks ties between identical hits)."""
    if hit.picks:
        return (hit.eligible, hit.picks, hit.die, hit.rank[:-1])
    return (hit.eligible, "", 0, (0,))


def _unkind(kind: HitKind, firer: int) -> Hit:
    """A hit of this kind; ``firer`` stands for the side that fired (its policy places picked hits)."""
    eligible, picks, die, rank = kind
    return Hit(die or 1, firer, eligible, picks or None, (*rank, 0) if picks else (0,))


class _Chain:
    def __init__(self, spec: BattleSpec, max_transitions: int = 1 << 62) -> None:
        self.spec = spec
        self.sides = spec.rules.die
        self.volley_memo: dict[Hashable, list[tuple[dict[int, int], float]]] = {}
        self.transitions = 0  # (position, outcome) pairs computed so far, over every kind of round
        #: the most transitions the memory budget holds (odds_budget); beyond, the odds are simulated
        self.max_transitions = max_transitions
        #: the most outcomes of one volley, and the placements of hits still allowed (None: no limit); both
        #: lower while the search is estimated, so that a battle too big is told quickly
        self.most_outcomes = MAX_COMBINATIONS
        self.placements_left: int | None = None
        self.end_memo: dict[tuple[bool, bool], dict[tuple[int, int], int]] = {}
        self.end_ids: dict[tuple[Position, str | None], int] = {}
        self.end_list: list[tuple[Position, str | None]] = []
        self.group_memo: dict[tuple[ShotSignature, int], list[tuple[tuple[HitKind, ...], float]]] = {}
        self.seg_codes: tuple[dict[Part, int], dict[Part, int]] = ({}, {})
        self.segs: tuple[list[Part], list[Part]] = ([], [])
        self.cut = sum(1 for u in spec.units if u.side == 0)
        self.placement_memo: dict[Hashable, tuple[tuple[int, int], ...]] = {}

    def volley(self, pos: Position, shots: list[Shot], owner: int, step: str) -> list[tuple[dict[int, int], float]]:
        """The distribution of hits taken per unit of ``owner`` from these shots. In the rounds it depends only
        on the shots' signatures and the owner's units, so positions that share them share the work."""
        key: Hashable
        if step == "round":
            seg = slice(self.cut, None) if owner == 1 else slice(0, self.cut)
            key = (owner, tuple(sorted(s.signature() for s in shots)), pos.status[seg], pos.damage[seg])
        else:
            key = (owner, step, tuple(shots), pos)
        if key not in self.volley_memo:
            self.volley_memo[key] = self._volley(pos, shots, owner, step)
        return self.volley_memo[key]

    def _group_options(self, members: list[Shot]) -> list[tuple[tuple[HitKind, ...], float]]:
        """The outcomes of n interchangeable dice: (the kinds of the hits they make, probability), each way of
        sharing the n dice among the outcome classes once (multinomial). Depends on the signature and n only."""
        key = (members[0].signature(), len(members))
        found = self.group_memo.get(key)
        if found is None:
            classes = _classes(members[0], self.sides)
            n = len(members)
            if math.comb(n + len(classes) - 1, n) > self.most_outcomes:  # before enumerating them
                raise NotExact(f"a volley has more than {self.most_outcomes} outcomes")
            found = []
            for counts in _compositions(n, len(classes)):
                p = _multinomial(counts, [q for _, q in classes])
                if p > 0.0:
                    dice = [d for c, (d, _) in zip(counts, classes) for _ in range(c)]
                    # a class's die is one of the shot's values, at most its need: it hits (None: the misses)
                    hits = [h for m, d in zip(members, dice) if d is not None and (h := m.hit(d)) is not None]
                    found.append((tuple(_kind(h) for h in hits), p))
            self.group_memo[key] = found
        return found

    def _volley(self, pos: Position, shots: list[Shot], owner: int, step: str
                ) -> list[tuple[dict[int, int], float]]:
        if self.placements_left is not None and len(shots) > ESTIMATE_DICE:
            raise NotExact(f"more than {ESTIMATE_DICE} dice in one volley")
        groups: dict[ShotSignature, list[Shot]] = {}
        for s in shots:
            groups.setdefault(s.signature(), []).append(s)
        # Dynamic programming over the groups: the distribution of the multiset of hits, where a hit is
        # known by what its placement depends on (its targets; the die and rank only where the firer places
        # it). A multiset is a vector of counts over the kinds of hit any of these dice can make.
        per_group: list[list[tuple[list[int], float]]] = []
        kinds: dict[HitKind, int] = {}
        for members in groups.values():
            options: list[tuple[list[int], float]] = []
            for hit_kinds, p in self._group_options(members):
                options.append(([kinds.setdefault(k, len(kinds)) for k in hit_kinds], p))
            per_group.append(options)
        width = len(kinds)
        dist: dict[tuple[int, ...], float] = {(0,) * width: 1.0}
        for options in per_group:
            vectors = []
            for found, p in options:
                vec = [0] * width
                for k in found:
                    vec[k] += 1
                vectors.append((vec, p))
            merged: dict[tuple[int, ...], float] = defaultdict(float)
            for have, p in dist.items():
                for vec, q in vectors:
                    merged[tuple(map(add, have, vec))] += p * q
            if len(merged) > self.most_outcomes:
                raise NotExact(f"a volley has more than {self.most_outcomes} outcomes")
            dist = merged
        by_index = sorted(kinds, key=kinds.__getitem__)
        hit_sets = {tuple(k for n, k in zip(counts, by_index) for _ in range(n)): p for counts, p in dist.items()}
        out: dict[tuple[tuple[int, int], ...], float] = defaultdict(float)
        firer = next(u.index for u in self.spec.units if u.side == 1 - owner)
        seg = slice(self.cut, None) if owner == 1 else slice(0, self.cut)
        for hit_kinds, p in hit_sets.items():
            # The placement depends on the hits and the owner's units only: shared across positions.
            key = (owner, step, hit_kinds, pos.status[seg], pos.damage[seg]) if step == "round" else None
            placed = self.placement_memo.get(key) if key else None
            if placed is None:
                if self.placements_left is not None:
                    self.placements_left -= 1
                    if self.placements_left < 0:
                        raise NotExact("the exact search is too big to estimate in its time")
                taken = take_hits(self.spec, pos, owner, [_unkind(k, firer) for k in hit_kinds], step)
                placed = tuple(sorted(taken.items()))
                if key:
                    self.placement_memo[key] = placed
            out[placed] += p
        return [(dict(t), p) for t, p in out.items()]

    def pre_combat(self) -> list[tuple[Position, float]]:
        """The positions after bombardment, the free attack and AAA fire (R04.2), with their probabilities."""
        spec = self.spec
        dist = {initial_position(spec): 1.0}

        def step(dist: dict[Position, float], plan: Callable[[BattleSpec, Position], list[Shot]], owner: int,
                 name: str, doom: bool) -> dict[Position, float]:
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

    def parts(self, ctx: RoundContext, pos: Position, firers: list[list[UnitSpec]]
              ) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
        """Both sides' volleys planned from ``pos`` (R04.4), each as the distribution of the other side's part
        of the position afterwards: (defender parts from the attacker's fire, attacker parts from the
        defender's). The attacker's hits change only the defender's units and the other way round, and the
        attacker's units come first in the input order, so a position is an attacker part + a defender part."""
        spec = self.spec
        cut = self.cut
        out = []
        for s in (0, 1):
            options: dict[int, float] = defaultdict(float)
            codes = self.seg_codes[1 - s]
            for taken, q in self.volley(pos, plan_fire(ctx, s, firers[s]), 1 - s, "round"):
                new = apply_hits(spec, pos, taken)[0] if taken else pos
                seg = (new.status[cut:], new.damage[cut:]) if s == 0 else (new.status[:cut], new.damage[:cut])
                code = codes.get(seg)
                if code is None:  # parts are numbered: the pairs below are keyed by two small ints
                    code = codes[seg] = len(self.segs[1 - s])
                    self.segs[1 - s].append(seg)
                options[code] += q
            out.append(list(options.items()))
        return out[0], out[1]

    def round(self, pos: Position, rnd: int) -> dict[int, float]:
        """The outcomes after round ``rnd`` from ``pos`` (numbers of ``outcome``: a position in play, or a
        finished battle) and their probabilities (R04.3-R04.5). Not kept: the caller stores them compactly."""
        spec = self.spec
        kind = (rnd == 1, rnd == spec.policies[0].retreat_after)
        ctx = round_context(spec, pos, rnd)
        starts: list[tuple[Position, float, set[int]]] = [(pos, 1.0, set())]
        if rnd == 1:
            strikers = [first_strikes(spec, pos, 0), first_strikes(spec, pos, 1)]
            rolled = {u.index for side in strikers for u in side}
            defence, attack = self.parts(ctx, pos, strikers)
            joined: dict[Position, float] = defaultdict(float)
            for d, pa in defence:
                for a, pd in attack:
                    joined[self.join(a, d)] += pa * pd
            starts = [(p2, q, rolled) for p2, q in joined.items()]
        ends = self.end_memo.setdefault(kind, {})
        out: dict[int, float] = defaultdict(float)
        for start, q, rolled in starts:
            c2 = dataclasses.replace(ctx)
            if rnd == 1:
                c2.after_first_strike(start)
            firers = [[u for u in units_of(spec, start, s, (ACTIVE, DOOMED)) if u.index not in rolled] for s in (0, 1)]
            defence, attack = self.parts(c2, start, firers)
            for d, pa in defence:
                qa = q * pa
                for a, pd in attack:
                    end = ends.get((a, d))
                    if end is None:
                        final, _, _, _, result = end_of_round(spec, self.join(a, d), rnd, stop_at_max=False)
                        end = ends[(a, d)] = self.outcome(final, result)
                    out[end] += qa * pd
        self.transitions += len(out)
        if self.transitions > self.max_transitions:
            raise NotExact(f"more than {self.max_transitions} transitions between positions (the memory budget)")
        return out

    def estimate(self, most_parts: int, enough: int, placements: int) -> int:
        """The transitions the search would make, estimated before it starts (odds_budget): each side's parts
        reachable by the other side's fire at full strength (a breadth-first walk over both sides in turn,
        with the volleys the search itself memoizes), and for each part how many parts one volley may leave.
        The estimate is the sum of those fan-outs on one side times that on the other, an upper bound for
        the pairs of parts the rounds lead from every position to. The walk stops as soon as the product
        passes ``enough`` (what it returns is then a lower bound, already too many), or past ``most_parts``
        parts on one side, or past ``placements`` placements of hits (NotExact)."""
        self.most_outcomes, self.placements_left = placements, placements
        try:
            return self._estimate(most_parts, enough)
        finally:
            self.most_outcomes, self.placements_left = MAX_COMBINATIONS, None

    def _estimate(self, most_parts: int, enough: int) -> int:
        spec = self.spec
        starts = self.pre_combat()
        strongest = max(starts, key=lambda sp: sp[1])[0]
        segs = (slice(0, self.cut), slice(self.cut, None))
        seen = [{(p.status[seg], p.damage[seg]) for p, _ in starts} for seg in segs]
        todo = [list(parts) for parts in seen]
        fan_out = [0, 0]
        while todo[0] or todo[1]:
            for owner in (0, 1):
                if not todo[owner]:
                    continue
                status, damage = todo[owner].pop()
                if owner == 1:
                    pos = Position(strongest.status[:self.cut] + status, strongest.damage[:self.cut] + damage)
                else:
                    pos = Position(status + strongest.status[self.cut:], damage + strongest.damage[self.cut:])
                ctx = round_context(spec, pos, 2)
                shots = plan_fire(ctx, 1 - owner, units_of(spec, pos, 1 - owner, (ACTIVE, DOOMED)))
                after = set()
                for taken, _ in self.volley(pos, shots, owner, "round"):
                    new = apply_hits(spec, pos, taken)[0] if taken else pos
                    after.add((new.status[segs[owner]], new.damage[segs[owner]]))
                fan_out[owner] += len(after)
                for part in after - seen[owner]:
                    seen[owner].add(part)
                    todo[owner].append(part)
                if len(seen[owner]) > most_parts:
                    raise NotExact(f"more than {most_parts} ways one side's units may stand")
            if fan_out[0] * fan_out[1] > enough:
                break
        return fan_out[0] * fan_out[1]

    def outcome(self, pos: Position, result: str | None) -> int:
        """The number of a position in play (result None) or of a finished battle; ``end_list`` maps back."""
        found = self.end_ids.get((pos, result))
        if found is None:
            found = self.end_ids[(pos, result)] = len(self.end_list)
            self.end_list.append((pos, result))
        return found

    def join(self, attack: int, defence: int) -> Position:
        """The position made of an attacker part and a defender part (by their numbers)."""
        a = self.segs[0][attack]
        d = self.segs[1][defence]
        return tuple.__new__(Position, (a[0] + d[0], a[1] + d[1]))


class _Tally:
    """Sums of the odds' figures over finished battles, each weighted by its probability."""

    def __init__(self, spec: BattleSpec) -> None:
        self.spec = spec
        self.results = dict.fromkeys(RESULTS, 0.0)
        self.captured = 0.0
        self.rounds = 0.0
        self.survivors: list[dict[str, float]] = [defaultdict(float), defaultdict(float)]
        self.cost_lost = [0.0, 0.0]

    def add(self, pos: Position, result: str, rounds: float, weight: float) -> None:
        """Count a finished battle (``rounds`` fought, on average) with probability ``weight``."""
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
        """The figures as battle-json.md's odds object (without id and exact), each divided by ``total``."""
        def r(x: float) -> float:
            return round(float(x) / total, 6)

        names = ("attacker", "defender")
        return {
            "results": {k: r(v) for k, v in self.results.items()},
            "captured": r(self.captured), "rounds_mean": r(self.rounds),
            "survivors_mean": {names[s]: {t: r(v) for t, v in self.survivors[s].items()} for s in (0, 1)},
            "cost_lost_mean": {names[s]: r(self.cost_lost[s]) for s in (0, 1)},
        }


def exact_odds(spec: BattleSpec, budget: OddsBudget | None = None) -> dict[str, Any]:
    """The exact odds; raises NotExact where the battle does not allow them (see _exact_odds). With a
    ``budget``, a search estimated to exceed it is not started, and one that reaches its memory stops."""
    # Hundreds of thousands of small tuples and no reference cycles: the cycle collector only costs time.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _exact_odds(spec, budget)
    finally:
        if was_enabled:
            gc.enable()


def _exact_odds(spec: BattleSpec, budget: OddsBudget | None) -> dict[str, Any]:
    """The exact odds; raises NotExact where the battle does not allow them.

    Rounds after the first are the same Markov chain each time (except the attacker's retreat round and the
    last round, max_rounds), so the probabilities are carried forward as one vector over the positions,
    round after round, until none is left in play or max_rounds is reached."""
    if spec.on("reconnaissance_rerolls_any_die") and any(
            u.type in spec.rules.bonuses["reconnaissance"].supporters and spec.policies[u.side].rerolls
            for u in spec.units):
        raise NotExact("re-roll allowances shared by a side's dice (reconnaissance_rerolls_any_die)")
    if budget is None:
        chain = _Chain(spec)
    else:
        chain = _Chain(spec, budget.max_transitions)
        why = budget.too_big(chain.estimate(MOST_PARTS, budget.max_estimated, ESTIMATE_PLACEMENTS))
        if why:
            raise NotExact(why)
    # Every position and finished battle has a number (chain.outcome); the vector v holds the probability
    # of each position still in play after the rounds so far.
    v = np.zeros(0)
    first: dict[int, float] = defaultdict(float)
    for pos, p in chain.pre_combat():
        first[chain.outcome(pos, battle_over(spec, pos, 1))] += p
    finished = np.zeros(len(chain.end_list))
    rounds_sum = np.zeros(len(chain.end_list))
    v = np.zeros(len(chain.end_list))
    for i, p in first.items():
        if chain.end_list[i][1] is None:
            v[i] = p
        else:
            finished[i] += p
    # per round kind: the transitions computed so far, as compact parallel arrays (4 + 4 + 8 bytes each: they
    # are most of the memory the search takes), which positions they cover, and numpy views of them
    tables: dict[tuple[bool, bool], tuple[array[int], array[int], array[float], set[int], list[np.ndarray]]] = {}
    over = np.zeros(0, dtype=bool)  # which numbers are finished battles
    rnd = 0
    while v.any():
        rnd += 1
        kind = (rnd == 1, rnd == spec.policies[0].retreat_after)
        src, dst, prob, done, cache = tables.setdefault(kind, (array("i"), array("i"), array("d"), set(), []))
        for i in np.flatnonzero(v).tolist():
            if i not in done:
                done.add(i)
                out = chain.round(chain.end_list[i][0], rnd)
                cache.clear()  # views of the arrays must go before they grow
                src.extend([i] * len(out))
                dst.extend(out.keys())
                prob.extend(out.values())
        if not cache:
            cache.extend((np.frombuffer(src, dtype=np.int32), np.frombuffer(dst, dtype=np.int32),
                          np.frombuffer(prob, dtype=np.float64)))
        size = len(chain.end_list)
        if v.size < size:
            v = np.concatenate([v, np.zeros(size - v.size)])
        after = np.bincount(cache[1], weights=v[cache[0]] * cache[2], minlength=size)
        if over.size < size:
            over = np.array([r is not None for _, r in chain.end_list])
        if finished.size < size:
            finished = np.concatenate([finished, np.zeros(size - finished.size)])
            rounds_sum = np.concatenate([rounds_sum, np.zeros(size - rounds_sum.size)])
        finished += np.where(over, after, 0.0)
        rounds_sum += rnd * np.where(over, after, 0.0)
        v = np.where(over, 0.0, after)
        if rnd >= spec.max_rounds:  # the last round: what goes on is a stalemate where it stands
            for i in np.flatnonzero(v).tolist():
                stop = chain.outcome(chain.end_list[i][0], "stalemate")
                if stop >= finished.size:
                    grow = len(chain.end_list) - finished.size
                    finished = np.concatenate([finished, np.zeros(grow)])
                    rounds_sum = np.concatenate([rounds_sum, np.zeros(grow)])
                finished[stop] += v[i]
                rounds_sum[stop] += rnd * v[i]
            break
    tally = _Tally(spec)
    for i in np.flatnonzero(finished).tolist():
        pos, result = chain.end_list[i]
        if result is None:  # a position still in play: never weighted in ``finished`` (``over`` is False there)
            continue
        tally.add(pos, result, rounds_sum[i] / finished[i], finished[i])
    total = float(sum(tally.results.values()))
    return {"id": spec.id, "exact": True, **tally.as_json(spec, total)}


def simulated_odds(spec: BattleSpec, battles: int, seconds: float | None = None, reason: str | None = None
                   ) -> dict[str, Any]:
    """The odds from ``battles`` seeded battles (battle i uses seed + i, seed 0 if absent). With ``seconds``
    the simulation stops when that time has passed (checked between battles) and the output gives the battles
    fought; ``reason`` (why the odds are not exact) goes into the output as ``"reason"``."""
    tally = _Tally(spec)
    base = spec.seed or 0
    start = time.monotonic()
    fought = 0
    stopped = False
    for i in range(battles):
        if seconds is not None and i and time.monotonic() - start > seconds:
            stopped = True
            break
        dice = DiceStream((), (base + i) % 2**64, spec.rules.die)
        out = fight(spec, dice)
        pos = _position_of(spec, out)
        tally.add(pos, out["winner"], out["rounds_fought"], 1.0)
        fought += 1
    body = tally.as_json(spec, float(fought))
    stderr = {k: round(math.sqrt(max(v, 0.0) * (1.0 - v) / fought), 6) for k, v in body["results"].items()}
    out = {"id": spec.id, "exact": False, "battles": fought, "results": body["results"], "stderr": stderr,
           **{k: v for k, v in body.items() if k != "results"}}
    notes = [reason] if reason else []
    if stopped:
        notes.append(f"the simulation stopped after {seconds:.0f} s with {fought} of {battles} battles")
    if notes:
        out["reason"] = "; ".join(notes)
    return out


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


def battle_odds(spec: BattleSpec, battles: int = 10_000, budget: OddsBudget | None = None) -> dict[str, Any]:
    """Exact odds where the battle allows within ``budget`` (default :class:`OddsBudget`: 512 MB), else
    ``battles`` seeded battles, stopped at the budget's time limit, with why they are not exact."""
    budget = budget or OddsBudget()
    start = time.monotonic()
    try:
        return exact_odds(spec, budget)
    except NotExact as why:  # the simulation's time counts from the start: the estimate's time included
        left = max(1.0, budget.simulation_seconds - (time.monotonic() - start))
        return simulated_odds(spec, battles, left, str(why))
