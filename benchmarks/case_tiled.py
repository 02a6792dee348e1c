"""Loading a 1000x1000 Tiled map into a Battlefield, against pytmx's own parse of the same file.

The map has a terrain layer (woods, hills, water in blocks a few dozen tiles across) and a roads layer,
CSV-encoded like the shipped maps, with the shipped square tilesets. The project's time covers everything
``kriegsspiel.tiled.load_battlefield`` does: the XML precheck (which decodes every layer once to look for
rotated and unknown tiles), pytmx without images, and building the numpy arrays. The reference is
``pytmx.TiledMap(path)`` alone, with pytmx's default (no-op) image loader. Goal: ratio <= 1.3.
"""
from __future__ import annotations

import os
import statistics
import tempfile
from pathlib import Path

import numpy as np

from benchmarks import CaseResult, case, median_seconds

SIDE = 1000
ASSETS = Path(__file__).resolve().parent.parent / "assets"


def write_big_map(folder: Path, side: int = SIDE, seed: int = 3) -> Path:
    """A side x side orthogonal map using the shipped tilesets; returns its path."""
    rng = np.random.default_rng(seed)
    blocks = rng.integers(0, 10, size=(side // 25 + 1, side // 25 + 1))
    terrain = np.kron(blocks, np.ones((25, 25), dtype=np.int64))[:side, :side]
    terrain[terrain > 7] = 0  # mostly plains
    gids = terrain + 1
    roads = np.zeros((side, side), dtype=np.int64)
    roads[::50, :] = 11 + (4 | 64)  # east-west roads: tile E|W of roads-square (firstgid 11)
    rel = os.path.relpath(ASSETS, folder)

    def csv(a: np.ndarray) -> str:
        return ",\n".join(",".join(map(str, row)) for row in a.tolist())

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{side}" '
        f'height="{side}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{rel}/terrain-square.tsx"/>\n'
        f' <tileset firstgid="11" source="{rel}/roads-square.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{side}" height="{side}">\n  <data encoding="csv">\n{csv(gids)}\n</data>\n </layer>\n'
        f' <layer id="2" name="roads" width="{side}" height="{side}">\n  <data encoding="csv">\n{csv(roads)}\n</data>\n </layer>\n'
        "</map>\n"
    )
    path = folder / f"big-{side}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@case("tiled.load-1000x1000", goal="ratio <= 1.3 against pytmx's own parse", max_ratio=1.3)
def load_big_map(repeats: int) -> CaseResult:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    ruleset = load_ruleset("modern-4e")
    with tempfile.TemporaryDirectory() as tmp:
        path = write_big_map(Path(tmp))
        battlefield = load_battlefield(path, ruleset)
        assert battlefield.terrain.shape == (SIDE, SIDE)
        # Alternate the two so that a busy machine slows both alike.
        project_times, reference_times = [], []
        for _ in range(max(1, repeats)):
            project_times.append(median_seconds(lambda: load_battlefield(path, ruleset), 1, warmup=0))
            reference_times.append(median_seconds(lambda: pytmx.TiledMap(str(path)), 1, warmup=0))
        project = statistics.median(project_times)
        reference = statistics.median(reference_times)
        size_mb = path.stat().st_size / 1e6
    return CaseResult(project, reference, {"tiles": SIDE * SIDE, "layers": 2, "file_mb": round(size_mb, 1)})
