"""A large random sample of moves against the same method on cells 8 times finer (docs/movement.md, "How exact").

    python -m benchmarks.accuracy_sample [SEED] [MOVES] [--without-runs] [--show N]

Draws MOVES random moves (default 6000, seed 11) on the property test's map generator (16 x 16 tiles, patches
of 1 to 3 tiles of plains, forest, hills, mountains and water, 0 to 2 roads; ``tests/test_movement_properties``),
for a land unit with allowance 64, and prints the ratio of our cost to the eighth-cell search's: median, 99th
percentile, worst, how many above 1% and 2%, and the N worst moves (seed, patch, roads, from, to), which can be
pasted into that test's regression cases. Moves that cannot arrive are left out. ``--without-runs`` switches
off the last step of the path search, the runs along grid lines, for ours and the eighth-cell search alike
(the method as it was before them). Not a timed case: about a minute per 6000 moves.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from kriegsspiel.core.movement import _check as mv  # noqa: E402
from kriegsspiel.core.movement import _path as movement_path  # noqa: E402
from kriegsspiel.core.geometry import WorldPoint  # noqa: E402
from test_movement_fixtures import LAND, raster  # noqa: E402
from test_movement_properties import finer, mixed_map  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.accuracy_sample", description=__doc__.split("\n")[0])
    parser.add_argument("seed", nargs="?", type=int, default=11)
    parser.add_argument("moves", nargs="?", type=int, default=6000)
    parser.add_argument("--without-runs", action="store_true", help="switch the runs along grid lines off")
    parser.add_argument("--show", type=int, default=5, help="how many of the worst moves to list")
    args = parser.parse_args(argv)
    if args.without_runs:
        movement_path._line_runs = lambda raster_, speeds, points: points  # type: ignore[assignment]
    rng = np.random.default_rng(args.seed)
    rows = []
    started = time.perf_counter()
    for _ in range(args.moves):
        seed, patch, roads = int(rng.integers(100_000)), int(rng.choice([1, 2, 3])), int(rng.integers(0, 3))
        a = WorldPoint(*(float(v) for v in rng.uniform(0.01, 15.99, 2)))
        b = WorldPoint(*(float(v) for v in rng.uniform(0.01, 15.99, 2)))
        terrain, road = mixed_map(seed, patch, roads)
        coarse = raster(terrain, road)
        ours = mv.cheapest_path(mv.cost_field(coarse, mv.speed_field(coarse, LAND), a, 64.0), b)
        fine = finer(terrain, road, 8)
        best = mv.cheapest_path(mv.cost_field(fine, mv.speed_field(fine, LAND), a, 64.0), b)
        if bool(ours.points) != bool(best.points):
            print(f"reach differs: seed {seed} patch {patch} roads {roads} {tuple(a)} -> {tuple(b)}")
        elif ours.points:
            rows.append((ours.cost / best.cost, seed, patch, roads, tuple(a), tuple(b)))
    ratios = np.array([r[0] for r in rows])
    print(f"moves {len(ratios)} of {args.moves} (seed {args.seed}{', without runs' if args.without_runs else ''}): "
          f"median {np.median(ratios):.4f}, 99th pct {np.quantile(ratios, 0.99):.4f}, worst {ratios.max():.4f}, "
          f"above 1% {int((ratios > 1.01).sum())}, above 2% {int((ratios > 1.02).sum())} "
          f"({time.perf_counter() - started:.0f} s)")
    for ratio, seed, patch, roads, a, b in sorted(rows, reverse=True)[: args.show]:
        print(f"  {ratio:.4f}  ({seed}, {patch}, {roads}, {a}, {b})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
