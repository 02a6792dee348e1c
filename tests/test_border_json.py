"""The JSON inputs of ``battle`` and ``adjudicate`` decoded by the schema layer (issue 28 items 1-3, issue 31
item 6, issue 32 item 4): bytes that are not UTF-8, a list where a unit type or a feature belongs, JSON nested
thousands deep, a line beyond the limit, more units than the maxima, a FIFO or /dev/zero as the input, a map
outside the allowed folders: each is one error (one error line in a batch, which goes on), never an internal
error."""
from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import pytest

from kriegsspiel.border import MAX_JSON_LINE_BYTES, MAX_JSON_NESTING, json_nesting
from kriegsspiel.cli import main
from kriegsspiel.rulesets.diplomacy.phase_schema import MAX_ORDER_CHARS, MAX_UNITS
from kriegsspiel.rulesets.unit_profiles.battle_schema import MAX_CARGO_DEPTH, MAX_UNITS_PER_SIDE
from unit_profiles_helpers import battle, unit

GOOD_BATTLE = battle([unit("a", "infantry"), unit("art", "artillery")], [unit("d", "infantry")], [1, 12, 12], seed=4)
GOOD_PHASE = {
    "id": "s", "map": "standard", "phase": "S1901M", "phase_type": "M",
    "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"}, {"power": "GERMANY", "type": "A", "loc": "MUN"}],
               "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}},
    "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}


def _with(base: dict, path: str, value) -> bytes:
    """``base`` as JSON with the key at ``path`` (dots; digits index lists) set to ``value``."""
    data = json.loads(json.dumps(base))
    *parents, last = path.split(".")
    here = data
    for key in parents:
        here = here[int(key)] if key.isdigit() else here[key]
    here[int(last) if last.isdigit() else last] = value
    return json.dumps(data).encode()


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str],
         stdin: bytes = b"") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    code = main(args)
    out, err = capsys.readouterr()
    assert "internal error" not in out + err and "Traceback" not in err, (args, err[-2000:])
    return code, out, err


DEEP = b"[" * 100_000 + b"]" * 100_000
HOSTILE_BATTLES = {
    "not-utf8": (GOOD_BATTLE and json.dumps(GOOD_BATTLE).encode().replace(b'"infantry"', b'"inf\xff\xfe"', 1),
                 "not UTF-8"),
    "unit-type-a-list": (_with(GOOD_BATTLE, "attacker.units.0.type", ["infantry"]), "attacker.units[0].type"),
    "feature-a-list": (_with(GOOD_BATTLE, "place.features", [["mountain"]]), "place.features[0]"),
    "feature-a-number": (_with(GOOD_BATTLE, "place.features", [7]), "place.features[0]"),
    "deep": (DEEP, f"nested more than {MAX_JSON_NESTING} deep"),
    "deep-in-a-unit": (_with(GOOD_BATTLE, "attacker.units.0.id", "x").replace(b'"x"', b"[" * 3000 + b"]" * 3000),
                       "nested more than"),
    "nan": (json.dumps(GOOD_BATTLE).replace('"seed": 4', '"seed": NaN').encode(), "not JSON"),
    "huge-seed": (json.dumps(GOOD_BATTLE).replace('"seed": 4', '"seed": ' + "9" * 5000).encode(), "seed"),
    "control-in-an-id": (_with(GOOD_BATTLE, "attacker.units.0.id", "a\u0000b"), "control characters"),
    "too-many-units": (_with(GOOD_BATTLE, "attacker.units", [unit(f"u{n}", "infantry") for n in range(MAX_UNITS_PER_SIDE + 1)]),
                       f"{MAX_UNITS_PER_SIDE}"),
    "cargo-too-deep": (_with(GOOD_BATTLE, "attacker.units.0.cargo",
                             [{"id": "c1", "type": "infantry", "cargo": [{"id": "c2", "type": "infantry", "cargo": [
                                 {"id": "c3", "type": "infantry", "cargo": [{"id": "c4", "type": "infantry", "cargo": [
                                     {"id": "c5", "type": "infantry"}]}]}]}]}]),
                       f"cargo nested more than {MAX_CARGO_DEPTH} deep"),
    "a-list": (b"[1, 2]", "expected an object"),
}


@pytest.mark.parametrize("name", list(HOSTILE_BATTLES))
def test_a_hostile_battle_is_one_message_and_a_batch_goes_on(monkeypatch, capsys, name: str) -> None:
    data, words = HOSTILE_BATTLES[name]
    code, out, err = _run(monkeypatch, capsys, ["battle"], data)
    assert code == 2 and out == "" and words in err, err
    assert len(err.splitlines()) == 1
    good = json.dumps(GOOD_BATTLE).encode()
    code, out, err = _run(monkeypatch, capsys, ["battle", "--batch"], good + b"\n" + data + b"\n" + good + b"\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == 3, out
    assert lines[0]["winner"] == lines[2]["winner"] == "attacker"
    assert lines[1]["error"].startswith("stdin line 2") and words in lines[1]["error"], lines[1]


HOSTILE_PHASES = {
    "not-utf8": (json.dumps(GOOD_PHASE).encode().replace(b'"PAR"', b'"P\xffR"', 1), "not UTF-8"),
    "deep": (DEEP, "nested more than"),
    "loc-a-list": (_with(GOOD_PHASE, "before.units.0.loc", ["PAR"]), "before.units[0].loc"),
    "order-a-list": (_with(GOOD_PHASE, "orders.FRANCE", [["A PAR - BUR"]]), "orders"),
    "map-a-number": (_with(GOOD_PHASE, "map", 7), "map"),
    "map-dev-zero": (_with(GOOD_PHASE, "map", "/dev/zero"), "map"),
    "map-dev-zero-tmx": (_with(GOOD_PHASE, "map", "/dev/zero.tmx"), "outside"),
    "map-with-nul": (_with(GOOD_PHASE, "map", "a\u0000.tmx"), "control characters"),
    "map-outside": (_with(GOOD_PHASE, "map", "/etc/passwd.tmx"), "outside"),
    "order-too-long": (_with(GOOD_PHASE, "orders.FRANCE", ["A PAR - " + "B" * MAX_ORDER_CHARS]), "orders"),
    "too-many-units": (_with(GOOD_PHASE, "before.units",
                             [{"power": "FRANCE", "type": "A", "loc": "PAR"}] * (MAX_UNITS + 1)), "before.units"),
}


@pytest.mark.parametrize("name", list(HOSTILE_PHASES))
def test_a_hostile_phase_is_one_message_and_a_batch_goes_on(monkeypatch, capsys, name: str) -> None:
    data, words = HOSTILE_PHASES[name]
    code, out, err = _run(monkeypatch, capsys, ["adjudicate"], data)
    assert code == 2 and out == "" and words in err, err
    good = json.dumps(GOOD_PHASE).encode()
    code, out, err = _run(monkeypatch, capsys, ["adjudicate", "--batch"], good + b"\n" + data + b"\n" + good + b"\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == 3, out
    assert "error" not in lines[0] and "error" not in lines[2]
    assert lines[1]["error"].startswith("line 2") and words in lines[1]["error"], lines[1]


@pytest.mark.parametrize("command", ["battle", "adjudicate"])
def test_a_line_beyond_the_limit_costs_one_error_line(monkeypatch, capsys, command: str) -> None:
    good = json.dumps(GOOD_BATTLE if command == "battle" else GOOD_PHASE).encode()
    long = b'{"id": "' + b"x" * (MAX_JSON_LINE_BYTES + 10) + b'"}'
    code, out, err = _run(monkeypatch, capsys, [command, "--batch"], good + b"\n" + long + b"\n" + good + b"\n")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 1 and len(lines) == 3 and "longer than" in lines[1]["error"] and "error" not in lines[2]


@pytest.mark.parametrize("command", ["battle", "adjudicate"])
def test_dev_zero_and_a_fifo_are_refused_unread(monkeypatch, capsys, tmp_path: Path, command: str) -> None:
    code, out, err = _run(monkeypatch, capsys, [command, "/dev/zero"])
    assert code == 2 and "not a regular file" in err
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    finished = threading.Event()

    def give_up() -> None:  # should the command wait for a writer, open the pipe's other end to end the wait
        if not finished.wait(20):
            with open(fifo, "wb"):
                pass

    threading.Thread(target=give_up, daemon=True).start()
    code, out, err = _run(monkeypatch, capsys, [command, "--batch", str(fifo)])
    finished.set()
    assert code == 2 and "not a regular file" in err


def test_the_diplomacy_map_may_be_a_tmx_inside_the_shipped_maps_or_standard(monkeypatch, capsys) -> None:
    from kriegsspiel.data import maps_folder

    shipped = str(maps_folder() / "diplomacy-standard.tmx")
    code, out, err = _run(monkeypatch, capsys, ["adjudicate"], _with(GOOD_PHASE, "map", shipped))
    assert code == 0, err
    assert json.loads(out)["results"]["A PAR"] == ["bounced"]
    monkeypatch.setenv("KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS", "1")  # the umpire lifts the rule: still a regular file
    code, out, err = _run(monkeypatch, capsys, ["adjudicate"], _with(GOOD_PHASE, "map", "/dev/zero.tmx"))
    assert code == 2 and "no such file" in err


def test_the_nesting_count_skips_brackets_in_strings() -> None:
    assert json_nesting(b'{"a": "[[[[[[", "b": [[1], {"c": [2]}]}') == 4
    assert json_nesting(b'"\\"[[["') == 0 and json_nesting(b"") == 0


def test_an_order_count_of_thousands_of_digits_is_refused_in_words(tmp_path: Path, monkeypatch, capsys) -> None:
    from kriegsspiel.data import scenarios_folder

    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    lines = [f"NORD: research {'9' * 5000}", f"NORD: buy {'9' * 5000} infantry", "NORD: buy 2 infantry", "quit"]
    code, out, err = _run(monkeypatch, capsys, ["shell", str(scenarios_folder() / "unit-profiles-borderlands.toml"),
                                                 "--save", str(tmp_path / "g.kssave")],
                          "\n".join(lines).encode() + b"\n")
    assert code == 0 and out.count("refused: ") == 2 and "write it as 'buy [N] TYPE'" in out, out[-500:]
