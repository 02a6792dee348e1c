"""The layers of docs/design.md: the rules core loads neither pygame nor pytmx."""
from __future__ import annotations

import subprocess
import sys

CORE_MODULES = [
    "kriegsspiel.core",
    "kriegsspiel.core.geometry._plane",
    "kriegsspiel.core.battlefield._battlefield",
    "kriegsspiel.core.ruleset._model",
]


def test_importing_the_core_loads_neither_pygame_nor_pytmx() -> None:
    import pkgutil

    import kriegsspiel.core as core

    names = sorted({f"kriegsspiel.core.{m.name}" for m in pkgutil.iter_modules(core.__path__)} | set(CORE_MODULES))
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pytmx'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the core loaded {out.stdout.strip()}"
