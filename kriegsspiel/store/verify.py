"""``kriegsspiel verify``: replay a save with its seed and check every hash, every roll and every event, every
snapshot against the replay, and who wrote it (the seals, see store/seal.py and docs/saves.md)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.core.state import GameState, initial_state
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import LoadedSave, SaveError, read_save
from kriegsspiel.store.heads import head_problem
from kriegsspiel.store.provenance import (
    NOT_HERE,
    PARTLY_HERE,
    UNSEALED,
    WRITTEN_HERE,
    adoptions,
    who_wrote,
)
from kriegsspiel.store.seal import load_machine_key
from kriegsspiel.store.snapshot import encode_state
from kriegsspiel.store.timeline import ReplayMismatch, Timeline

__all__ = ["NOT_HERE", "PARTLY_HERE", "UNSEALED", "WRITTEN_HERE", "Verdict", "provenance_of", "verify_save",
           "who_wrote"]


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
    #: why the save is shorter than, or not, the history this machine last sealed of it (store/heads.py)
    cut_short: str | None = None
    #: the umpire's adoptions sealed here: (lines adopted, the adopt record's line, why)
    adopted: tuple[tuple[int, int, str], ...] = ()

    @property
    def intact(self) -> bool:
        """The chain is consistent and the game replays exactly as recorded (says nothing of who wrote it)."""
        return self.first_bad is None

    @property
    def written_here(self) -> bool:
        """Intact, every line sealed by this machine and none cut off the end that it sealed: this machine's
        kriegsspiel wrote this history, all of it."""
        return self.intact and self.written == WRITTEN_HERE and self.cut_short is None and not self.adopted

    def describe(self) -> str:
        lines = list(self.notes)
        if not self.intact:
            lines.append(f"{self.path}: does not verify: {self.first_bad}")
            return "\n".join(lines)
        for count, at, why in self.adopted:
            lines.append(f"{self.path}: lines 1-{count} were adopted by the umpire at line {at} without this "
                         f"machine vouching for them ({why})")
        if self.cut_short is not None:
            lines.append(f"{self.path}: CUT SHORT: {self.cut_short}")
        kinds = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in sorted(self.kinds.items())) or "no records"
        checked = f"{self.records} records ({kinds}); every hash, roll, event and snapshot checked; final hash " \
                  f"{self.final_hash[:16]}"
        if self.written == WRITTEN_HERE and self.cut_short is not None:
            lines.append(f"{self.path}: every line sealed here, but not the whole history this machine wrote: "
                         f"{checked}")
        elif self.written == WRITTEN_HERE:
            lines.append(f"{self.path}: intact and written on this machine: {checked}")
        elif self.written == UNSEALED:
            lines.append(f"{self.path}: chain consistent, but a save of format 1, written before saves were sealed: "
                         f"nothing tells who wrote it, and a rewritten history can take this form ('--accept-format-1' "
                         f"accepts it): {checked}")
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


def provenance_of(loaded: LoadedSave, notes: list[str]) -> dict[str, Any]:
    """The Verdict's fields on who wrote ``loaded`` (seals, adoptions, a cut end); a key problem is added to
    ``notes``."""
    found = load_machine_key(create=False)
    if found.warning:
        notes.append(f"WARNING: {found.warning}")
    written, first_unsealed, sealed_here = who_wrote(loaded, found.key)
    adopted = tuple((a.lines, a.at, a.why) for a in adoptions(loaded, found.key))
    return {"written": written, "first_unsealed": first_unsealed, "sealed_here": sealed_here,
            "lines": len(loaded.seals), "adopted": adopted,
            "cut_short": head_problem(loaded) if found.key is not None else None}


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
    provenance = provenance_of(loaded, notes)
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
    return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, notes=tuple(notes), **provenance)


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
