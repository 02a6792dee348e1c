"""``kriegsspiel verify``: replay a save with its seed and check every hash, every roll and every event, every
snapshot against the replay, and who wrote it (the seals, see store/seal.py and docs/saves.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kriegsspiel.store.journal import LoadedSave
from kriegsspiel.store.seal import sealed_by

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
