"""Orders that cannot be given (DATC 4.E.1, docs/diplomacy.md "Orders that cannot be given"): ignored, the phase
adjudicated without them, reported as ``void`` keyed by the order as written with an ``errors`` entry; with
``strict`` (``kriegsspiel adjudicate --strict``) the phase is refused instead, one line naming the order."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kriegsspiel.rulesets.diplomacy import InputError, OrderError, run_phase


def U(power: str, kind: str, loc: str) -> dict[str, str]:
    return {"power": power, "type": kind, "loc": loc}


def phase(name: str, units: list, orders: dict, centres: dict | None = None, **before) -> dict:
    return {"id": name, "map": "standard", "phase": name, "phase_type": name[-1],
            "before": {"units": units, "centers": centres or {}, **before}, "orders": orders}


# DATC 4.E.1: "the illegal order is ignored" - the rest of the phase is adjudicated as if it had not been given.
SPRING = [U("FRANCE", "A", "PAR"), U("GERMANY", "A", "MUN"), U("GERMANY", "A", "BER")]
RETREAT = dict(dislodged=[{**U("GERMANY", "A", "MUN"), "retreats": ["BOH", "RUH"]}])
WINTER_UNITS = [U("FRANCE", "A", "PAR"), U("FRANCE", "A", "PIC")]

CASES = [
    # (what, record, the order as written, its power, words of the reason)
    ("a unit not there", phase("S1901M", SPRING, {"FRANCE": ["A BUR - MAR", "A PAR - BUR"]}),
     "A BUR - MAR", "FRANCE", "no unit in BUR"),
    ("another power's unit", phase("S1901M", SPRING, {"FRANCE": ["A MUN - RUH", "A PAR - BUR"]}),
     "A MUN - RUH", "FRANCE", "GERMANY's, not FRANCE's"),
    ("a unit of another kind", phase("S1901M", SPRING, {"FRANCE": ["F PAR - BUR"]}),
     "F PAR - BUR", "FRANCE", "is an army"),
    ("a province the map does not have", phase("S1901M", SPRING, {"FRANCE": ["A PAR - ATL"]}),
     "A PAR - ATL", "FRANCE", "unknown province ATL"),
    ("a build in a movement phase", phase("S1901M", SPRING, {"FRANCE": ["A PAR B"]}),
     "A PAR B", "FRANCE", "a movement phase takes holds, moves, supports and convoys"),
    ("a waive in a movement phase", phase("S1901M", SPRING, {"FRANCE": ["WAIVE"]}),
     "WAIVE", "FRANCE", "a movement phase takes"),
    ("a support in a retreat phase",
     phase("S1901R", [U("FRANCE", "A", "PAR"), U("GERMANY", "A", "BER")], {"GERMANY": ["A MUN S A BER"]}, **RETREAT),
     "A MUN S A BER", "GERMANY", "a retreat phase takes 'R PROVINCE' or 'D' only"),
    ("a retreat phase given a move of a unit not dislodged",
     phase("S1901R", [U("FRANCE", "A", "PAR"), U("GERMANY", "A", "BER")], {"GERMANY": ["A BER - SIL"]}, **RETREAT),
     "A BER - SIL", "GERMANY", "no dislodged army in BER"),
    ("a movement order in an adjustment phase",
     phase("W1901A", WINTER_UNITS, {"FRANCE": ["A PIC - BEL"]}, {"FRANCE": ["PAR"]}),
     "A PIC - BEL", "FRANCE", "an adjustment phase takes"),
    ("a disband of a unit that does not exist",
     phase("W1901A", WINTER_UNITS, {"FRANCE": ["A BUR D", "A PIC D"]}, {"FRANCE": ["PAR"]}),
     "A BUR D", "FRANCE", "no army in BUR to disband"),
]


@pytest.mark.parametrize(("what", "record", "order", "power", "reason"), CASES, ids=[c[0] for c in CASES])
def test_an_order_that_cannot_be_given_is_void_and_the_rest_adjudicated(
        what: str, record: dict, order: str, power: str, reason: str) -> None:
    out = run_phase(record)
    assert out["results"][order] == ["void"]
    [error] = out["errors"]
    assert error["power"] == power and error["order"] == order and reason in error["reason"]
    with pytest.raises(OrderError, match=reason):
        run_phase(record, strict=True)


def test_the_rest_of_the_phase_is_adjudicated_as_without_the_order() -> None:
    with_bad = run_phase(phase("S1901M", SPRING, {"FRANCE": ["A MUN - BUR", "A PAR - BUR"],
                                                 "GERMANY": ["A BER - KIE"]}))
    without = run_phase(phase("S1901M", SPRING, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A BER - KIE"]}))
    assert with_bad["units"] == without["units"] and with_bad["phase"] == without["phase"]
    assert with_bad["results"] == {**without["results"], "A MUN - BUR": ["void"]}
    assert "errors" not in without, "no errors key when every order could be given"


def test_a_second_order_for_a_unit_is_void_the_first_stands() -> None:
    out = run_phase(phase("S1901M", SPRING, {"FRANCE": ["A PAR - BUR", "A PAR - PIC"]}))
    assert U("FRANCE", "A", "BUR") in out["units"] and out["results"]["A PAR"] == ["succeeded"]
    assert out["results"]["A PAR - PIC"] == ["void"] and "two orders" in out["errors"][0]["reason"]


def test_a_malformed_input_is_refused_in_both_modes() -> None:
    for strict in (False, True):
        with pytest.raises(InputError, match="unknown power PRUSSIA"):
            run_phase(phase("S1901M", SPRING, {"PRUSSIA": ["A PAR - BUR"]}), strict=strict)
        with pytest.raises(InputError, match="two armies or fleets in PAR"):
            run_phase(phase("S1901M", SPRING + [U("FRANCE", "A", "PAR")], {}), strict=strict)


def _adjudicate(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", "adjudicate", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_the_command_follows_4e1_and_strict_refuses(tmp_path: Path) -> None:
    record = phase("S1901M", SPRING, {"FRANCE": ["A MUN - RUH", "A PAR - BUR"]})
    done = _adjudicate([], json.dumps(record))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert U("FRANCE", "A", "BUR") in out["units"] and out["results"]["A MUN - RUH"] == ["void"]
    strict = _adjudicate(["--strict"], json.dumps(record))
    assert strict.returncode == 1 and strict.stdout == ""
    assert strict.stderr.count("\n") == 1 and "'A MUN - RUH'" in strict.stderr and "Traceback" not in strict.stderr
    batch = _adjudicate(["--batch"], json.dumps(record) + "\n" + json.dumps(dict(record, id="two")) + "\n")
    assert batch.returncode == 0
    assert [json.loads(x)["errors"][0]["order"] for x in batch.stdout.splitlines()] == ["A MUN - RUH"] * 2


def test_a_phase_confirmed_from_a_file_in_the_shell_follows_4e1(tmp_path: Path) -> None:
    """The shell refuses an order that cannot be given as it is read (one line), gives the rest, and the phase
    confirmed afterwards is adjudicated without it."""
    repo = Path(__file__).resolve().parent.parent
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "maps" / "diplomacy-standard.tmx").write_bytes((repo / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx").read_bytes())
    scenario = tmp_path / "scenarios" / "diplomacy-1901.toml"
    scenario.write_bytes((repo / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml").read_bytes())
    orders = tmp_path / "orders.txt"
    orders.write_text("FRANCE: A MUN - RUH\nFRANCE: A PAR - BUR; A MAR S A PAR - BUR\nGERMANY: A MUN - BUR\n"
                      "confirm\nunits FRANCE\n", encoding="utf-8")
    with orders.open(encoding="utf-8") as stdin:
        done = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", str(scenario), "--save",
                               str(tmp_path / "g.kssave")], stdin=stdin, capture_output=True, text=True, timeout=120,
                              cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "refused: order 'A MUN - RUH': FRANCE has no army in MUN" in done.stdout
    assert "S1901M resolved; next: F1901M" in done.stdout and "GERMANY: A MUN - BUR: bounced" in done.stdout
    assert " FRANCE     A BUR" in done.stdout
