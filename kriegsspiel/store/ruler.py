"""The session of a ruler game (Fourth Edition, Ruleset V3): units on a measured map, orders in the shell's
notation, the state after each order.

What it adds to :class:`~kriegsspiel.store.session.SessionBase`: the command is parsed and applied through the
rules core (``core.game.apply``), a refused order may be forced, the state is kept as a timeline of states with
snapshots so that a long game reopens fast, and the players' pictures are drawn per round (``pov``).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kriegsspiel.border.save_schema import MAX_COMMAND_CHARS
from kriegsspiel.core.commands import Command, Force, NotationError, Redo, Undo
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.game import Accepted, apply, apply_forced, rules_of
from kriegsspiel.core.state import GameState, initial_state, summary_json
from kriegsspiel.errors import UserError
from kriegsspiel.scenario import Scenario, load_scenario, parse_scenario_text
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import SNAPSHOT_EVERY, JournalRecord, LoadedSave, SaveError, new_record
from kriegsspiel.store.session import Outcome, SessionBase
from kriegsspiel.store.snapshot import encode_state, migrate_snapshot, trusted_snapshots
from kriegsspiel.store.timeline import (
    ReplayMismatch, Timeline, events_json, replay_journal, replay_order, resume_from_snapshots,
)


class RulerSession(SessionBase):
    """A ruler game being played (or replayed). ``state`` is the replay of the journal."""

    kind = "ruler"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._timeline.bound(self._records.by_seq)

    # --- the rules object ---------------------------------------------------------------------------------

    @classmethod
    def _load_scenario(cls, path: Path, map_loader: MapLoader | None, ruleset_loader: RulesetLoader | None) -> Scenario:
        return load_scenario(path, map_loader=map_loader, ruleset_loader=ruleset_loader)

    @classmethod
    def _embedded_scenario(cls, loaded: LoadedSave, map_path: Path, map_loader: MapLoader | None,
                           ruleset_loader: RulesetLoader | None) -> Scenario:
        header = loaded.header
        return parse_scenario_text(header.scenario_text, f"{loaded.path}: embedded scenario", map_path.parent,
                                   seed=header.seed, map_loader=map_loader, ruleset_loader=ruleset_loader,
                                   map_ref=map_path.name)

    @classmethod
    def _seed_of(cls, scenario: Scenario) -> int:
        return scenario.setup.seed

    @classmethod
    def _ruleset_name(cls, scenario: Scenario) -> str:
        return scenario.setup.ruleset_id

    @classmethod
    def _ruleset_fingerprints(cls, scenario: Scenario) -> tuple[str, ...]:
        return scenario.ruleset_fingerprints

    @classmethod
    def _start(cls, scenario: Scenario) -> GameState:
        return initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)

    @classmethod
    def _start_timeline(cls, scenario: Scenario, seed: int) -> Timeline:
        return Timeline(seed=seed, states=[cls._start(scenario)])

    @classmethod
    def _replay(cls, loaded: LoadedSave, scenario: Scenario, *, upto: int | None, trust_snapshots: bool,
                key: bytes | None, notes: list[str]) -> tuple[Timeline, GameState | None]:
        start = cls._start(scenario)
        try:
            timeline = None
            trusted: dict[int, GameState] = {}
            if trust_snapshots:  # the very map and rule set it was played on
                trusted = trusted_snapshots(loaded, start, key)
                timeline = resume_from_snapshots(start, loaded.header.seed, loaded.records, trusted)
            if timeline is None:
                timeline = replay_journal(start, loaded.header.seed, loaded.records, upto=upto, lenient=True)
        except ReplayMismatch as exc:
            raise SaveError(f"{loaded.path}: line {exc.line}: record {exc.seq} does not replay: {exc.problem}; "
                            "'kriegsspiel verify' tells more; the file is left untouched") from None
        notes += drift_notes(timeline.drift or [])
        whole = trusted and len(trusted) == len(loaded.snapshots)
        return timeline, (trusted[max(trusted)] if whole else None)

    @classmethod
    def _verify_records(cls, loaded: LoadedSave, scenario: Scenario) -> tuple[str, int] | None:
        start = cls._start(scenario)
        snapshots = {s.after: s for s in loaded.snapshots}
        timeline = Timeline(seed=loaded.header.seed, states=[start])
        base: GameState | None = None
        try:
            for record in loaded.records:
                timeline.step(record)
                snapshot = snapshots.get(record.seq)
                if snapshot is not None:
                    problem = _snapshot_problem(snapshot.state, timeline.state, start, base)
                    if problem:
                        return (f"line {snapshot.line} (the snapshot after record {record.seq}): {problem}",
                                record.seq)
                    base = timeline.state
        except ReplayMismatch as exc:
            return str(exc), exc.seq
        return None

    def _stamp(self, kind: str) -> tuple[int, str]:
        state = self.state
        return state.round, state.side_to_move

    def _snapshot_every(self) -> int:
        return SNAPSHOT_EVERY

    def _snapshot_data(self) -> dict[str, Any] | None:
        start = self._timeline.states[0]
        assert start is not None
        return encode_state(self.state, start, self._snapshot_base)

    def _snapshot_state(self) -> GameState:
        return self.state

    # --- reading ------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state: the replay of the journal."""
        return self._timeline.state

    def players(self) -> list[str]:
        """The scenario's players, in its order."""
        return [p.name for p in self.state.setup.players]

    @classmethod
    def players_of(cls, loaded: LoadedSave) -> list[str]:
        """The players of a save's game, from its scenario alone (nothing replayed)."""
        return [p.name for p in cls.scenario_of_save(loaded, []).setup.players]

    def start_words(self) -> str:
        """The game's forces for ``kriegsspiel new``: "12 units, Blue, Red"."""
        from kriegsspiel.wording import count

        setup = self.scenario.setup
        return f"{count(len(setup.units), 'unit')}, {', '.join(s.name for s in setup.sides)}"

    def desk(self) -> Any:
        """Each player's share on the portal: a sheet a round, orders as free text (store/round_desk.py)."""
        from kriegsspiel.store.round_desk import RoundDesk

        return RoundDesk(self)

    def phase_number(self) -> int:
        """The round in play."""
        return int(self.state.round)

    def phase_words(self, number: int | None = None) -> str:
        """Round ``number`` (default: the round in play) for people, with its game time under a timed rule set."""
        round_number = self.state.round if number is None else number
        clock = self.state.ruleset.game_clock(round_number)
        return f"round {round_number}" + (f" ({clock})" if clock else "")

    def summary_json(self) -> dict[str, Any]:
        """The state as ``kriegsspiel replay --json`` prints it (see ``core.state.summary_json``)."""
        return summary_json(self.state, rules_of(self.state).summary_columns)

    def summary_lines(self) -> list[str]:
        """The state for ``kriegsspiel replay``: the round, then one line per unit, then the umpire's notes."""
        from kriegsspiel.shell.queries import umpire_notes

        state = self.state
        lines = [self.phase_words() + f", {state.side_to_move} to move"]
        units = list(state.units.values())
        id_width = max([10, *(len(u.id) for u in units)])
        side_width = max([10, *(len(u.side) for u in units)])
        columns = rules_of(state).summary_columns
        for unit in units:
            heading = "" if unit.heading is None else f" heading {unit.heading:g}"
            hidden = " hidden" if unit.hidden else ""
            # the rule set's own columns of a unit (V3's disruption level) when not nought
            own = "".join(f" {key} {value}" for key, value in columns(state, unit).items() if value)
            lines.append(f"  {unit.id:<{id_width}} {unit.side:<{side_width}} {unit.type_id:<18} at "
                         f"{unit.position.x:g},{unit.position.y:g}  health {unit.health}{own}{heading}{hidden}")
        return lines + list(umpire_notes(state))

    def record_lines(self, record: JournalRecord, following: JournalRecord | None) -> list[str]:
        """A record for ``kriegsspiel replay --log``: its line and events; under a timed rule set the game time
        where the round changes before ``following`` (the next record; None: the last)."""
        from kriegsspiel.core.game import round_change_line

        state = self.state
        lines = record.describe(rules_of(state).event_kinds).split("\n")
        after = following.round if following is not None else state.round
        if clock := round_change_line(state.ruleset, record.round, after):
            lines.append(f"   {clock}")
        return lines

    def orders_in_force(self) -> list[JournalRecord]:
        """The order records whose effect is in the current state, in order."""
        in_force = set(self._timeline.applied)
        by_seq = {r.seq: r for r in self._records if r.seq in in_force}
        return [by_seq[seq] for seq in self._timeline.applied]

    def orders_of_this_turn(self) -> list[JournalRecord]:
        """The order records in force given in the current round by the side to move, in order: the newest
        orders in force, so read from memory however long the game."""
        state, timeline = self.state, self._timeline
        found: list[JournalRecord] = []
        for seq in reversed(timeline.applied):
            record = timeline.order(seq)
            if record.round != state.round or record.side != state.side_to_move:
                break
            found.append(record)
        return found[::-1]

    def last_order_in_force(self) -> JournalRecord | None:
        """The order an ``undo`` would take back, or None."""
        return self._timeline.order(self._timeline.applied[-1]) if self._timeline.applied else None

    def states_in_force(self) -> Iterator[GameState]:
        """The states of the game in force, oldest first: the start, then after each order in force (those not
        kept in memory replayed on the way, so that a long game is walked in linear time)."""
        return self._timeline.iter_states()

    # --- the players' pictures ----------------------------------------------------------------------------

    def attach_pictures(self) -> Path:
        """Write every player's picture at the end of each round into ``<save>-pov/round-NNN/`` (on a worker
        thread, waited for at :meth:`close`); returns the folder."""
        from kriegsspiel.pov import attach_to_game
        from kriegsspiel.pov.png import pov_folder_of_save

        writer = attach_to_game(self)
        self._closing.append(writer.close)
        return pov_folder_of_save(self.path)

    def write_pictures(self, out: Path, players: list[str] | None, number: int | None,
                       unit: str | None = None) -> list[Path]:
        """Write ``DIR/round-NNN/<player>.png`` of ``players`` (default: all) as they stood at the end of round
        ``number`` (default: the round in play, as it stands); ``unit``: an officer's view around that unit.
        Raises UserError for a round, player or unit that is not there, OSError when the folder cannot be
        written."""
        from kriegsspiel.core.sight import UnknownPlayer, commanded_units
        from kriegsspiel.pov import UnknownUnit, write_round_pictures

        state, ended = self._state_for_round(number)
        label = ended if ended is not None else state.round
        if unit and not players:
            players = [p.name for p in state.setup.players if any(u.id == unit for u in commanded_units(state, p))]
            if not players:
                raise UserError(f"{self.path}: no player commands a unit {unit!r} now; give --unit with a unit "
                                "id in play")
        try:
            return write_round_pictures(state, out, label, players, unit=unit, ended=ended is not None)
        except UnknownPlayer as exc:
            raise UserError(f"{self.path}: {exc}; give --player with one of them") from None
        except UnknownUnit as exc:
            raise UserError(f"{self.path}: {exc}") from None

    def _state_for_round(self, number: int | None) -> tuple[GameState, int | None]:
        """The state to draw for round ``number`` and the round that ended (None: the round in play, drawn as
        it stands): the first state after a round that ended. Raises UserError for a round not played."""
        current = self.state
        if number is None or number == current.round:
            return current, None
        if number < 1 or number > current.round:
            raise UserError(f"{self.path}: there is no round {number}; the game is in round {current.round}; "
                            f"give --round between 1 and {current.round}")
        for state in self.states_in_force():
            if state.round > number:
                return state, number
        raise UserError(f"{self.path}: round {number} has not ended")  # unreachable: the game is past it

    # --- changing -----------------------------------------------------------------------------------------

    def preview(self, command: str | Command | None = None) -> Outcome:
        """What ``command`` would do now, with the dice it would roll; nothing is journaled or changed."""
        parsed = self._parse(command or "", self.state)
        if isinstance(parsed, Outcome):
            return parsed
        order, forced = parsed
        result = (apply_forced if forced else apply)(self.state, order, Dice(self.seed, self._next_seq()))
        if not isinstance(result, Accepted):
            return Outcome(accepted=False, command=rules_of(self.state).format(order), reason=result.reason,
                           forceable=result.forceable, forced=forced)
        return Outcome(accepted=True, command=rules_of(self.state).format(order), events=result.events, forced=forced,
                       overridden=result.overridden)

    def submit(self, command: str | Command, forced: bool = False) -> Outcome:
        """Apply a command (text in the shell's notation, or a Command) and journal it when accepted.

        ``forced`` (or a ``force ...`` command) carries out an order the rules refuse. ``undo`` and ``redo``
        go to :meth:`undo` and :meth:`redo`. The record is on disk before this returns. Returns a refused
        Outcome for a line that does not parse or an order the rules refuse (nothing journaled); raises
        SaveError when the game is read-only or the journal cannot be written (then nothing changed).
        """
        parsed = self._parse(command, self.state, forced)
        if isinstance(parsed, Outcome):
            return parsed
        order, forced = parsed
        if isinstance(order, Undo):
            return self.undo()
        if isinstance(order, Redo):
            return self.redo()
        text = rules_of(self.state).format(order)
        with self.lock:
            writer = self._need_writer()
            seq = writer.next_seq
            dice = Dice(self.seed, seq)
            before = self.state
            result = (apply_forced if forced else apply)(before, order, dice)
            if not isinstance(result, Accepted):
                return Outcome(accepted=False, command=text, reason=result.reason, forceable=result.forceable,
                               forced=forced)
            record = self._write(new_record(
                seq=seq, kind="order", command=text, prev=writer.last_hash,
                round=before.round, side=before.side_to_move, forced=forced, refusal=result.overridden,
                rolls=tuple(dice.rolls), events=tuple(events_json(result.events)),
            ))
            self._timeline.remember(record)
            self._timeline.push(record.seq, result.state)
            self._snapshot()
            problems = self._round_hooks(range(before.round, result.state.round))
        return Outcome(accepted=True, command=text, events=result.events, record=record.seq, records=(record.seq,), forced=forced,
                       overridden=result.overridden, note=self._noticed("; ".join(problems) or None))

    def redo(self) -> Outcome:
        """Re-apply the order most recently undone, with its recorded dice; journaled as a ``redo`` record."""
        with self.lock:
            if not self._timeline.undone:
                return Outcome(accepted=False, command="redo", reason="nothing to redo", forceable=False)
            writer = self._need_writer()
            target = self._timeline.undone[-1]
            original = self._timeline.order(target)
            before = self.state
            try:
                # leniently when the game was opened so: an order that stands only as carried out can be redone
                lenient: list[str] | None = [] if self._timeline.drift is not None else None
                state, events = replay_order(before, original, self.seed, original.seq, lenient)
            except ReplayMismatch as exc:  # cannot happen: the state is the one the order was first applied to
                return Outcome(accepted=False, command="redo", reason=str(exc), forceable=False)
            record = self._write(new_record(
                seq=writer.next_seq, kind="redo", command="redo", prev=writer.last_hash,
                round=before.round, side=before.side_to_move, target=target, forced=original.forced,
                refusal=original.refusal, rolls=original.rolls, events=tuple(events_json(events)),
            ))
            self._timeline.push_redone(target, state)
            self._snapshot()
            problems = self._round_hooks(range(before.round, state.round))
        note = f"redone: {original.command} (record {target})" + (f"; {'; '.join(problems)}" if problems else "")
        return Outcome(accepted=True, command="redo", events=events, record=record.seq, records=(record.seq,), forced=original.forced,
                       overridden=original.refusal, note=self._noticed(note))

    @staticmethod
    def _parse(command: str | Command, state: GameState, forced: bool = False) -> tuple[Command, bool] | Outcome:
        """The command (in the notation of ``state``'s rule set) and whether it is forced, or a refused Outcome
        for a line that does not parse or is too long to journal."""
        if isinstance(command, str):
            if len(command) > MAX_COMMAND_CHARS:  # refused at entry: its record must stay readable
                return Outcome(accepted=False, command=command[:60] + "...", forceable=False,
                               reason=f"a command of {len(command):,} characters; at most {MAX_COMMAND_CHARS:,} "
                                      "are taken (split a long message into several)")
            text = command
            try:
                command = rules_of(state).parse(text)
            except NotationError as exc:
                return Outcome(accepted=False, command=text.strip(), reason=str(exc), forceable=False)
        if isinstance(command, Force):
            return command.order, True
        return command, forced


def drift_notes(drift: list[str], most: int = 3) -> list[str]:
    """Notes for records that replay differently now than when they were played (see ``replay_journal``)."""
    if not drift:
        return []
    more = [f"... and {len(drift) - most} more"] if len(drift) > most else []
    return [f"{len(drift)} record(s) replay differently with the program and rules as they are now; the game "
            "goes on from the replay ('kriegsspiel verify' will not accept it as the game that was played): "
            + "; ".join(drift[:most] + more)]


def _snapshot_problem(recorded: dict, state: GameState, start: GameState, base: GameState | None) -> str | None:
    """Why a snapshot's state is not the replay's at that point (None: it is)."""
    messages = recorded.get("messages")
    # written whole (after a reopening that could not trust the snapshot before it) or continuing that one
    continues = isinstance(messages, dict) and "@grow" in messages
    replayed = encode_state(state, start, base if continues else None)
    if replayed is None:
        return "the replay's state cannot be written as a snapshot, yet the save holds one"
    # a snapshot written before the rule sets' slots is compared as its migration to them
    try:
        migrated = migrate_snapshot(recorded, start)
    except (ValueError, TypeError, KeyError, AttributeError, ImportError):
        return "it holds the rule sets' state of an earlier program in a form that does not read back"
    written = {k: v for k, v in migrated.items() if k != "program"}
    if written != replayed:
        differ = sorted(k for k in set(written) | set(replayed) if written.get(k) != replayed.get(k))
        return f"it differs from the replay ({', '.join(differ)}): the snapshot was changed and re-hashed"
    return None
