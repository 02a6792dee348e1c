"""The session of an area game (Diplomacy, Air Power Diplomacy, unit profiles): the turn as the replay of the
journal, driven by the rule set's :class:`~kriegsspiel.core.area.AreaRules`.

``submit(line)`` takes an order (``FRANCE: A PAR - BUR``, several separated by ``;``), ``withdraw POWER:
ORDER``, ``confirm``, ``undo`` and ``redo``; ``preview()`` shows what ``confirm`` would do, changing nothing.
Everything else (the journal, undo, the lock, opening and verifying) is the common
:class:`~kriegsspiel.store.session.SessionBase`.

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

import dataclasses
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.core.area import AreaPosition, AreaRules, Choice, PhaseResult
from kriegsspiel.core.dice import Dice, DiceMismatch
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.area import AreaScenario, load_area_scenario, parse_area_scenario_text
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import PORTAL_KIND, JournalRecord, LoadedSave, SaveError, new_record
from kriegsspiel.store.pictures import write_phase_pictures, write_phases_cut_short
from kriegsspiel.store.session import Outcome, SessionBase


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
        raise Refused(f"{line!r}: write an order as 'POWER: ORDER' ('help' lists this game's orders), or "
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
    if list(step.events) != [dict(e) for e in record.events] and not _written_before(rules, step, record):
        raise ReplayError(record, f"{record.command!r} gives other results now than when it was played")
    return step


def _written_before(rules: AreaRules, step: Step, record: JournalRecord) -> bool:
    """A phase event that differs from the replay in its lines only, as the rules say an earlier version of
    them wrote the same phase (a wording fix must not make the saves written before it unreadable)."""
    if len(step.events) != 1 or len(record.events) != 1:
        return False
    now, written = step.events[0], dict(record.events[0])
    if now.get("area") != "phase" or {k: v for k, v in now.items() if k != "lines"} != {
            k: v for k, v in written.items() if k != "lines"}:
        return False
    lines = written.get("lines")
    return isinstance(lines, list) and all(isinstance(x, str) for x in lines) and rules.lines_written_before(
        str(now.get("phase")), lines, now.get("lines", []))


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

    def order(self, seq: int) -> JournalRecord:
        """The order record ``seq`` (KeyError when it is no order of this timeline's)."""
        return self.orders[seq]

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



def replay_area(scenario: AreaScenario, records: tuple[JournalRecord, ...] | list[JournalRecord],
                seed: int) -> AreaTimeline:
    """The timeline of the records, from the scenario's start. Raises ReplayError for a record that does not
    replay exactly as recorded."""
    timeline = AreaTimeline(scenario.rules, scenario.powers, seed, [AreaTurn(scenario.start())])
    for record in records:
        timeline.step(record)
    return timeline


class AreaSession(SessionBase):
    """An area game being played (or replayed). ``turn`` is the replay of the journal."""

    kind = "area"

    # --- the rules object ---------------------------------------------------------------------------------

    @classmethod
    def _load_scenario(cls, path: Path, map_loader: MapLoader | None,
                       ruleset_loader: RulesetLoader | None) -> AreaScenario:
        return load_area_scenario(path)  # an area map is a province map: the ruler games' loaders do not apply

    @classmethod
    def _embedded_scenario(cls, loaded: LoadedSave, map_path: Path, map_loader: MapLoader | None,
                           ruleset_loader: RulesetLoader | None) -> AreaScenario:
        header = loaded.header
        return parse_area_scenario_text(header.scenario_text, f"{loaded.path}: embedded scenario", map_path.parent,
                                        seed=header.seed, map_ref=map_path.name)

    @classmethod
    def _seed_of(cls, scenario: AreaScenario) -> int:
        return scenario.seed

    @classmethod
    def _ruleset_name(cls, scenario: AreaScenario) -> str:
        return scenario.ruleset.name

    @classmethod
    def _ruleset_fingerprints(cls, scenario: AreaScenario) -> tuple[str, ...]:
        return scenario.ruleset_fingerprints

    @classmethod
    def _start_timeline(cls, scenario: AreaScenario, seed: int) -> AreaTimeline:
        return AreaTimeline(scenario.rules, scenario.powers, seed, [AreaTurn(scenario.start())])

    @classmethod
    def _replay(cls, loaded: LoadedSave, scenario: AreaScenario, *, upto: int | None, trust_snapshots: bool,
                key: bytes | None, notes: list[str]) -> tuple[AreaTimeline, None]:
        records = loaded.records if upto is None else loaded.records[:upto]
        try:
            return replay_area(scenario, records, loaded.header.seed), None
        except ReplayError as exc:
            raise SaveError(f"{loaded.path}: {exc}; 'kriegsspiel verify' tells more; the file is left untouched",
                            exc.seq, exc.line) from None

    @classmethod
    def _verify_records(cls, loaded: LoadedSave, scenario: AreaScenario) -> tuple[str, int] | None:
        try:
            replay_area(scenario, loaded.records, loaded.header.seed)
        except ReplayError as exc:
            return str(exc), exc.seq
        return None

    def _stamp(self, kind: str) -> tuple[int, str]:
        return self.turn.phases, ("portal" if kind == PORTAL_KIND else "umpire")

    # --- reading ------------------------------------------------------------------------------------------

    @property
    def turn(self) -> AreaTurn:
        """The turn now: the replay of the journal."""
        return self._timeline.turn

    def players(self) -> list[str]:
        """The powers, in the map's order (the portal's links and the inbox are keyed by power)."""
        return list(self.scenario.powers)

    @classmethod
    def players_of(cls, loaded: LoadedSave) -> list[str]:
        """The powers of a save's game, from its scenario alone (nothing replayed)."""
        return list(cls.scenario_of_save(loaded, []).powers)

    def start_words(self) -> str:
        """The game's forces for ``kriegsspiel new``: "22 units, AUSTRIA, ENGLAND, ..."."""
        from kriegsspiel.wording import count

        return f"{count(len(self.turn.position.units), 'unit')}, {', '.join(self.scenario.powers)}"

    def desk(self) -> Any:
        """Each power's share on the portal: its view, pictures and checked orders (store/phase_desk.py)."""
        from kriegsspiel.store.phase_desk import PhaseDesk

        return PhaseDesk(self)

    def phase_number(self) -> int:
        """The number of the phase being ordered: the phases confirmed so far, plus one."""
        return self.turn.phases + 1

    def phase_words(self, number: int | None = None) -> str:
        """Phase ``number`` (default: the one being ordered) for people: "Winter 1901, adjustments"."""
        if number is None or number == self.phase_number():
            return self.turn.position.phase_label
        phases = self.confirmed_phases()
        if not 1 <= number <= len(phases):
            raise UserError(f"{self.path}: there is no phase {number}; the game is in phase {self.phase_number()}")
        return phases[number - 1][0].position.phase_label

    def confirmed_phases(self) -> list[tuple[AreaTurn, PhaseResult]]:
        """Each phase confirmed in the game in force, oldest first: the turn resolved and its result."""
        turns = self._timeline.turns
        return [(a, b.last) for a, b in zip(turns, turns[1:]) if b.phases == a.phases + 1 and b.last is not None]

    def summary_json(self) -> dict[str, Any]:
        """The turn as ``kriegsspiel replay --json`` prints it (see :func:`turn_json`), with the dice of the
        last record replayed as the journal holds them ([sides, value] pairs)."""
        obj = turn_json(self.turn)
        if len(self._records):
            last = self._records[-1]
            obj["last_record"] = {"seq": last.seq, "command": last.command, "rolls": [list(r) for r in last.rolls]}
        return obj

    def record_lines(self, record: JournalRecord, following: JournalRecord | None) -> list[str]:
        """A record for ``kriegsspiel replay --log``: who said what, the phase's lines and the dice rolled."""
        target = f" (record {record.target})" if record.kind in ("undo", "redo") else ""
        said = record.command if record.command.startswith(f"{record.side}:") else f"{record.side}: {record.command}"
        lines = [f"{record.seq}. {said}{target}"]
        for event in record.events:
            lines += [f"   {line}" for line in (event.get("lines", []) if isinstance(event, dict) else [])]
        if record.rolls:
            lines.append(f"   rolls: {rolls_text(record.rolls)}")
        return lines

    def summary_lines(self) -> list[str]:
        """The turn for ``kriegsspiel replay``: the phase, then one line per unit and per order given."""
        turn = self.turn
        lines = [turn.position.phase_label + (f"; {turn.winner} has won" if turn.winner else "")]
        for u in turn.position.units:
            extra = " (dislodged)" if u.details.get("dislodged") else ""
            lines.append(f"  {u.uid:<5} {u.power:<10} {u.kind} {u.where}{extra}")
        return lines + [f"  order: {o.power}: {o.text}" for o in turn.orders]

    def preview(self, command: str | None = None) -> PhaseResult:
        """What ``confirm`` would do now, with the dice the confirm will use; nothing is written."""
        return preview(self.scenario.rules, self.turn, self.seed, self._next_seq())

    # --- the players' pictures ----------------------------------------------------------------------------

    def attach_pictures(self) -> Path:
        """Write every power's pictures after each confirmed phase into ``<save>-pov/``; returns the folder."""
        from kriegsspiel.pov.png import pov_folder_of_save

        folder = pov_folder_of_save(self.path)

        def pictures(session: AreaSession, number: int) -> None:
            before, result = session.confirmed_phases()[number - 1]
            write_phase_pictures(session.scenario, before, result, folder)

        self.on_round_end.append(pictures)
        write_phases_cut_short(self, folder)
        return folder

    def write_pictures(self, out: Path, players: list[str] | None, number: int | None,
                       unit: str | None = None) -> list[Path]:
        """Write ``DIR/<PHASE>-<POWER>.png`` (and ``.json``) of each confirmed phase (``number``: the N-th
        only) for ``players`` (powers or players' names; default: every power). Raises UserError for a power,
        player or phase that is not there, or an officer's view (``unit``), which an area game has not."""
        if unit:
            raise UserError("--unit: an area game has no officers' views; leave --unit out")
        scenario = self.scenario
        powers: list[str] | None = None
        if players:
            by_name = {p.name.casefold(): p.power for p in scenario.players}
            powers = []
            for name in players:
                power = name.strip().upper() if name.strip().upper() in scenario.powers else by_name.get(name.casefold())
                if power is None:
                    raise UserError(f"{self.path}: no power or player {name!r}; powers: {', '.join(scenario.powers)}")
                powers.append(power)
        phases = self.confirmed_phases()
        if number is not None:
            if not 1 <= number <= len(phases):
                raise UserError(f"{self.path}: --round {number}: {len(phases)} phases were confirmed; give "
                                f"1..{len(phases)}")
            phases = [phases[number - 1]]
        written: list[Path] = []
        for before, result in phases:
            written += write_phase_pictures(scenario, before, result, out, powers)
        return written

    # --- changing -----------------------------------------------------------------------------------------

    def submit(self, command: str, forced: bool = False) -> Outcome:
        """:meth:`_submit`, and what the umpire must hear after it (the save moved to a recovery file)."""
        outcome = self._submit(command, forced)
        said, self._notices = self._notices, []
        return dataclasses.replace(outcome, lines=outcome.lines + tuple(said)) if said else outcome

    def _submit(self, command: str, forced: bool) -> Outcome:
        """Carry out one line: ``POWER: ORDER[; ORDER...]``, ``withdraw POWER: ORDER``, ``confirm``, ``undo``,
        ``redo``. Refused lines change nothing; each accepted command is on disk before this returns (several
        orders on one line: one record each, the refused ones said). An area game forces nothing: ``forced``
        is refused. Raises SaveError when read-only or the journal cannot be written."""
        if len(command) > MAX_COMMAND_CHARS:  # refused at entry: its record must stay readable
            return Outcome(False, command[:60] + "...", reason=f"a line of {len(command):,} characters; at most "
                           f"{MAX_COMMAND_CHARS:,} are taken (split a long message into several)", forceable=False)
        text = " ".join(command.split())
        if forced:
            return Outcome(False, text, reason="an area game's rules cannot be forced", forceable=False)
        word = text.lower()
        if word == "undo":
            return self.undo()
        if word == "redo":
            return self.redo()
        head, colon, body = text.partition(":")
        if colon and not word.startswith("withdraw ") and ";" in body:
            outcomes = [self._one(f"{head}: {part.strip()}") for part in body.split(";") if part.strip()]
            lines = tuple(x for o in outcomes for x in (o.lines if o.accepted else (f"refused: {o.reason}",)))
            accepted = [o for o in outcomes if o.accepted]
            return Outcome(bool(accepted), text, lines=lines, reason=None if accepted else "; ".join(
                o.reason or "" for o in outcomes), record=accepted[-1].record if accepted else None,
                records=tuple(r for o in accepted for r in o.records), forceable=False)
        return self._one(text)

    def _one(self, text: str) -> Outcome:
        with self.lock:
            writer = self._need_writer()
            seq = writer.next_seq
            turn = self.turn
            dice = Dice(self.seed, seq)
            try:
                step = apply_command(self.scenario.rules, self.scenario.powers, turn, text, dice)
            except Refused as exc:
                return Outcome(False, text, reason=str(exc), forceable=False)
            event = step.events[0]
            command = "confirm" if event["area"] == "phase" else (
                f"{'withdraw ' if event['area'] == 'withdraw' else ''}{event['power']}: {event['text']}")
            side = "umpire" if event["area"] == "phase" else str(event["power"])
            record = self._write(new_record(
                seq=seq, kind="order", command=command, prev=writer.last_hash, round=turn.phases, side=side,
                rolls=step.rolls, events=step.events,
            ))
            self._timeline.orders[record.seq] = record
            self._timeline.push(record.seq, step.turn)
            lines = _lines_of(step.events[0]) + self._round_hooks(range(turn.phases + 1, step.turn.phases + 1))
        return Outcome(True, command, lines=tuple(lines), record=record.seq, records=(record.seq,),
                       result=step.result)

    def redo(self) -> Outcome:
        """Carry out again the command undone last, with its own dice (journaled as a ``redo`` record)."""
        with self.lock:
            if not self._timeline.undone:
                return Outcome(False, "redo", reason="nothing to redo", forceable=False)
            writer = self._need_writer()
            target = self._timeline.undone[-1]
            original = self._timeline.orders[target]
            dice = Dice(self.seed, original.seq)
            before = self.turn
            try:
                step = apply_command(self.scenario.rules, self.scenario.powers, before, original.command, dice)
            except Refused as exc:  # cannot happen: the turn is the one it was first carried out on
                return Outcome(False, "redo", reason=str(exc), forceable=False)
            record = self._write(new_record(seq=writer.next_seq, kind="redo", command="redo", prev=writer.last_hash,
                                            round=before.phases, side="umpire", target=target,
                                            rolls=step.rolls, events=step.events))
            self._timeline.push_redone(target, step.turn)
            problems = self._round_hooks(range(before.phases + 1, step.turn.phases + 1))
        return Outcome(True, "redo", lines=tuple(problems), record=record.seq, records=(record.seq,),
                       result=step.result,
                       note=f"redone: {original.command} (record {target})")


def rolls_text(rolls: tuple[tuple[int, int], ...]) -> str:
    """A record's rolls for people: ``d12: 5 7 11`` when all dice are alike, else ``d12=5 d6=3``."""
    if len({sides for sides, _ in rolls}) == 1:
        return f"d{rolls[0][0]}: " + " ".join(str(v) for _, v in rolls)
    return " ".join(f"d{sides}={v}" for sides, v in rolls)


def _lines_of(event: dict[str, Any]) -> list[str]:
    if event["area"] == "phase":
        head = (f"{event['phase']} waits for an answer (not resolved yet; confirm again after it)"
                if event.get("choices") else f"{event['phase']} resolved; next: {event['next']}")
        lines = [head, *[f"  {x}" for x in event["lines"]]]
        for c in event.get("choices", []) or []:
            lines.append(f"  {c['power']} must choose: {c['question']} ({' | '.join(c['options'])})")
        if event.get("winner"):
            lines.append(f"  {event['winner']} has won")
        return lines
    if event["area"] == "withdraw":
        return [f"withdrawn: {event['power']}: {event['text']}"]
    replaced = f" (replaces {event['replaced']})" if event.get("replaced") else ""
    return [f"{event['power']}: {event['text']}{replaced}"]
