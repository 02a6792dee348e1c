"""``kriegsspiel verify``: replay a save with its seed and check every hash, every roll and every event, every
snapshot against the replay, and who wrote it (the seals, see store/seal.py and docs/saves.md)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import LoadedSave, SaveError, read_save
from kriegsspiel.store.seal import machine_key, sealed_by
from kriegsspiel.store.snapshot import encode_state
from kriegsspiel.store.timeline import ReplayMismatch, Timeline

#: who wrote a save, as far as its seals tell
WRITTEN_HERE = "here"  # every line sealed with this machine's key
NOT_HERE = "elsewhere"  # no line sealed with it
PARTLY_HERE = "partly"  # some lines sealed here, others not
UNSEALED = "unsealed"  # a version 1 save: written before saves were sealed


@dataclass(frozen=True)
class Verdict:
    """The result of verifying a save. ``first_bad`` names the first record that does not match (None: the
    chain, the replay and the snapshots agree). ``written`` says whose seals it carries (see above);
    ``first_unsealed`` the first line not sealed here, when some are."""

    path: Path
    records: int
    kinds: dict[str, int]
    final_hash: str
    first_bad: str | None = None
    bad_record: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    written: str = UNSEALED
    first_unsealed: int | None = None
    sealed_here: int = 0  # lines carrying this machine's seal
    lines: int = 0  # complete lines of the save

    @property
    def intact(self) -> bool:
        """The chain is consistent and the game replays exactly as recorded (says nothing of who wrote it)."""
        return self.first_bad is None

    @property
    def written_here(self) -> bool:
        """Intact, and every line sealed by this machine: this machine's kriegsspiel wrote this history."""
        return self.intact and self.written == WRITTEN_HERE

    def describe(self) -> str:
        lines = list(self.notes)
        if not self.intact:
            lines.append(f"{self.path}: does not verify: {self.first_bad}")
            return "\n".join(lines)
        kinds = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in sorted(self.kinds.items())) or "no records"
        checked = f"{self.records} records ({kinds}); every hash, roll, event and snapshot checked; final hash " \
                  f"{self.final_hash[:16]}"
        if self.written == WRITTEN_HERE:
            lines.append(f"{self.path}: intact and written on this machine: {checked}")
        elif self.written == UNSEALED:
            lines.append(f"{self.path}: chain consistent (a save of format 1, written before saves were sealed: "
                         f"nothing tells who wrote it): {checked}")
        elif self.written == NOT_HERE:
            lines.append(f"{self.path}: chain consistent but not written here (no line carries this machine's "
                         "seal: written on another machine, or rewritten by someone without its key): "
                         f"{checked}")
        else:
            lines.append(f"{self.path}: chain consistent but only partly written here: {self.sealed_here} of "
                         f"{self.lines} lines carry this machine's seal, the first that does not is line "
                         f"{self.first_unsealed} (the game was played on another machine too, or that part was "
                         f"rewritten): {checked}")
        return "\n".join(lines)


def who_wrote(loaded: LoadedSave, key: bytes | None) -> tuple[str, int | None, int]:
    """(who wrote it, the first line not sealed here, how many lines are)."""
    if loaded.header.version < 2:
        return UNSEALED, None, 0
    sealed = [sealed_by(key, s.content, s.seal) for s in loaded.seals]
    if all(sealed):
        return WRITTEN_HERE, None, len(sealed)
    first = next(s.line for s, ok in zip(loaded.seals, sealed) if not ok)
    return (NOT_HERE if not any(sealed) else PARTLY_HERE), first, sum(sealed)


def verify_save(path: str | Path, *, map_loader: MapLoader | None = None,
                ruleset_loader: RulesetLoader | None = None) -> Verdict:
    """Check a save end to end without writing anything: replays every record from the start (snapshots are
    compared with the replay, never used in its place) and checks the seals with this machine's key.

    Raises SaveError (a UserError) only when the file is not a save at all; damage inside a save is a Verdict
    naming the first record that does not match.
    """
    from kriegsspiel.store.game import scenario_of_save

    path = Path(path)
    try:
        loaded = read_save(path)
    except SaveError as exc:
        if exc.record is None:
            raise
        return Verdict(path, 0, {}, "", first_bad=str(exc).removeprefix(f"{path}: "), bad_record=exc.record)
    notes: list[str] = []
    if loaded.cut_off is not None:
        notes.append(loaded.cut_off.message(path, len(loaded.records)))
    written, first_unsealed, sealed_here = who_wrote(loaded, machine_key(create=False))
    scenario = scenario_of_save(loaded, [], map_loader=map_loader, ruleset_loader=ruleset_loader)
    kinds = Counter(r.kind for r in loaded.records)
    # The game must replay on the very map and rule set it was played on: anything else is not the same game.
    header = loaded.header
    for what, recorded, now in (("map " + str(scenario.map_path), header.map_sha256, scenario.map_sha256),
                                (f"rule set {scenario.setup.ruleset_id!r}", header.ruleset_sha256,
                                 scenario.ruleset_sha256)):
        if recorded != now:
            return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, bad_record=0,
                           first_bad=f"line 1 (the header): the {what} is not the one the game was played on "
                                     f"(fingerprint {recorded[:12]}, now {now[:12]})", notes=tuple(notes))
    start = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    snapshots = {s.after: s for s in loaded.snapshots}
    timeline = Timeline(seed=header.seed, states=[start])
    base: GameState | None = None
    try:
        for record in loaded.records:
            timeline.step(record)
            snapshot = snapshots.get(record.seq)
            if snapshot is not None:
                problem = _snapshot_problem(snapshot.state, timeline.state, start, base)
                if problem:
                    return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, notes=tuple(notes),
                                   bad_record=record.seq, first_bad=f"line {snapshot.line} (the snapshot after "
                                   f"record {record.seq}): {problem}")
                base = timeline.state
    except ReplayMismatch as exc:
        return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, first_bad=str(exc),
                       bad_record=exc.seq, notes=tuple(notes))
    return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, notes=tuple(notes), written=written,
                   first_unsealed=first_unsealed, sealed_here=sealed_here, lines=len(loaded.seals))


def _snapshot_problem(recorded: dict, state: GameState, start: GameState, base: GameState | None) -> str | None:
    """Why a snapshot's state is not the replay's at that point (None: it is)."""
    messages = recorded.get("messages")
    # written whole (after a reopening that could not trust the snapshot before it) or continuing that one
    continues = isinstance(messages, dict) and "@grow" in messages
    replayed = encode_state(state, start, base if continues else None)
    if replayed is None:
        return "the replay's state cannot be written as a snapshot, yet the save holds one"
    written = {k: v for k, v in recorded.items() if k != "program"}
    if written != replayed:
        differ = sorted(k for k in set(written) | set(replayed) if written.get(k) != replayed.get(k))
        return f"it differs from the replay ({', '.join(differ)}): the snapshot was changed and re-hashed"
    return None
