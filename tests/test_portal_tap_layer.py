"""The phone's tap layer lies over the counters as the picture draws them (issue 30, item 9): each unit's
button covers the very rectangle of its counter on the served picture, also where a province stacks many
counters in rows (unit profiles), and the layer names only the units the power sees."""
from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pygame
import pytest

from area_portal_support import PROFILES, write_area_game

from kriegsspiel.pov.area import AreaPictureInput, board_picture, province_of
from kriegsspiel.portal.tap_layer import tap_layer
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.scenario.area import province_drawings
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.phase_desk import Drawer, power_view

#: the ring of a counter not dislodged (render/board_picture.py draws it on the counter's edge)
RING = (20, 20, 20)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    forget_fonts()
    pygame.quit()


def _buttons(layer: str) -> list[tuple[str, dict[str, str], pygame.Rect]]:
    """Each unit button of the SVG: its tag, attributes and the rectangle it covers (picture pixels)."""
    out = []
    for shape in ET.fromstring(layer).iter():
        if "unit" not in shape.get("class", "").split():
            continue
        if shape.tag == "rect":
            box = pygame.Rect(*(round(float(shape.get(k, "nan"))) for k in ("x", "y", "width", "height")))
        else:
            assert shape.tag == "circle"
            cx, cy, r = (float(shape.get(k, "nan")) for k in ("cx", "cy", "r"))
            box = pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r))
        out.append((shape.tag, dict(shape.attrib), box))
    return out


def _drawn(game: AreaSession, power: str) -> tuple[list, list[pygame.Rect], pygame.Surface, str]:
    """The units ``power`` sees on the map, the rectangles of their counters as its picture draws them, the
    served picture itself (PNG decoded; the title's box blanked, as it is drawn over what lies under it) and
    the tap layer of its page."""
    scenario = game.scenario
    view = power_view(scenario, game.turn, power)
    board = scenario.board
    drawings = province_drawings(board)
    shown = AreaPictureInput(view.position.phase, power, view.position, view.orders, view.told,
                             scenario.rules.unit_symbols())
    drawn = board_picture((board.width_px, board.height_px), drawings, shown)
    on_map = [u for u in view.position.units if province_of(u.where) in {d.abbreviation for d in drawings}]
    assert len(drawn.counters) == len(on_map)
    drawer = Drawer(scenario)
    served = pygame.image.load(io.BytesIO(drawer.current(view)), "current.png")
    if drawn.title is not None:
        served.fill((0, 0, 0, 0), drawn.title)
    layer = tap_layer(drawer.tap_board(view.position), power, {}, ())
    return on_map, drawn.counters, served, layer


def _assert_each_button_covers_its_counter(on_map: list, rects: list[pygame.Rect], served: pygame.Surface,
                                           layer: str, power: str, label_of) -> None:
    buttons = _buttons(layer)
    assert len(buttons) == len(on_map)
    unclaimed = list(buttons)
    for unit, rect in zip(on_map, rects):
        # the served picture has this counter's ring on the rectangle's top edge (unless the title covers it)
        ring = served.get_at((rect.centerx, rect.top))[:3]
        assert ring == RING or ring == (0, 0, 0), (unit.uid, rect)
        matches = [b for b in unclaimed if label_of(unit) in b[1]["aria-label"] and b[2].contains(rect)]
        assert len(matches) == 1, (unit.uid, rect, [b[2] for b in buttons if label_of(unit) in b[1]["aria-label"]])
        tag, attributes, box = matches[0]
        assert box == rect  # not merely near: exactly the counter drawn
        assert attributes["data-p"] == province_of(unit.where).upper()
        assert (attributes.get("data-uid") == unit.uid) == (unit.power == power)
        unclaimed.remove(matches[0])
    # no two buttons overlap: a finger on a counter reaches that unit and no other
    boxes = [b[2] for b in buttons]
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_unit_profiles_buttons_lie_on_the_counters_of_a_crowded_province(tmp_path: Path) -> None:
    game = AreaSession.open(write_area_game(tmp_path, PROFILES))
    try:
        on_map, rects, served, layer = _drawn(game, "NORD")
        crowded = Counter(province_of(u.where) for u in on_map)
        assert crowded["NHM"] >= 5 and crowded["WNS"] >= 5  # Nordheim holds ten, in rows
        assert len({r.top for u, r in zip(on_map, rects) if u.where == "NHM"}) >= 3  # rows, not a single row
        _assert_each_button_covers_its_counter(on_map, rects, served, layer, "NORD", lambda u: f"unit {u.uid} (")
        assert all(tag == "rect" for tag, _, _ in _buttons(layer))  # square plates, square buttons
    finally:
        game.close()


@pytest.mark.parametrize("scenario", ["diplomacy-1901.toml", "air-power-1901.toml"])
def test_diplomacy_and_air_power_buttons_are_the_discs_drawn(tmp_path: Path, scenario: str) -> None:
    game = AreaSession.open(write_area_game(tmp_path, scenario))
    try:
        on_map, rects, served, layer = _drawn(game, "FRANCE")
        _assert_each_button_covers_its_counter(on_map, rects, served, layer, "FRANCE",
                                               lambda u: f"unit {u.kind} {u.where},")
        assert all(tag == "circle" for tag, _, _ in _buttons(layer))
    finally:
        game.close()


def test_a_blind_unit_profiles_layer_names_only_the_units_the_power_sees(tmp_path: Path) -> None:
    game = AreaSession.open(write_area_game(tmp_path, PROFILES, blind=True))
    try:
        on_map, rects, served, layer = _drawn(game, "SUD")
        seen = {u.uid for u in on_map}
        hidden = {u.uid for u in game.turn.position.units} - seen
        assert hidden and any(u.power == "NORD" for u in on_map)  # some of Nord's are seen, some not
        labels = [b[1]["aria-label"] for b in _buttons(layer)]
        assert len(labels) == len(seen)
        assert not [uid for uid in hidden if any(f"unit {uid} (" in label for label in labels)]
        assert not [uid for uid in hidden if f"\"{uid}\"" in layer]  # nor in any attribute
        _assert_each_button_covers_its_counter(on_map, rects, served, layer, "SUD", lambda u: f"unit {u.uid} (")
    finally:
        game.close()
