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
