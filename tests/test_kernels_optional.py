"""The C kernels are optional (issue 16, item 1): without a compiler the install succeeds, the Python
references answer, the command line says once that the fast kernels are missing, and ``--version`` and the
benchmarks name the kernels in use."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Run the command line in a child where importing the two C kernels fails, as on a machine that never built them.
_WITHOUT_KERNELS = """
import sys
class _NoKernels:
    def find_spec(self, name, path=None, target=None):
        if name in ("kriegsspiel.core.movement._lattice", "kriegsspiel.core.sight._sight"):
            raise ImportError("not built")
        return None
sys.meta_path.insert(0, _NoKernels())
from kriegsspiel.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _run(*args: str, kernels: bool) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    code = _WITHOUT_KERNELS if not kernels else "import sys\nfrom kriegsspiel.cli import main\nsys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def test_without_the_kernels_measure_works_and_says_so_once() -> None:
    done = _run("measure", "kriegsspiel/data/maps/brandywine.tmx", "--unit", "infantry", "--from", "2,2", "--to", "8,5", "--json", kernels=False)
    assert done.returncode == 0, done.stderr
    assert '"legal": true' in done.stdout
    assert done.stderr.count("fast C kernels for movement and sight are not built") == 1
    assert "C compiler" in done.stderr and "pip install" in done.stderr  # and how to get them


def test_with_the_kernels_nothing_is_said() -> None:
    done = _run("measure", "kriegsspiel/data/maps/brandywine.tmx", "--unit", "infantry", "--from", "2,2", "--to", "8,5", kernels=True)
    assert done.returncode == 0, done.stderr
    assert "kernels" not in done.stderr


def test_version_names_the_kernels_in_use() -> None:
    slow = _run("--version", kernels=False)
    fast = _run("--version", kernels=True)
    assert slow.returncode == fast.returncode == 0
    assert slow.stdout.startswith("kriegsspiel ") and "movement Python (slow), sight Python (slow)" in slow.stdout
    assert "movement C, sight C" in fast.stdout


def test_the_benchmarks_say_which_kernels_were_timed() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--only", "movement.reachable-128", "--repeats", "1"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "kernels: movement C, sight C"


def test_the_build_succeeds_when_the_compiler_fails(tmp_path: Path) -> None:
    """setup.py with a compiler that always fails (CC=/bin/false): the build ends well and builds no kernel."""
    copy = tmp_path / "src"
    (copy / "kriegsspiel" / "core").mkdir(parents=True)
    shutil.copy(REPO / "setup.py", copy / "setup.py")
    for folder, name in (("movement", "_lattice.c"), ("sight", "_sight.c")):
        (copy / "kriegsspiel" / "core" / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "kriegsspiel" / "core" / folder / name, copy / "kriegsspiel" / "core" / folder / name)
    out = tmp_path / "out"
    env = {**os.environ, "CC": "/bin/false", "LDSHARED": "/bin/false"}
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(out), "--build-temp", str(tmp_path / "t")],
                          cwd=copy, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "_lattice" in done.stderr and "failed" in done.stderr  # it tried, and said so
    assert not list(out.rglob("*.so")) and not list(out.rglob("*.pyd"))
