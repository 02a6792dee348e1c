"""``kriegsspiel adjudicate`` through the real command line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", "adjudicate", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


SPRING = {
    "id": "s", "map": "standard", "phase": "S1901M", "phase_type": "M",
    "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"}, {"power": "FRANCE", "type": "F", "loc": "BRE"},
                         {"power": "GERMANY", "type": "A", "loc": "MUN"}],
               "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}},
    "orders": {"FRANCE": ["A PAR - BUR", "F BRE - PIC"], "GERMANY": ["A MUN - BUR"]},
}


def test_one_phase_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "phase.json"
    path.write_text(json.dumps(SPRING), encoding="utf-8")
    done = _run([str(path)])
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["phase"] == "F1901M"
    assert out["results"] == {"A PAR": ["bounced"], "F BRE": ["succeeded"], "A MUN": ["bounced"]}
    assert {"power": "FRANCE", "type": "F", "loc": "PIC"} in out["units"]


def test_bad_file_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = dict(SPRING, before={"units": [{"power": "FRANCE", "type": "A", "loc": "ATLANTIS"}]})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    done = _run([str(path)])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "bad.json" in done.stderr and "unknown province ATLANTIS" in done.stderr
    assert "Traceback" not in done.stderr
    missing = _run([str(tmp_path / "nope.json")])
    assert missing.returncode == 2 and "no such file" in missing.stderr


def test_strict_batch_keeps_order_and_goes_on_after_errors() -> None:
    lines = [
        json.dumps(SPRING),
        json.dumps(dict(SPRING, id="unknown", orders={"FRANCE": ["A PAR - XYZ"]})),
        "{not json",
        "",
        json.dumps(dict(SPRING, id="absent", orders={"FRANCE": ["A BUR - PAR"]})),
        json.dumps(dict(SPRING, id="malformed", orders={"FRANCE": ["A PAR BUR"]})),
        json.dumps(dict(SPRING, id="last", orders={})),
    ]
    done = _run(["--batch", "--strict"], "\n".join(lines) + "\n")
    assert done.returncode == 1
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in results] == ["s", "unknown", None, "absent", "malformed", "last"]
    assert results[0]["phase"] == "F1901M" and "error" not in results[0]
    assert results[1]["error"] == "line 2: order 'A PAR - XYZ': unknown province XYZ"
    assert results[2]["error"].startswith("line 3: not JSON")
    assert results[3]["error"] == "line 5: order 'A BUR - PAR': FRANCE has no unit in BUR"
    assert "line 6: order 'A PAR BUR'" in results[4]["error"]
    assert results[5]["results"] == {"A PAR": ["succeeded"], "F BRE": ["succeeded"], "A MUN": ["succeeded"]}
    assert len(done.stderr.strip().splitlines()) == 4


def test_batch_answers_each_line_before_the_next_arrives() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "kriegsspiel", "adjudicate", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        for ident in ("one", "two"):
            proc.stdin.write(json.dumps(dict(SPRING, id=ident)) + "\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["id"] == ident  # flushed per line: no deadlock
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        proc.kill()
        proc.wait()


def test_the_benchmark_case_runs() -> None:
    repo = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--only", "diplomacy.movement-34", "--repeats", "1",
                           "--json"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)["diplomacy.movement-34"]
    assert figures["extra"]["units"] == 34 and figures["project_seconds"] > 0.0
