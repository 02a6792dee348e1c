"""A Ruleset V3 combat with the mouse in the umpire's window (headless, real events posted to the app loop):
select the attackers, right-click for the rule set's charts (greyed with the rules' reason), click the
defenders, Enter rolls; the pending combat's - / + buttons and keys modify it, Enter resolves, Esc undoes.
Every step is journaled exactly as the same lines typed at the console."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from kriegsspiel.app import combat_v3
from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets.kriegsspiel_v3.combat import outcome
from kriegsspiel.shell.session import Shell
from kriegsspiel.store import Game
from test_app import key, post, records, screen_of
from kriegsspiel.rulesets.kriegsspiel_v3.state import pending_combat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"
SET_UP = ("force move grenzer > 530,812", "force move ir-daun > 600,700")  # 60 m and 172 m from the jaeger


def _new_app(tmp_path: Path, name: str) -> App:
    game = Game.new(SCENARIO, tmp_path / name)
    window = App(TableSession(game, "Weistritz"), pygame.Surface((1400, 900)))
    window.run(max_frames=1)
    return window


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    window = _new_app(tmp_path, "mouse.kssave")
    for line in SET_UP:
        assert window.run_console_line(line).accepted
    window.console_focused = False
    # zoom in with the wheel about the fight, so that neighbouring counters are apart
    at = screen_of(window, WorldPoint(430, 780))
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(5):
        post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    window.run(max_frames=window.frames + 1)
    yield window
    window.session.game.close()
    pygame.event.clear()


def at_unit(app: App, unit_id: str) -> tuple[int, int]:
    return screen_of(app, app.session.state.units[unit_id].position)


def click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run(max_frames=app.frames + 1)


def ctrl_click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    click_at(app, pos)
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0))
    app.run(max_frames=app.frames + 1)


def button(app: App, action: str) -> tuple[int, int]:
    """The centre of the panel's button that sends ``action`` (as drawn in the last frame)."""
    app.render()
    found = [rect.center for rect, line in app.combat.buttons if line == action]
    assert found, [line for _, line in app.combat.buttons]
    return found[0]


def commands(app: App) -> list[str]:
    return [r.command for r in records(app)]


def test_the_right_click_menu_lists_the_rule_sets_charts_greyed_with_the_rules_reason(app: App) -> None:
    click_at(app, at_unit(app, "jaeger"), button=3)
    menu = app.tools.menu.shown
    charts = tuple(combat_tables(app.session.state.ruleset).charts)
    assert menu is not None and menu.items[:len(charts)] == charts
    # then the unit's other orders of this rule set (kriegsspiel.app.unit_menu): rally and recover, no hide
    assert {"move...", "rally", "recover", "merge...", "split...", "order...", "details"} <= set(menu.items[len(charts):])
    assert "hide" not in menu.items and "heading..." not in menu.items
    assert menu.refusal("rally") == "jaeger is not disrupted"
    assert menu.labels[0] == f"{menu.items[0]}  (1)"
    assert menu.refusal("volley") is None and menu.refusal("firefight") is None
    assert menu.refusal("melee") == "jaeger is 60 m from the nearest defender; hand to hand needs 50 m"
    # the mouse resting on the greyed row says why; a click on it aims nothing
    melee = menu.rect(menu.items.index("melee")).center
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=melee, rel=(0, 0), buttons=(0, 0, 0)))
    app.run(max_frames=app.frames + 1)
    assert app.status == f"melee: {menu.refusal('melee')}" and app.status_is_error
    click_at(app, melee)
    assert app.tools.menu.shown is None and app.tools.aiming.order is None
    # a unit whose weapons reach no enemy: every fire chart greyed with its range
    click_at(app, at_unit(app, "ir-forcade"), button=3)
    reason = app.tools.menu.shown.refusal("volley")
    assert reason is not None and "beyond its maximum range of 150 m" in reason
    key(app, pygame.K_ESCAPE)
    assert app.tools.menu.shown is None


def test_mouse_combat_rolls_modifies_resolves_and_journals_as_the_console(app: App, tmp_path: Path) -> None:
    before = len(records(app))
    click_at(app, at_unit(app, "jaeger"), button=3)
    click_at(app, app.tools.menu.shown.rect(app.tools.menu.shown.items.index("volley")).center)
    assert app.tools.aiming.order is not None and app.tools.aiming.order.chart == "volley" and app.tools.aiming.order.shooters == ("jaeger",)
    verdicts = app.tools.aiming.order.verdicts(app.session.state)
    assert verdicts["grenzer"] is None and "beyond its maximum range of 150 m" in verdicts["ir-daun"]
    click_at(app, at_unit(app, "ir-daun"))  # greyed: not chosen, the reason shown
    assert app.tools.aiming.order.chosen == [] and app.status.startswith("ir-daun: ")
    click_at(app, at_unit(app, "grenzer"))
    assert app.tools.aiming.order.chosen == ["grenzer"]
    key(app, pygame.K_RETURN)
    state = app.session.state
    assert app.tools.aiming.order is None and pending_combat(state) is not None
    assert commands(app)[before:] == ["combat volley jaeger > grenzer"]

    # the panel's + of 'defender square' gives it at the rule set's value
    square = combat_tables(state.ruleset).modifiers["square"]
    click_at(app, button(app, f"modify defender {square:+d} square"))
    assert commands(app)[-1] == f"modify defender {square:+d} square"
    pending = pending_combat(app.session.state)
    assert ("defender", square, "square") in [(m.side, m.amount, m.label) for m in pending.modifiers]
    section = combat_v3.combat_section(app.session.state)
    assert section.rows[app.combat.row].text == f"defender {square:+d} square ({-square:+d} on the die)"
    # the keys go on with that row: - steps it down by one
    key(app, pygame.K_MINUS, text="-")
    assert commands(app)[-1] == f"modify defender {square - 1:+d} square"
    # Down to the next rows and + there
    intel = next(i for i, r in enumerate(combat_v3.combat_section(app.session.state).rows) if "attacker intel" in r.text)
    while app.combat.row != intel:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_EQUALS, text="=")
    assert commands(app)[-1] == f"modify attacker {combat_tables(state.ruleset).modifiers['intel']:+d} intel"
    # Esc takes back the last modify (the shell's undo)
    key(app, pygame.K_ESCAPE)
    assert records(app)[-1].kind == "undo"
    assert all(m.label != "intel" for m in pending_combat(app.session.state).modifiers)

    # the panel shows the result as it stands; Enter resolves it
    pending = pending_combat(app.session.state)
    expected = outcome(combat_tables(state.ruleset), pending)
    assert combat_v3.combat_section(app.session.state).result == f"=> {expected.describe()}"
    key(app, pygame.K_RETURN)
    assert pending_combat(app.session.state) is None and commands(app)[-1] == "resolve"
    app.render()
    assert not app.console_focused and all(a != combat_v3.RESOLVE for _, a in app.combat.buttons)

    # the same lines typed at the console give the same records (command, rolls, events)
    game = Game.new(SCENARIO, tmp_path / "console.kssave")
    try:
        shell = Shell(game)
        for record in records(app):
            line = f"force {record.command}" if record.forced else record.command
            assert shell.handle(line).ok, line
        typed = [(r.kind, r.command, r.forced, r.rolls, r.events, r.round, r.side) for r in game.journal_entries()]
    finally:
        game.close()
    assert typed == [(r.kind, r.command, r.forced, r.rolls, r.events, r.round, r.side) for r in records(app)]


def test_a_group_by_ctrl_click_and_the_charts_digit_key_then_esc_undoes_the_roll(app: App) -> None:
    click_at(app, at_unit(app, "jaeger"))
    assert app.run_console_line("force move ir-wedel > 480,760").accepted
    app.console_focused = False
    ctrl_click(app, at_unit(app, "ir-wedel"))
    assert [app.selected, *app.shooters] == ["jaeger", "ir-wedel"]
    charts = list(combat_tables(app.session.state.ruleset).charts)
    key(app, combat_v3.CHART_KEYS[charts.index("firefight")])
    assert app.tools.aiming.order.chart == "firefight" and app.tools.aiming.order.shooters == ("jaeger", "ir-wedel")
    click_at(app, at_unit(app, "grenzer"))
    key(app, pygame.K_KP_ENTER)
    assert commands(app)[-1] == "combat firefight jaeger ir-wedel > grenzer"
    assert pending_combat(app.session.state).attackers == ("jaeger", "ir-wedel")
    # a combat pending: every chart is greyed with the rules' reason
    click_at(app, at_unit(app, "jaeger"), button=3)
    charts = tuple(combat_tables(app.session.state.ruleset).charts)
    assert all(r is not None and r.startswith("a combat is pending") for r in app.tools.menu.shown.refused[:len(charts)])
    key(app, pygame.K_ESCAPE)  # closes the menu, undoes nothing
    assert app.tools.menu.shown is None and pending_combat(app.session.state) is not None
    key(app, pygame.K_ESCAPE)  # the roll taken back
    assert records(app)[-1].kind == "undo" and pending_combat(app.session.state) is None
    key(app, pygame.K_ESCAPE)  # nothing of a combat left to undo: Esc undoes nothing more
    assert records(app)[-1].kind == "undo" and len([r for r in records(app) if r.kind == "undo"]) == 1


def test_the_undo_button_and_ctrl_z_take_back_and_the_frame_shows_the_controls(app: App, tmp_path: Path) -> None:
    click_at(app, at_unit(app, "jaeger"))
    key(app, combat_v3.CHART_KEYS[list(combat_tables(app.session.state.ruleset).charts).index("volley")])
    click_at(app, at_unit(app, "grenzer"))
    key(app, pygame.K_RETURN)
    assert pending_combat(app.session.state) is not None
    app.render()
    pygame.image.save(app.surface, str(tmp_path / "pending.png"))
    resolve = next(rect for rect, action in app.combat.buttons if action == combat_v3.RESOLVE)
    assert resolve.left >= app.camera.viewport.width  # on the side panel
    click_at(app, button(app, combat_v3.UNDO))
    assert records(app)[-1].kind == "undo" and pending_combat(app.session.state) is None
    key(app, pygame.K_y, mod=pygame.KMOD_LCTRL)  # redo: the same roll again
    assert records(app)[-1].kind == "redo" and pending_combat(app.session.state) is not None
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert pending_combat(app.session.state) is None


def test_a_chart_aims_the_combat_line_and_the_fourth_editions_orders_keep_theirs(app: App) -> None:
    from kriegsspiel.app import targeting

    assert targeting.Targeting("fire", ("r3",)).line(["c1"]) == "fire r3 > c1"
    melee = combat_v3.chart_targeting(app.session.state, "melee", ["a", "b"])
    assert melee.line(["c"]) == "combat melee a b > c"
    assert melee.hints.shooters == "many" and melee.hints.targets == -1 and not melee.goes_at_once


def test_the_chart_menu_greys_a_chart_the_unit_type_may_not_attack_on(app: App) -> None:
    """The charts' ``attackers``: the skirmishers' menu greys the artillery chart, the guns' the infantry
    charts, each with the combat order's own refusal; the charts their arm may use stay open."""
    click_at(app, at_unit(app, "jaeger"), button=3)
    assert app.tools.menu.shown.refusal("artillery") == "jaeger (skirmishers) cannot fire on the artillery chart: it is for artillery"
    assert app.tools.menu.shown.refusal("volley") is None
    key(app, pygame.K_ESCAPE)
    click_at(app, at_unit(app, "guns-p"), button=3)
    for chart in ("firefight", "volley"):
        assert app.tools.menu.shown.refusal(chart) == (f"guns-p (artillery) cannot fire on the {chart} chart: it is for "
                                           "infantry, skirmishers, pioneers")
    assert app.tools.menu.shown.refusal("artillery") is None
    # the chart's digit key still aims it, every target greyed with the reason; the console's force rolls it
    key(app, pygame.K_ESCAPE)
    click_at(app, at_unit(app, "jaeger"))
    key(app, combat_v3.CHART_KEYS[list(combat_tables(app.session.state.ruleset).charts).index("artillery")])
    assert app.tools.aiming.order is not None and app.tools.aiming.order.chart == "artillery"
    assert set(app.tools.aiming.order.verdicts(app.session.state).values()) == {
        "jaeger (skirmishers) cannot fire on the artillery chart: it is for artillery"}
    click_at(app, at_unit(app, "grenzer"))
    assert app.tools.aiming.order.chosen == [] and app.status_is_error and "cannot fire on the artillery chart" in app.status
    key(app, pygame.K_ESCAPE)
    assert app.run_console_line("force combat artillery jaeger > grenzer").accepted
    last = records(app)[-1]
    assert (last.command, last.forced) == ("combat artillery jaeger > grenzer", True)
    assert pending_combat(app.session.state).chart == "artillery"


def test_the_status_line_says_enter_rolls_while_aiming_a_chart(app: App) -> None:
    click_at(app, at_unit(app, "jaeger"))
    key(app, combat_v3.CHART_KEYS[list(combat_tables(app.session.state.ruleset).charts).index("volley")])
    assert "Enter rolls" in app.status and "Enter sends" not in app.status
    click_at(app, at_unit(app, "grenzer"))
    assert app.status.startswith("combat volley jaeger > grenzer  (Enter rolls, Shift+Enter forces")
    key(app, pygame.K_ESCAPE)


def test_enter_sends_the_fourth_editions_orders_and_rolls_a_chart(app: App) -> None:
    from kriegsspiel.app import targeting

    assert targeting.Targeting("fire", ("r3",)).enter_verb == "sends"
    assert combat_v3.chart_targeting(app.session.state, "volley", ["a"]).enter_verb == "rolls"
