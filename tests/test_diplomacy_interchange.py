"""One phase in the JSON interchange format: next phase, skipped phases, retreat options, centres, results."""
from __future__ import annotations

import pytest

from kriegsspiel.rulesets.diplomacy import InputError, OrderError, run_phase


def U(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


def phase(name: str, units: list, orders: dict, centres: dict | None = None, **before) -> dict:
    return {"id": name, "map": "standard", "phase": name, "phase_type": name[-1],
            "before": {"units": units, "centers": centres or {}, **before}, "orders": orders}


def test_spring_without_retreats_goes_to_fall_and_keeps_centres() -> None:
    out = run_phase(phase("S1901M", [U("FRANCE", "A", "PAR"), U("GERMANY", "A", "MUN")],
                          {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]}, {"FRANCE": ["PAR"]}))
    assert out["id"] == "S1901M" and out["phase"] == "F1901M"
    assert out["results"] == {"A PAR": ["bounced"], "A MUN": ["bounced"]}
    assert out["centers"] == {"FRANCE": ["PAR"]} and out["dislodged"] == []


def test_dislodgement_gives_a_retreat_phase_with_coasted_options() -> None:
    units = [U("ENGLAND", "F", "NWG"), U("ENGLAND", "F", "NTH"), U("RUSSIA", "F", "NWY")]
    out = run_phase(phase("F1901M", units, {"ENGLAND": ["F NWG - NWY", "F NTH S F NWG - NWY"]},
                          {"RUSSIA": ["NWY"]}))
    assert out["phase"] == "F1901R"
    assert out["dislodged"] == [{"power": "RUSSIA", "type": "F", "loc": "NWY", "retreats": ["BAR", "SKA", "STP/NC", "SWE"]}]
    assert out["results"]["F NWY"] == ["succeeded", "dislodged"]
    assert out["centers"] == {"RUSSIA": ["NWY"]}, "centres change only when the Fall turn ends"
    # the retreat phase: the fleet goes to St Petersburg's north coast; the Fall turn ends, centres move
    r = run_phase({"id": "r", "phase": "F1901R", "before": {"units": out["units"], "dislodged": out["dislodged"],
                   "centers": out["centers"]}, "orders": {"RUSSIA": ["F NWY R STP/NC"]}})
    assert r["results"] == {"F NWY": ["succeeded"]}
    assert U("RUSSIA", "F", "STP/NC") in r["units"]
    assert r["centers"] == {"ENGLAND": ["NWY"], "RUSSIA": ["STP"]}
    assert r["phase"] == "W1901A", "England may build, Russia has one unit for one centre"


def test_fall_without_adjustments_skips_winter() -> None:
    out = run_phase(phase("F1902M", [U("ITALY", "A", "VEN")], {"ITALY": ["A VEN H"]}, {"ITALY": ["VEN"]}))
    assert out["phase"] == "S1903M"


def test_unretreatable_unit_is_removed_at_once() -> None:
    units = [U("ENGLAND", "F", "POR"), U("FRANCE", "F", "SPA/SC"), U("FRANCE", "F", "MAO")]
    out = run_phase(phase("S1901M", units, {"FRANCE": ["F SPA/SC - POR", "F MAO S F SPA/SC - POR"]}))
    assert out["dislodged"] == [] and out["phase"] == "F1901M"
    assert out["results"]["F POR"] == ["succeeded", "dislodged", "disbanded"]
    assert U("ENGLAND", "F", "POR") not in out["units"] and U("FRANCE", "F", "POR") in out["units"]


def test_adjustments_build_and_civil_disorder() -> None:
    centres = {"RUSSIA": ["STP"], "FRANCE": ["PAR", "BRE", "MAR", "SPA"]}
    units = [U("RUSSIA", "A", "LVN"), U("RUSSIA", "A", "SWE"), U("FRANCE", "A", "SPA")]
    out = run_phase(phase("W1901A", units, {"FRANCE": ["A PAR B", "F BRE B", "F MAR B", "A SPA B"]}, centres))
    assert out["phase"] == "S1902M"
    assert out["results"]["A SWE"] == ["disbanded"], "civil disorder: the army farther from home goes"
    assert out["results"]["A PAR"] == ["succeeded"] and out["results"]["F MAR"] == ["succeeded"]
    assert out["results"]["A SPA"] == ["void"], "not a home centre, and occupied"
    kinds = sorted((u["type"], u["loc"]) for u in out["units"] if u["power"] == "FRANCE")
    assert kinds == [("A", "PAR"), ("A", "SPA"), ("F", "BRE"), ("F", "MAR")]


@pytest.mark.parametrize(
    ("record", "error", "match"),
    [
        (phase("S1901M", [U("FRANCE", "A", "XYZ")], {}), InputError, r"before\.units\[0\]: unknown province XYZ"),
        (phase("S1901M", [U("FRANCE", "F", "SPA")], {}), InputError, r"write SPA/NC or SPA/SC"),
        (phase("S1901M", [U("FRANCE", "A", "PAR")], {"FRANCE": ["A PAR BUR"]}), OrderError, "'A PAR BUR'"),
        (phase("S1901M", [U("FRANCE", "A", "PAR")], {"FRANCE": ["A BUR - PAR"]}), OrderError, "no unit in BUR"),
        (phase("S1901M", [U("FRANCE", "A", "PAR")], {"FRANCE": ["F PAR - BUR"]}), OrderError, "is an army"),
        (phase("S1901M", [U("PRUSSIA", "A", "PAR")], {}), InputError, "unknown power PRUSSIA"),
        (phase("S1901X", [], {}), InputError, "not a phase"),
        (phase("S1901M", [], {}, {"FRANCE": ["BUR"]}), InputError, "BUR of FRANCE is not a supply centre"),
        ({"phase": "S1901M"}, InputError, "missing key 'before'"),
    ],
)
def test_bad_input_is_one_clear_error(record: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        run_phase(record, strict=True)  # without strict, the orders among them are void (test_diplomacy_illegal_orders)


RUM = {"power": "RUSSIA", "type": "A", "loc": "RUM"}


@pytest.mark.parametrize(("retreats", "match"), [
    (["MOS"], "A RUM cannot retreat to MOS: it is not a place next to it"),
    (["BLA"], "A RUM cannot retreat to BLA: it is not a place next to it"),
    (["UKR", "BUD"], "A RUM cannot retreat to BUD: a unit stands there"),
    (["RUM"], "A RUM cannot retreat to RUM"),
])
def test_retreats_in_the_input_are_checked_against_the_map_and_the_position(retreats: list, match: str) -> None:
    """The format: a province a dislodged unit could not retreat to is an error in the input, not an option
    (an input could once make A RUM retreat to Moscow)."""
    units = [U("AUSTRIA", "A", "RUM"), U("AUSTRIA", "A", "BUD")]
    record = phase("F1901R", units, {"RUSSIA": [f"A RUM R {retreats[0]}"]},
                   dislodged=[{**RUM, "retreats": retreats}])
    for strict in (False, True):
        with pytest.raises(InputError, match=f"before.dislodged\\[0\\]: {match}"):
            run_phase(record, strict=strict)


def test_a_fleet_retreat_may_leave_out_the_only_coast_it_reaches() -> None:
    units = [U("ENGLAND", "F", "BAR")]
    out = run_phase(phase("F1901R", units, {"RUSSIA": ["F BAR R STP"]},
                          dislodged=[{"power": "RUSSIA", "type": "F", "loc": "BAR", "retreats": ["STP", "NWG"]}]))
    assert U("RUSSIA", "F", "STP/NC") in out["units"] and out["results"] == {"F BAR": ["succeeded"]}
