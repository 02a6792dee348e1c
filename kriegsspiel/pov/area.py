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
from dataclasses import dataclass, field, replace
from pathlib import Path

import pygame

from kriegsspiel.core.area import AreaPosition, AreaRules, AreaUnit, UnitSymbol
from kriegsspiel.pov.png import file_stem, write_atomically, write_png
from kriegsspiel.render.area_counters import hit_marks, symbols_by_kind
from kriegsspiel.render.board_picture import DrawnBoard, counter_rects, paint_board, stack_offset
from kriegsspiel.render.fonts import font
from kriegsspiel.render.provinces import OrderMark, ProvinceDrawing, UnitMark

#: width of the results panel beside the board (pixels)
PANEL_WIDTH = 420
#: pixels a long line's continuation is set in, so that each order or result starts at the margin
_INDENT = 14
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
    #: the rule set's symbol per unit kind (``AreaRules.unit_symbols``; empty: lettered counters)
    symbols: Mapping[str, UnitSymbol] = field(default_factory=dict)
    #: order text -> the province it takes its unit to, as the rules say (``AreaRules.destination``); an order
    #: not in it is read in the manner of Diplomacy's notation
    moves: Mapping[str, str] = field(default_factory=dict)


def destinations(rules: AreaRules, position: AreaPosition, power: str, orders: Sequence[str]) -> dict[str, str]:
    """Order text -> the province it takes its unit to, for the orders whose rules say
    (``AreaRules.destination``): what :class:`AreaPictureInput` ``moves`` holds."""
    out = {}
    for order in orders:
        end = rules.destination(position, power, order)
        if end is not None:
            out[order] = end
    return out


def province_of(where: str) -> str:
    """``STP/NC`` -> ``STP``."""
    return where.split("/")[0]


def stack_points(units: Sequence[AreaUnit], centres: Mapping[str, tuple[float, float]],
                 offset: float) -> list[tuple[float, float]]:
    """Where each unit's counter stands (map pixels), in the order of ``units`` (all on the map): the units of
    one province in a block of rows about its centre, ``offset`` apart (a dozen units in a territory make
    a 4 x 3 block that stays near the province instead of a row running into its neighbours); a dislodged
    unit half a counter lower, so it shows beside the one that took its place."""
    counts: dict[str, int] = {}
    for u in units:
        counts[province_of(u.where)] = counts.get(province_of(u.where), 0) + 1
    seen: dict[str, int] = {}
    points = []
    for u in units:
        province = province_of(u.where)
        n, i = counts[province], seen.get(province, 0)
        seen[province] = i + 1
        columns = math.ceil(math.sqrt(n))
        rows = math.ceil(n / columns)
        row, column = divmod(i, columns)
        in_row = min(columns, n - row * columns)
        cx, cy = centres[province]
        x = cx + (column - (in_row - 1) / 2) * offset
        y = cy + (row - (rows - 1) / 2) * offset + (offset / 2 if u.details.get("dislodged") else 0.0)
        points.append((x, y))
    return points


def unit_marks(position: AreaPosition, centres: Mapping[str, tuple[float, float]],
               offset: float = 14.0, symbols: Mapping[str, UnitSymbol] | None = None) -> list[UnitMark]:
    """Counters for the units of ``position`` on the map, in a block about their provinces' centres
    (:func:`stack_points`, ``offset`` map pixels apart), as the umpire's window stands them: with the
    military symbol of their kind where ``symbols`` names one, else their letters."""
    on_map = [u for u in position.units if province_of(u.where) in centres]
    drawn = symbols_by_kind(symbols or {})
    marks = []
    for u, at in zip(on_map, stack_points(on_map, centres, offset)):
        # the counter's letters as the window shows them (A, F, W) where the rules name no symbol
        symbol, name = drawn.get(u.kind, (None, ""))
        marks.append(UnitMark(u.label[:2] or u.kind[:1], u.power, at, province_of(u.where),
                              bool(u.details.get("dislodged")), symbol, name, hit_marks(u.label) if symbol else 0))
    return marks


@dataclass(frozen=True, slots=True)
class PlacedCounter:
    """One unit's counter as the picture draws it: the ``unit``, its ``mark`` and its ``rect`` (pixels on
    the board drawn at the scale asked)."""

    unit: AreaUnit
    mark: UnitMark
    rect: pygame.Rect


def place_counters(position: AreaPosition, centres: Mapping[str, tuple[float, float]],
                   symbols: Mapping[str, UnitSymbol], scale: float = 1.0) -> list[PlacedCounter]:
    """The counters of the units of ``position`` on the map (in its order), stacked in blocks about their
    provinces' centres as the picture at ``scale`` draws them (:func:`board_picture` and the phone's tap
    layer both place them so: a button lies over the counter drawn for its unit)."""
    on_map = [u for u in position.units if province_of(u.where) in centres]
    offset = stack_offset(scale, any(u.kind in symbols for u in on_map))
    marks = unit_marks(position, centres, offset, symbols)
    return [PlacedCounter(u, m, r) for u, m, r in zip(on_map, marks, counter_rects(marks, scale))]


def order_marks(power: str, orders: Sequence[str], units: Sequence[AreaUnit], points: Sequence[tuple[float, float]],
                centres: Mapping[str, tuple[float, float]], moves: Mapping[str, str] | None = None) -> list[OrderMark]:
    """The lines of ``power``'s ``orders``: each from the counter of the unit it names (``units`` stand at
    ``points``; the unit is found by its id, or by its kind letter and province, among the power's own)
    to the province it leads to."""
    at_centre = {c: a for a, c in centres.items()}
    marks = []
    for order in orders:
        start = _ordered_unit(order, power, units, points)
        for style, a, b in order_arrows(order, centres, (moves or {}).get(order)):
            marks.append(OrderMark(style, power, start or a, b, at_centre.get(b, "")))
    return marks


def _ordered_unit(order: str, power: str, units: Sequence[AreaUnit],
                  points: Sequence[tuple[float, float]]) -> tuple[float, float] | None:
    """Where the counter of the unit ``order`` is for stands (map pixels), or None (the order names none of
    ``power``'s units: its line starts at the first province's centre)."""
    tokens = order.upper().replace("-", " - ").split()
    if not tokens:
        return None
    mine = [(u, at) for u, at in zip(units, points) if u.power == power]
    by_uid = {u.uid.upper(): at for u, at in mine}
    for token in tokens:  # unit profiles name units by id ("move n20,n21 MIT-FEL"): the first one's counter
        named = next((by_uid[part] for part in token.split(",") if part in by_uid), None)
        if named is not None:
            return named
    if len(tokens) > 1:
        for u, at in mine:
            if u.kind.upper() == tokens[0] and province_of(u.where) == province_of(tokens[1]):
                return at
    return None


def order_arrows(order: str, centres: Mapping[str, tuple[float, float]],
                 moves_to: str | None = None) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    """The lines an order draws: (style, from, to) in map pixels; style ``move`` (an arrow), ``support`` or
    ``convoy`` (thin lines to what is helped). ``moves_to``: the province the rules say the order takes its
    unit to (``AreaRules.destination``), an arrow there; else the order is read as Diplomacy's notation writes
    it. Orders naming no two known places draw nothing."""
    tokens = order.upper().replace("-", " - ").split()
    places = [province_of(t) for t in tokens if province_of(t) in centres]
    if len(places) < 2:
        return []
    start = centres[places[0]]
    if moves_to is not None and province_of(moves_to) in centres:
        return [("move", start, centres[province_of(moves_to)])]
    words = set(tokens)
    if "S" in words or "C" in words or "ESCORT" in words:
        style = "convoy" if "C" in words else "support"
        return [(style, start, centres[places[-1]])]
    if "-" in words or "R" in words or words & {"RAID", "PATROL", "AIRLIFT"}:
        return [("move", start, centres[places[-1]])]
    return []


def board_picture(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], shown: AreaPictureInput,
                  scale: float = 1.0) -> DrawnBoard:
    """The board of the picture: ``shown.position`` (already as the power sees it: nothing else reaches the
    drawing, so neither a counter nor a name's place can betray a unit it may not see) with owners tinted,
    the units as counters in blocks, the power's orders as arrows and each name beside its counters."""
    owned = [replace(p, owner=shown.position.owners.get(p.abbreviation)) for p in provinces]
    centres = {p.abbreviation: p.centre for p in provinces}
    placed = place_counters(shown.position, centres, shown.symbols, scale)
    marks = [c.mark for c in placed]
    orders = order_marks(shown.power, shown.orders, [c.unit for c in placed], [m.at for m in marks], centres,
                         shown.moves)
    title = f"{shown.position.phase_label} - {shown.power}"
    return paint_board(size_px, owned, scale, marks, title, orders)


def area_picture(size_px: tuple[int, int], provinces: Sequence[ProvinceDrawing], shown: AreaPictureInput,
                 scale: float = 1.0, panel: bool = True) -> pygame.Surface:
    """The picture: the board (:func:`board_picture`) and, with ``panel``, the power's orders and results
    in a panel on its right (the files of ``kriegsspiel pov``; the portal's page lists them as text and
    shows the board alone, which a phone can show larger)."""
    board = board_picture(size_px, provinces, shown, scale).surface
    if not panel:
        return board
    head, body = font(18, bold=True), font(14)
    rows: list[tuple[str, pygame.font.Font, int]] = []  # (text, face, indent): a wrapped line's rest indented
    for text, face in [(f"{shown.power}: orders", head), *[(o, body) for o in shown.orders or ("(none)",)],
                       ("", body), ("Results", head), *[(t, body) for t in shown.told or ("(none)",)]]:
        first, *rest = wrap(text, face, PANEL_WIDTH - 24)
        rows.append((first, face, 0))
        rows.extend((part, face, _INDENT) for part in wrap(" ".join(rest), face, PANEL_WIDTH - 24 - _INDENT) if rest)
    # every line shows: a long report makes the picture taller than the board rather than losing its end
    needed = 12 + sum(face.get_linesize() + 2 for _, face, _ in rows) + 12
    picture = pygame.Surface((board.get_width() + PANEL_WIDTH, max(board.get_height(), needed)))
    picture.fill((250, 248, 240))
    picture.blit(board, (0, 0))
    y = 12
    for text, face, indent in rows:
        picture.blit(face.render(text, True, _INK), (board.get_width() + 12 + indent, y))
        y += face.get_linesize() + 2
    return picture


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels in ``face``, broken between words (a word longer
    than the width is broken where it must)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if face.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while face.size(word)[0] > width and len(word) > 1:
            cut = max(1, next((i for i in range(len(word), 0, -1) if face.size(word[:i])[0] <= width), 1))
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    lines.append(line)
    return lines


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
