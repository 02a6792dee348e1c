"""Where hits go (S05): the firer's own choices (R05.3), then the owner's, as a largest matching (R05.3)
taken slot by slot in the owner's casualty order, transports only with what is left (R05.4)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kriegsspiel.rulesets.unit_profiles.spec import BattleSpec


@dataclass(frozen=True, slots=True)
class Hit:
    """One die that hit: its result, the firer, the units it may go to (input order) and, where the firer
    places it, the class it picks among (R05.3). ``rank`` orders the firer-placed dice (fewest targets first)."""

    die: int
    firer: int
    eligible: tuple[int, ...]
    picks: str | None
    rank: tuple[int, ...]


def casualty_slots(spec: BattleSpec, owner: int, hits_left: dict[int, int]) -> list[int]:
    """The owner's slots, one per hit a unit can take, in the order it takes them (battle-json.md POLICY):
    the listed ones, then every hit but the last of units with more than one left (input order), then each
    unit's last hit cheapest first."""
    listed: dict[int, int] = {}
    slots = []
    for i in spec.policies[owner].casualties:
        if i in hits_left and listed.get(i, 0) < hits_left[i]:
            listed[i] = listed.get(i, 0) + 1
            slots.append(i)
    free = []
    last = []
    for i in sorted(hits_left):
        left = hits_left[i] - listed.get(i, 0)
        if left <= 0:
            continue
        spare = max(0, hits_left[i] - 1 - listed.get(i, 0))
        free.extend([i] * spare)
        if left > spare:
            last.append(i)
    last.sort(key=lambda i: (spec.units[i].profile.sort_cost, i))
    return slots + free + last


def firer_pool(spec: BattleSpec, hit: Hit, hits_left: dict[int, int], transports: frozenset[int]) -> list[int]:
    """The units the firer may place ``hit`` on (R05.3): those it may hit (R05.2) of the class it picks,
    with hits left; a Naval Transport or Troopship only when no other unit the die could hit is left (R05.4b,
    whatever class the firer picks among). Empty: the owner places it."""
    left = [t for t in hit.eligible if hits_left.get(t, 0) > 0]
    others = any(t not in transports for t in left)
    return [t for t in left if (hit.picks == "any" or hit.picks in spec.units[t].profile.classes)
            and not (others and t in transports)]


def _firer_choice(spec: BattleSpec, hit: Hit, hits_left: dict[int, int], transports: frozenset[int],
                  listed: list[int]) -> int | None:
    """The firer's target for ``hit``: the first id of its ``targets`` not yet used in this volley that the
    hit may go to (R05.3a: each entry is one hit, so a list can send two hits to two units, or two to one
    capital ship); once the list is used up, the default: the most expensive it may go to (never the first
    listed unit again)."""
    pool = firer_pool(spec, hit, hits_left, transports)
    if not pool:
        return None
    for n, t in enumerate(listed):
        if t in pool:
            del listed[n]
            return t
    return min(pool, key=lambda t: (-spec.units[t].profile.sort_cost, t))


def place_hits(spec: BattleSpec, owner: int, hits: Sequence[Hit], hits_left: dict[int, int],
               transports: frozenset[int]) -> dict[int, int]:
    """Hits taken per unit of side ``owner``. ``hits_left``: the units that may take hits and how many they
    can still take; ``transports``: those that take only the hits no other unit can (R05.4)."""
    left = dict(hits_left)
    taken: dict[int, int] = {}
    owners_hits = []
    for hit, target in firer_targets(spec, owner, hits, left, transports):
        if target is None:
            owners_hits.append(hit)
            continue
        taken[target] = taken.get(target, 0) + 1
    return _owners_part(spec, owner, owners_hits, left, transports, taken)


def firer_targets(spec: BattleSpec, owner: int, hits: Sequence[Hit], left: dict[int, int],
                  transports: frozenset[int]) -> list[tuple[Hit, int | None]]:
    """Each hit in placement order (the firer's dice with the fewest targets first) with the target the firer
    gives it by its policy, None where the owner places it; ``left`` is reduced by the firer's placements."""
    out: list[tuple[Hit, int | None]] = []
    listed = list(spec.policies[1 - owner].targets)
    for hit in sorted(hits, key=lambda h: h.rank):
        target = _firer_choice(spec, hit, left, transports, listed) if hit.picks else None
        if target is not None:
            left[target] -= 1
        out.append((hit, target))
    return out


def _owners_part(spec: BattleSpec, owner: int, owners_hits: list[Hit], left: dict[int, int],
                 transports: frozenset[int], taken: dict[int, int]) -> dict[int, int]:
    """``taken`` (the firer's placements) with the owner's hits placed as its casualty order says."""
    if not owners_hits:
        return taken
    slots = casualty_slots(spec, owner, {i: n for i, n in left.items() if n > 0})
    slots = [s for s in slots if s not in transports] + [s for s in slots if s in transports]
    # Greedy over a transversal matroid: a slot is taken when the slots taken so far plus it can all be given a
    # hit (an augmenting path exists); the result is a largest placement, preferred in slot order.
    eligible = [set(h.eligible) for h in owners_hits]
    slot_of_hit = [-1] * len(owners_hits)
    chosen: list[int] = []

    def augment(slot_pos: int, seen: set[int]) -> bool:
        unit = chosen[slot_pos]
        for h, ok in enumerate(eligible):
            if unit in ok and h not in seen:
                seen.add(h)
                if slot_of_hit[h] < 0 or augment(slot_of_hit[h], seen):
                    slot_of_hit[h] = slot_pos
                    return True
        return False

    for unit in slots:
        if len(chosen) == len(owners_hits):
            break
        if not any(unit in ok for ok in eligible):
            continue
        chosen.append(unit)
        if augment(len(chosen) - 1, set()):  # a failed search leaves the matching as it was
            taken[unit] = taken.get(unit, 0) + 1
        else:
            chosen.pop()
    return taken
