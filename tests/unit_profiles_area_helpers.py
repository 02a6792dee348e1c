"""Helpers for the unit-profiles area-game tests: positions on the shipped Borderlands map with the forces a
test names, orders checked and steps resolved with answers given."""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kriegsspiel.core.area import AreaPosition, PhaseResult
from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles.area import UnitProfilesArea
from kriegsspiel.rulesets.unit_profiles.game import Game
from kriegsspiel.tiled.provinces import province_properties

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "kriegsspiel" / "data" / "maps" / "unit-profiles-borderlands.tmx"
SCENARIO = ROOT / "kriegsspiel" / "data" / "scenarios" / "unit-profiles-borderlands.toml"
_, POWERS, PROVINCES = province_properties(str(MAP))
RULES = UnitProfilesArea()


def scenario_setup() -> dict[str, Any]:
    """The shipped scenario's [setup] table."""
    return tomllib.loads(SCENARIO.read_text(encoding="utf-8"))["setup"]


def position(nord: Mapping[str, list[str]] | None = None, sud: Mapping[str, list[str]] | None = None, *,
             step: str = "combat-move", power: str = "NORD", switches: Mapping[str, bool] | None = None,
             treasury: int = 30, doctrines: Sequence[str] = (), owners: Mapping[str, str] | None = None,
             provinces: Mapping[str, Any] | None = None, edit: Callable[[Game], None] | None = None) -> AreaPosition:
    """A position on the Borderlands map with only the units given (NORD's first, in the order given), in
    ``step`` of ``power``'s turn; ``owners`` changes control (at the start of the turn too)."""
    setup: dict[str, Any] = {
        "powers": {
            "NORD": {"units": dict(nord or {}), "treasury": treasury, "doctrines": list(doctrines)},
            "SUD": {"units": dict(sud or {}), "treasury": treasury, "doctrines": list(doctrines)},
        },
        "switches": dict(switches or {}),
    }
    pos = RULES.start(setup, POWERS, provinces or PROVINCES, "test")
    game = Game.from_position(pos)
    game.step, game.power = step, power
    for terr, owner in (owners or {}).items():
        game.owners[terr] = owner
        game.data["owners_at_start"][terr] = owner
    if edit is not None:
        edit(game)
    return game.position()


def uid(pos: AreaPosition, kind: str, where: str | None = None, n: int = 0) -> str:
    """The id of the n-th unit of ``kind`` (in ``where``)."""
    found = [u.uid for u in pos.units if u.kind == kind and (where is None or u.where == where)]
    return found[n]


def unit(pos: AreaPosition, ident: str) -> Any:
    """The AreaUnit called ``ident`` or None."""
    return next((u for u in pos.units if u.uid == ident), None)


def verdict(pos: AreaPosition, text: str, power: str = "NORD") -> tuple[bool, str]:
    """(accepted, reason or normal text) of one order."""
    v = RULES.check_order(pos, power, text)
    return v.accepted, (v.text if v.accepted else v.reason or "")


def resolve(pos: AreaPosition, orders: Mapping[str, Sequence[str]], seed: int = 1, record: int = 1,
            answer: Callable[[Any], str] | None = None, limit: int = 200) -> tuple[PhaseResult, list[Any]]:
    """Resolve one step, answering every choice with ``answer(choice)`` (default: its first option) and
    calling resolve again with the same dice, as the program does; returns the last result and the choices."""
    given = {p: list(o) for p, o in orders.items()}
    asked = []
    for _ in range(limit):
        result = RULES.resolve(pos, given, Dice(seed, record))
        if not result.choices:
            return result, asked
        choice = result.choices[0]
        assert result.position == pos, "a result that waits for choices keeps the position"
        asked.append(choice)
        reply = answer(choice) if answer else choice.options[0]
        assert reply in choice.options
        given.setdefault(choice.power, []).append(reply)
    raise AssertionError("too many choices")
