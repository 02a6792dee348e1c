"""The players' pictures of area games (``kriegsspiel pov``, the portal): every province's name legible, none
under a counter, each inside its province, on the standard board, in Borderlands' crowded territories and in
a blind game, where the names' places must not betray a unit the power may not see."""
from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from kriegsspiel.core.area import AreaUnit
from kriegsspiel.pov.area import AreaPictureInput, area_picture, board_picture, province_of
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.render.province_labels import ProvinceShapes
from kriegsspiel.scenario.area import load_area_scenario, province_drawings

REPO = Path(__file__).resolve().parent.parent
INK = (30, 30, 30)


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    forget_fonts()


def _shown(name: str, power: str | None = None, orders: tuple[str, ...] = (), blind: bool = False):
    scenario = load_area_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / name)
    power = power or scenario.powers[0]
    seen = scenario.rules.view(scenario.start(), power, blind)
    return scenario, AreaPictureInput(seen.phase, power, seen, orders, ("told line",))


def _names_clear(scenario, shown: AreaPictureInput) -> set[str]:
    """Check every name of the picture: inside the picture, clear of every counter and the title, its middle
    inside its province, its ink on the picture; returns the provinces with counters."""
    drawings = province_drawings(scenario.board)
    drawn = board_picture((scenario.board.width_px, scenario.board.height_px), drawings, shown)
    shapes = ProvinceShapes(drawings)
    frame = drawn.surface.get_rect()
    occupied = {province_of(u.where) for u in shown.position.units}
    named = {d.abbreviation for d in drawings if d.abbreviation}
    assert set(drawn.labels) == named  # every province is named, the empty ones too
    assert len(drawn.counters) == len(shown.position.units)
    names = list(drawn.labels.items())
    for i, (province, rect) in enumerate(names):
        assert frame.contains(rect), f"{province}'s name runs off the picture"
        assert not any(rect.colliderect(other) for _, other in names[i + 1:]), f"{province}'s name overlaps another"
        assert rect.collidelist(drawn.counters) < 0, f"{province}'s name is under a counter"
        assert drawn.title is None or not rect.colliderect(drawn.title), f"{province}'s name is under the title"
        assert shapes.contains(province, *rect.center), f"{province}'s name is outside it"
        ink = {drawn.surface.get_at((x, y))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}
        assert INK in ink, f"{province}'s name is not drawn"
    return occupied


@pytest.mark.parametrize("name, orders", [
    ("diplomacy-1901.toml", ()),
    # army and wing stacked in the home centres (blocks of two), and arrows the names keep clear of
    ("air-power-1901.toml", ("A BER - KIE", "F KIE - DEN", "A MUN - RUH", "A BER S A MUN - RUH")),
])
def test_names_stand_beside_the_counters_on_the_standard_board(name, orders):
    scenario, shown = _shown(name, "GERMANY", orders)
    assert len(_names_clear(scenario, shown)) == 22


def test_names_stand_clear_in_borderlands_crowded_territories():
    scenario, shown = _shown("unit-profiles-borderlands.toml")
    units = shown.position.units
    assert max(sum(u.where == p for u in units) for p in {u.where for u in units}) >= 10
    _names_clear(scenario, shown)


def test_an_arrow_stops_at_the_edge_of_the_counters_where_it_leads():
    scenario, shown = _shown("diplomacy-1901.toml", "GERMANY", ("A BER - KIE",))
    drawings = province_drawings(scenario.board)
    size = (scenario.board.width_px, scenario.board.height_px)
    drawn = board_picture(size, drawings, shown)
    kiel = next(r for u, r in zip(shown.position.units, drawn.counters) if u.where == "KIE")
    # the arrow's dark edge shows right beside Kiel's counter (its head is not hidden under the counter)
    ring = kiel.inflate(8, 8)
    plain = board_picture(size, drawings, replace(shown, orders=())).surface
    changed = [(x, y) for x in range(ring.left, ring.right) for y in range(ring.top, ring.bottom)
               if not kiel.collidepoint(x, y) and drawn.surface.get_at((x, y)) != plain.get_at((x, y))]
    assert changed
    # and the counter itself is drawn over nothing: the same pixels with or without the order
    assert all(drawn.surface.get_at((x, y)) == plain.get_at((x, y))
               for x in range(kiel.left + 3, kiel.right - 3) for y in range(kiel.top + 3, kiel.bottom - 3))


def test_a_hidden_unit_moves_no_name_in_a_blind_picture():
    scenario, _ = _shown("air-power-1901.toml")
    drawings = province_drawings(scenario.board)
    size = (scenario.board.width_px, scenario.board.height_px)
    start = scenario.start()
    hidden = AreaUnit("spy", "GERMANY", "A", "HOL", "A")
    with_spy = replace(start, units=start.units + (hidden,))

    def picture(position, blind: bool):
        seen = scenario.rules.view(position, "ENGLAND", blind)
        return seen, board_picture(size, drawings, AreaPictureInput(seen.phase, "ENGLAND", seen, ("F LON - NTH",), ()))

    seen, blind_with = picture(with_spy, True)
    assert not any(u.uid == "spy" for u in seen.units)  # England may not see Holland
    _, blind_without = picture(start, True)
    # in the open picture the army moves Holland's name aside: the placement does follow counters ...
    _, open_with = picture(with_spy, False)
    _, open_without = picture(start, False)
    assert open_with.labels["HOL"] != open_without.labels["HOL"]
    # ... but only those the power sees: the blind picture is the same to the byte with and without it
    assert blind_with.labels == blind_without.labels
    assert pygame.image.tobytes(blind_with.surface, "RGB") == pygame.image.tobytes(blind_without.surface, "RGB")
    whole = AreaPictureInput(seen.phase, "ENGLAND", scenario.rules.view(with_spy, "ENGLAND", True), (), ("x",))
    alone = replace(whole, position=scenario.rules.view(start, "ENGLAND", True))
    assert pygame.image.tobytes(area_picture(size, drawings, whole), "RGB") == \
        pygame.image.tobytes(area_picture(size, drawings, alone), "RGB")


def test_the_portal_board_has_no_panel_and_the_pov_file_has_it():
    scenario, shown = _shown("diplomacy-1901.toml", "FRANCE", ("A PAR - BUR",))
    drawings = province_drawings(scenario.board)
    size = (scenario.board.width_px, scenario.board.height_px)
    full, board = area_picture(size, drawings, shown), area_picture(size, drawings, shown, panel=False)
    assert board.get_size() == size and full.get_width() > size[0] and full.get_height() == size[1]
    left = full.subsurface(pygame.Rect(0, 0, *size))
    assert pygame.image.tobytes(left, "RGB") == pygame.image.tobytes(board, "RGB")


def test_the_pov_files_panel_shows_every_line_wrapped_however_long_the_report():
    scenario, shown = _shown("unit-profiles-borderlands.toml")
    drawings = province_drawings(scenario.board)
    size = (scenario.board.width_px, scenario.board.height_px)
    long_line = "casualties FEL r2 attacker-fire: " + ", ".join(f"s{n} heavy-infantry" for n in range(12))
    told = tuple(f"line {n}: {long_line}" for n in range(40))
    picture = area_picture(size, drawings, replace(shown, told=told))
    assert picture.get_height() > size[1]  # taller than the board: the report's end is not cut off
    panel = picture.subsurface(pygame.Rect(size[0], 0, picture.get_width() - size[0], picture.get_height()))
    inked_rows = [y for y in range(panel.get_height()) if any(panel.get_at((x, y))[:3] == INK
                                                              for x in range(0, panel.get_width(), 2))]
    assert inked_rows and inked_rows[-1] > size[1]
    # nothing runs past the panel's right edge: the last columns are blank
    assert not any(panel.get_at((panel.get_width() - 1 - dx, y))[:3] == INK
                   for dx in range(6) for y in range(panel.get_height()))
    short = area_picture(size, drawings, replace(shown, told=("one line",)))
    assert short.get_height() == size[1]


def test_the_portal_zooms_on_the_powers_units_of_the_board_it_serves():
    from kriegsspiel.store.phase_desk import Drawer, PowerView

    scenario, shown = _shown("diplomacy-1901.toml", "RUSSIA")
    drawer = Drawer(scenario)
    view = PowerView("RUSSIA", shown.position, (), (), (), True)
    picture = pygame.image.load(io.BytesIO(drawer.current(view)))
    assert picture.get_size() == (scenario.board.width_px, scenario.board.height_px)  # the board alone
    fx, fy = drawer.focus(view)
    centres = {d.abbreviation: d.centre for d in province_drawings(scenario.board)}
    xs = [centres[province_of(u.where)][0] for u in shown.position.units if u.power == "RUSSIA"]
    ys = [centres[province_of(u.where)][1] for u in shown.position.units if u.power == "RUSSIA"]
    # the focus, a fraction of the served picture, falls amid Russia's units on that picture
    assert min(xs) <= fx * picture.get_width() <= max(xs) and min(ys) <= fy * picture.get_height() <= max(ys)


def test_an_orders_line_starts_at_the_counter_of_the_unit_it_names():
    from kriegsspiel.pov.area import order_marks

    centres = {"MIT": (100.0, 100.0), "FEL": (300.0, 100.0), "PAR": (50.0, 50.0), "BUR": (80.0, 60.0)}
    units = [AreaUnit("n19", "NORD", "infantry", "MIT", "Inf"), AreaUnit("n20", "NORD", "armor", "MIT", "Arm"),
             AreaUnit("u1", "FRANCE", "W", "PAR", "W"), AreaUnit("u2", "FRANCE", "A", "PAR", "A"),
             AreaUnit("x9", "SUD", "armor", "MIT", "Arm")]
    points = [(90.0, 100.0), (110.0, 100.0), (40.0, 50.0), (60.0, 50.0), (100.0, 120.0)]
    nord = order_marks("NORD", ["move n20,n19 MIT-FEL"], units, points, centres)
    assert [(m.style, m.start, m.end, m.to) for m in nord] == [("move", (110.0, 100.0), (300.0, 100.0), "FEL")]
    france = order_marks("FRANCE", ["A PAR - BUR"], units, points, centres)
    assert france[0].start == (60.0, 50.0)  # the army's counter, not the wing's beside it
    # another power's unit is never the start, whatever the text names
    assert order_marks("NORD", ["move x9 MIT-FEL"], units, points, centres)[0].start == centres["MIT"]
