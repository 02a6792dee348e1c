"""The players' pictures of an area game: one per power and confirmed phase, from the power's view of the
turn that was resolved (the rule set filters it before it is drawn), its own orders and what it is told.
Written next to the save (``<save>-pov/``) after each confirm, and by ``kriegsspiel pov``."""
from __future__ import annotations

import sys
from pathlib import Path

from kriegsspiel.core.area import PhaseResult
from kriegsspiel.pov.area import AreaPictureInput, write_area_picture
from kriegsspiel.pov.png import file_stem, pov_folder_of_save
from kriegsspiel.scenario.area import AreaScenario, province_drawings
from kriegsspiel.store.area_game import AreaGame
from kriegsspiel.store.area_timeline import AreaTurn


def picture_inputs(scenario: AreaScenario, before: AreaTurn, result: PhaseResult,
                   powers: list[str] | None = None) -> list[AreaPictureInput]:
    """What each power (default: every power of the map) is shown of a confirmed phase."""
    out = []
    for power in powers or list(scenario.powers):
        seen = scenario.rules.view(before.position, power, scenario.blind)
        orders = tuple(o.text for o in before.orders if o.power == power)
        out.append(AreaPictureInput(before.position.phase, power, seen, orders, tuple(result.told.get(power, ()))))
    return out


def write_phase_pictures(scenario: AreaScenario, before: AreaTurn, result: PhaseResult, out_dir: Path,
                         powers: list[str] | None = None) -> list[Path]:
    """Write the pictures (PNG and JSON) of one confirmed phase into ``out_dir``; returns the PNGs."""
    board = scenario.board
    drawings = province_drawings(board)
    written = []
    for shown in picture_inputs(scenario, before, result, powers):
        png, _ = write_area_picture(out_dir, drawings, (board.width_px, board.height_px), shown)
        written.append(png)
    return written


def attach_area_pictures(game: AreaGame, out_dir: Path | None = None) -> Path:
    """Write every power's pictures after each confirmed phase of ``game`` (into ``out_dir``, default
    ``<save>-pov/``); returns the folder."""
    folder = out_dir or pov_folder_of_save(game.path)

    def pictures(g: AreaGame, before: AreaTurn, result: PhaseResult) -> None:
        write_phase_pictures(g.scenario, before, result, folder)

    game.on_phase.append(pictures)
    _write_phases_cut_short(game, folder)
    return folder


def _write_phases_cut_short(game: AreaGame, folder: Path) -> None:
    """Write the pictures the last session did not (killed, or the power gone, between a confirm and its
    pictures): every confirmed phase after the last one whose pictures are all there. A game that never wrote
    pictures (no folder) is left so. A picture that cannot be drawn is said on stderr, as after a confirm."""
    phases = game.confirmed_phases()
    missing = []
    for before, result in reversed(phases):
        names = [folder / f"{before.position.phase}-{file_stem(power)}.png" for power in game.scenario.powers]
        if all(name.is_file() for name in names):
            break
        missing.append((before, result))
    if not missing or not (folder.is_dir() or len(phases) == 1):
        return
    try:
        for before, result in reversed(missing):
            write_phase_pictures(game.scenario, before, result, folder)
    except Exception as exc:  # noqa: BLE001 - the game goes on without them, as after a confirm
        print(f"kriegsspiel: {game.path}: the pictures of a phase cut short could not be written "
              f"({type(exc).__name__}: {exc})", file=sys.stderr)
