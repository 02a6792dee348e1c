"""``kriegsspiel shell`` as a process on the shipped demo: the manual's prompt on a pipe, stray bytes survived,
and the save it writes verifies."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def _shell(repo: Path, save: Path, script: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "kriegsspiel", "shell", str(repo / "scenarios" / "demo.toml"), "--save", str(save)],
        input=script, capture_output=True, timeout=120,
    )


def test_a_piped_session_on_the_demo(repo: Path, tmp_path: Path) -> None:
    if not (repo / "scenarios" / "demo.toml").exists():
        pytest.skip("the demo scenario is not there")
    save = tmp_path / "demo.kssave"
    done = _shell(repo, save, b"move hessians > 24.5,60.5\nmessage Knyphausen caf\xe9 \xff\nmove hessians\nturn\n")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    assert "1 ~ 1 Crown % move hessians > 24.5,60.5\nhessians moved 18.5,60.5 > 24.5,60.5" in out
    assert "1 ~ 3 Crown % move hessians\nmove: expected one '>'\nsyntax: move UNIT > X,Y\n" in out
    assert out.endswith("1 ~ 4 Crown % turn\nCrown ends its turn; Rebel to move\n1 ~ 5 Rebel % \n")
    assert "Traceback" not in out
    verify = subprocess.run([sys.executable, "-m", "kriegsspiel", "verify", str(save)], capture_output=True, text=True)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "intact: 3 records" in verify.stdout


def test_the_shell_writes_every_players_picture_when_a_round_ends(repo: Path, tmp_path: Path) -> None:
    if not (repo / "scenarios" / "demo.toml").exists():
        pytest.skip("the demo scenario is not there")
    save = tmp_path / "demo.kssave"
    done = _shell(repo, save, b"turn\n")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "demo-pov").exists(), "half a round is not a round: no pictures yet"
    done = _shell(repo, save.with_name("two.kssave"), b"turn\nturn\n")
    assert done.returncode == 0, done.stderr
    pictures = sorted(p.name for p in (tmp_path / "two-pov" / "round-001").iterdir())
    assert pictures == ["Howe.png", "Knyphausen.png", "Sullivan.png", "Washington.png"]
    for name in pictures:
        assert (tmp_path / "two-pov" / "round-001" / name).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
