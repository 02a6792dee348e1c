"""The movement adjudicator: Lucas Kruijswijk's guess-and-check resolver ("The Math of Adjudication",
DATC section 5), with Szykman's rule for convoy paradoxes.

Every order that may succeed or fail is a *decision* with a boolean resolution: a MOVE (does it move), a
SUPPORT (is it given, i.e. not cut) and a PATH (can a convoyed army reach its destination). Each decision is
adjudicated from the others through the strengths of DATC 5.B (attack, hold, defend, prevent). The generic
``resolve`` of DATC 5.F guesses a resolution when it meets a decision again deeper in the recursion; if the
two guesses give two different consistent answers the decisions of the cycle get the backup rule: a cycle
that holds a convoy PATH is a convoy paradox and, by Szykman's rule, every convoyed army of it fails (its
move has no effect); a cycle without one is circular movement, and every move of it succeeds.

This module sees only validated orders (:mod:`kriegsspiel.rulesets.diplomacy.legality`); it does no I/O.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kriegsspiel.rulesets.diplomacy.board import ProvinceMap

# Decision kinds, in the decision id's low bits: id = unit index * 3 + kind.
_MOVE, _SUPPORT, _PATH = 0, 1, 2


@dataclass(slots=True)
class Plan:
    """The validated orders of a movement phase, by unit index (see :mod:`legality`).

    ``verb[i]``: ``H`` (hold, also every illegal order), ``M``, ``SH``, ``SM`` or ``C``. For a move,
    ``dest[i]`` is its destination province and ``convoyed[i]`` whether it goes by convoy; for a support,
    ``target[i]`` is the supported unit's index (``-1``: void) and ``dest[i]`` the province it supports into
    (its own province's for a hold); ``convoyers[i]`` are the fleets whose convoy orders match a move.
    """

    board: ProvinceMap
    powers: list[str]
    provinces: list[str]
    verb: list[str]
    dest: list[str]
    convoyed: list[bool]
    target: list[int]
    convoyers: list[list[int]]
    unit_at: dict[str, int]
    # Air Power Diplomacy (set by the wing layer, empty in plain Diplomacy): armies delivered by airlift
    # (their path is the wing's), provinces raided (every support there is cut), wing supports of moves
    # (the supporting wings' powers) and of holding units, and provinces whose wing supports its base
    # (province -> the wing's power: the space holds at 1 against other powers).
    airlifted: set[int] = field(default_factory=set)
    raided: set[str] = field(default_factory=set)
    wing_move_support: dict[int, list[str]] = field(default_factory=dict)
    wing_hold_support: dict[int, int] = field(default_factory=dict)
    wing_base: dict[str, str] = field(default_factory=dict)
    # filled by index(): who supports whom, who moves where
    move_supports: list[list[int]] = field(default_factory=list)
    hold_supports: list[list[int]] = field(default_factory=list)
    attackers: dict[str, list[int]] = field(default_factory=dict)
    opponent: list[int] = field(default_factory=list)

    def index(self) -> None:
        """Derive the lookup tables from the orders."""
        n = len(self.verb)
        self.move_supports = [[] for _ in range(n)]
        self.hold_supports = [[] for _ in range(n)]
        self.attackers = {}
        self.opponent = [-1] * n
        for i in range(n):
            if self.verb[i] == "SM" and self.target[i] >= 0:
                self.move_supports[self.target[i]].append(i)
            elif self.verb[i] == "SH" and self.target[i] >= 0:
                self.hold_supports[self.target[i]].append(i)
            elif self.verb[i] == "M":
                self.attackers.setdefault(self.dest[i], []).append(i)
        for i in range(n):
            if self.verb[i] == "M" and not self.convoyed[i]:
                j = self.unit_at.get(self.dest[i], -1)
                if j >= 0 and self.verb[j] == "M" and not self.convoyed[j] and self.dest[j] == self.provinces[i]:
                    self.opponent[i] = j


class Resolver:
    """Resolves the decisions of one movement phase. Create it with a :class:`Plan`, then ask
    :meth:`moves`, :meth:`support_given`, :meth:`path` and :meth:`dislodged_by`."""

    def __init__(self, plan: Plan) -> None:
        plan.index()
        self.p = plan
        size = 3 * len(plan.verb)
        self.resolved = [False] * size
        self.resolution = [False] * size
        self.visited = [False] * size
        self.cycle: list[int] = []
        self.recursion_hits = 0
        self.guess_based = False

    # --- public answers ------------------------------------------------------------------------------------
    def moves(self, i: int) -> bool:
        """Whether unit ``i``'s move succeeds (False for a unit not moving)."""
        return self.p.verb[i] == "M" and self._resolve(3 * i + _MOVE)

    def support_given(self, i: int) -> bool:
        """Whether unit ``i``'s (valid) support is given, i.e. not cut."""
        return self._resolve(3 * i + _SUPPORT)

    def path(self, i: int) -> bool:
        """Whether unit ``i``'s move can reach its destination (always, unless convoyed)."""
        return self._resolve(3 * i + _PATH) if self.p.convoyed[i] else True

    def dislodged_by(self, i: int) -> int:
        """The index of the unit that dislodges unit ``i``, or -1."""
        if self.moves(i):
            return -1
        for a in self.p.attackers.get(self.p.provinces[i], ()):
            if self._resolve(3 * a + _MOVE):
                return a
        return -1

    def wins_if_vacated(self, i: int) -> bool:
        """Whether unit ``i``'s move would beat every other move into its destination were the destination
        empty (an airlifted army stopped only by its own power's unit that failed to leave, APD)."""
        return all(self._supports(i) + 1 > self._prevent_strength(o)
                   for o in self.p.attackers.get(self.p.dest[i], ()) if o != i)

    def prevents(self, i: int) -> bool:
        """Whether unit ``i``'s (failed or not) move keeps its destination contested: its prevent strength
        is above zero."""
        return self._prevent_strength(i) > 0

    # --- the guess algorithm of DATC 5.F (with the recursion_hits refinement for unclean cycles) -----------
    def _resolve(self, d: int) -> bool:
        if self.resolved[d]:
            return self.resolution[d]
        if d in self.cycle:
            self.guess_based = True
            return self.resolution[d]
        if self.visited[d]:
            self.cycle.append(d)
            self.guess_based = True
            self.recursion_hits += 1
            return self.resolution[d]
        self.visited[d] = True
        old_cycle_len = len(self.cycle)
        old_guess_based = self.guess_based
        old_recursion_hits = self.recursion_hits
        self.guess_based = False
        self.resolution[d] = False
        first = self._adjudicate(d)
        if not self.guess_based:
            self.guess_based = old_guess_based
            self._settle(d, first)
            return first
        if d in self.cycle:
            self.recursion_hits -= 1
        if self.recursion_hits == old_recursion_hits:
            # This decision is the ancestor of the whole cycle: try the other guess.
            del self.cycle[old_cycle_len:]
            self.resolution[d] = True
            second = self._adjudicate(d)
            if first == second:
                del self.cycle[old_cycle_len:]
                self.guess_based = old_guess_based
                self._settle(d, first)
                return first
            self._backup_rule(self.cycle[old_cycle_len:] + [d])
            del self.cycle[old_cycle_len:]
            self.guess_based = old_guess_based
            self.visited[d] = False
            return self._resolve(d)
        if d not in self.cycle:
            self.cycle.append(d)
        self.resolution[d] = first
        self.visited[d] = False
        return first

    def _settle(self, d: int, value: bool) -> None:
        self.resolution[d] = value
        self.resolved[d] = True
        self.visited[d] = False

    def _backup_rule(self, members: list[int]) -> None:
        paths = [d for d in set(members) if d % 3 == _PATH]
        if paths:
            # Szykman: a convoy paradox; the convoyed armies of its core do not move and have no effect.
            for d in paths:
                self._settle(d, False)
            return
        moves = [d for d in set(members) if d % 3 == _MOVE]
        if moves:
            for d in moves:  # circular movement: everyone moves
                self._settle(d, True)
            return
        for d in set(members):  # cannot happen with these decisions; settle rather than loop forever
            self._settle(d, self.resolution[d])

    def _adjudicate(self, d: int) -> bool:
        i, kind = divmod(d, 3)
        if kind == _MOVE:
            return self._adjudicate_move(i)
        if kind == _SUPPORT:
            return self._adjudicate_support(i)
        return self._adjudicate_path(i)

    # --- decisions -----------------------------------------------------------------------------------------
    def _adjudicate_move(self, i: int) -> bool:
        p = self.p
        attack = self._attack_strength(i)
        if attack == 0:
            return False
        opp = p.opponent[i]
        if opp >= 0:
            if attack <= self._defend_strength(opp):
                return False
        elif attack <= self._hold_strength(p.dest[i], p.powers[i]):
            return False
        for other in p.attackers.get(p.dest[i], ()):
            if other != i and attack <= self._prevent_strength(other):
                return False
        return True

    def _adjudicate_support(self, i: int) -> bool:
        p = self.p
        here = p.provinces[i]
        if here in p.raided:
            return False
        into = p.dest[i] if p.verb[i] == "SM" else None
        for a in p.attackers.get(here, ()):
            if p.powers[a] == p.powers[i]:
                continue
            if p.provinces[a] == into:
                continue  # an attack from where the support goes cuts it only by dislodging (below)
            if self._path(a):
                return False
        for a in p.attackers.get(here, ()):
            if p.provinces[a] == into and self._resolve(3 * a + _MOVE):
                return False
        return True

    def _adjudicate_path(self, i: int) -> bool:
        p = self.p
        if i in p.airlifted:
            return True
        seas = set()
        for f in p.convoyers[i]:
            fleet_province = p.provinces[f]
            if not any(self._resolve(3 * a + _MOVE) for a in p.attackers.get(fleet_province, ())):
                seas.add(fleet_province)
        return p.board.sea_route_exists(p.provinces[i], p.dest[i], seas)

    # --- strengths (DATC 5.B) ------------------------------------------------------------------------------
    def _path(self, i: int) -> bool:
        return self._resolve(3 * i + _PATH) if self.p.convoyed[i] else True

    def _supports(self, i: int, not_of: str | None = None) -> int:
        p = self.p
        wings = sum(1 for power in p.wing_move_support.get(i, ()) if power != not_of)
        return wings + sum(
            1 for s in p.move_supports[i]
            if (not_of is None or p.powers[s] != not_of) and self._resolve(3 * s + _SUPPORT)
        )

    def _attack_strength(self, i: int) -> int:
        p = self.p
        if not self._path(i):
            return 0
        j = p.unit_at.get(p.dest[i], -1)
        if j < 0 or (p.verb[j] == "M" and p.opponent[i] != j and self._resolve(3 * j + _MOVE)):
            return 1 + self._supports(i)
        if p.powers[j] == p.powers[i]:
            return 0
        return 1 + self._supports(i, not_of=p.powers[j])

    def _hold_strength(self, province: str, attacker: str) -> int:
        p = self.p
        wing = p.wing_base.get(province)
        space = 1 if wing is not None and wing != attacker else 0
        j = p.unit_at.get(province, -1)
        if j < 0:
            return space
        if p.verb[j] == "M":
            return space if self._resolve(3 * j + _MOVE) else 1
        supports = sum(1 for s in p.hold_supports[j] if self._resolve(3 * s + _SUPPORT))
        return 1 + supports + p.wing_hold_support.get(j, 0) + space

    def _defend_strength(self, i: int) -> int:
        return 1 + self._supports(i)

    def _prevent_strength(self, i: int) -> int:
        if not self._path(i):
            return 0
        opp = self.p.opponent[i]
        if opp >= 0 and self._resolve(3 * opp + _MOVE):
            return 0
        return 1 + self._supports(i)
