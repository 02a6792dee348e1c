"""A convoy by drag in the area window (headless, posted events): an army dragged to a coast it can only
reach by sea opens a menu of the convoy routes; a click gives the army's VIA move and every fleet's convoy
order through the session (journaled like typed orders), and one Ctrl+Z takes them all back; the rules'
routes (Diplomacy's orders_with_help) unit-tested beside."""
from __future__ import annotations

import pygame
import pytest

from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import read_save

from area_window_helpers import (counter_of, drag, key, open_window, orders, post, screen_of, type_line,
                                 write_scenario)

UNITS = {"ENGLAND": ["A YOR", "F NTH", "F ENG", "A LVP", "F IRI", "F LON"],
         "FRANCE": ["F MAO", "A BRE", "A PAR"], "GERMANY": ["A MUN"]}


@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    window = open_window(tmp_path, write_scenario(tmp_path, "Convoys", UNITS))
    window.render()
    yield window
    window.game.close()
    forget_fonts()
    pygame.quit()


def click_row(app, label: str) -> None:
    menu = app.menu
    index = menu.options.index(label)
    column, row = divmod(index, menu.rows())
    post(app, pygame.MOUSEBUTTONDOWN, button=1,
         pos=(menu.at[0] + column * menu.width + 8, menu.at[1] + row * menu.row_height + 6))


def test_dragging_an_army_over_the_sea_offers_the_convoy_and_gives_it_in_one_undoable_group(app):
    records = len(read_save(app.game.path).records)
    drag(app, counter_of(app, "A", "BRE"), screen_of(app, "WAL"))
    menu = app.menu
    assert menu is not None and menu.title == "FRANCE: A BRE - WAL by sea?"
    assert menu.options == ["convoy by F ENG (ENGLAND)", "convoy by F MAO, F IRI (ENGLAND)",
                            "A BRE - WAL VIA alone (convoys by hand)"]
    assert len(read_save(app.game.path).records) == records  # nothing given before the umpire's click
    app.render()
    assert tuple(app.surface.get_at((menu.at[0] + 3, menu.at[1] - 5)))[:3] == (236, 228, 200)  # its title drawn
    click_row(app, "convoy by F ENG (ENGLAND)")
    assert orders(app) == [("FRANCE", "A BRE - WAL VIA"), ("ENGLAND", "F ENG C A BRE - WAL")]
    journal = read_save(app.game.path).records
    assert [r.command for r in journal[-2:]] == ["FRANCE: A BRE - WAL VIA", "ENGLAND: F ENG C A BRE - WAL"]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # one Ctrl+Z: both
    assert orders(app) == []
    assert [r.kind for r in read_save(app.game.path).records[-2:]] == ["undo", "undo"]
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # one Ctrl+Y: both again
    assert orders(app) == [("FRANCE", "A BRE - WAL VIA"), ("ENGLAND", "F ENG C A BRE - WAL")]
    type_line(app, "confirm")
    assert any(u.power == "FRANCE" and u.where == "WAL" for u in app.game.turn.position.units)


def test_a_chain_of_fleets_and_the_armys_own_power_first(app):
    drag(app, counter_of(app, "A", "LVP"), screen_of(app, "BRE"))
    assert app.menu.options[:2] == ["convoy by F IRI, F ENG", "convoy by F IRI, F MAO (FRANCE)"]
    click_row(app, "convoy by F IRI, F MAO (FRANCE)")
    assert orders(app) == [("ENGLAND", "A LVP - BRE VIA"), ("ENGLAND", "F IRI C A LVP - BRE"),
                           ("FRANCE", "F MAO C A LVP - BRE")]
    # the army alone: its VIA move, no fleet ordered (the row says the convoys are the umpire's to give)
    drag(app, counter_of(app, "A", "YOR"), screen_of(app, "NWY"))
    click_row(app, "A YOR - NWY VIA alone (convoys by hand)")
    assert orders(app)[-1] == ("ENGLAND", "A YOR - NWY VIA") and len(orders(app)) == 4
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # a group of one: just it
    assert len(orders(app)) == 3
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # then the chain's three together
    assert orders(app) == []


def test_an_adjacent_move_stays_one_drag_and_escape_closes_the_convoy_menu(app):
    drag(app, counter_of(app, "A", "YOR"), screen_of(app, "LVP"))  # next to it by land: no question
    assert app.menu is None and orders(app) == [("ENGLAND", "A YOR - LVP")]
    drag(app, counter_of(app, "A", "YOR"), screen_of(app, "HOL"))
    assert app.menu is not None and app.menu.options[0] == "convoy by F NTH"
    key(app, pygame.K_ESCAPE)
    assert app.menu is None and orders(app) == [("ENGLAND", "A YOR - LVP")]


def test_a_typed_line_of_several_orders_is_one_ctrl_z(app):
    type_line(app, "FRANCE: A PAR - BUR; F MAO - SPA/NC")
    type_line(app, "GERMANY: A MUN - RUH")
    assert len(orders(app)) == 3
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(orders(app)) == 2
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert orders(app) == []
    type_line(app, "redo")  # typed: one record, as in the shell
    assert orders(app) == [("FRANCE", "A PAR - BUR")]


def test_the_rules_routes(tmp_path):
    game = AreaSession.new(write_scenario(tmp_path, "Routes", UNITS), tmp_path / "r.kssave")
    try:
        rules, position = game.scenario.rules, game.turn.position
        assert rules.orders_with_help(position, "FRANCE", "A BRE - WAL") == (  # the shorter route first
            (("FRANCE", "A BRE - WAL VIA"), ("ENGLAND", "F ENG C A BRE - WAL")),
            (("FRANCE", "A BRE - WAL VIA"), ("FRANCE", "F MAO C A BRE - WAL"), ("ENGLAND", "F IRI C A BRE - WAL")))
        assert rules.orders_with_help(position, "ENGLAND", "A YOR - LVP") == ()  # by land, not asked VIA
        assert rules.orders_with_help(position, "ENGLAND", "A YOR - LON VIA") == (
            (("ENGLAND", "A YOR - LON VIA"), ("ENGLAND", "F NTH C A YOR - LON")),)
        assert rules.orders_with_help(position, "FRANCE", "A PAR - WAL") == ()  # inland army
        assert rules.orders_with_help(position, "FRANCE", "F MAO - BRE") == ()
        assert rules.orders_with_help(position, "ENGLAND", "A BRE - WAL") == ()  # not England's army
        assert rules.orders_with_help(position, "FRANCE", "A BRE - XYZ") == ()
        # the chain through IRI and ENG is kept, not the longer one that adds MAO to it
        ways = rules.orders_with_help(position, "ENGLAND", "A LVP - BRE")
        fleets = [tuple(o.split(" C ")[0] for _, o in way[1:]) for way in ways]
        assert fleets == [("F IRI", "F ENG"), ("F IRI", "F MAO")]
    finally:
        game.close()


def test_right_click_on_an_ordered_unit_offers_to_withdraw_its_order(app):
    from area_window_helpers import right_click

    drag(app, counter_of(app, "A", "PAR"), screen_of(app, "BUR"))
    right_click(app, counter_of(app, "A", "PAR"))
    assert app.menu.options[0] == "withdraw A PAR - BUR" and "A PAR H" in app.menu.options
    click_row(app, "withdraw A PAR - BUR")
    assert orders(app) == []
    assert read_save(app.game.path).records[-1].command == "withdraw FRANCE: A PAR - BUR"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert orders(app) == [("FRANCE", "A PAR - BUR")]


def test_a_wing_dropped_on_a_province_offers_its_flights_there(tmp_path):
    pygame.display.init()
    pygame.font.init()
    try:
        app = open_window(tmp_path, "air-power-1901.toml")
        app.render()
        drag(app, counter_of(app, "W", "PAR"), screen_of(app, "BUR"))
        assert app.menu.options == ["W PAR - BUR", "W PAR RAID BUR", "W PAR PATROL BUR"]
        click_row(app, "W PAR RAID BUR")
        assert orders(app) == [("FRANCE", "W PAR RAID BUR")]
        drag(app, counter_of(app, "W", "PAR"), screen_of(app, "ENG"))  # at sea: no move, its missions
        assert app.menu.options == ["W PAR RAID ENG", "W PAR PATROL ENG"]
        app.game.close()
    finally:
        forget_fonts()
        pygame.quit()


def test_pressing_a_counter_outlines_where_it_may_go_by_land_and_by_sea(app):
    from area_window_helpers import move_mouse

    def pixels(colour: tuple[int, int, int]) -> int:
        return sum(tuple(app.surface.get_at((x, y)))[:3] == colour for x in range(0, 960, 2) for y in range(0, 760, 2))

    white = pixels((255, 255, 255))  # the notches of units without orders
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=counter_of(app, "A", "LVP"))
    move_mouse(app, screen_of(app, "IRI"), (1, 0, 0))
    assert app.reach["WAL"] is False and app.reach["EDI"] is False and app.reach["BRE"] is True
    assert "LON" in app.reach and "NTH" not in app.reach and "MUN" not in app.reach and "LVP" not in app.reach
    assert pixels((255, 215, 0)) > 100 and pixels((255, 255, 255)) > white + 200  # by land yellow, by sea white
    post(app, pygame.MOUSEBUTTONUP, button=1, pos=screen_of(app, "IRI"))  # at sea: no order, the outlines go
    assert app.reach == {} and orders(app) == []
    colours = {tuple(app.surface.get_at((x, y)))[:3] for x in range(0, 960, 2) for y in range(0, 760, 2)}
    assert (255, 215, 0) not in colours


def test_a_line_of_orders_gives_the_good_ones_and_keeps_the_refused_in_the_console(app):
    type_line(app, "FRANCE: A PAR - BUR; A BRE - MUN; F MAO - SPA/NC")
    assert orders(app) == [("FRANCE", "A PAR - BUR"), ("FRANCE", "F MAO - SPA/NC")]
    assert app.console == "FRANCE: A BRE - MUN" and any(bad and "MUN" in text for text, bad in app.log)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # the line's two accepted orders are one group
    assert orders(app) == []
    key(app, pygame.K_ESCAPE)
    assert app.console == ""


def test_a_single_refused_order_stays_in_the_console_and_queries_do_not(app):
    type_line(app, "FRANCE: A BRE - MUN")
    assert orders(app) == [] and app.console == "FRANCE: A BRE - MUN"
    key(app, pygame.K_ESCAPE)
    type_line(app, "units FRANCE")
    assert app.console == "" and any("A BRE" in text for text, _ in app.log)
