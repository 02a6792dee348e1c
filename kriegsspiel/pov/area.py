"""Each power's picture of a phase of an area game (Diplomacy): the board as the power may see it (the rule
set's ``view``, filtered before anything is drawn), its own orders as arrows, and the results it is told.

Inputs are plain values (the province drawings, the position as seen, the power's orders and told lines), so
this module knows neither the Tiled file nor the session. Files: ``<PHASE>-<power>.png`` and a JSON beside it
with what the picture shows (phase, units seen, orders, results): names and metadata carry nothing the power
may not see.
"""
from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from kriegsspiel.core.area import AreaPosition
from kriegsspiel.pov.png import file_stem, write_atomically, write_png
from kriegsspiel.render.fonts import font
from kriegsspiel.render.provinces import ProvinceDrawing, UnitMark, draw_board, power_colour

#: width of the results panel beside the board (pixels)
PANEL_WIDTH = 420
_INK = (30, 30, 30)


@dataclass(frozen=True, slots=True)
class AreaPictureInput:
    """What one power's picture of one phase shows: the board (``position`` already as the power sees it),
    its orders (texts) and the result lines it is told."""

    phase: str
    power: str
    position: AreaPosition
    orders: tuple[str, ...]
    told: tuple[str, ...]


def province_of(where: str) -> str:
    """``STP/NC`` -> ``STP``."""
    return where.split("/")[0]


def unit_marks(position: AreaPosition, centres: Mapping[str, tuple[float, float]],
               offset: float = 14.0) -> list[UnitMark]:
    """Counters for the units of ``position`` at their provinces' centres (map pixels): a second unit in a
    province (a wing stacked with an army) and a dislodged unit are set off so that both show."""
    marks: list[UnitMark] = []
    seen: dict[str, int] = {}
    for u in position.units:
        at = centres.get(province_of(u.where))
        if at is None:
            continue
        n = seen.get(province_of(u.where), 0)
        seen[province_of(u.where)] = n + 1
        dx = offset * n
        dy = offset if u.details.get("dislodged") else 0.0
        marks.append(UnitMark(u.kind[:1].upper(), u.power, (at[0] + dx, at[1] + dy)))
    return marks


def order_arrows(order: str, centres: Mapping[str, tuple[float, float]]) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    """The lines an order draws: (style, from, to) in map pixels; style ``move`` (an arrow), ``support`` or
    ``convoy`` (thin lines to what is helped). Orders naming no two known places draw nothing."""
    tokens = order.upper().replace("-", " - ").split()
    places = [province_of(t) for t in tokens if province_of(t) in centres]
    if len(places) < 2:
        return []
    start = centres[places[0]]
    words = set(tokens)
    if "S" in words or "C" in words or "ESCORT" in words:
        style = "convoy" if "C" in words else "support"
        return [(style, start, centres[places[-1]])]
    if "-" in words or "R" in words or words & {"RAID", "PATROL", "AIRLIFT"}:
        return [("move", start, centres[places[-1]])]
    return []


def _arrow(surface: pygame.Surface, colour: tuple[int, int, int], a: tuple[float, float], b: tuple[float, float],
           width: int, head: bool) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    end = (b[0] - ux * 10, b[1] - uy * 10)
    pygame.draw.line(surface, colour, a, end, width)
    if head:
        left = (end[0] - ux * 10 - uy * 6, end[1] - uy * 10 + ux * 6)
        right = (end[0] - ux * 10 + uy * 6, end[1] - uy * 10 - ux * 6)
        pygame.draw.polygon(surface, colour, [(b[0] - ux * 4, b[1] - uy * 4), left, right])


def draw_orders(surface: pygame.Surface, orders: Sequence[tuple[str, str]],
                centres: Mapping[str, tuple[float, float]], scale: float) -> None:
    """Draw (power, order) pairs onto a board surface drawn at ``scale``."""
    for power, order in orders:
        colour = power_colour(power)
        for style, a, b in order_arrows(order, centres):
            pa, pb = (a[0] * scale, a[1] * scale), (b[0] * scale, b[1] * scale)
            if style == "move":
                _arrow(surface, (20, 20, 20), pa, pb, 6, True)
                _arrow(surface, colour, pa, pb, 3, True)
            else:
                _arrow(surface, colour, pa, pb, 2, style == "support")


def area_picture(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], shown: AreaPictureInput,
                 scale: float = 1.0) -> pygame.Surface:
    """The picture: the board as ``shown.position`` holds it (owners tinted, units as counters), the power's
    orders as arrows, and a panel of its results on the right."""
    owned = [replace(p, owner=shown.position.owners.get(p.abbreviation)) for p in provinces]
    centres = {p.abbreviation: p.centre for p in provinces}
    title = f"{shown.position.phase_label} - {shown.power}"
    board = draw_board(size_px, owned, scale, unit_marks(shown.position, centres), title)
    draw_orders(board, [(shown.power, o) for o in shown.orders], centres, scale)
    picture = pygame.Surface((board.get_width() + PANEL_WIDTH, board.get_height()))
    picture.fill((250, 248, 240))
    picture.blit(board, (0, 0))
    head, body = font(18, bold=True), font(14)
    y = 12
    for text, face in [(f"{shown.power}: orders", head), *[(o, body) for o in shown.orders or ("(none)",)],
                       ("", body), ("Results", head), *[(t, body) for t in shown.told or ("(none)",)]]:
        if y > picture.get_height() - 20:
            break
        picture.blit(face.render(text[:60], True, _INK), (board.get_width() + 12, y))
        y += face.get_linesize() + 2
    return picture


def write_area_picture(out_dir: Path, provinces: Sequence[ProvinceDrawing], size_px: tuple[int, int],
                       shown: AreaPictureInput, scale: float = 1.0) -> tuple[Path, Path]:
    """Write ``<PHASE>-<power>.png`` and its ``.json`` into ``out_dir`` (created); returns both paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = f"{shown.phase}-{file_stem(shown.power)}"
    png = out_dir / f"{stem}.png"
    write_png(area_picture(size_px, provinces, shown, scale), png)
    meta = {
        "phase": shown.phase, "power": shown.power, "phase_label": shown.position.phase_label,
        "units": [{"uid": u.uid, "power": u.power, "kind": u.kind, "where": u.where} for u in shown.position.units],
        "owners": dict(sorted(shown.position.owners.items())), "orders": list(shown.orders),
        "results": list(shown.told),
    }
    data = json.dumps(meta, indent=2, sort_keys=True).encode("utf-8")
    meta_path = out_dir / f"{stem}.json"
    write_atomically(meta_path, data)
    return png, meta_path
