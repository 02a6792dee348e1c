"""``kriegsspiel verify`` and ``check`` of an area game's save: every hash (read_save), every record replayed
from the scenario's start with its dice and compared with what was recorded, and who wrote it (the seals)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.store.area_game import replay_area, scenario_of_area_save
from kriegsspiel.store.area_timeline import ReplayError
from kriegsspiel.store.journal import LoadedSave, SaveError, read_save
from kriegsspiel.store.verify import Verdict, provenance_of, verify_save


def verify_area_save(loaded: LoadedSave) -> Verdict:
    """The verdict on an area save already read (hash chain intact). Raises UserError when its scenario or
    map can no longer be read."""
    path = loaded.path
    notes: list[str] = []
    if loaded.cut_off is not None:
        notes.append(loaded.cut_off.message(path, len(loaded.records)))
    provenance = provenance_of(loaded, notes)
    kinds = dict(Counter(r.kind for r in loaded.records))
    drift: list[str] = []
    scenario = scenario_of_area_save(loaded, drift)
    if drift:  # not the map or rule set it was played on: not the same game
        return Verdict(path, len(loaded.records), kinds, loaded.last_hash, bad_record=0, notes=tuple(notes),
                       first_bad=f"line 1 (the header): {drift[0]}")
    try:
        replay_area(scenario, loaded.records, loaded.header.seed)
    except ReplayError as exc:
        return Verdict(path, len(loaded.records), kinds, loaded.last_hash, first_bad=str(exc), bad_record=exc.seq,
                       notes=tuple(notes))
    return Verdict(path, len(loaded.records), kinds, loaded.last_hash, notes=tuple(notes), **provenance)


def verify_any_save(path: str | Path) -> Verdict:
    """``kriegsspiel verify``: an area save verified by :func:`verify_area_save`, any other by
    :func:`kriegsspiel.store.verify.verify_save`. Raises SaveError when the file is not a save."""
    from kriegsspiel.store.area_game import is_area_save

    path = Path(path)
    try:
        loaded = read_save(path)
    except SaveError as exc:
        if exc.record is None:
            raise
        return verify_save(path)  # damage in a record: the chain check says where, whatever the game
    return verify_area_save(loaded) if is_area_save(loaded) else verify_save(path)


def check_area_save(loaded: LoadedSave) -> list[Finding]:
    """The findings of an area save for ``kriegsspiel check`` (empty: it replays). Never raises."""
    try:
        verdict = verify_area_save(loaded)
    except UserError as exc:
        return [Finding(str(loaded.path), str(exc).removeprefix(f"{loaded.path}: "))]
    findings = [Finding(str(loaded.path), note, "warning") for note in verdict.notes]
    if not verdict.intact:
        findings.append(Finding(str(loaded.path), verdict.first_bad or "does not replay"))
    return findings
