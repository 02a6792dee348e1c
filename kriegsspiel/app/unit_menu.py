"""The rest of a unit's right-click menu: every order of the game that applies to the unit, beyond the combat,
air and transport orders that are aimed at targets (:mod:`kriegsspiel.app.targeting`).

Each row is one of three kinds: an order with no argument goes at once (hide, reveal, convert), greyed with
the rules' own reason when the rules refuse it now (a dry run through ``apply``, as the combat rows); an order
that needs words or numbers (move to a point, heading, merge, split) opens the console with the line begun, to
be finished and sent with Enter; ``details`` answers in the console. The core's orders are the rows of
:data:`UNIT_ORDERS`; a rule set's own come from its hints (``OrderSpec`` with ``menu="unit"``: sent as
``WORD ID``, or begun in the console by its ``begin``), listed after the core's convert, for the units its
``may_give`` (else its command tables) says give them. Whether a core row applies to the unit comes from the
rule set: its command tables (``may``, the convert rows, a ship's heading limit, where it may hide) and the
manual's ``applies``.

:data:`NOT_UNIT_ORDERS` names the core's commands that are no order of one unit (the audit: a test checks that
every command word of every installed rule set is a row of the menu, hinted by its rule set, or listed there,
so a new command is never silently missing from the menu).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kriegsspiel.app import targeting, transport_orders as transport, visible
from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Rejected
from kriegsspiel.core.game import OrderSpec
from kriegsspiel.core.ruleset import UnitType
from kriegsspiel.core.state import GameState, UnitState

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

SEND = "send"  # no argument: the row sends the order
TYPE = "type"  # the console opens with the line begun
ASK = "ask"  # a query: answered in the console

#: The core's commands that are not an order of one unit, with why: the audit of the menu against the commands.
NOT_UNIT_ORDERS: dict[str, str] = {
    "turn": "ends the side's turn", "score": "a query of the game", "help": "the shell's help",
    "man": "the shell's manual", "quit": "leaves the shell", "undo": "Ctrl+Z", "redo": "Ctrl+Y",
    "force": "Shift on a drop, a click or Enter", "message": "to a side or player, not a unit",
    "note": "the umpire's drawing on the map (W, or 'note here' on open ground)", "unnote": "Delete in the note mode (W)",
}


def _type(state: GameState, unit: UnitState) -> UnitType:
    return state.ruleset.unit_type(unit.type_id)


def _applies(word: str) -> Callable[[GameState, UnitState], bool]:
    def test(state: GameState, unit: UnitState) -> bool:
        from kriegsspiel.core.game import rules_of

        return rules_of(state).manual.applies(word, state.ruleset)

    return test


def _may(word: str) -> Callable[[GameState, UnitState], bool]:
    def test(state: GameState, unit: UnitState) -> bool:
        from kriegsspiel.core.game import may, rules_of

        return rules_of(state).manual.applies(word, state.ruleset) and may(state.ruleset, _type(state, unit), word)

    return test


def _can_hide(state: GameState, unit: UnitState) -> bool:
    kind = _type(state, unit)
    return not unit.hidden and _applies("hide")(state, unit) and bool(kind.hide_terrain or kind.hidden_by_default)


def _converts(state: GameState, unit: UnitState) -> bool:
    from kriegsspiel.core.game import convert_target

    return convert_target(state.ruleset, unit.type_id) is not None


@dataclass(frozen=True, slots=True)
class UnitOrder:
    """One row: the command word, how the row acts (SEND, TYPE, ASK), when it applies to a unit, and the line
    it begins (``{id}``: the unit; ``{group}``: the unit and the others selected with it)."""

    word: str
    how: str
    applies: Callable[[GameState, UnitState], bool]
    line: str


#: The core's rows, in the menu's order (after the aimed orders); a rule set's hinted rows go after convert.
UNIT_ORDERS: tuple[UnitOrder, ...] = (
    UnitOrder("move", TYPE, lambda s, u: u.carried_by is None, "move {id} > "),
    UnitOrder("heading", TYPE, lambda s, u: _type(s, u).heading_limit is not None, "heading {id} "),
    UnitOrder("hide", SEND, _can_hide, "hide {id}"),
    UnitOrder("reveal", SEND, lambda s, u: u.hidden, "reveal {id}"),
    UnitOrder("convert", SEND, _converts, "convert {id}"),
    UnitOrder("merge", TYPE, _may("merge"), "merge {group} > "),
    UnitOrder("split", TYPE, _may("split"), "split {id} > "),
    UnitOrder("details", ASK, lambda s, u: True, "details {id}"),
)
#: the core's rows before the rule set's
_BEFORE_THE_RULE_SETS = 5


def _hinted(spec: OrderSpec) -> UnitOrder:
    """A rule set's order hinted for a unit's menu as a row."""
    def applies(state: GameState, unit: UnitState) -> bool:
        return transport.gives(state, unit, spec)

    if spec.begin is not None:
        return UnitOrder(spec.word, TYPE, applies, spec.begin)
    return UnitOrder(spec.word, SEND, applies, f"{spec.word} {{id}}")


def _orders(state: GameState) -> dict[str, UnitOrder]:
    """Row -> its order, in the menu's order (an order needing more words ends in "...")."""
    from kriegsspiel.core.game import rules_of

    hinted = [_hinted(spec) for spec in rules_of(state).order_specs.values() if spec.menu == "unit"]
    ordered = (*UNIT_ORDERS[:_BEFORE_THE_RULE_SETS], *hinted, *UNIT_ORDERS[_BEFORE_THE_RULE_SETS:])
    return {f"{o.word}{'...' if o.how == TYPE else ''}": o for o in ordered}


def rows(state: GameState, unit_id: str) -> tuple[str, ...]:
    """The rows that apply to the unit (an order needing more words ends in "...")."""
    unit = state.unit(unit_id)
    if unit is None:
        return ()
    return tuple(row for row, order in _orders(state).items() if order.applies(state, unit))


def order_line(state: GameState, row: str, unit_id: str, group: list[str]) -> str:
    """The line a row sends or begins for ``unit_id`` (``group``: the whole selection, for merge)."""
    return _orders(state)[row].line.format(id=unit_id, group=" ".join(group))


def refusal(state: GameState, row: str, unit_id: str) -> str | None:
    """Why the rules refuse a SEND row's order now (a dry run: nothing journaled), or None (TYPE and ASK rows,
    judged when sent)."""
    order = _orders(state)[row]
    if order.how != SEND:
        return None
    from kriegsspiel.core.game import apply, rules_of

    try:
        outcome = apply(state, rules_of(state).parse(order_line(state, row, unit_id, [unit_id])), Dice(0, 0))
    except NotationError as exc:
        return str(exc)
    if isinstance(outcome, Rejected):
        return outcome.reason.removesuffix(" (force to override)")
    return None


def extend(app: Table, menu: targeting.Menu | None, unit_id: str, pos: tuple[int, int]) -> targeting.Menu | None:
    """``menu`` (the aimed orders, or None) with the unit's other rows added below, kept inside the map view;
    None when there is no row at all."""
    state = app.session.state
    extra = rows(state, unit_id)
    items = (*(menu.items if menu else ()), *extra)
    if not items:
        return None
    old_labels = menu.labels if menu and menu.labels else (menu.items if menu else ())
    old_refused = menu.refused if menu and menu.refused else (None,) * len(menu.items if menu else ())
    labels = (*old_labels, *extra)
    refused = (*old_refused, *(refusal(state, row, unit_id) for row in extra))
    # the menu opens at the mouse but stays inside the map seen (above the status line)
    x, y = visible.menu_origin(app, pos, targeting.MENU_WIDTH_PX, targeting.MENU_ITEM_PX * len(items))
    return targeting.Menu((x, y), items, labels, refused)


def choose(app: Table, row: str) -> bool:
    """A click on one of these rows: send it, begin it in the console, or ask. False when it is not one."""
    orders = _orders(app.session.state)
    if row not in orders or app.selected is None:
        return False
    order = orders[row]
    line = order_line(app.session.state, row, app.selected, [app.selected, *app.shooters])
    if order.how == TYPE:
        app.console.text = line
        app.console.caret = len(line)
        app.console_focused = True
        app._set_status(f"finish the line and press Enter: {line}")
    else:
        app.run_console_line(line)  # journaled (or answered) and shown in the console, as typed
    return True
