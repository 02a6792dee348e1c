"""The layer of a power's board picture that takes taps (issue 30: orders by touch): an SVG over the picture
with one focusable, named shape per province and one per unit the power sees, so that a tap, a click or a
key (Enter) on the board can build an order line (``area.js``). It draws nothing the picture does not show:
the units are those of the power's view (filtered before), the provinces those of the map.
"""
from __future__ import annotations

from html import escape

from kriegsspiel.core.area import AreaUnit
from kriegsspiel.store.desk import TapBoard

#: a unit's tap target, in map pixels (about a fingertip on a phone's picture of a standard board)
UNIT_RADIUS_PX = 16


def province_key(where: str) -> str:
    """The province a place names (``STP/NC`` -> ``STP``)."""
    return where.split("/", 1)[0].upper()


def _path(outline: tuple[tuple[float, float], ...]) -> str:
    points = " L".join(f"{x:.0f},{y:.0f}" for x, y in outline)
    return f"M{points} Z"


def _unit_name(unit: AreaUnit, power: str, place: str) -> str:
    """``Your unit A PAR, in Paris`` / ``Germany's unit n3 (armor) at NHM, in Nordheim``."""
    whose = "Your" if unit.power == power else f"{unit.power.title()}'s"
    if unit.label and unit.label != unit.kind:
        return f"{whose} unit {unit.uid} ({unit.label}) at {unit.where}, in {place}"
    return f"{whose} unit {unit.kind} {unit.where}, in {place}"


def tap_layer(board: TapBoard, units: tuple[AreaUnit, ...], power: str,
              orders: dict[str, tuple[str, ...]], placements: tuple[str, ...]) -> str:
    """The SVG over the picture: the provinces, then the units (drawn last, so on top), each a button named
    for screen readers. ``orders`` are the power's units' legal orders by uid (``data-orders``), ``placements``
    its builds; the script matches taps against them, so that only orders the rules offer are composed."""
    width, height = board.size_px
    names = {p.abbreviation: p.name for p in board.provinces}
    centres = {p.abbreviation: p.centre for p in board.provinces}
    # pinned to the picture's top left: a picture with a key of its symbols under the board (unit profiles)
    # is taller than the board, and the layer must lie on the board, not in the middle of the picture
    parts = [f"<svg id=\"touch\" class=\"touch\" viewBox=\"0 0 {width} {height}\" "
             f"preserveAspectRatio=\"xMinYMin meet\" role=\"group\" "
             f"aria-label=\"The board: choose a unit, then where it goes (or a second unit to support or convoy)\" "
             f"data-placements=\"{escape('|'.join(placements))}\">"]
    for p in board.provinces:
        label = f"{p.name} ({p.abbreviation})" if p.name and p.name != p.abbreviation else p.abbreviation
        parts.append(f"<path class=\"province\" d=\"{_path(p.outline)}\" data-p=\"{escape(p.abbreviation)}\" "
                     f"tabindex=\"0\" role=\"button\" aria-label=\"{escape(label)}\"><title>{escape(label)}</title>"
                     "</path>")
    shown = [u for u in sorted(units, key=lambda u: u.power != power) if province_key(u.where) in centres]
    sharing: dict[str, list[AreaUnit]] = {}
    for u in shown:
        sharing.setdefault(province_key(u.where), []).append(u)
    for u in shown:  # the power's own units first in the tab order
        key = province_key(u.where)
        # units sharing a province (an army and a wing) side by side, so that each can be tapped
        mates = sharing[key]
        x, y = centres[key]
        x += (mates.index(u) - (len(mates) - 1) / 2) * 2.2 * UNIT_RADIUS_PX
        name = _unit_name(u, power, names.get(key, key))
        mine = u.power == power
        data = f" data-uid=\"{escape(u.uid)}\" data-orders=\"{escape('|'.join(orders.get(u.uid, ())))}\"" if mine else ""
        parts.append(f"<circle class=\"unit{' mine' if mine else ''}\" cx=\"{x:.0f}\" cy=\"{y:.0f}\" "
                     f"r=\"{UNIT_RADIUS_PX}\" data-p=\"{escape(key)}\"{data} tabindex=\"0\" role=\"button\" "
                     f"aria-label=\"{escape(name)}\"><title>{escape(name)}</title></circle>")
    parts.append("</svg>")
    return "".join(parts)
