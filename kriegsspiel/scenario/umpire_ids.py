"""Unit ids for a scenario from the names an Umpire gamefile gives its units (see umpire_import)."""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, TypeVar

U = TypeVar("U", bound=Any)


def scenario_id(raw: str) -> str:
    """A gamefile's unit name as a scenario unit id: the loader (and the shell's notation) takes no spaces
    and no '>', so runs of them become one '-' ("1st Virginia" -> "1st-Virginia"); an empty result is "unit"."""
    cleaned = "-".join("".join(" " if ch.isspace() or ch == ">" else ch for ch in raw).split())
    return cleaned or "unit"


def scenario_ids(units: list[U], notes: list[str], path: Path) -> list[U]:
    """The units (dataclasses with an ``id``) with ids the scenario loader accepts, each renaming added to
    ``notes``; a clash gets "-2", "-3", ..."""
    taken = {u.id for u in units if scenario_id(u.id) == u.id}
    renamed: list[str] = []
    result = []
    for unit in units:
        new_id = unit.id
        if scenario_id(unit.id) != unit.id:
            base = new_id = scenario_id(unit.id)
            n = 2
            while new_id in taken:
                new_id, n = f"{base}-{n}", n + 1
            taken.add(new_id)
            renamed.append(f"{unit.id!r} -> {new_id!r}")
        result.append(dataclasses.replace(unit, id=new_id) if new_id != unit.id else unit)
    if renamed:
        more = f" and {len(renamed) - 8} more" if len(renamed) > 8 else ""
        notes.append(f"{path}: unit ids may hold no spaces or '>'; renamed {len(renamed)}: "
                     f"{', '.join(renamed[:8])}{more}")
    return result
