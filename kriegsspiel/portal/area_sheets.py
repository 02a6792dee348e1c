"""What one power of an area game (Diplomacy, Air Power Diplomacy, unit profiles) is shown on its portal page:
the picture of the phase being ordered, the pictures of the phases confirmed before, its units and the
results it was told, all from the rule set's per-power ``view`` (filtered before anything is drawn), so that
nothing another power does and this one may not see can reach the page.

The pictures are the boards of ``kriegsspiel pov`` (:func:`kriegsspiel.pov.area.area_picture`): the board as
the power sees it with its own orders as arrows, without the panel of orders and results that the files have
beside it: the page lists those as text, and on a phone the panel took a fifth of the width from the board.
Drawn with pygame: call on the thread that owns pygame (the portal's gate).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaUnit, PhaseResult
from kriegsspiel.portal.area_board import TapBoard, TapProvince
from kriegsspiel.pov.area import AreaPictureInput, area_picture, province_of
from kriegsspiel.pov.png import png_bytes
from kriegsspiel.scenario.area import AreaScenario, province_drawings
from kriegsspiel.store.pictures import picture_inputs
from kriegsspiel.store.area import AreaTurn


@dataclass(frozen=True, slots=True)
class PowerView:
    """One power's share of the phase being ordered: the board as it sees it, its orders in force, the
    answers the rules wait for from it, and the last phase's results it was told."""

    power: str
    position: AreaPosition
    orders: tuple[str, ...]
    choices: tuple[tuple[str, tuple[str, ...]], ...]
    told: tuple[str, ...]
    orders_now: bool

    @property
    def own_units(self) -> tuple[AreaUnit, ...]:
        return tuple(u for u in self.position.units if u.power == self.power)


def power_view(scenario: AreaScenario, turn: AreaTurn, power: str) -> PowerView:
    """What ``power`` may know of ``turn``: the rule set's view of the position (blind or not, as the
    scenario says), its own orders only, its own choices only, and what it was told of the last phase."""
    rules = scenario.rules
    seen = rules.view(turn.position, power, scenario.blind)
    orders = tuple(o.text for o in turn.orders if o.power == power)
    choices = tuple((c.question, tuple(c.options)) for c in turn.choices if c.power == power)
    told = tuple(turn.last.told.get(power, ())) if turn.last is not None else ()
    orders_now = not turn.choices and turn.winner is None and power in rules.powers_to_order(turn.position)
    return PowerView(power, seen, orders, choices, told, orders_now)


class Drawer:
    """Draws the pictures of one scenario (the province drawings made once)."""

    def __init__(self, scenario: AreaScenario) -> None:
        self.scenario = scenario
        self._drawings = province_drawings(scenario.board)
        self._size = (scenario.board.width_px, scenario.board.height_px)

    def current(self, view: PowerView) -> bytes:
        """The PNG of the phase being ordered as ``view`` holds it: the board with the power's orders in force
        as arrows."""
        shown = AreaPictureInput(view.position.phase, view.power, view.position, view.orders, view.told,
                                 self.scenario.rules.unit_symbols())
        return png_bytes(area_picture(self._size, self._drawings, shown, panel=False))

    def tap_board(self) -> TapBoard:
        """The provinces as the tap layer over the picture knows them (outlines and centres, map pixels)."""
        return TapBoard(self._size, tuple(TapProvince(d.abbreviation, d.name, d.outline, d.centre)
                                          for d in self._drawings))

    def focus(self, view: PowerView) -> tuple[float, float] | None:
        """Where the power's own units stand on its picture, as fractions of the picture's width and height
        (the middle of their provinces' centres), so that a zoomed picture opens on them; None without units."""
        centres = {d.abbreviation: d.centre for d in self._drawings}
        points = [centres[province_of(u.where)] for u in view.own_units if province_of(u.where) in centres]
        if not points:
            return None
        width, height = self._size
        x = (min(p[0] for p in points) + max(p[0] for p in points)) / 2
        y = (min(p[1] for p in points) + max(p[1] for p in points)) / 2
        return round(x / width, 4), round(y / height, 4)

    def confirmed(self, before: AreaTurn, result: PhaseResult, power: str) -> bytes:
        """The PNG of a confirmed phase for ``power``: the board of the very picture ``kriegsspiel pov``
        writes (without its panel)."""
        shown = picture_inputs(self.scenario, before, result, [power])[0]
        return png_bytes(area_picture(self._size, self._drawings, shown, panel=False))


def unit_line(unit: AreaUnit) -> str:
    """A unit as the power's list shows it: ``A PAR`` (Diplomacy) or ``n3 Arm (armor) at NHM`` (unit
    profiles, whose orders name units by id), and where a dislodged unit may retreat."""
    if unit.kind in ("A", "F", "W"):
        text = f"{unit.kind} {unit.where}"
    else:
        label = f"{unit.label} ({unit.kind})" if unit.label and unit.label != unit.kind else unit.kind
        text = f"{unit.uid}: {label} at {unit.where}"
    details: Any = unit.details
    if details.get("dislodged"):
        text += f" - dislodged; may retreat to {', '.join(details.get('retreats', ())) or 'nowhere: it disbands'}"
    if details.get("damage"):
        text += " - damaged"
    if details.get("aboard"):
        text += f" - aboard {details['aboard']}"
    return text
