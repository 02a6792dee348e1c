"""The line-of-sight tool (L) in the window: seen and hidden stretches by the fog's own rules, the blocker
named, from a unit or a clicked point (driven headless by posted events)."""
from __future__ import annotations

import pygame

from app_events import app, click, move_to, press, screen_of  # app: the fixture
from kriegsspiel.app import sight_line
from kriegsspiel.app.app import App
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import player_view

R1 = WorldPoint(3.5, 3.5)


def colours_along(app: App, a: WorldPoint, b: WorldPoint, samples: int = 40) -> set[tuple[int, int, int]]:
    sa, sb = app.camera.to_screen(a), app.camera.to_screen(b)
    return {tuple(app.surface.get_at((round(sa[0] + (sb[0] - sa[0]) * i / samples),
                                      round(sa[1] + (sb[1] - sa[1]) * i / samples))))[:3] for i in range(samples + 1)}


def test_behind_the_wood_is_hidden_and_the_wood_is_named(app: App) -> None:
    click(app, screen_of(app, R1))
    press(app, pygame.K_l)
    assert app.tools.is_active(app.tools.sight) and app.tools.sight.from_unit == "r1"
    target = WorldPoint(13.5, 4.5)  # east, past the wood (columns 8-11)
    move_to(app, screen_of(app, target), held=False)
    line = app.tools.sight.look(app.session.state, app.camera.to_world(*app.cursor))
    assert [status for _, _, status in line.runs] == [sight_line.SEEN, sight_line.HIDDEN]
    assert 8.0 <= line.runs[1][0].x <= 10.0  # hidden from a little way into the wood
    assert line.blocker is not None and line.blocker.what == "forest" and 8.0 <= line.blocker.at.x < 9.0
    words = line.lines("units")
    assert words[1].startswith("hidden; blocked by forest") and "top at height 1" in words[1]
    assert words[2] == "eye at height 0.5, ground at the mouse height 0"
    # the drawn frame: the line is in both colours, the near part seen, the far part hidden
    assert sight_line.COLOURS[sight_line.SEEN] in colours_along(app, R1, WorldPoint(6.5, 3.875))
    assert sight_line.COLOURS[sight_line.HIDDEN] in colours_along(app, WorldPoint(10.5, 4.2), WorldPoint(13, 4.45))


def test_open_ground_is_seen_all_the_way(app: App) -> None:
    click(app, screen_of(app, R1))
    press(app, pygame.K_l)
    move_to(app, screen_of(app, WorldPoint(6.5, 1.5)), held=False)
    line = app.tools.sight.look(app.session.state, app.camera.to_world(*app.cursor))
    assert line.target_seen and line.blocker is None
    assert [s for _, _, s in line.runs] == [sight_line.SEEN]
    assert sight_line.COLOURS[sight_line.HIDDEN] not in colours_along(app, R1, WorldPoint(6.3, 1.6))


def test_the_line_agrees_with_the_players_fog(app: App) -> None:
    """Every cell r1 (the Rebel player's only unit in the west) sees by the line is seen in the player's picture
    made from r1 alone: the same rules, not a second opinion."""
    from dataclasses import replace

    state = app.session.state
    alone = replace(state, units={uid: u for uid, u in state.units.items() if uid in ("r1", "c1")})
    seen = player_view(alone, "Washington").seen
    for x in (5.5, 8.5, 9.5, 12.5, 13.5):
        for y in (1.5, 3.5, 6.5, 9.5, 12.5):
            line = sight_line.sight_line(alone, R1, WorldPoint(x, y), "r1")
            assert line.target_seen == bool(seen[int(y), int(x)]), (x, y)


def test_from_a_clicked_point_with_nothing_selected_and_esc_leaves(app: App) -> None:
    press(app, pygame.K_l)
    assert app.tools.is_active(app.tools.sight) and app.tools.sight.from_unit is None
    hill = WorldPoint(7.5, 12.5)
    click(app, screen_of(app, WorldPoint(5.5, 5.0)))  # open ground north of the settlement
    assert app.tools.sight.from_point is not None and app.selected is None
    move_to(app, screen_of(app, hill), held=False)
    line = app.tools.sight.look(app.session.state, app.camera.to_world(*app.cursor))
    assert line.observer is None and line.sight_range is None
    assert line.target_ground == 1.0  # the hill's height, shown
    before = app.surface.copy()
    press(app, pygame.K_ESCAPE)
    assert not app.tools.is_active(app.tools.sight)
    assert sight_line.COLOURS[sight_line.SEEN] not in colours_along(app, WorldPoint(5.5, 5.0), hill)
    assert before.get_at(screen_of(app, WorldPoint(5.5, 5.0))) != app.surface.get_at(screen_of(app, WorldPoint(5.5, 5.0)))


def test_a_settlement_blocks_and_is_named_by_its_name(app: App) -> None:
    line = sight_line.sight_line(app.session.state, R1, WorldPoint(7.5, 12.5), "r1")
    assert line.blocker is not None and line.blocker.what == "settlement Birmingham"


def test_a_rule_set_without_sight_numbers_gets_a_message_not_a_crash(app: App, monkeypatch) -> None:
    from kriegsspiel.core.sight import SightRules

    def no_sight(ruleset):
        raise KeyError("rule set 'x' has no [sight] eye_height and obstacle_height; add them to its TOML file")

    monkeypatch.setattr(SightRules, "from_ruleset", staticmethod(no_sight))
    press(app, pygame.K_l)
    assert not app.tools.is_active(app.tools.sight) and app.status_is_error and "has no [sight]" in app.status
    assert app.internal_errors == 0


def test_past_the_units_sight_range_the_line_is_grey_and_the_target_not_seen(app: App) -> None:
    from dataclasses import replace

    state = app.session.state
    ruleset = state.ruleset
    short = replace(ruleset, unit_types={**ruleset.unit_types,
                                         "infantry": replace(ruleset.unit_types["infantry"], sight_range=2.0)})
    near_sighted = replace(state, ruleset=short)
    line = sight_line.sight_line(near_sighted, R1, WorldPoint(3.5, 9.5), "r1")  # 6 south, over open ground
    assert [s for _, _, s in line.runs] == [sight_line.SEEN, sight_line.BEYOND]
    assert 4.5 <= line.runs[1][0].y <= 6.0 and not line.target_seen
    assert line.lines("units")[1] == "beyond its sight range (2)"
