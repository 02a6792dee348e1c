"""Every DATC case of chapter 6, sections A to J, run through the adjudicator (the table: datc_cases.py)."""
from __future__ import annotations

import pytest

from datc_cases import CASES, Case
from kriegsspiel.rulesets.diplomacy import (
    Unit, parse_order, run_adjustments, run_movement, run_retreats, standard_map,
)

BOARD = standard_map()


def _lines(block: str) -> list[tuple[str, str]]:
    out = []
    for raw in block.strip().splitlines():
        if raw.strip():
            power, order = raw.split(":", 1)
            out.append((power.strip(), order.strip()))
    return out


def _orders(block: str) -> dict[str, list]:
    orders: dict[str, list] = {}
    for power, text in _lines(block):
        orders.setdefault(power, []).append(parse_order(BOARD, text))
    return orders


def _units(case: Case) -> list[Unit]:
    units: dict[str, Unit] = {}
    if case.phase == "M":
        for power, text in _lines(case.orders):
            kind, loc = text.split()[:2]
            units.setdefault(loc.split("/")[0], Unit(power, kind, loc))
    for power, text in _lines(case.units):
        kind, loc = text.split()[:2]
        units[loc.split("/")[0]] = Unit(power, kind, loc)
    return list(units.values())


def _centres(case: Case) -> dict[str, list[str]]:
    return {power: text.split() for power, text in _lines(case.centres)}


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_datc(case: Case) -> None:
    units = _units(case)
    if case.phase == "A":
        homes = {p: BOARD.home_centres(p) for p in BOARD.powers}
        after, results, _ = run_adjustments(BOARD, units, _centres(case), homes, _orders(case.orders), strict=False)
        before_keys = {(u.power, u.kind, u.loc) for u in units}
        after_keys = {(u.power, u.kind, u.loc) for u in after}
        assert sorted(f"{k} {l}" for _, k, l in after_keys - before_keys) == sorted(case.built)
        assert sorted(f"{k} {l}" for _, k, l in before_keys - after_keys) == sorted(case.removed)
        for key, words in case.results.items():
            assert results[key] == words
        return
    res = run_movement(BOARD, units, _orders(case.orders), strict=False)
    assert sorted(res.moves) == sorted(case.moved), "units that moved"
    assert sorted(d.unit.key() for d in res.dislodged) == sorted(case.dislodged), "dislodged units"
    for key, loc in case.final.items():
        assert res.moves[key] == loc
    options = {d.unit.key(): list(d.retreats) for d in res.dislodged}
    for key, expected in case.retreats.items():
        assert options[key] == expected
    for key, place in case.may_retreat.items():
        assert place in options[key]
    for key, place in case.no_retreat.items():
        assert place not in options[key]
    for key, words in case.results.items():
        assert res.results[key] == words, key
    if case.retreat_orders:
        after, words, _ = run_retreats(BOARD, res.units, res.dislodged, _orders(case.retreat_orders), strict=False)
        for key, where in case.retreated.items():
            unit = next(d.unit for d in res.dislodged if d.unit.key() == key)
            if where is None:
                assert words[key][-1] == "disbanded", key
                assert not [u for u in after if u not in res.units and u.power == unit.power and u.kind == unit.kind]
            else:
                assert words[key] == ["succeeded"], key
                assert Unit(unit.power, unit.kind, where) in after, key


def test_every_section_is_covered() -> None:
    sections = {c.id.split(".")[1] for c in CASES}
    assert sections == set("ABCDEFGHIJ")
    assert len({c.id for c in CASES}) == len(CASES)
