"""Unit-profiles counters drawn with military symbols (issue 30, item 8): every unit type of the rule set has
its own APP-6 symbol from the rule set's table, the window's F1 shows their key, a player's picture keys only
the symbols of the units that player sees, and the window says what the power ordering now is to do, in the
words the phone page uses (``AreaRules.duty``)."""
from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from golden_pictures import assert_same_picture

from kriegsspiel.app.area_legend import duty_lines
from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.pov.area import AreaPictureInput, board_picture
from kriegsspiel.render.area_counters import hit_marks, legend_entries, symbol_counter, symbols_by_kind
from kriegsspiel.render.counters import FRAMES, GLYPHS, Symbol, draw_symbol
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.rulesets.unit_profiles import load_rules
from kriegsspiel.rulesets.unit_profiles.area import UnitProfilesArea
from kriegsspiel.rulesets.unit_profiles.symbols import SYMBOLS
from kriegsspiel.scenario.area import province_drawings
from kriegsspiel.store.area import AreaSession

REPO = Path(__file__).resolve().parent.parent
#: the golden pictures of unit profiles' symbols (``python -m tests.regen_goldens`` writes them)
AREA_GOLDEN = Path(__file__).parent / "golden" / "area"
AREA_GOLDENS = ("unit-profiles-window.png", "unit-profiles-window-f1.png", "unit-profiles-sud-blind.png")
RULES = load_rules()
#: the frame each domain of the rule set's data takes (APP-6 dimensions)
DOMAIN_FRAMES = {"land": {"land"}, "air": {"air"}, "naval": {"sea", "subsurface"}, "structure": {"installation"}}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    forget_fonts()
    pygame.quit()


def _session(tmp_path: Path, blind: bool = False) -> AreaSession:
    (tmp_path / "maps").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "unit-profiles-borderlands.tmx", tmp_path / "maps")
    (tmp_path / "s").mkdir()
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / "unit-profiles-borderlands.toml").read_text("utf-8")
    if blind:
        assert "blind = false" in text
        text = text.replace("blind = false", "blind = true")
    (tmp_path / "s" / "borderlands.toml").write_text(text, "utf-8")
    return AreaSession.new(tmp_path / "s" / "borderlands.toml", tmp_path / "g.kssave")


# --- the table ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(RULES.units))
def test_every_unit_type_has_a_symbol_of_its_domain(kind: str) -> None:
    assert kind in SYMBOLS, f"{kind} has no symbol in rulesets/unit_profiles/symbols.py"
    frame, glyph, text, _ = SYMBOLS[kind]
    assert frame in DOMAIN_FRAMES[RULES.units[kind].domain]
    assert frame in FRAMES
    assert glyph in GLYPHS or (glyph == "text" and text), f"{kind}: {glyph!r} is no sign the drawing knows"
    symbol = UnitProfilesArea().unit_symbols()[kind]
    assert symbol.name == RULES.units[kind].name


def test_the_table_names_no_type_the_rule_set_lacks_and_no_two_types_look_alike() -> None:
    assert set(SYMBOLS) == set(RULES.units)
    pictures = {kind: (s.frame, s.glyph, s.text, s.weight) for kind, s in UnitProfilesArea().unit_symbols().items()}
    assert len(set(pictures.values())) == len(pictures), "two unit types share a counter"


@pytest.mark.parametrize("arm, glyph", [("infantry", "infantry"), ("armour", "armor"), ("mechanised", "mechanized-infantry"),
                                        ("artillery", "artillery"), ("self-propelled artillery", "self-propelled-gun"),
                                        ("anti-aircraft", "aaa"), ("engineers", "engineers"),
                                        ("paratroopers", "paratroopers"), ("cavalry", "cavalry")])
def test_the_arms_the_issue_names_get_their_app6_sign(arm: str, glyph: str) -> None:
    expected = {"infantry": "infantry", "armour": "armour", "mechanised": "mechanized", "artillery": "artillery",
                "self-propelled artillery": "self-propelled-artillery", "anti-aircraft": "air-defence",
                "engineers": "engineers", "paratroopers": "airborne", "cavalry": "cavalry"}[arm]
    assert SYMBOLS[glyph][1] == expected


def _drawn(symbol: Symbol, size: int = 40) -> np.ndarray:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_symbol(surface, symbol, pygame.Rect(4, 8, size - 8, round((size - 8) * 0.68)), (230, 230, 230), size, 11)
    return pygame.surfarray.array3d(surface)


def test_every_sign_the_drawing_knows_is_drawn_and_differs_from_every_other() -> None:
    """No sign falls through to the lettering or to another's drawing: each land frame looks different."""
    drawn = {glyph: _drawn(Symbol("land", glyph)) for glyph in GLYPHS}
    empty = _drawn(Symbol("land", "text", ""))
    for glyph, pixels in drawn.items():
        assert (pixels != empty).any(), f"{glyph} draws nothing in its frame"
    names = sorted(drawn)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert (drawn[a] != drawn[b]).any(), f"{a} and {b} look the same"


def test_hits_show_as_pips_under_the_symbol() -> None:
    assert hit_marks("Inf") == 0 and hit_marks("BB**") == 2
    whole = symbol_counter(Symbol("sea", "text", "BB"), (200, 60, 60), 30)
    hit = symbol_counter(Symbol("sea", "text", "BB"), (200, 60, 60), 30, hits=1)
    assert pygame.image.tobytes(whole, "RGBA") != pygame.image.tobytes(hit, "RGBA")


# --- the window ---------------------------------------------------------------------------------------------

def test_f1_shows_the_key_of_the_symbols_on_the_board(tmp_path: Path) -> None:
    game = _session(tmp_path)
    try:
        app = AreaApp(game, pygame.Surface((1366, 768)))
        app.render()
        assert app.key_rect is None
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
        app.render()
        assert app.key_rect is not None and app.surface.get_rect().contains(app.key_rect)
        names = {n for e in legend_entries(app.board.symbols[u.kind] for u in game.turn.position.units) for n in e.names}
        assert {"Infantry", "Armor", "Self-Propelled Gun", "AAA", "Paratroopers", "Fighter", "Battleship",
                "Submarine", "Fortress"} <= names
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.render()
        assert app.key_rect is None
    finally:
        game.close()


def test_the_window_draws_the_counters_as_symbols_of_the_counters_size(tmp_path: Path) -> None:
    game = _session(tmp_path)
    try:
        app = AreaApp(game, pygame.Surface((1366, 768)))
        app.render()
        rect = app.board.counter_rects["n3"]  # Nord's armour in NHM
        assert rect.width == rect.height >= 26  # large enough that the sign reads (see the zoomed crops)
        crop = pygame.surfarray.array3d(app.surface.subsurface(rect))
        expected = symbol_counter(app.board.symbols["armor"][0], (0, 0, 0), rect.width)
        assert expected.get_size() == rect.size
        assert (crop < 40).all(axis=2).sum() > 20  # the black ink of the frame and the track are there
    finally:
        game.close()


@pytest.mark.parametrize("confirms, step", [(0, "purchase"), (1, "combat-move"), (2, "combat"),
                                            (3, "noncombat-move"), (4, "place"), (5, "income")])
def test_the_window_says_what_to_do_now_as_the_phone_page_does(tmp_path: Path, confirms: int, step: str) -> None:
    game = _session(tmp_path)
    try:
        for _ in range(confirms):
            assert game.submit("confirm").accepted
        position = game.turn.position
        assert position.data["step"] == step
        rules = game.scenario.rules
        duty = rules.duty(position, "NORD")
        assert duty and rules.duty(position, "SUD") == f"Wait: it is Nord's {position.phase_label.split(': ')[1]} step."
        app = AreaApp(game, pygame.Surface((1366, 768)))
        app.render()
        assert app.duties() == duty_lines(rules, position) == [f"Nord: {duty}"]
        words = {"purchase": "buy 2 infantry", "combat-move": "'move n", "combat": "Conduct combat",
                 "noncombat-move": "aircraft must land", "place": "Place", "income": "gains 25 IPC"}[step]
        assert words in duty
    finally:
        game.close()


def test_the_duty_line_of_a_purchase_counts_the_money_left(tmp_path: Path) -> None:
    game = _session(tmp_path)
    try:
        assert "you have 20 IPC" in game.scenario.rules.duty(game.turn.position, "NORD")
        for line in ("NORD: buy 2 infantry", "confirm", "confirm", "confirm", "confirm"):
            assert game.submit(line).accepted
        assert game.turn.position.data["step"] == "place"
        assert "Place the 2 units bought: type 'place 1 infantry '" in game.scenario.rules.duty(game.turn.position, "NORD")
    finally:
        game.close()


# --- the players' pictures ----------------------------------------------------------------------------------

def test_a_players_key_lists_only_the_symbols_of_units_it_sees(tmp_path: Path) -> None:
    game = _session(tmp_path, blind=True)
    try:
        scenario = game.scenario
        rules = scenario.rules
        seen = rules.view(game.turn.position, "SUD", True)
        shown = AreaPictureInput(seen.phase, "SUD", seen, (), (), rules.unit_symbols())
        board = scenario.board
        drawn = board_picture((board.width_px, board.height_px), province_drawings(board), shown)
        names = {n for entry in drawn.key_entries for n in entry.names}
        symbols = symbols_by_kind(rules.unit_symbols())
        assert names == {symbols[u.kind][1] for u in seen.units if u.where in {p.abbreviation for p in province_drawings(board)}}
        hidden = {u.kind for u in game.turn.position.units} - {u.kind for u in seen.units}
        assert {"armor", "self-propelled-gun", "paratroopers", "fortification"} <= hidden  # Nord's, out of sight
        assert not names & {symbols[k][1] for k in hidden}
        assert drawn.key is not None and drawn.surface.get_rect().contains(drawn.key)
        assert drawn.key.top >= board.height_px  # under the board, covering no province
        # the umpire's (unfiltered) picture keys them
        everything = AreaPictureInput(seen.phase, "SUD", game.turn.position, (), (), rules.unit_symbols())
        full = board_picture((board.width_px, board.height_px), province_drawings(board), everything)
        assert {"Armor", "Self-Propelled Gun", "Paratroopers"} <= {n for e in full.key_entries for n in e.names}
    finally:
        game.close()


def test_the_title_of_a_picture_covers_no_counter(tmp_path: Path) -> None:
    """Nord's counter in KOL stands in the top left corner, where the title was drawn over it: the title
    goes to the first corner free of counters, and stays top left where that is free (Sud's blind view)."""
    game = _session(tmp_path)
    try:
        scenario, board = game.scenario, game.scenario.board
        drawings = province_drawings(board)
        for power, corner in (("NORD", "topright"), ("SUD", "topleft")):
            seen = scenario.rules.view(game.turn.position, power, power == "SUD")
            shown = AreaPictureInput(seen.phase, power, seen, (), (), scenario.rules.unit_symbols())
            drawn = board_picture((board.width_px, board.height_px), drawings, shown)
            assert drawn.title is not None and drawn.title.collidelist(drawn.counters) < 0, power
            area = pygame.Rect(0, 0, board.width_px, board.height_px)
            assert area.contains(drawn.title)
            assert abs(getattr(drawn.title, corner)[0] - getattr(area, corner)[0]) <= 4, (power, drawn.title)
    finally:
        game.close()


def test_a_game_without_symbols_keeps_its_letters_and_no_key(tmp_path: Path) -> None:
    game = _session(tmp_path)
    try:
        scenario = game.scenario
        board = scenario.board
        position = game.turn.position
        plain = board_picture((board.width_px, board.height_px), province_drawings(board),
                              AreaPictureInput(position.phase, "NORD", position, (), ()))
        assert plain.key is None and plain.key_entries == ()
        assert plain.surface.get_size() == (board.width_px, board.height_px)
    finally:
        game.close()


# --- golden pictures ----------------------------------------------------------------------------------------

def area_golden(name: str, scratch: Path) -> pygame.Surface:
    """The picture of golden case ``name``, made in the empty folder ``scratch``: the Borderlands window at
    1366x768 at the start (with F1: its key), or Sud's picture of Nord's first purchase in a blind game as
    ``kriegsspiel pov`` writes it (its key lists only the units Sud sees)."""
    game = _session(scratch, blind=name == "unit-profiles-sud-blind.png")
    try:
        if name == "unit-profiles-sud-blind.png":
            assert game.submit("NORD: buy 2 infantry").accepted and game.submit("confirm").accepted
            png = game.write_pictures(scratch / "pov", ["SUD"], 1)[0]
            return pygame.image.load(str(png))
        app = AreaApp(game, pygame.Surface((1366, 768)))
        if name == "unit-profiles-window-f1.png":
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
        app.render()
        return app.surface.copy()
    finally:
        game.close()


@pytest.mark.parametrize("name", AREA_GOLDENS)
def test_golden_pictures_of_the_symbols(name: str, tmp_path: Path) -> None:
    """Pixel for pixel (tests/golden_pictures.py); `python -m tests.regen_goldens` rewrites them."""
    assert_same_picture(area_golden(name, tmp_path), AREA_GOLDEN / name)


def test_the_phone_picture_keeps_the_board_on_top_and_the_tap_layer_pinned_to_it(tmp_path: Path) -> None:
    """The phone's picture carries the key under the board: the board stays at the picture's top left at its
    own size, and the tap layer (viewBox: the board) is pinned there rather than centred on the taller picture."""
    import io

    from kriegsspiel.portal.tap_layer import tap_layer
    from kriegsspiel.store.phase_desk import Drawer, power_view

    game = _session(tmp_path)
    try:
        drawer = Drawer(game.scenario)
        view = power_view(game.scenario, game.turn, "NORD")
        picture = pygame.image.load(io.BytesIO(drawer.current(view)), "current.png")
        board = game.scenario.board
        assert picture.get_width() == board.width_px and picture.get_height() > board.height_px
        layer = tap_layer(drawer.tap_board(view.position), "NORD", {}, ())
        # the zoom opens on the power's units: the fraction is of the whole picture, key strip included
        fx, fy = drawer.focus(view)
        centres = {p.abbreviation: p.centre for p in province_drawings(board)}
        ys = [centres[u.where][1] for u in view.own_units if u.where in centres]
        assert fy * picture.get_height() == pytest.approx((min(ys) + max(ys)) / 2, abs=1.0)
        assert f'viewBox="0 0 {board.width_px} {board.height_px}" preserveAspectRatio="xMinYMin meet"' in layer
    finally:
        game.close()


def test_the_combat_line_names_the_battles(tmp_path: Path) -> None:
    game = _session(tmp_path)
    try:
        for line in ("confirm", "NORD: move n20 MIT-FEL", "confirm"):
            assert game.submit(line).accepted
        assert game.scenario.rules.duty(game.turn.position, "NORD") == "Conduct combat: the battle in FEL; confirm to fight it."
    finally:
        game.close()
