"""``kriegsspiel battle``: JSON in and out (docs/battle-json.md), --batch as JSON Lines with an error
line for a bad line, --odds, and one-line errors with exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from unit_profiles_helpers import battle, unit

REPO = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", "battle", *args], input=stdin, text=True,
                          capture_output=True, env=ENV, cwd=REPO, timeout=120)


SIMPLE = battle([unit("a", "infantry"), unit("art", "artillery")], [unit("d", "infantry")], [1, 12, 12], seed=4)


def test_one_battle_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text(json.dumps(SIMPLE), encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["id"] == "t" and out["winner"] == "attacker" and out["captured"] is True
    assert out["rounds"][0]["first_strike"]["attacker"]["casualties"] == ["d"]
    assert out["dice_used"] == 1
    assert set(out) == {"id", "pre_combat", "rounds", "winner", "captured", "rounds_fought", "survivors",
                        "retreated", "captured_units", "cargo_lost", "dice_used"}


def test_batch_one_line_per_line_errors_in_place() -> None:
    lines = [json.dumps(SIMPLE), "{not json", json.dumps({**SIMPLE, "id": "k", "switches": {"fog": True}}),
             json.dumps({**SIMPLE, "id": "z", "dice": [], "seed": None}), json.dumps({**SIMPLE, "id": "last"})]
    done = cli("--batch", stdin="\n".join(lines) + "\n")
    assert done.returncode == 1
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["winner"] == "attacker" and out[4]["id"] == "last" and "error" not in out[4]
    assert out[1]["error"].startswith("stdin line 2: not JSON")
    assert out[2] == {"id": "k", "error": "stdin line 3: switches.fog: unknown switch; switches: "
                      + ", ".join(sorted(["artillery_supports_paratroopers_attack", "reconnaissance_rerolls_any_die",
                                          "supply_rules", "amphibious_penalty", "home_guard", "first_strike_on_defense",
                                          "gun_director_penalty", "research"]))}
    assert out[3]["id"] == "z" and "dice" in out[3]["error"] and "seed" in out[3]["error"]


def test_batch_answers_each_line_before_the_next_arrives() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "kriegsspiel", "battle", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=ENV, cwd=REPO)
    try:
        assert proc.stdin and proc.stdout
        proc.stdin.write(json.dumps(SIMPLE) + "\n")
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())
        assert first["winner"] == "attacker"
        proc.stdin.write(json.dumps({**SIMPLE, "id": "second"}) + "\n")
        proc.stdin.close()
        assert json.loads(proc.stdout.readline())["id"] == "second"
    finally:
        proc.wait(timeout=60)


def test_odds_exact() -> None:
    done = cli("--odds", stdin=json.dumps(SIMPLE))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["exact"] is True and "battles" not in out and "stderr" not in out
    assert abs(sum(out["results"].values()) - 1.0) < 1e-5
    assert set(out) == {"id", "exact", "results", "captured", "rounds_mean", "survivors_mean", "cost_lost_mean"}


def test_odds_simulated_with_n() -> None:
    raw = {**SIMPLE, "defender": {"power": "D", "units": [unit("ac", "armored-car"), unit("d", "infantry")]},
           "switches": {"reconnaissance_rerolls_any_die": True}}
    done = cli("--odds", "50", stdin=json.dumps(raw))
    out = json.loads(done.stdout)
    assert out["exact"] is False and out["battles"] == 50 and set(out["stderr"]) == set(out["results"])


def test_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_text('{"id": 1,\n "place": ', encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 2 and done.stdout == ""
    # one line (a machine without the C kernels adds its start-up note, which is not about the input)
    said = [line for line in done.stderr.splitlines() if not line.startswith("kriegsspiel: note:")]
    assert len(said) == 1 and f"{path} line 2: not JSON" in said[0]
    bad = {**SIMPLE, "attacker": {"power": "A", "units": [unit("a", "infantri")]}}
    done = cli(stdin=json.dumps(bad))
    assert done.returncode == 2
    assert "attacker.units[0].type: unknown unit type 'infantri'; did you mean 'infantry'?" in done.stderr
    done = cli(str(tmp_path / "missing.json"))
    assert done.returncode == 2 and "no such file" in done.stderr


def test_the_command_is_listed() -> None:
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "--help"], text=True, capture_output=True, env=ENV)
    assert "battle" in done.stdout
