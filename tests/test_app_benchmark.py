"""The frame benchmark case runs end to end (no timing asserted: speed is judged by ``python -m benchmarks``)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_frame_cases_run_and_report() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--only", "frame", "--repeats", "1", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) == {"frame.drag-1920x1080-500", "frame.pickup"}
    for figures in report.values():
        assert figures["project_seconds"] > 0.0 and figures["reference_seconds"] > 0.0
    assert report["frame.drag-1920x1080-500"]["extra"]["counter_px"] >= 30
