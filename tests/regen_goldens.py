"""Regenerate the golden pictures: ``python -m tests.regen_goldens [NAME ...]`` from the repository root.

The only way golden files are written (tests compare, never write). Without names every golden picture is
drawn again; with names (``blue-hq.png``, ``small-fit.png``) only those. Look at every picture it lists before
committing it.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
_TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(_TESTS))  # the test modules import each other by their plain names, as under pytest


def main(argv: list[str]) -> int:
    import pygame

    from kriegsspiel.pov.png import png_bytes

    from test_pov import GOLDEN as POV_GOLDEN, GOLDEN_CASES, golden_picture
    from test_render import GOLDEN as APP_GOLDEN, SCREENSHOTS, golden_screenshot
    from test_unit_profiles_symbols import AREA_GOLDEN, AREA_GOLDENS, area_golden

    pygame.init()
    wanted = set(argv)
    known = set(GOLDEN_CASES) | set(SCREENSHOTS) | set(AREA_GOLDENS)
    unknown = wanted - known
    if unknown:
        print(f"no golden picture {', '.join(sorted(unknown))}; known: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    written = []
    for name in sorted(GOLDEN_CASES):
        if not wanted or name in wanted:
            POV_GOLDEN.mkdir(parents=True, exist_ok=True)
            (POV_GOLDEN / name).write_bytes(png_bytes(golden_picture(name)))  # as the players' files are written
            written.append(POV_GOLDEN / name)
    for name in sorted(SCREENSHOTS):
        if not wanted or name in wanted:
            with tempfile.TemporaryDirectory() as scratch:
                surface = golden_screenshot(Path(scratch), SCREENSHOTS[name])
            APP_GOLDEN.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(APP_GOLDEN / name))
            written.append(APP_GOLDEN / name)
    for name in AREA_GOLDENS:
        if not wanted or name in wanted:
            with tempfile.TemporaryDirectory() as scratch:
                surface = area_golden(name, Path(scratch))
            AREA_GOLDEN.mkdir(parents=True, exist_ok=True)
            (AREA_GOLDEN / name).write_bytes(png_bytes(surface))
            written.append(AREA_GOLDEN / name)
    for path in written:
        print(f"wrote {path}: look at it before committing it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
