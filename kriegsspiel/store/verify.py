"""``kriegsspiel verify``: replay a save with its seed and check every hash, every roll and every event."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.core.state import initial_state
from kriegsspiel.scenario.load import MapLoader, RulesetLoader
from kriegsspiel.store.journal import SaveError, read_save
from kriegsspiel.store.timeline import ReplayMismatch, replay_journal


@dataclass(frozen=True)
class Verdict:
    """The result of verifying a save. ``first_bad`` names the first record that does not match (None: intact)."""

    path: Path
    records: int
    kinds: dict[str, int]
    final_hash: str
    first_bad: str | None = None
    bad_record: int | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def intact(self) -> bool:
        return self.first_bad is None

    def describe(self) -> str:
        lines = list(self.notes)
        if self.intact:
            kinds = ", ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in sorted(self.kinds.items())) or "no records"
            lines.append(f"{self.path}: intact: {self.records} records ({kinds}); every hash, roll and event "
                         f"checked; final hash {self.final_hash[:16]}")
        else:
            lines.append(f"{self.path}: does not verify: {self.first_bad}")
        return "\n".join(lines)


def verify_save(path: str | Path, *, map_loader: MapLoader | None = None,
                ruleset_loader: RulesetLoader | None = None) -> Verdict:
    """Check a save end to end without writing anything.

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
    try:
        replay_journal(start, loaded.header.seed, loaded.records)
    except ReplayMismatch as exc:
        return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, first_bad=str(exc),
                       bad_record=exc.seq, notes=tuple(notes))
    return Verdict(path, len(loaded.records), dict(kinds), loaded.last_hash, notes=tuple(notes))
