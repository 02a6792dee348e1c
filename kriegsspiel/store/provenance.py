"""Who wrote a save, as far as this machine can tell: its seals (store/seal.py), how far this machine sealed it
(store/heads.py), and the umpire's adoptions.

A save is played on only on top of lines this machine sealed. A prefix that does not verify (lines sealed
elsewhere or not at all: another machine, a save of format 1, a forged or laundered history; or a save cut
short) is refused until the umpire adopts it with ``kriegsspiel adopt SAVE``, which writes an ``adopt`` record
saying which lines were taken on trust and why; that record is sealed like any other, and ``verify`` reports it.
"""
from __future__ import annotations

from dataclasses import dataclass

from kriegsspiel.store.heads import head_problem
from kriegsspiel.store.journal import ADOPT_KIND, LoadedSave
from kriegsspiel.store.seal import sealed_by

#: who wrote a save, as far as its seals tell
WRITTEN_HERE = "here"  # every line sealed with this machine's key
NOT_HERE = "elsewhere"  # no line sealed with it
PARTLY_HERE = "partly"  # some lines sealed here, others not
UNSEALED = "unsealed"  # a version 1 save: written before saves were sealed


def who_wrote(loaded: LoadedSave, key: bytes | None) -> tuple[str, int | None, int]:
    """(who wrote it, the first line not sealed here, how many lines are sealed here)."""
    if loaded.header.version < 2:
        return UNSEALED, None, 0
    sealed = [sealed_by(key, s.content, s.seal) for s in loaded.seals]
    if all(sealed):
        return WRITTEN_HERE, None, len(sealed)
    first = next(s.line for s, ok in zip(loaded.seals, sealed) if not ok)
    return (NOT_HERE if not any(sealed) else PARTLY_HERE), first, sum(sealed)


@dataclass(frozen=True, slots=True)
class Adoption:
    """An ``adopt`` record sealed here: the umpire took lines 1..``lines`` on trust at line ``at``."""

    lines: int
    at: int
    why: str


def adoptions(loaded: LoadedSave, key: bytes | None) -> list[Adoption]:
    """The adoptions in a save whose record this machine sealed (an unsealed one adopts nothing)."""
    found = []
    for record in loaded.records:
        if record.kind != ADOPT_KIND or not record.line:
            continue
        seal = loaded.seals[record.line - 1]
        data = record.events[0].get("adopt") if record.events else None
        if sealed_by(key, seal.content, seal.seal) and isinstance(data, dict):
            found.append(Adoption(record.line - 1, record.line, str(data.get("why", ""))))
    return found


def unsealed_prefix(loaded: LoadedSave, key: bytes) -> str | None:
    """Why new lines must not be sealed on top of ``loaded`` without the umpire adopting it, or None: a line
    after the last adoption that this machine did not seal, or a save cut short of what it sealed."""
    adopted = adoptions(loaded, key)
    start = adopted[-1].lines if adopted else 0
    if loaded.header.version < 2 and not adopted:
        return "it is a save of format 1, written before saves were sealed: nothing tells who wrote it"
    unsealed = [s.line for s in loaded.seals[start:] if not sealed_by(key, s.content, s.seal)]
    if unsealed:
        if len(unsealed) == len(loaded.seals) - start:
            return (f"none of its lines {start + 1}-{len(loaded.seals)} carries this machine's seal: written on "
                    "another machine, or rewritten by someone without its key")
        return (f"{len(unsealed)} of its lines {start + 1}-{len(loaded.seals)} do not carry this machine's seal, "
                f"the first is line {unsealed[0]}: played on another machine too, or that part was rewritten")
    return head_problem(loaded)


def refusal(loaded: LoadedSave, problem: str) -> str:
    """The message refusing to play on ``loaded`` until it is adopted."""
    return (f"{loaded.path}: not played on, because {problem}; new lines sealed on top of it would seem to vouch "
            f"for it. If you trust this file, run 'kriegsspiel adopt {loaded.path}' (the journal then records that "
            "you adopted it, and 'kriegsspiel verify' says so), then open it again")
