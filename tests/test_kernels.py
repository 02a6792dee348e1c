"""The C kernels in CI: both are the compiled ones when KRIEGSSPIEL_REQUIRE_KERNELS=1 (CI sets it, .ci/run), a
broken build fails that check, and the kernels give the references' answers on random cases.

The kernels stay optional for users: without the variable a missing kernel only skips what needs it, and the
program runs on the Python references (tests/test_movement_properties.py: the fallback).
"""
from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kernel_support import REQUIRED, kernel_missing
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.movement import _field as movement_field
from kriegsspiel.core.movement import _reference as movement_reference
from kriegsspiel.core.sight import _line as sight_line

EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def kernels_in_use() -> dict[str, str]:
    """Which implementation each kernel runs on: "c" (a compiled extension module) or "python"."""
    lattice = movement_field._kernel
    sight = sight_line._kernel
    return {
        "movement": "c" if str(getattr(lattice, "__file__", "")).endswith(EXTENSIONS) else "python",
        "sight": "c" if sight is not None and str(getattr(sight, "__file__", "")).endswith(EXTENSIONS) else "python",
    }


def test_both_kernels_are_the_c_ones_where_ci_requires_them() -> None:
    if not REQUIRED:
        pytest.skip("KRIEGSSPIEL_REQUIRE_KERNELS is not 1: the Python references may stand in (CI sets it)")
    assert kernels_in_use() == {"movement": "c", "sight": "c"}
    # and the packages' own word on it (what `kriegsspiel --version` reports)
    from kriegsspiel.core.movement import movement_kernel
    from kriegsspiel.core.sight import sight_kernel

    assert (movement_kernel(), sight_kernel()) == ("c", "c")


_BLOCK = """
import sys
class Unbuilt:
    def find_spec(self, name, path=None, target=None):
        if name in ("kriegsspiel.core.movement._lattice", "kriegsspiel.core.sight._sight"):
            raise ImportError(f"{name} (a build without the kernels)")
        return None
sys.meta_path.insert(0, Unbuilt())
import pytest
sys.exit(pytest.main(["-rfs", "-p", "no:cacheprovider", sys.argv[1]]))
"""


@pytest.mark.parametrize("require, fails", [("1", True), ("", False)])
def test_a_build_without_the_kernels_fails_ci_and_only_ci(require: str, fails: bool) -> None:
    """The check above, run where importing the kernels fails (a broken build): it fails under CI's variable,
    and skips without it (the program itself falls back on the references)."""
    repo = Path(__file__).resolve().parent.parent
    env = dict(os.environ, KRIEGSSPIEL_REQUIRE_KERNELS=require, PYTHONPATH=os.pathsep.join([str(repo), str(repo / "tests")]))
    run = subprocess.run([sys.executable, "-c", _BLOCK, f"{Path(__file__)}::test_both_kernels_are_the_c_ones_where_ci_requires_them"],
                         capture_output=True, text=True, env=env, cwd=repo, timeout=120)
    assert (run.returncode != 0) is fails, run.stdout + run.stderr
    if fails:
        assert "FAILED" in run.stdout and "'movement': 'python'" in run.stdout, run.stdout
    else:
        assert "SKIPPED" in run.stdout and "KRIEGSSPIEL_REQUIRE_KERNELS is not 1" in run.stdout, run.stdout


def _random_speeds(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    speeds = rng.choice(np.array([0.25, 0.5, 0.75, 1.0, 1.25]), size=(rows, cols))
    speeds[rng.random((rows, cols)) < 0.15] = 0.0
    return np.ascontiguousarray(speeds)


def test_the_lattice_kernel_gives_the_references_answers_on_random_cases() -> None:
    """200 random terrains, origins and limits (fixed seed): the same reachable cells, costs to 1e-9, the
    same number of cells settled; and the same segment costs."""
    if movement_field.KERNEL != "c":
        kernel_missing("the lattice kernel")
    c, ref = movement_field._kernel, movement_reference
    rng = np.random.default_rng(2026)
    for _ in range(200):
        rows, cols = int(rng.integers(3, 16)), int(rng.integers(3, 16))
        speeds = _random_speeds(rng, rows, cols)
        cell = float(rng.choice([1.0, 0.5, 25.0]))
        ox, oy = rng.random() * cols * cell, rng.random() * rows * cell
        limit = float(rng.random() * 12.0 * cell)
        out = [(np.empty((rows, cols)), np.empty((rows, cols), np.int32)) for _ in range(2)]
        n_c = c.cost_field(speeds, cell, ox, oy, limit, 0, 0, *out[0])
        n_r = ref.cost_field(speeds, cell, ox, oy, limit, 0, 0, *out[1])
        assert n_c == n_r
        assert np.array_equal(np.isinf(out[0][0]), np.isinf(out[1][0]))
        finite = np.isfinite(out[0][0])
        assert np.allclose(out[0][0][finite], out[1][0][finite], rtol=1e-9, atol=0.0)
        bx, by = rng.random() * cols * cell, rng.random() * rows * cell
        a, b = c.segment_cost(speeds, cell, ox, oy, bx, by), ref.segment_cost(speeds, cell, ox, oy, bx, by)
        assert a == b or abs(a - b) <= 1e-9 * max(1.0, b)


def test_the_sight_kernel_gives_the_references_answers_on_random_cases() -> None:
    """200 random height maps, observers, ranges and eye heights (fixed seed): the same visible cells."""
    if sight_line._kernel is None:
        kernel_missing("the line-of-sight kernel")
    from kriegsspiel.core.sight import SightTerrain, viewshed_on, viewshed_reference

    rng = np.random.default_rng(1760)
    for _ in range(200):
        rows, cols = int(rng.integers(1, 20)), int(rng.integers(1, 20))
        cell = float(rng.choice([1.0, 0.25, 50.0]))
        ground = rng.integers(0, 4, (rows, cols)).astype(np.float64)
        surface = ground + np.where(rng.random((rows, cols)) < 0.3, 1.0, 0.0)
        terrain = SightTerrain(cell, np.ascontiguousarray(ground), np.ascontiguousarray(surface),
                               rng.random((rows, cols)) < 0.95)
        at = WorldPoint(rng.random() * cols * cell, rng.random() * rows * cell)
        sight_range, eye = float(rng.random() * 25.0 * cell), float(rng.choice([0.0, 0.5, 2.5]))
        fast, slow = viewshed_on(terrain, at, sight_range, eye), viewshed_reference(terrain, at, sight_range, eye)
        assert (fast.row0, fast.col0) == (slow.row0, slow.col0)
        assert np.array_equal(fast.mask, slow.mask)
