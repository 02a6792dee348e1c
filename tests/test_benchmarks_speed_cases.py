"""The speed cases of issue 17 item 13 run end to end (no timing asserted: ``python -m benchmarks`` judges speed):
the fitted 2048 x 2048 frame with 2,000 counters and the point-to-point measure against MCP."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_fitted_frame_and_measure_cases_run_and_report() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "frame_fitted_2000", "--only", "movement.measure-20",
         "--repeats", "1", "--json"],
        cwd=REPO, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"frame_fitted_2000", "movement.measure-20"}
    frame = report["frame_fitted_2000"]
    assert frame["project_seconds"] > 0.0 and frame["reference_seconds"] > 0.0
    assert frame["extra"]["counters"] == 2000 and frame["extra"]["tiles"] == "2048x2048"
    refused, frames = (int(n) for n in frame["extra"]["refused"].split("/"))
    assert frames >= 30 and refused == frames  # every frame judged a refusal, as the case says
    measure = report["movement.measure-20"]
    assert measure["extra"]["targets"] == 8 and measure["extra"]["whole_field_ms"] > 0.0
    assert measure["project_seconds"] > 0.0
