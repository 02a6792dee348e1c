"""Which of the rules core's two C kernels are in use, and the one-line notice when one is missing.

The kernels (``_lattice``: movement, ``_sight``: line of sight) are optional: an install on a machine without a
C compiler gets the Python references, which give the same answers more slowly. The command line says so once
at start-up (:func:`missing_notice`); ``kriegsspiel --version`` and the benchmarks name the kernels in use.
"""
from __future__ import annotations

#: How to get the fast kernels, for the notice (the build needs only a C compiler and CPython's headers).
HOW_TO_BUILD = (
    "install a C compiler (Debian/Ubuntu: apt install build-essential python3-dev; macOS: xcode-select --install; "
    "Windows: the Visual Studio Build Tools), then install again as you did (from the source folder: pip install -e .)"
)


def kernels_in_use() -> dict[str, str]:
    """``{"movement": "c" | "python", "sight": "c" | "python"}``: the C kernel or its Python reference."""
    from kriegsspiel.core.movement import movement_kernel
    from kriegsspiel.core.sight import sight_kernel

    return {
        "movement": movement_kernel(),
        "sight": sight_kernel(),
    }


def describe_kernels() -> str:
    """One line such as ``kernels: movement C, sight C`` or ``kernels: movement Python (slow), sight C``."""
    parts = [f"{name} {'C' if kind == 'c' else 'Python (slow)'}" for name, kind in kernels_in_use().items()]
    return "kernels: " + ", ".join(parts)


def missing_notice() -> str | None:
    """The start-up notice when a C kernel is missing (None when both are built)."""
    missing = [name for name, kind in kernels_in_use().items() if kind != "c"]
    if not missing:
        return None
    return (
        f"note: the fast C kernels for {' and '.join(missing)} are not built; using the Python references "
        f"(same results, slower). To get them, {HOW_TO_BUILD}"
    )
