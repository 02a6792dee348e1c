"""Kill the Umpire shell with SIGKILL at random points: every command whose result was printed is in the save.

The shell runs as a real subprocess (the scenario's map and rule set are the tests' fakes, patched in by a
small launcher). Commands are fed one by one; the process is killed at a random moment (before, during or
after a command), its output read to the end, and the save reopened by the next session, which continues it.
"""
from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kriegsspiel.store import read_save
from kriegsspiel.store import verify_save
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")

TESTS = Path(__file__).resolve().parent
LAUNCHER = (
    "import sys\n"
    f"sys.path.insert(0, {str(TESTS)!r})\n"
    "import kriegsspiel.scenario.load as load\n"
    "from test_scenario_support import fake_map_loader, fake_ruleset\n"
    "load.default_map_loader = fake_map_loader\n"
    "load.default_ruleset_loader = fake_ruleset\n"
    "from kriegsspiel.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
ECHO = re.compile(r"^\d+ ~ \d+ \S+ % (.+)$")


def _start(args: list[str], real: bool = False) -> subprocess.Popen[bytes]:
    """A shell process: ``real`` runs ``python -m kriegsspiel`` itself, else the launcher with the fakes."""
    program = ["-m", "kriegsspiel"] if real else ["-c", LAUNCHER]
    return subprocess.Popen([sys.executable, *program, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)


def _read_until_prompt(process: subprocess.Popen[bytes], buffer: bytearray, timeout: float = 20.0) -> None:
    """Read stdout until a new prompt (``% ``) ends it, i.e. the shell waits for the next line."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    start = len(buffer)
    while len(buffer) == start or not buffer.endswith(b"% "):
        if time.monotonic() > deadline:
            raise AssertionError(f"no prompt; output so far: {bytes(buffer)[-500:]!r}")
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            raise AssertionError(f"the shell ended: {bytes(buffer)[-500:]!r} {process.stderr.read()!r}")
        buffer += chunk


def _printed_commands(output: bytes) -> list[str]:
    """The commands whose result the shell printed: their echo and reply are written together, after the
    journal record is on disk."""
    printed = []
    lines = output.decode("utf-8", "replace").split("\n")
    finished = lines[:-1]  # the last piece has no newline: not a finished line
    for index, line in enumerate(finished):
        match = ECHO.match(line)
        # a result counts as printed when a whole line of reply follows the echoed command
        if match and index + 1 < len(finished) and match.group(1) != "quit":
            assert not finished[index + 1].startswith(("refused", "error")), finished[index + 1]
            printed.append(match.group(1))
    return printed


def _crash_sessions(tmp_path: Path, scenario: Path, recipient: str, real: bool, seed: int, sessions: int) -> Path:
    """Run ``sessions`` shells one after the other on one save, each killed at a random point; check after
    each kill that every printed result is in the save. Returns the save."""
    rng = random.Random(seed)
    save = tmp_path / "crash.kssave"
    counter = 0
    printed_all: list[str] = []
    for session in range(sessions):
        args = ["shell", str(scenario), "--save", str(save)] if session == 0 else ["shell", str(save)]
        process = _start(args, real)
        output = bytearray()
        _read_until_prompt(process, output)
        kill_after = rng.randint(1, 12)
        for sent in range(kill_after):
            counter += 1
            command = "turn" if counter % 4 == 0 else f"message {recipient} report {counter}"
            assert process.stdin is not None
            process.stdin.write((command + "\n").encode())
            if sent == kill_after - 1:
                # the last command: kill at a random moment while it is being carried out (or just after)
                time.sleep(rng.choice([0.0, 0.0005, 0.002, 0.01, 0.05]))
                break
            _read_until_prompt(process, output)
        process.send_signal(signal.SIGKILL)
        assert process.stdout is not None
        output += process.stdout.read()  # whatever reached the pipe before the kill
        process.wait()
        process.stdin.close()
        process.stderr.close()
        process.stdout.close()
        assert process.returncode == -signal.SIGKILL
        printed = _printed_commands(bytes(output))
        printed_all += printed
        journal = [r.command for r in read_save(save).records]
        # every printed result is on disk, in order; at most the one command in flight is on disk unprinted
        assert journal[: len(printed_all)] == printed_all, (session, printed_all[-3:], journal[-3:])
        assert len(journal) - len(printed_all) in (0, 1)
        printed_all = journal  # the unprinted command in flight (if it made it) is history now
    assert len(read_save(save).records) >= sessions
    return save


def test_sigkill_at_random_points_loses_nothing_that_was_printed(tmp_path: Path) -> None:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2"))
    save = _crash_sessions(tmp_path, scenario, "Washington", real=False, seed=20261122, sessions=8)
    verdict = verify_save(save, map_loader=fake_map_loader, ruleset_loader=fake_ruleset)
    assert verdict.intact, verdict.describe()


def test_sigkill_on_the_demo_with_the_real_shell(repo: Path, tmp_path: Path) -> None:
    save = _crash_sessions(tmp_path, repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml", "Howe", real=True, seed=1777, sessions=4)
    verdict = verify_save(save)
    assert verdict.intact, verdict.describe()


def test_a_killed_shell_restarts_and_says_nothing_was_lost(tmp_path: Path) -> None:
    scenario = write_scenario(tmp_path)
    save = tmp_path / "s.kssave"
    process = _start(["shell", str(scenario), "--save", str(save)])
    output = bytearray()
    _read_until_prompt(process, output)
    assert process.stdin is not None
    process.stdin.write(b"move va1 > 4.5,1.5\n")
    _read_until_prompt(process, output)
    process.send_signal(signal.SIGKILL)
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        stream.close()
    resumed = subprocess.run([sys.executable, "-c", LAUNCHER, "shell", str(save)], input=b"quit\n",
                             capture_output=True, timeout=60)
    assert resumed.returncode == 0, resumed.stderr
    assert b"(1 record)" in resumed.stdout  # not "1 records" (issue 16, item 10)
