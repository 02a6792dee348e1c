"""Whole games in and out (docs/diplomacy.md, "Whole games in and out"): ``kriegsspiel replay SAVE --phases``
writes one phase a line of the interchange format; ``kriegsspiel import-phases FILE --save SAVE`` builds a save
from them, checking each phase against our adjudication. A played game exported, imported and exported again
is byte-identical; the first line that differs is named. Everything through the real command line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(REPO)}

# A year of Diplomacy touching every kind of phase: supports and a convoy, a dislodgement and two retreats, a
# build and an ordered disband, then a spring where nobody orders.
DIPLOMACY = """\
FRANCE: A PAR - PIC; A MAR - GAS
GERMANY: A MUN - BUR
ENGLAND: F LON - NTH; A LVP - YOR
ITALY: A VEN - TYR; A ROM - VEN
confirm
FRANCE: A PIC - BUR; A GAS S A PIC - BUR
ENGLAND: F NTH C A YOR - NWY; A YOR - NWY
ITALY: A VEN - TRI; A TYR S A VEN - TRI
AUSTRIA: F TRI H
confirm
AUSTRIA: F TRI R ALB
GERMANY: A BUR R RUH
confirm
AUSTRIA: F ALB D
ITALY: A ROM B
ENGLAND: F LON B
confirm
confirm
"""
# Air Power Diplomacy: a wing supports its army's move, another raids.
AIR_POWER = """\
FRANCE: A PAR - BUR; W PAR S A PAR - BUR
GERMANY: A MUN - BUR; W BER RAID MUN
confirm
confirm
"""


def _kriegsspiel(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", *args], input=stdin, capture_output=True, text=True,
                          timeout=180, cwd=cwd, env=ENV)


def _played(tmp_path: Path, scenario: str, script: str) -> Path:
    save = tmp_path / "played.kssave"
    done = _kriegsspiel(["shell", scenario, "--save", str(save)], tmp_path, script)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "refused" not in done.stdout, done.stdout
    return save


@pytest.mark.parametrize(("scenario", "script", "phases"), [
    ("diplomacy-1901", DIPLOMACY, ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]),
    ("air-power-1901", AIR_POWER, ["S1901M", "F1901M"]),
])
def test_a_played_game_round_trips_byte_identical(tmp_path: Path, scenario: str, script: str, phases: list) -> None:
    save = _played(tmp_path, scenario, script)
    exported = _kriegsspiel(["replay", str(save), "--phases"], tmp_path)
    assert exported.returncode == 0, exported.stderr
    lines = [json.loads(x) for x in exported.stdout.splitlines()]
    assert [x["phase"] for x in lines] == phases, "one line per confirmed phase, nothing else on stdout"
    first = tmp_path / "first.jsonl"
    first.write_text(exported.stdout, encoding="utf-8")

    imported = _kriegsspiel(["import-phases", str(first), "--save", str(tmp_path / "again.kssave")], tmp_path)
    assert imported.returncode == 0, imported.stderr
    assert f"{len(phases)} phases imported" in imported.stdout
    assert _kriegsspiel(["verify", str(tmp_path / "again.kssave")], tmp_path).returncode == 0
    again = _kriegsspiel(["replay", str(tmp_path / "again.kssave"), "--phases"], tmp_path)
    assert again.returncode == 0 and again.stdout == exported.stdout, "exported, imported, exported: byte-identical"

    # every line is an input of adjudicate, whose output is the line's results and next phase
    batch = _kriegsspiel(["adjudicate", "--batch"], tmp_path, exported.stdout)
    assert batch.returncode == 0, batch.stderr
    for line, out in zip(lines, (json.loads(x) for x in batch.stdout.splitlines())):
        assert out["results"] == line["results"] and out["phase"] == line["after"]["phase"]
        assert out["units"] == line["after"]["units"] and out["centers"] == line["after"]["centers"]


def test_the_lines_say_what_the_format_says(tmp_path: Path) -> None:
    save = _played(tmp_path, "diplomacy-1901", DIPLOMACY)
    lines = [json.loads(x) for x in _kriegsspiel(["replay", str(save), "--phases"], tmp_path).stdout.splitlines()]
    fall, retreats, winter = lines[1], lines[2], lines[3]
    assert fall["map"] == "standard" and fall["phase_type"] == "M"
    assert fall["results"]["F TRI"] == ["succeeded", "dislodged"] and fall["results"]["F NTH"] == ["succeeded"]
    assert {"power": "AUSTRIA", "type": "F", "loc": "TRI", "retreats": ["ADR", "ALB"]} in fall["after"]["dislodged"]
    assert retreats["before"]["dislodged"] == fall["after"]["dislodged"]
    assert retreats["results"] == {"F TRI": ["succeeded"], "A BUR": ["succeeded"]}
    assert winter["orders"] == {"AUSTRIA": ["F ALB D"], "ENGLAND": ["F LON B"], "ITALY": ["A ROM B"]}
    assert winter["results"]["F ALB"] == ["succeeded"], "an ordered disband succeeds"
    assert winter["after"]["phase"] == "S1902M" and "NWY" in winter["before"]["centers"]["ENGLAND"]


def test_the_first_line_that_differs_is_named(tmp_path: Path) -> None:
    save = _played(tmp_path, "diplomacy-1901", DIPLOMACY)
    lines = [json.loads(x) for x in _kriegsspiel(["replay", str(save), "--phases"], tmp_path).stdout.splitlines()]
    lines[1]["results"]["A TYR"] = ["cut"]  # another tool's opinion of the fall
    lines[3]["results"]["F ALB"] = ["void"]
    changed = tmp_path / "changed.jsonl"
    changed.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    target = tmp_path / "changed.kssave"
    done = _kriegsspiel(["import-phases", str(changed), "--save", str(target)], tmp_path)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "changed.jsonl: line 2 (F1901M): differs from our adjudication at results.A TYR" in done.stderr
    assert 'the file has ["cut"], ours ["succeeded"]' in done.stderr and "holds the 1 phase before it" in done.stderr
    kept = _kriegsspiel(["replay", str(target), "--json"], tmp_path)
    assert json.loads(kept.stdout)["phase"] == "F1901M"


@pytest.mark.parametrize(("text", "message"), [
    ("", "holds no phase"),
    ("{not json\n", "line 1: not JSON"),
    ("\n[1, 2]\n", "line 2: a phase line is a JSON object"),
    ('{"phase": "S1901M"}\n', "line 1: 'before' must be an object"),
    ('{"phase": "S1901M", "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "ATLANTIS"}]}}\n',
     "ATLANTIS"),
    ("[" * 100_000 + "\n", "line 1: nested more than 64 deep"),
    ('{"phase": "S1901M"}' + " " * 1_100_000 + "\n", "line 1: longer than 1,048,576 bytes"),
])
def test_a_bad_file_is_one_line_and_leaves_nothing(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text, encoding="utf-8")
    done = _kriegsspiel(["import-phases", str(bad), "--save", str(tmp_path / "x.kssave")], tmp_path)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]


def test_phases_of_a_game_without_phase_lines_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "demo.kssave"
    assert _kriegsspiel(["new", "demo", "--save", str(save)], tmp_path).returncode == 0
    done = _kriegsspiel(["replay", str(save), "--phases"], tmp_path)
    assert done.returncode == 2 and "--phases: not an area game" in done.stderr and done.stdout == ""


def test_an_order_line_cannot_smuggle_in_other_commands(tmp_path: Path) -> None:
    """A file's power or order is one power's one order: never a second order (';'), a withdrawal or a confirm."""
    save = _played(tmp_path, "diplomacy-1901", DIPLOMACY)
    first = json.loads(_kriegsspiel(["replay", str(save), "--phases"], tmp_path).stdout.splitlines()[0])
    first["orders"]["FRANCE"].append("A BRE - PIC; A PAR - GAS")
    del first["results"], first["after"]
    hostile = tmp_path / "hostile.jsonl"
    hostile.write_text(json.dumps(first) + "\n", encoding="utf-8")
    done = _kriegsspiel(["import-phases", str(hostile), "--save", str(tmp_path / "h.kssave")], tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("not one power's single order") == 1
    line = json.loads(_kriegsspiel(["replay", str(tmp_path / "h.kssave"), "--phases"], tmp_path).stdout)
    assert line["orders"]["FRANCE"] == ["A PAR - PIC", "A MAR - GAS"]

    first["orders"]["WITHDRAW FRANCE"] = ["A PAR - PIC"]
    hostile.write_text(json.dumps(first) + "\n", encoding="utf-8")
    done = _kriegsspiel(["import-phases", str(hostile), "--save", str(tmp_path / "w.kssave")], tmp_path)
    assert done.returncode == 2 and "hostile.jsonl: line 1: orders: unknown power WITHDRAW FRANCE" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_save_of_before_the_format_words_verifies_and_exports_them(tmp_path: Path) -> None:
    """The journal's lines keep the words saves were written with (an ordered disband `disbanded`, a convoy the
    army did not use `succeeded` or `void`, a support against one's own unit `succeeded`), so a save of before
    still replays; its phase lines give the format's words."""
    import shutil

    shutil.copytree(REPO / "tests" / "fixtures" / "saves" / "diplomacy-before-words", tmp_path / "old")
    save = tmp_path / "old" / "before-words.kssave"
    lines = [line for record in _records(save) for line in record]
    for said in ("ENGLAND: F NTH C A YOR - NWY: succeeded, dislodged", "ENGLAND: F NWG C A YOR - NWY: void",
                 "FRANCE: A BUR S A PIE - MAR: succeeded", "AUSTRIA: F ADR D: disbanded",
                 "GERMANY: F NTH (no order): succeeded"):  # the unit that took NTH, as the retreat phase told it then
        assert said in lines
    verified = _kriegsspiel(["verify", str(save)], tmp_path)
    assert verified.returncode == 0 and "intact" in verified.stdout, verified.stdout + verified.stderr
    exported = _kriegsspiel(["replay", str(save), "--phases"], tmp_path)
    assert exported.returncode == 0, exported.stderr
    fall, winter = (json.loads(x) for x in exported.stdout.splitlines()[1::2])
    assert fall["results"]["F NTH"] == ["no_convoy", "dislodged"] and fall["results"]["F NWG"] == ["no_convoy"]
    assert fall["results"]["A BUR"] == ["void"] and fall["results"]["A YOR"] == ["disrupted"]
    assert winter["results"]["F ADR"] == ["succeeded"]


def _records(save: Path) -> list[list[str]]:
    """The lines of each phase event of a save, read as text (no program code in between)."""
    out = []
    for raw in save.read_text(encoding="utf-8").splitlines()[1:]:
        record = json.loads(raw)
        out += [event.get("lines", []) for event in record.get("events", []) if isinstance(event, dict)]
    return out
