"""Whether the C kernels must be there: CI sets KRIEGSSPIEL_REQUIRE_KERNELS=1 (.ci/run), so a test that needs a
kernel fails there instead of skipping; elsewhere (an install without a compiler) it skips."""
from __future__ import annotations

import os

import pytest

#: CI's promise that both kernels were built (an install without a compiler runs the Python references)
REQUIRED = os.environ.get("KRIEGSSPIEL_REQUIRE_KERNELS") == "1"


def kernel_missing(what: str) -> None:
    """Skip the calling test because ``what`` is not built; fail it instead where the kernels are required."""
    message = f"{what} is not built"
    if REQUIRED:
        pytest.fail(f"{message}, and KRIEGSSPIEL_REQUIRE_KERNELS=1 requires it (run `python setup.py build_ext --inplace`)")
    pytest.skip(message)


def examples(with_kernels: int) -> int:
    """Hypothesis examples for a property of the movement search: ``with_kernels`` on the C kernels, a tenth
    (at least 5) on the Python references (``--python-kernels`` sets KRIEGSSPIEL_PYTHON_KERNELS=1), which are
    some fifty times slower: the same properties, fewer cases, so that CI runs them both ways."""
    if os.environ.get("KRIEGSSPIEL_PYTHON_KERNELS") == "1":
        return max(5, with_kernels // 10)
    return with_kernels
