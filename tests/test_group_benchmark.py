"""The group drag benchmark case runs end to end (no timing asserted: speed is judged by ``python -m benchmarks``)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_group_drag_case_runs_and_reports() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "group_drag_50", "--repeats", "1", "--json"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    figures = report["group_drag_50"]
    assert figures["project_seconds"] > 0.0 and figures["reference_seconds"] > 0.0
    assert figures["extra"]["group"] == 50 and figures["extra"]["pickup_ms"] > 0 and figures["extra"]["all_exact_ms"] > 0
