"""One battle fought step by step with the players' choices asked where the rules ask them (R04, S05, S26):
casualties after each volley that hits (the owner's choice among the legal placements), re-rolls after the
dice are seen (R02.3), and the attacker's retreat at the end of each round (R04.5, R26.1).

The battle engine's steps (:mod:`steps`) do the rules; this module adds the questions. A question is raised
as :class:`NeedChoice`; the caller re-runs the whole step with the answers so far (same dice, so the same
question comes back to the same point) until no question is left.
"""
from __future__ import annotations

import dataclasses
import itertools
import zlib
from collections.abc import Callable

from kriegsspiel.core.area import Choice
from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles.battle import Volley
from kriegsspiel.rulesets.unit_profiles.placement import Hit, firer_pool, firer_targets
from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec
from kriegsspiel.rulesets.unit_profiles.steps import (
    Shot, after_free_attack, apply_hits, battle_over, end_of_round, first_strikes, hit_pool, initial_position,
    plan_anti_aircraft, plan_bombardment, plan_fire, plan_free_attack, take_hits, units_of,
)
from kriegsspiel.rulesets.unit_profiles.values import ACTIVE, DEAD, DOOMED, LOST, Position, round_context

#: most options one casualty question offers (the cheapest placements first: every one offered is legal)
MAX_OPTIONS = 24
_MAX_LEAVES = 400
#: what makes two units interchangeable as casualties: type, HIT markers (with those about to be taken), the
#: types of its cargo, landed, escort
_UnitSignature = tuple[str, int, tuple[str, ...], bool, bool]
#: a placement of hits up to interchangeable units: (unit signature, hits taken), sorted
_Canon = tuple[tuple[_UnitSignature, int], ...]


class NeedChoice(Exception):
    """The rules wait for a player's answer. ``lines``: what happened before the question (each level that
    catches it on its way out puts its own lines first), so the players see the battle so far."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.question)
        self.choice = choice
        self.lines: list[str] = []

    def after(self, lines: list[str]) -> NeedChoice:
        """This question, with ``lines`` before what it holds."""
        self.lines[:0] = lines
        return self


def phase_stream(phase: str) -> int:
    """The number the dice of one phase are seeded by, with the game's seed (see :func:`phase_dice`)."""
    return (1 << 40) + zlib.crc32(phase.encode("utf-8"))


def phase_dice(record: Dice, phase: str) -> Dice:
    """The dice of one phase: the game's seed and the phase id, whatever journal record resolves it; their
    rolls are the resolving record's rolls too (journaled with it and checked on replay, ``Dice.derived``).

    A question (casualties, a re-roll, a retreat) stops the resolution; its answer comes back in a later
    record, and the step is resolved again from its start. Drawing from (seed, phase) rather than from the
    record's own dice gives the same dice again, so the answer applies to the dice the player was shown (and
    an undo cannot fish for other dice). Every roll is in the record's ``rolls``, the result's
    ``details["dice"]`` and its lines."""
    return record.derived(phase_stream(phase))


class Stream:
    """The battle's d12s drawn from the game's journaled dice, with a cursor that can go back (to show the
    dice before a re-roll is chosen and then use the same dice)."""

    def __init__(self, dice: Dice, sides: int, legacy: bool | None = None) -> None:
        self.dice = dice
        self.sides = sides
        self.values: list[int] = []
        self.cursor = 0
        #: replaying a record written before the dice were journaled: resolve as the program then did (no
        #: firer's or overflight question, the questions' and lines' old wording), so old saves replay. A
        #: record of today that drew no die holds no rolls either: ``legacy=False`` resolves it as today (the
        #: caller decides, see :func:`area.resolve`; default: whatever the record's rolls suggest)
        self.legacy = dice.replaying_without_rolls if legacy is None else legacy

    def next(self) -> int:
        """The next die (drawn from the game's dice the first time it is needed)."""
        if self.cursor == len(self.values):
            self.values.append(self.dice.roll(self.sides))
        value = self.values[self.cursor]
        self.cursor += 1
        return value

    @property
    def used(self) -> int:
        """Dice used so far."""
        return self.cursor


#: ask(verb, key, side, options, question) -> the chosen option's text (or raises NeedChoice)
Ask = Callable[[str, str, int, list[str], str], str]


@dataclasses.dataclass
class Fought:
    """A battle's end: the position, the result, the lines for people and the retreat's destination."""

    pos: Position
    result: str
    lines: list[str]
    retreat_to: str | None
    rounds: int


def _no_rerolls(spec: BattleSpec, side: int) -> BattleSpec:
    pols = list(spec.policies)
    pols[side] = dataclasses.replace(pols[side], rerolls=False)
    return dataclasses.replace(spec, policies=(pols[0], pols[1]))


def _with_casualties(spec: BattleSpec, side: int, order: tuple[int, ...]) -> BattleSpec:
    pols = list(spec.policies)
    pols[side] = dataclasses.replace(pols[side], casualties=order)
    return dataclasses.replace(spec, policies=(pols[0], pols[1]))


def _with_targets(spec: BattleSpec, side: int, order: tuple[int, ...]) -> BattleSpec:
    pols = list(spec.policies)
    pols[side] = dataclasses.replace(pols[side], targets=order)
    return dataclasses.replace(spec, policies=(pols[0], pols[1]))


def _legend(spec: BattleSpec, pos: Position, units: set[int]) -> str:
    """The units a question offers, so the one who answers knows which id is which: ``s4 battleship (1 HIT)``."""
    return ", ".join(f"{spec.units[i].id} {spec.units[i].type}" + (f" ({pos.damage[i]} HIT)" if pos.damage[i] else "")
                     for i in sorted(units))


def _dice_text(spec: BattleSpec, volley: Volley) -> str:
    parts: list[str] = []
    for shot, die in zip(volley.shots, volley.dice):
        first = volley.first.get(len(parts))
        mark = "hit" if die <= shot.need else "miss"
        parts.append(f"{spec.units[shot.firer].id} {die}{f' (re-rolled {first})' if first else ''}/{shot.need} {mark}")
    return ", ".join(parts) or "no dice"


class Battle:
    """The questions and answers of one battle in the place ``name``."""

    def __init__(self, spec: BattleSpec, name: str, stream: Stream, ask: Ask, sides: tuple[str, str],
                 retreats: list[str], withdrawals: tuple[list[str], list[str]] = ([], [])) -> None:
        self.spec = spec
        self.name = name
        self.stream = stream
        self.ask = ask
        self.sides = sides
        self.retreats = retreats
        self.withdrawals = withdrawals
        #: per side, the sea zone its Auxiliary Cruisers withdrew to (R24.2)
        self.withdrawn: list[str | None] = [None, None]
        self.lines: list[str] = []

    def volley(self, shots: list[Shot], allowance: list[int] | None, side: int, key: str) -> Volley:
        """Roll a side's dice; where a re-roll is allowed and a die missed, its owner chooses (R02.3)."""
        plain = _no_rerolls(self.spec, side)
        if allowance is None or not shots:
            return Volley(plain, shots, self.stream, None, side)
        mark = self.stream.cursor
        peek = Volley(plain, shots, self.stream, list(allowance), side)
        self.stream.cursor = mark
        if not any(d > s.need and (s.reroll or allowance[side] > 0) for d, s in zip(peek.dice, shots)):
            return Volley(plain, shots, self.stream, allowance, side)
        question = (f"{self.name} {key}: {self.sides[side]} rolled {_dice_text(self.spec, peek)}. "
                    "Re-roll the missed dice a re-roll is allowed for (Reconnaissance, R02.3)?")
        options = [f"rerolls {self.name} {key}: yes", f"rerolls {self.name} {key}: no"]
        answer = self.ask("rerolls", f"{self.name} {key}", side, options, question)
        return Volley(self.spec if answer.endswith("yes") else plain, shots, self.stream, allowance, side)

    def targets(self, pos: Position, owner: int, hits: list[Hit], step: str, key: str, volley: Volley) -> BattleSpec:
        """R05.3: the hits the firer places itself (Torpedo, Tactical Air Support, a Torpedo Boat Destroyer in a
        port or riverine space) go where the firer chooses among the legal targets, asked when there is more
        than one choice; returns the spec whose firer's ``targets`` say so."""
        options = firer_options(self.spec, pos, owner, hits, step)
        if len(options) < 2:
            return self.spec
        ids = [u.id for u in self.spec.units]
        firer = 1 - owner
        texts = [f"targets {self.name} {key}: " + " ".join(ids[t] for t in seq) for seq in options]
        question = (f"{self.name} {key}: {self.sides[firer]} rolled {_dice_text(self.spec, volley)}: "
                    f"{sum(1 for h in hits if h.picks)} hit(s) the firer places (Torpedo, Tactical Air Support, "
                    f"Torpedo Boat Destroyer, R05.3). {self.sides[firer]} chooses the {self.sides[owner]} units "
                    "they hit, one per die, the highest die first: " + _legend(self.spec, pos, {t for o in options for t in o}))
        answer = self.ask("targets", f"{self.name} {key}", firer, texts, question)
        return _with_targets(self.spec, firer, options[texts.index(answer)])

    def casualties(self, pos: Position, owner: int, hits: list[Hit], step: str, key: str,
                   volley: Volley) -> dict[int, int]:
        """Where a volley's hits go: first the firer's own choices (R05.3, :meth:`targets`), then the owner's
        choice for the others when more than one legal placement exists (R05.3)."""
        asks_firer = any(h.picks for h in hits) and not self.stream.legacy
        spec = self.targets(pos, owner, hits, step, key, volley) if asks_firer else self.spec
        default = take_hits(spec, pos, owner, hits, step)
        if not hits:
            return default
        options = casualty_options(spec, pos, owner, hits, step, default)
        ids = [u.id for u in self.spec.units]
        texts = [f"casualties {self.name} {key}: " + " ".join(ids[i] for i in sorted(t) for _ in range(t[i]))
                 for t in options]
        texts = [t.rstrip() for t in texts]
        if len(options) == 1:
            return default
        question = (f"{self.name} {key}: {self.sides[1 - owner]} rolled {_dice_text(self.spec, volley)}: "
                    f"{len(hits)} hit(s) on {self.sides[owner]}. {self.sides[owner]} chooses its casualties "
                    "(each listed once per hit; capital ships take a HIT marker, R25.1)"
                    + ("" if self.stream.legacy else ": " + _legend(spec, pos, {i for t in options for i in t})))
        answer = self.ask("casualties", f"{self.name} {key}", owner, texts, question)
        return options[texts.index(answer)]

    def fight(self) -> Fought:
        """The whole battle (R04.2-R04.6)."""
        spec = self.spec
        pos = initial_position(spec)
        shots = plan_bombardment(spec, pos)
        if shots:
            v = Volley(spec, shots, self.stream, None, 0)
            taken = self.casualties(pos, 1, v.hits, "bombardment", "r0 bombardment", v)
            pos = apply_hits(spec, pos, taken, doom=True)[0]
            self.lines.append(f"  bombardment: {_dice_text(spec, v)}")
        if spec.airdrop:
            spec = self.spec = self.interceptors(spec, pos)
            shots = plan_free_attack(spec, pos)
            if shots:
                v = Volley(spec, shots, self.stream, None, 1)
                taken = self.casualties(pos, 0, v.hits, "free_attack", "r0 free-attack", v)
                pos = apply_hits(spec, pos, taken)[0]
                self.lines.append(f"  free attack on the air transports: {_dice_text(spec, v)}")
            pos = after_free_attack(spec, pos)[0]
        shots = plan_anti_aircraft(spec, pos)
        if shots:
            v = Volley(spec, shots, self.stream, None, 1)
            taken = self.casualties(pos, 0, v.hits, "anti_aircraft", "r0 anti-aircraft", v)
            pos = apply_hits(spec, pos, taken)[0]
            self.lines.append(f"  AAA: {_dice_text(spec, v)}")
        result = battle_over(spec, pos, 1)
        rnd = 0
        retreat_to = None
        while result is None:
            rnd += 1
            pos, result, retreat_to = self.round(pos, rnd)
        if rnd == 0:
            pos = Position(tuple(DEAD if s == DOOMED else s for s in pos.status), pos.damage)
        self.lines.append(f"  result: {result}" + (f" (the attacker retreats to {retreat_to})" if retreat_to else ""))
        return Fought(pos, result, self.lines, retreat_to, rnd)

    def interceptors(self, spec: BattleSpec, pos: Position) -> BattleSpec:
        """S23, R23.4, R23.6: the defender commits any or all of its fighters against the air transports of an
        airdrop; those that intercept sit out round 1. Fighters are alike, so the answer is how many."""
        fighters = [u for u in units_of(spec, pos, 1) if u.type == "fighter"]
        if not fighters:
            return spec
        key = f"{self.name} r0 intercept"
        options = [f"intercept {key}: " + " ".join(f.id for f in fighters[:n]) for n in range(len(fighters), -1, -1)]
        options = [o.rstrip(" :") if o.endswith(": ") else o for o in options]
        question = (f"{self.name}: {self.sides[0]} airdrops; {self.sides[1]} may intercept the air transports with "
                    f"any of its fighters ({' '.join(f.id for f in fighters)}), which then sit out round 1 (R23.6)")
        answer = self.ask("intercept", key, 1, options, question)
        chosen = answer.split(": ", 1)[1].split() if ": " in answer else []
        pols = list(spec.policies)
        pols[1] = dataclasses.replace(pols[1], interceptors=tuple(f.index for f in fighters if f.id in chosen))
        return dataclasses.replace(spec, policies=(pols[0], pols[1]))

    def withdraw(self, spec: BattleSpec, after: Position) -> BattleSpec:
        """R24.2, L611: after round 1 the owner of a surviving Auxiliary Cruiser may withdraw it to an adjacent
        sea zone without enemy ships (either side); returns the spec whose policies say so."""
        for side, name in ((0, "attacker"), (1, "defender")):
            zones = self.withdrawals[side]
            if not zones or not any(u.type == "auxiliary-cruiser" for u in units_of(spec, after, side)):
                continue
            key = f"{self.name} r1 {name}"
            options = [f"stay {key}"] + [f"withdraw {key} to {z}" for z in zones]
            question = (f"{self.name} after round 1: {self.sides[side]}'s Auxiliary Cruiser may withdraw to "
                        f"{', '.join(zones)} (R24.2), or stay")
            answer = self.ask("withdraw", key, side, options, question)
            if answer.startswith("withdraw"):
                self.withdrawn[side] = answer.rsplit(" ", 1)[1]
                pols = list(spec.policies)
                pols[side] = dataclasses.replace(pols[side], withdraw=True)
                spec = dataclasses.replace(spec, policies=(pols[0], pols[1]))
        return spec

    def round(self, pos: Position, rnd: int) -> tuple[Position, str | None, str | None]:
        """One round (R04.3-R04.5) with its questions."""
        spec = self.spec
        ctx = round_context(spec, pos, rnd)
        allowance = list(ctx.any_rerolls)
        rolled: set[int] = set()
        if rnd == 1:
            strikers = [first_strikes(spec, pos, 0), first_strikes(spec, pos, 1)]
            rolled = {u.index for side in strikers for u in side}
            keys = ("r1 first-strike-attacker", "r1 first-strike-defender")
            vs = [self.volley(plan_fire(ctx, s, strikers[s]), allowance, s, keys[s]) for s in (0, 1)]
            taken = []
            for s in (0, 1):  # each side's dice shown before the next question, so a player sees them all
                taken.append(self.casualties(pos, 1 - s, vs[s].hits, "round", keys[s], vs[s]))
                if vs[s].shots and not self.stream.legacy:
                    self.lines.append(f"  r1 First Strike, {self.sides[s]}: {_dice_text(spec, vs[s])}")
            for s in (0, 1):
                if vs[s].shots and self.stream.legacy:
                    self.lines.append(f"  r1 First Strike, {self.sides[s]}: {_dice_text(spec, vs[s])}")
            for s in (0, 1):
                pos = apply_hits(spec, pos, taken[s])[0]
            ctx.after_first_strike(pos)
        firers = [[u for u in units_of(spec, pos, s, (ACTIVE, DOOMED)) if u.index not in rolled] for s in (0, 1)]
        v0 = self.volley(plan_fire(ctx, 0, firers[0]), allowance, 0, f"r{rnd} attacker-fire")
        t0 = self.casualties(pos, 1, v0.hits, "round", f"r{rnd} attacker-fire", v0)
        fired = [f"  r{rnd} {self.sides[0]} fires: {_dice_text(spec, v0)}"]
        if not self.stream.legacy:
            self.lines += fired  # seen by the defender's questions
        v1 = self.volley(plan_fire(ctx, 1, firers[1]), allowance, 1, f"r{rnd} defender-fire")
        t1 = self.casualties(pos, 0, v1.hits, "round", f"r{rnd} defender-fire", v1)
        self.lines += (fired if self.stream.legacy else []) + [f"  r{rnd} {self.sides[1]} fires: {_dice_text(spec, v1)}"]
        pos = apply_hits(spec, pos, t0)[0]
        pos = apply_hits(spec, pos, t1)[0]
        after, _, _, _, result = end_of_round(spec, pos, rnd)
        if result is not None:
            return after, result, None
        if rnd == 1:
            spec = self.withdraw(spec, after)
            if spec is not self.spec:
                after, _, _, _, result = end_of_round(spec, pos, rnd)
                if result is not None:
                    return after, result, None
        if not self.retreats:
            return after, result, None
        can = [u for u in units_of(spec, after, 0)
               if not u.landed and not (u.carrier is not None and spec.units[u.carrier].type == "air-transport")]
        if not can:
            return after, result, None
        options = [f"press {self.name} r{rnd}"] + [f"retreat {self.name} r{rnd} to {p}" for p in self.retreats]
        question = (f"{self.name} after round {rnd}: {self.sides[0]} may retreat all its units that can "
                    f"(R26.1) to {', '.join(self.retreats)}, or press on")
        if not self.stream.legacy:  # what is left on each side, so the attacker knows what it decides on
            left = [_legend(spec, after, {u.index for u in units_of(spec, after, s)}) for s in (0, 1)]
            question += f" (left: {self.sides[0]} {left[0]}; {self.sides[1]} {left[1]})"
        answer = self.ask("retreat", f"{self.name} r{rnd}", 0, options, question)
        if answer.startswith("press"):
            return after, None, None
        pols = list(spec.policies)
        pols[0] = dataclasses.replace(pols[0], retreat_after=rnd)
        gone = dataclasses.replace(spec, policies=(pols[0], pols[1]))
        after, _, _, _, result = end_of_round(gone, pos, rnd)
        return after, result or "defender", answer.rsplit(" ", 1)[1]


def firer_options(spec: BattleSpec, pos: Position, owner: int, hits: list[Hit], step: str) -> list[tuple[int, ...]]:
    """The firer's legal choices for the hits it places (R05.3) on side ``owner``: each a sequence of targets,
    one per such hit that has a target, in the order the engine places them (the highest die first); choices
    that differ for play only (units of one type and damage are interchangeable) are given once, the engine's
    default first, the others the costliest losses first, at most :data:`MAX_OPTIONS`."""
    picked = sorted((h for h in hits if h.picks), key=lambda h: h.rank)
    if not picked:
        return []
    start, transports = hit_pool(spec, pos, owner, hits, step)
    left = dict(start)
    leaves: list[tuple[int, ...]] = []

    def dfs(n: int, seq: list[int]) -> None:
        if len(leaves) >= _MAX_LEAVES:
            return
        if n == len(picked):
            leaves.append(tuple(seq))
            return
        pool = firer_pool(spec, picked[n], left, transports)
        if not pool:
            dfs(n + 1, seq)
            return
        groups: dict[_UnitSignature, int] = {}
        for t in pool:
            groups.setdefault(_signature(spec, pos, t, start[t] - left[t]), t)
        for t in groups.values():
            left[t] -= 1
            seq.append(t)
            dfs(n + 1, seq)
            seq.pop()
            left[t] += 1

    dfs(0, [])
    default = _default_targets(spec, pos, owner, hits, step)
    options = [default]
    seen = {_canon_seq(spec, pos, default)}

    def cost(seq: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:  # dearest enemy losses first, then unit order
        return -sum(spec.units[t].profile.sort_cost for t in seq), seq

    for leaf in sorted(leaves, key=cost):
        canon = _canon_seq(spec, pos, leaf)
        if canon not in seen and len(options) < MAX_OPTIONS:
            seen.add(canon)
            options.append(leaf)
    return options


def _default_targets(spec: BattleSpec, pos: Position, owner: int, hits: list[Hit], step: str) -> tuple[int, ...]:
    """The targets the engine gives the firer's hits by its policy, in placement order."""
    left, transports = hit_pool(spec, pos, owner, hits, step)
    return tuple(t for _, t in firer_targets(spec, owner, hits, left, transports) if t is not None)


def _canon_seq(spec: BattleSpec, pos: Position, seq: tuple[int, ...]) -> _Canon:
    counts: dict[int, int] = {}
    for t in seq:
        counts[t] = counts.get(t, 0) + 1
    return _canon(spec, pos, counts)


def _signature(spec: BattleSpec, pos: Position, i: int, extra: int) -> _UnitSignature:
    u = spec.units[i]
    return (u.type, pos.damage[i] + extra, tuple(sorted(spec.units[c].type for c in u.cargo)), u.landed, u.escort)


def casualty_options(spec: BattleSpec, pos: Position, owner: int, hits: list[Hit], step: str,
                     default: dict[int, int]) -> list[dict[int, int]]:
    """The legal placements of ``hits`` on side ``owner`` that differ for play (units of one type and damage
    are interchangeable), the default first. A placement is legal when the engine's own placement, told to
    take exactly those units first, gives it (so every rule of S05 holds: eligibility, largest matching,
    transports last, escorts first)."""
    capacity = {u.index: u.profile.hits - pos.damage[u.index] for u in spec.units if u.side == owner}
    leaves: list[dict[int, int]] = []
    seen_leaf: set[tuple[tuple[int, int], ...]] = set()

    def dfs(n: int, taken: dict[int, int]) -> None:
        if len(leaves) >= _MAX_LEAVES:
            return
        if n == len(hits):
            key = tuple(sorted(taken.items()))
            if key not in seen_leaf:
                seen_leaf.add(key)
                leaves.append(dict(taken))
            return
        groups: dict[_UnitSignature, int] = {}
        for t in hits[n].eligible:
            if capacity.get(t, 0) - taken.get(t, 0) > 0 and pos.status[t] == ACTIVE:
                groups.setdefault(_signature(spec, pos, t, taken.get(t, 0)), t)
        if not groups:
            dfs(n + 1, taken)
            return
        for t in groups.values():
            taken[t] = taken.get(t, 0) + 1
            dfs(n + 1, taken)
            taken[t] -= 1
            if not taken[t]:
                del taken[t]

    dfs(0, {})
    options = [default]
    canon = {_canon(spec, pos, default)}
    def cost(t: dict[int, int]) -> tuple[int, list[tuple[int, int]]]:
        return sum(spec.units[i].profile.sort_cost * n for i, n in t.items()), sorted(t.items())

    for leaf in sorted(leaves, key=cost):
        if len(options) >= MAX_OPTIONS:
            break
        c = _canon(spec, pos, leaf)
        if c in canon:
            continue
        order = tuple(itertools.chain.from_iterable([i] * n for i, n in sorted(leaf.items())))
        if take_hits(_with_casualties(spec, owner, order), pos, owner, hits, step) == leaf:
            canon.add(c)
            options.append(leaf)
    return options


def _canon(spec: BattleSpec, pos: Position, taken: dict[int, int]) -> _Canon:
    return tuple(sorted((_signature(spec, pos, i, 0), n) for i, n in taken.items() if n))


def lost_units(pos: Position) -> list[int]:
    """Indices of units destroyed or lost as cargo."""
    return [i for i, s in enumerate(pos.status) if s in (DEAD, LOST)]
