"""Build the two small C kernels of the rules core (lattice search and line of sight), when it can.

Everything else is declared in pyproject.toml. The kernels use only the Python C API and the
buffer protocol (no numpy headers), so they build wherever CPython and a C compiler are present.
Both are optional: without a compiler the install still succeeds and the program uses their Python
references (same answers, slower), saying so once at start-up (see kriegsspiel/kernels.py).
"""
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("kriegsspiel.core.movement._lattice", ["kriegsspiel/core/movement/_lattice.c"], extra_compile_args=["-O2"],
                  optional=True),
        Extension("kriegsspiel.core.sight._sight", ["kriegsspiel/core/sight/_sight.c"], extra_compile_args=["-O2"],
                  optional=True),
    ]
)
