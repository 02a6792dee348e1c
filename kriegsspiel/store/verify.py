"""``kriegsspiel verify``'s verdict on a save and who wrote it (the seals, see store/seal.py and docs/saves.md).
The replay itself is the session's (``SessionBase.verify``; ``kriegsspiel.store.verify_save`` for any save)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.store.journal import LoadedSave
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

__all__ = ["NOT_HERE", "PARTLY_HERE", "UNSEALED", "WRITTEN_HERE", "Verdict", "provenance_of", "who_wrote"]


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
