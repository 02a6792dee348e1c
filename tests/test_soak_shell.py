"""A long session in the real shell process: 20,000 generated commands keep its memory flat, the save reopens
from its snapshots, and a SIGKILL at a random point loses nothing whose result was printed.

The shell runs as a child process (the tests' small map and rule set patched in by test_crash_shell's
launcher), under a 2 GiB address-space limit; its resident memory is read from /proc while it works. The save
goes to /dev/shm when there is one: an fsync per record on a CI disk would make this test about the disk.
"""
from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from kriegsspiel.core.commands import format_command, parse_command
from kriegsspiel.store import read_save
from test_crash_shell import ECHO, LAUNCHER
from test_scenario_support import GOOD_SCENARIO, write_scenario

pytestmark = [
    pytest.mark.skipif(not Path("/proc/self/status").exists() or not hasattr(signal, "SIGKILL"),
                       reason="reads memory from /proc (Linux) and kills with SIGKILL"),
]

COMMANDS = int(os.environ.get("KRIEGSSPIEL_SOAK_COMMANDS", "20000"))
LIMIT_AS = 2 * 1024 ** 3


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT_AS, LIMIT_AS))


def _commands(count: int, seed: int) -> list[str]:
    """A generated session: moves back and forth, messages, round ends, an undo and redo now and then."""
    rng = random.Random(seed)
    lines = []
    for n in range(count):
        kind = n % 8
        if kind == 7:
            lines.append("turn")
        elif kind == 3 and rng.random() < 0.3:
            lines.append(rng.choice(["undo", "redo"]))
        elif kind in (0, 4):
            side_unit = "va1" if (n // 8) % 2 == 0 else "gb1"
            lines.append(f"move {side_unit} > {rng.uniform(1.2, 6.8):.2f},{rng.uniform(1.2, 6.8):.2f}")
        else:
            lines.append(f"message {'Washington' if (n // 8) % 2 else 'Crown'} report {n}")
    return lines


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        with tempfile.TemporaryDirectory(dir=shm, prefix="kriegsspiel-soak-") as name:
            yield Path(name)
    else:
        yield tmp_path


@pytest.mark.slow
def test_a_long_session_keeps_its_memory_flat_and_a_kill_loses_nothing(folder: Path) -> None:
    scenario = write_scenario(folder, GOOD_SCENARIO.replace("rounds = 20", "rounds = 100000"))
    save = folder / "soak.kssave"
    script = _commands(COMMANDS, seed=15)
    # The session writes its commands from a thread-free pipe: all of them are fed at once through a file.
    feed = folder / "commands.txt"
    feed.write_text("\n".join(script) + "\n", encoding="utf-8")
    out = folder / "out.txt"
    with feed.open("rb") as stdin, out.open("wb") as stdout:
        process = subprocess.Popen([sys.executable, "-c", LAUNCHER, "shell", str(scenario), "--save", str(save)],
                                   stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, preexec_fn=_limits)
        samples: list[tuple[int, int]] = []  # (commands done, RSS KiB)
        deadline = time.monotonic() + 170
        while process.poll() is None:
            assert time.monotonic() < deadline, "the session took too long"
            time.sleep(0.25)
            done = out.read_bytes().count(b" % ")
            try:
                samples.append((done, _rss_kib(process.pid)))
            except (OSError, AssertionError):
                break
        _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr[-2000:]
    assert b"Traceback" not in stderr and b"internal error" not in out.read_bytes()
    loaded = read_save(save)
    assert len(loaded.records) > COMMANDS * 0.8 and loaded.snapshots
    # Flat in what the shell keeps per command: after a tenth of the session and at its end the process
    # differs by less than 1 KB a command (first ~1.15 MB a command of picture frames and whole game states,
    # 22 GB for this session; then ~2.2 KB a command of journal records kept for undo, redo and the journal's
    # listing, now read back from the save beyond a window: store/records.py). What remains, ~0.4 KB a
    # command here, is the game itself: the messages the state holds (~250 bytes each, 5 of 8 commands here;
    # shared between states, core/state/_log.py) and 16-32 bytes of offsets and seqs per record.
    early = [rss for done, rss in samples if COMMANDS * 0.1 <= done <= COMMANDS * 0.2]
    late = [rss for done, rss in samples if done >= COMMANDS * 0.9]
    assert early and late, samples[:5]
    growth_mib = (max(late) - min(early)) / 1024
    print(f"\nsoak: {COMMANDS} commands, RSS {min(early) / 1024:.0f} MiB at 10-20%, peak {max(late) / 1024:.0f} "
          f"MiB at 90-100%, growth {growth_mib:.1f} MiB; {len(loaded.records)} records, "
          f"{len(loaded.snapshots)} snapshots")
    assert growth_mib < COMMANDS * 1 / 1024, samples[-5:]

    # Killed at a random point of a continued session: every printed result is in the save.
    rng = random.Random(20261125)
    more = _commands(400, seed=16)
    process = subprocess.Popen([sys.executable, "-c", LAUNCHER, "shell", str(save)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0, preexec_fn=_limits)
    assert process.stdin is not None and process.stdout is not None
    started = time.monotonic()
    process.stdin.write(("\n".join(more) + "\n").encode())
    time.sleep(rng.uniform(0.5, 3.0))
    process.send_signal(signal.SIGKILL)
    output = process.stdout.read()
    process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        stream.close()
    acknowledged = _acknowledged(output)
    journal = [r.command for r in read_save(save).records]
    before = len(loaded.records)
    assert journal[:before] == [r.command for r in loaded.records]
    new = journal[before:]
    # every command whose acceptance was printed is on disk, in order; at most the one in flight besides
    assert new[: len(acknowledged)] == acknowledged, (acknowledged[-3:], new[-3:])
    assert len(new) - len(acknowledged) in (0, 1), time.monotonic() - started


def _acknowledged(output: bytes) -> list[str]:
    """The commands the shell printed as carried out (echo, then a whole reply line that is not a refusal),
    in the journal's words; refusals change nothing and are not journaled."""
    lines = output.decode("utf-8", "replace").split("\n")[:-1]  # the last piece is not a finished line
    done = []
    for index, line in enumerate(lines[:-1]):
        match = ECHO.match(line)
        if match and not lines[index + 1].startswith(("refused", "error", "unknown", "syntax")):
            done.append(format_command(parse_command(match.group(1))))  # the journal's canonical text
    return done
