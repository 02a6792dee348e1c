"""The players' pictures of one round: every player of the largest shipped scenario (by map cells).

Project: ``write_round_pictures`` (each player's view, drawing, PNG, atomic write). Reference: pygame saving
the same number of PNGs of the same size and content (``pygame.image.save``), in the same process. Without
shipped scenarios (or when none loads) a generated 120 x 80 battle with 60 units and 4 players stands in.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from benchmarks import CaseResult, case, median_seconds  # noqa: E402
from kriegsspiel.core.battlefield import Battlefield, MapGrid  # noqa: E402
from kriegsspiel.core.sight import player_view  # noqa: E402
from kriegsspiel.core.geometry import WorldPoint  # noqa: E402
from kriegsspiel.core.state import GameSetup, PlayerSetup, SideSetup, UnitSetup  # noqa: E402
from kriegsspiel.core.state import initial_state  # noqa: E402
from kriegsspiel.pov import write_round_pictures  # noqa: E402
from kriegsspiel.render.player_picture import draw_picture  # noqa: E402
from kriegsspiel.pov.public import public_map  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _shipped_game():  # -> (GameState, name) | None
    from kriegsspiel.scenario import load_scenario

    best = None
    for path in sorted((REPO / "kriegsspiel" / "data" / "scenarios").glob("*.toml")):
        try:
            scenario = load_scenario(path)
        except Exception:  # a scenario that does not load is not this benchmark's business
            continue
        cells = scenario.battlefield.raster().terrain.size
        if best is None or cells > best[0]:
            best = (cells, scenario, path.name)
    if best is None:
        return None
    _, scenario, name = best
    return initial_state(scenario.setup, scenario.battlefield, scenario.ruleset), name


def _generated_game():
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset("modern-4e")
    ids = tuple(ruleset.terrain)
    rng = np.random.default_rng(3)
    cols, rows = 120, 80
    patches = rng.random((rows // 4, cols // 4))
    terrain = np.full((rows // 4, cols // 4), ids.index("plains"), dtype=np.int16)
    terrain[patches < 0.25] = ids.index("forest")
    terrain[(patches >= 0.25) & (patches < 0.4)] = ids.index("hills")
    terrain[patches > 0.95] = ids.index("water")
    terrain = np.kron(terrain, np.ones((4, 4), dtype=np.int16))
    battlefield = Battlefield(
        source="generated", grid=MapGrid("orthogonal", cols, rows, 32, 32, 1.0 / 32.0), terrain_ids=ids,
        terrain=terrain, road=np.zeros((rows, cols), bool), elevation=np.zeros((rows, cols), np.float32),
        blocks_sight=terrain == ids.index("forest"),
    )
    units = []
    for i in range(60):
        side = "Blue" if i % 2 == 0 else "Red"
        x = rng.uniform(2, 58) + (0 if side == "Blue" else 60)
        units.append(UnitSetup(f"{side[0].lower()}{i}", "infantry", side, WorldPoint(x, rng.uniform(2, 78))))
    players = (PlayerSetup("Blue HQ", "Blue"), PlayerSetup("Blue North", "Blue", ("b0", "b2", "b4")),
               PlayerSetup("Red HQ", "Red"), PlayerSetup("Red South", "Red", ("r1", "r3")))
    setup = GameSetup("Generated battle", "modern-4e", 1, "Blue",
                      (SideSetup("Blue", "#3050c0"), SideSetup("Red", "#c03030")), players, tuple(units),
                      fog_of_war=6)
    return initial_state(setup, battlefield, ruleset), "generated 120x80"


@case("pov.round-pictures", goal="all players' pictures of a round <= 3x pygame saving as many PNGs", max_ratio=3.0)
def round_pictures(repeats: int) -> CaseResult:
    found = _shipped_game() or _generated_game()
    state, name = found
    players = [p.name for p in state.setup.players]
    public = public_map(state)
    surfaces = [draw_picture(player_view(state, p), public) for p in players]
    with tempfile.TemporaryDirectory(prefix="kriegsspiel-bench-") as folder:
        out = Path(folder)
        project = median_seconds(lambda: write_round_pictures(state, out / "pov", state.round), max(3, repeats // 3))

        def save_like_pygame() -> None:
            for i, surface in enumerate(surfaces):
                pygame.image.save(surface, str(out / f"ref-{i}.png"))

        reference = median_seconds(save_like_pygame, max(3, repeats // 3))
    w, h = surfaces[0].get_size()
    return CaseResult(project, reference, {"scenario": name, "players": len(players), "picture": f"{w}x{h}"})
