"""An area game's course as the replay of its journal: the turn (position, orders given, choices waited for,
the last phase's result) after each record, undo and redo included.

Journal commands (the ``command`` of an ``order`` record, always in this canonical form):

- ``POWER: ORDER`` — an order in the rule set's notation, as :meth:`AreaRules.check_order` wrote it (it
  replaces the power's earlier order for the same unit), or an answer to a choice the rules asked;
- ``withdraw POWER: ORDER`` — take an order back;
- ``confirm`` — resolve the phase with every order given (dice: the record's own, seeded by the game's seed
  and the record's number).

``events`` of a record are plain dicts with the key ``area`` ("order", "withdraw", "phase"), compared on
replay: a phase that resolves differently now is a record that does not replay.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaRules, Choice, PhaseResult
from kriegsspiel.core.dice import Dice, DiceMismatch
from kriegsspiel.store.journal import JournalRecord


@dataclass(frozen=True, slots=True)
class GivenOrder:
    """An order in force for the phase: its power, the unit it is for (None: builds, waives, answers) and text."""

    power: str
    uid: str | None
    text: str


@dataclass(frozen=True, slots=True)
class AreaTurn:
    """The game between two records: ``position`` (start of the phase being ordered), the ``orders`` given,
    the ``choices`` the rules wait for, ``last`` the result of the phase confirmed last, ``phases`` how many
    phases were confirmed."""

    position: AreaPosition
    orders: tuple[GivenOrder, ...] = ()
    choices: tuple[Choice, ...] = ()
    last: PhaseResult | None = None
    phases: int = 0
    winner: str | None = None

    def orders_by_power(self) -> dict[str, list[str]]:
        """The orders given, as :meth:`AreaRules.resolve` takes them."""
        out: dict[str, list[str]] = {}
        for o in self.orders:
            out.setdefault(o.power, []).append(o.text)
        return out


@dataclass(frozen=True, slots=True)
class Step:
    """An accepted command: the turn after it, its events (JSON dicts) and the dice it rolled."""

    turn: AreaTurn
    events: tuple[dict[str, Any], ...]
    rolls: tuple[tuple[int, int], ...] = ()
    result: PhaseResult | None = None


class Refused(Exception):
    """A command the rules or the session refuse; the message says why, for people."""


def _power(rules_powers: tuple[str, ...], written: str) -> str:
    name = written.strip().upper()
    if name in rules_powers:
        return name
    found = [p for p in rules_powers if p.startswith(name)] if name else []
    if len(found) == 1:
        return found[0]
    raise Refused(f"unknown power {written.strip()!r}; powers: {', '.join(rules_powers)}")


def phase_event(result: PhaseResult, before: AreaPosition) -> dict[str, Any]:
    """The journal event of a confirmed phase: what was resolved into what, the lines, the winner."""
    return {"area": "phase", "phase": before.phase, "next": result.position.phase, "lines": list(result.lines),
            "choices": [{"power": c.power, "question": c.question, "options": list(c.options)}
                        for c in result.choices], "winner": result.winner}


def apply_command(rules: AreaRules, powers: tuple[str, ...], turn: AreaTurn, command: str, dice: Dice) -> Step:
    """Carry out one command (canonical or as typed: ``france: a par-bur``) on ``turn``. Raises Refused."""
    line = command.strip()
    if line.lower() == "confirm":
        return _confirm(rules, turn, dice)
    withdraw = line.lower().startswith("withdraw ")
    body = line[len("withdraw "):] if withdraw else line
    head, colon, text = body.partition(":")
    if not colon or not text.strip():
        raise Refused(f"{line!r}: write an order as 'POWER: ORDER' (e.g. 'FRANCE: A PAR - BUR'), or "
                      "'withdraw POWER: ORDER', 'confirm'")
    power = _power(powers, head)
    if turn.winner is not None:
        raise Refused(f"the game is over: {turn.winner} has won (undo to play on from before)")
    if withdraw:
        return _withdraw(rules, turn, power, text.strip())
    return _order(rules, turn, power, text.strip())


def _order(rules: AreaRules, turn: AreaTurn, power: str, text: str) -> Step:
    waiting = [c for c in turn.choices if c.power == power]
    if turn.choices:
        for choice in waiting:
            match = next((o for o in choice.options if o.strip().upper() == text.upper()), None)
            if match is not None:
                given = GivenOrder(power, None, match)
                return Step(replace(turn, orders=turn.orders + (given,)),
                            ({"area": "order", "power": power, "text": match, "answer": choice.question},))
        asked = "; ".join(f"{c.power}: {c.question}" for c in turn.choices)
        raise Refused(f"the rules wait for answers first ({asked}); answer with one of the options")
    if power not in rules.powers_to_order(turn.position):
        raise Refused(f"{power} gives no orders in {turn.position.phase_label}")
    earlier = tuple(o.text for o in turn.orders if o.power == power)
    verdict = rules.check_order_among(turn.position, power, text, earlier)
    if not verdict.accepted:
        raise Refused(verdict.reason or f"{text!r} is refused")
    kept: list[GivenOrder] = []
    replaced = None
    for o in turn.orders:
        same_unit = verdict.uid is not None and o.uid == verdict.uid
        if o.power == power and (same_unit or (verdict.uid is None and o.text == verdict.text)):
            replaced = o.text
            continue
        kept.append(o)
    kept.append(GivenOrder(power, verdict.uid, verdict.text))
    event = {"area": "order", "power": power, "text": verdict.text, "replaced": replaced}
    return Step(replace(turn, orders=tuple(kept)), (event,))


def _withdraw(rules: AreaRules, turn: AreaTurn, power: str, text: str) -> Step:
    wanted = text.upper().split()
    mine = [o for o in turn.orders if o.power == power]
    hit = next((o for o in mine if o.text.upper().split() == wanted), None)
    if hit is None:  # "withdraw FRANCE: A PAR": the order of the unit named
        hit = next((o for o in mine if o.text.upper().split()[:2] == wanted[:2] and len(wanted) == 2), None)
    if hit is None:
        given = "; ".join(o.text for o in mine) or "none"
        raise Refused(f"{power} gave no order {text!r} (its orders: {given})")
    orders = tuple(o for o in turn.orders if o is not hit)
    return Step(replace(turn, orders=orders), ({"area": "withdraw", "power": power, "text": hit.text},))


def preview(rules: AreaRules, turn: AreaTurn, seed: int, seq: int) -> PhaseResult:
    """What ``confirm`` would do now (the dice of the next record), without changing anything."""
    return rules.resolve(turn.position, turn.orders_by_power(), Dice(seed, seq))


def _confirm(rules: AreaRules, turn: AreaTurn, dice: Dice) -> Step:
    if turn.winner is not None:
        raise Refused(f"the game is over: {turn.winner} has won")
    result = rules.resolve(turn.position, turn.orders_by_power(), dice)
    event = phase_event(result, turn.position)
    if result.choices:
        after = replace(turn, choices=result.choices)
    else:
        after = AreaTurn(result.position, (), (), result, turn.phases + 1, result.winner)
    return Step(after, (event,), tuple(dice.rolls), result)


class ReplayError(Exception):
    """A record that does not replay: ``seq`` and ``line`` name it, the message says why."""

    def __init__(self, record: JournalRecord, problem: str) -> None:
        super().__init__(f"line {record.line} (record {record.seq}): {problem}")
        self.seq = record.seq
        self.line = record.line
        self.problem = problem


def replay_record(rules: AreaRules, powers: tuple[str, ...], turn: AreaTurn, record: JournalRecord,
                  seed: int, seq: int) -> Step:
    """Replay one order record (``seq``: the record whose dice it uses: its own, or the original of a redo);
    its events and rolls must be the recorded ones. Raises ReplayError."""
    dice = Dice.replaying(seed, seq, record.rolls)
    try:
        step = apply_command(rules, powers, turn, record.command, dice)
        dice.check_complete()
    except Refused as exc:
        raise ReplayError(record, f"{record.command!r} is refused now: {exc}") from None
    except DiceMismatch as exc:
        raise ReplayError(record, f"the dice differ: {exc}") from None
    if list(step.events) != [dict(e) for e in record.events]:
        raise ReplayError(record, f"{record.command!r} gives other results now than when it was played")
    return step


@dataclass
class AreaTimeline:
    """The turns in force (``turns[0]`` the start), the seqs of the orders in force and undone ones."""

    rules: AreaRules
    powers: tuple[str, ...]
    seed: int
    turns: list[AreaTurn]
    applied: list[int] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)
    orders: dict[int, JournalRecord] = field(default_factory=dict)

    @property
    def turn(self) -> AreaTurn:
        return self.turns[-1]

    def step(self, record: JournalRecord) -> None:
        """Replay one record of any kind. Raises ReplayError."""
        if record.kind == "order":
            step = replay_record(self.rules, self.powers, self.turn, record, self.seed, record.seq)
            self.orders[record.seq] = record
            self.push(record.seq, step.turn)
        elif record.kind == "undo":
            if not self.applied or record.target != self.applied[-1]:
                raise ReplayError(record, f"undo of record {record.target}, but the last order in force is "
                                          f"{self.applied[-1] if self.applied else 'none'}")
            self.pop()
        elif record.kind == "redo":
            if not self.undone or record.target != self.undone[-1]:
                raise ReplayError(record, f"redo of record {record.target}, but the last undone order is "
                                          f"{self.undone[-1] if self.undone else 'none'}")
            original = self.orders[record.target]
            step = replay_record(self.rules, self.powers, self.turn, original, self.seed, original.seq)
            if list(step.events) != [dict(e) for e in record.events]:
                raise ReplayError(record, "the redone command gives other results now")
            self.push_redone(original.seq, step.turn)
        elif record.kind not in ("portal", "adopt"):  # the players' portal, the umpire's adoption: no change
            raise ReplayError(record, f"unknown record kind {record.kind!r}")

    def push(self, seq: int, turn: AreaTurn) -> None:
        """A new command is in force: nothing undone can be redone any more."""
        self.applied.append(seq)
        self.turns.append(turn)
        self.undone.clear()

    def push_redone(self, seq: int, turn: AreaTurn) -> None:
        self.undone.pop()
        self.applied.append(seq)
        self.turns.append(turn)

    def pop(self) -> int:
        seq = self.applied.pop()
        self.turns.pop()
        self.undone.append(seq)
        return seq


def turn_json(turn: AreaTurn) -> dict[str, Any]:
    """A turn as JSON (``kriegsspiel replay --json`` of an area save)."""
    p = turn.position
    return {
        "phase": p.phase, "phase_label": p.phase_label, "phases_confirmed": turn.phases, "winner": turn.winner,
        "units": [{"uid": u.uid, "power": u.power, "kind": u.kind, "where": u.where, **(
            {"details": dict(u.details)} if u.details else {})} for u in p.units],
        "owners": dict(sorted(p.owners.items())),
        "orders": [{"power": o.power, "uid": o.uid, "text": o.text} for o in turn.orders],
        "choices": [{"power": c.power, "question": c.question, "options": list(c.options)} for c in turn.choices],
        "last_results": list(turn.last.lines) if turn.last else [],
    }

