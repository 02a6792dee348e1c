"""The layer of a power's board picture that takes taps (issue 30: orders by touch): an SVG over the picture
with one focusable, named shape per province and one per unit the power sees, so that a tap, a click or a
key (Enter) on the board can build an order line (``player.js``). It draws nothing the picture does not show:
the units are those of the power's view (filtered before), the provinces those of the map.
"""
from __future__ import annotations

from html import escape

from kriegsspiel.core.area import AreaUnit
from kriegsspiel.store.desk import TapBoard, TapCounter


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


def _unit_shape(counter: TapCounter, power: str, place: str, orders: dict[str, tuple[str, ...]]) -> str:
    """The button of one unit: exactly over its counter as the picture draws it (a square plate or a disc)."""
    u = counter.unit
    x, y, w, h = counter.box
    name = _unit_name(u, power, place)
    mine = u.power == power
    data = f" data-uid=\"{escape(u.uid)}\" data-orders=\"{escape('|'.join(orders.get(u.uid, ())))}\"" if mine else ""
    common = (f"class=\"unit{' mine' if mine else ''}\" data-p=\"{escape(province_key(u.where))}\"{data} "
              f"tabindex=\"0\" role=\"button\" aria-label=\"{escape(name)}\"")
    if counter.square:
        return f"<rect {common} x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"><title>{escape(name)}</title></rect>"
    return (f"<circle {common} cx=\"{x + w / 2:g}\" cy=\"{y + h / 2:g}\" r=\"{w / 2:g}\"><title>{escape(name)}</title>"
            "</circle>")


def tap_layer(board: TapBoard, power: str, orders: dict[str, tuple[str, ...]], placements: tuple[str, ...]) -> str:
    """The SVG over the picture: the provinces, then the units (drawn last, so on top), each a button named
    for screen readers and lying over its counter where the picture draws it (``board.counters``: the
    picture's layout, so a tap on a counter in a crowded province chooses that unit). Only the units the
    power sees are in ``board``. ``orders`` are the power's units' legal orders by uid (``data-orders``),
    ``placements`` its builds; the script matches taps against them, so that only orders the rules offer are
    composed."""
    width, height = board.size_px
    names = {p.abbreviation: p.name for p in board.provinces}
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
    # the power's own units first in the tab order; counters do not overlap, so the order hides none
    for counter in sorted(board.counters, key=lambda c: c.unit.power != power):
        key = province_key(counter.unit.where)
        parts.append(_unit_shape(counter, power, names.get(key, key), orders))
    parts.append("</svg>")
    return "".join(parts)
