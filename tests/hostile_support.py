"""Running a kriegsspiel command as a hostile or unlucky user would meet it: in a child process under a 2 GiB
address-space limit and a time limit, optionally with a file-size limit standing in for a full disk (no
tests here)."""
from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

from test_crash_shell import LAUNCHER

LIMIT_AS = 2 * 1024 ** 3


def run_limited(args: list[str], *, stdin: bytes = b"", timeout: float = 60, file_size: int | None = None,
                fakes: bool = True, cwd: Path | None = None,
                config: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """``kriegsspiel ARGS`` in a child under RLIMIT_AS 2 GiB (and RLIMIT_FSIZE ``file_size``: writes past it
    fail with EFBIG, as on a full disk). ``fakes``: the tests' map and rule set loaders (test_crash_shell).
    ``config``: another config folder (another machine's journal key)."""

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT_AS, LIMIT_AS))
        if file_size is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

    program = ["-c", LAUNCHER] if fakes else ["-m", "kriegsspiel"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    if config is not None:
        env["KRIEGSSPIEL_CONFIG_DIR"] = str(config)
    return subprocess.run([sys.executable, *program, *args], input=stdin, capture_output=True, timeout=timeout,
                          preexec_fn=limits, cwd=cwd, env=env)


def assert_refused(result: subprocess.CompletedProcess[bytes], *words: str, code: int = 2) -> str:
    """The command ended with ``code``, no traceback, and its stderr holds every one of ``words``."""
    err = result.stderr.decode("utf-8", "replace")
    out = result.stdout.decode("utf-8", "replace")
    assert result.returncode == code, (result.returncode, err[-1500:], out[-1500:])
    assert "Traceback" not in err and "internal error" not in err + out, err[-1500:]
    for word in words:
        assert word in err + out, (word, err[-1500:], out[-800:])
    return err + out


def listing(folder: Path) -> dict[str, int]:
    """Every file under ``folder`` with its size (what was written, and where)."""
    return {str(p.relative_to(folder)): p.lstat().st_size for p in sorted(folder.rglob("*"))}
