"""``kriegsspiel shell`` as a process on the shipped demo: the manual's prompt on a pipe, stray bytes survived,
and the save it writes verifies."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def _shell(repo: Path, save: Path, script: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "kriegsspiel", "shell", str(repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml"), "--save", str(save)],
        input=script, capture_output=True, timeout=120,
    )


def test_a_piped_session_on_the_demo(repo: Path, tmp_path: Path) -> None:
    if not (repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml").exists():
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
    assert "intact and written on this machine: 3 records" in verify.stdout


def test_the_shell_writes_every_players_picture_when_a_round_ends(repo: Path, tmp_path: Path) -> None:
    if not (repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml").exists():
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


def test_the_example_in_docs_shell_md_is_what_the_shell_prints(repo: Path, tmp_path: Path) -> None:
    """The manual's transcript is run as written: a change of wording in the rules core shows up here."""
    import re

    doc = repo / "docs" / "shell.md"
    if not doc.exists() or not (repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml").exists():
        pytest.skip("the docs or the demo scenario are not there")
    block = re.search(r"```\n\$ printf '([^']*)' \\\n\s*\| kriegsspiel shell demo --save (\S+)\n(.*?)```",
                      doc.read_text(encoding="utf-8"), re.S)
    assert block, "the example session of docs/shell.md is not where this test looks for it"
    script, save_name, expected = block.group(1).replace("\\n", "\n"), block.group(2), block.group(3)
    save = tmp_path / save_name
    # run as written: the shipped scenario by its name, from a folder that holds no file of that name
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", "demo", "--save", str(save)], cwd=tmp_path,
                          input=script.encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.decode("utf-8").replace(str(save), save_name)
    assert [line.rstrip() for line in printed.splitlines()] == expected.rstrip("\n").splitlines()
