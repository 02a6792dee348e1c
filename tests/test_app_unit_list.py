"""The unit list (U) and the find box (Ctrl+F) in the window (driven headless by posted events)."""
from __future__ import annotations

import pygame

from app_events import app, click, press, step, type_text  # app: the fixture
from kriegsspiel.app import unit_list
from kriegsspiel.app.app import App


def centre_world(app: App):
    return app.camera.to_world(*app.camera.viewport.centre)


def row_pos(app: App, index: int) -> tuple[int, int]:
    """The screen position of row ``index`` of the list (0: the first row under its title)."""
    area = app.unit_list.area(app)
    return area.left + 60, area.top + unit_list.ROW_PX * (index - app.unit_list.scroll + 1) + 5


def test_u_lists_every_unit_by_side_with_type_strength_state_and_place(app: App) -> None:
    listed = unit_list.rows(app.session.state)
    assert [r.cells[0] for r in listed] == ["Rebel: 4 units", "dd1", "r1", "r2", "r3", "Crown: 2 units", "c1", "c2"]
    c2 = next(r for r in listed if r.unit_id == "c2")
    assert c2.cells == ("c2", "Special forces", "20/20", "hidden", "17.5,8.5")  # the umpire sees hidden units
    before = app.surface.copy()
    press(app, pygame.K_u)
    assert app.unit_list.on
    x, y = row_pos(app, 0)
    assert app.surface.get_at((x, y)) != before.get_at((x, y))  # the list is drawn over the map
    press(app, pygame.K_u)
    assert not app.unit_list.on


def test_a_click_on_a_row_selects_the_unit_and_centres_the_map_on_it(app: App) -> None:
    press(app, pygame.K_u)
    click(app, row_pos(app, 6))  # c1
    assert app.selected == "c1"
    centre = centre_world(app)
    assert abs(centre.x - 20.5) < 0.05 and abs(centre.y - 3.5) < 0.05
    assert app.status.startswith("c1: Infantry of Crown, ready")
    assert app.unit_list.on  # the list stays for the next


def test_the_list_scrolls_with_the_wheel_and_keys_when_it_does_not_fit(app: App) -> None:
    app.resize(pygame.Surface((1280, 230)))
    press(app, pygame.K_u)
    shown = app.unit_list.visible_rows(app)
    assert shown < 8
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=row_pos(app, 0), rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=0.0))
    assert app.unit_list.scroll == 8 - shown  # as far as the last row, no further
    press(app, pygame.K_UP)
    assert app.unit_list.scroll == 8 - shown - 1
    camera = app.camera
    press(app, pygame.K_PAGEUP)
    assert app.unit_list.scroll == 0 and app.camera == camera  # the keys scrolled the list, not the map


def test_ctrl_f_finds_a_unit_by_id_or_name_and_centres_on_it(app: App) -> None:
    press(app, pygame.K_f, pygame.KMOD_LCTRL)
    assert app.unit_list.finding
    type_text(app, "dd")
    press(app, pygame.K_RETURN)
    assert app.selected == "dd1" and not app.unit_list.finding
    centre = centre_world(app)
    assert abs(centre.x - 19.5) < 0.05 and abs(centre.y - 13.5) < 0.05
    press(app, pygame.K_f, pygame.KMOD_LCTRL)
    type_text(app, "infantry")  # a type's name: two units
    press(app, pygame.K_RETURN)
    assert app.selected == "c1" and "1 of 2" in app.status and app.unit_list.finding
    press(app, pygame.K_RETURN)
    assert app.selected == "r1" and "2 of 2" in app.status
    press(app, pygame.K_ESCAPE)
    assert not app.unit_list.finding


def test_typing_in_the_find_box_gives_no_order_and_an_unknown_name_says_so(app: App) -> None:
    click(app, app.camera.to_screen_int(app.session.state.units["r1"].position))
    press(app, pygame.K_f, pygame.KMOD_LCTRL)
    for letter, key in (("a", pygame.K_a), ("u", pygame.K_u), ("l", pygame.K_l), ("x", pygame.K_x)):
        step(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=letter, scancode=0),
             pygame.event.Event(pygame.TEXTINPUT, text=letter))
    assert app.unit_list.query == "aulx"
    assert app.tools.aiming.order is None and not app.unit_list.on and not app.tools.is_active(app.tools.sight)
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)
    assert app.status_is_error and app.status == "find: no unit matches 'aul'"


def test_u_typed_in_the_console_is_text_not_the_list(app: App) -> None:
    press(app, pygame.K_RETURN)  # the console takes the keys
    step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0),
         pygame.event.Event(pygame.TEXTINPUT, text="u"))
    assert app.console.text == "u" and not app.unit_list.on


def test_a_counter_dropped_over_the_list_is_dropped_not_stuck(app: App) -> None:
    from app_events import drag

    press(app, pygame.K_u)
    area = app.unit_list.area(app)
    dd1 = app.camera.to_screen_int(app.session.state.units["dd1"].position)  # right of the list
    end = (area.right - 20, dd1[1])
    assert area.collidepoint(end) and not area.collidepoint(dd1)
    drag(app, dd1, end)
    assert not app.carry.dragging and app.carry.press_at is None  # the drop reached the drag
    assert app.status.startswith("dd1 not moved") and app.selected == "dd1"
