"""The players' pictures of an area game: one per power and confirmed phase, from the power's view of the turn
that was resolved (the rule set filters it before it is drawn), its own orders and what it is told. Written
next to the save (``<save>-pov/``) after each confirm (``AreaSession.attach_pictures``), and by ``kriegsspiel
pov``. A ruler game's pictures are drawn per round by ``kriegsspiel.pov`` (``RulerSession.attach_pictures``)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kriegsspiel.core.area import PhaseResult
    from kriegsspiel.scenario.area import AreaScenario
    from kriegsspiel.store.area import AreaTurn


def picture_inputs(scenario: AreaScenario, before: AreaTurn, result: PhaseResult,
                   powers: list[str] | None = None) -> list[Any]:
    """What each power (default: every power of the map) is shown of a confirmed phase: its view of the turn
    resolved (the rule set filters it before it is drawn), its own orders and what it is told."""
    from kriegsspiel.pov.area import AreaPictureInput, destinations

    out = []
    for power in powers or list(scenario.powers):
        seen = scenario.rules.view(before.position, power, scenario.blind)
        orders = tuple(o.text for o in before.orders if o.power == power)
        out.append(AreaPictureInput(before.position.phase, power, seen, orders, tuple(result.told.get(power, ())),
                                    scenario.rules.unit_symbols(),
                                    destinations(scenario.rules, before.position, power, orders)))
    return out


def write_phase_pictures(scenario: AreaScenario, before: AreaTurn, result: PhaseResult, out_dir: Path,
                         powers: list[str] | None = None) -> list[Path]:
    """Write the pictures (PNG and JSON) of one confirmed phase into ``out_dir``; returns the PNGs."""
    from kriegsspiel.pov.area import write_area_picture
    from kriegsspiel.scenario.area import province_drawings

    board = scenario.board
    drawings = province_drawings(board)
    written = []
    for shown in picture_inputs(scenario, before, result, powers):
        png, _ = write_area_picture(out_dir, drawings, (board.width_px, board.height_px), shown)
        written.append(png)
    return written


def write_phases_cut_short(session: Any, folder: Path) -> None:
    """Write the pictures the last session did not (killed, or the power gone, between a confirm and its
    pictures): every confirmed phase after the last one whose pictures are all there. A game that never wrote
    pictures (no folder) is left so. A picture that cannot be drawn is said on stderr, as after a confirm."""
    from kriegsspiel.pov.png import file_stem

    phases = session.confirmed_phases()
    missing = []
    for before, result in reversed(phases):
        names = [folder / f"{before.position.phase}-{file_stem(power)}.png" for power in session.scenario.powers]
        if all(name.is_file() for name in names):
            break
        missing.append((before, result))
    if not missing or not (folder.is_dir() or len(phases) == 1):
        return
    try:
        for before, result in reversed(missing):
            write_phase_pictures(session.scenario, before, result, folder)
    except Exception as exc:  # noqa: BLE001 - the game goes on without them, as after a confirm
        print(f"kriegsspiel: {session.path}: the pictures of a phase cut short could not be written "
              f"({type(exc).__name__}: {exc})", file=sys.stderr)
