"""The benchmark harness runs: one tiny case end to end, so that it cannot rot (no timing is asserted)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run_benchmarks(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args], cwd=REPO, capture_output=True, text=True, timeout=300
    )


def test_one_case_runs_and_reports_json() -> None:
    done = run_benchmarks("--only", "movement.reachable-128", "--repeats", "1", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert list(report) == ["movement.reachable-128"]
    figures = report["movement.reachable-128"]
    assert figures["project_seconds"] > 0.0
    assert figures["goal"] and isinstance(figures["missed"], bool)
    assert figures["extra"]["reachable_cells"] > 0


def test_the_table_names_the_goal() -> None:
    done = run_benchmarks("--only", "movement.reachable-128", "--repeats", "1")
    assert done.returncode == 0, done.stderr
    assert "movement.reachable-128" in done.stdout and "goal:" in done.stdout


def test_an_unknown_case_is_refused_with_the_known_ones() -> None:
    done = run_benchmarks("--only", "no-such-case")
    assert done.returncode == 2
    assert "movement.reachable-128" in done.stderr
