"""The rules of a ruler game as one object, :class:`RulerRules`: the counterpart of ``core.area``'s
``AreaRules`` for the games of terrain and measured moves.

A game's rule set gives it (``RuleSet.rules()``); the core's own, :data:`CORE_RULES`, holds the base orders
(move, heading, hide, reveal, convert, merge, split, message, turn, note) and nothing else. A rule set builds
its own with :meth:`RulerRules.extended`, so its orders, handlers and turn structure reach its games alone:
nothing is written into a table of the program, and two games of different rule sets in one process never
see each other's rules. :func:`rules_for` finds a game's rules by its rule book's ``rules_id``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

from kriegsspiel.core.commands import (
    BASE_NOTATION, Command, Convert, EndTurn, EraseNote, Heading, Hide, Merge, Message, Move, Notation, Note, Parser,
    Reveal, Split,
)
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import BASE_EVENT_KINDS, Accepted, Event, Rejected
from kriegsspiel.core.game import _message, _move, _notes, _turn, _units
from kriegsspiel.core.game._ruling import Handler
from kriegsspiel.core.manual import BASE_MANUAL, ManPage, Manual
from kriegsspiel.core.registry import find
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameState, StateSlot, UnitState

#: a turn structure: (state, command, dice, forced, the order's handler) -> the outcome; it runs around every
#: order of its games (the Fourth Edition's air turn opens and closes here)
TurnStructure = Callable[[GameState, Command, Dice, bool, Handler], "Accepted | Rejected"]
#: the first state of a game -> that state with the rule set's slots filled from the setup
StartSlots = Callable[[GameState], GameState]
#: (state, unit) -> a unit's further keys in ``replay --json`` (``core.state.summary_json``)
SummaryColumns = Callable[[GameState, UnitState], Mapping[str, Any]]
#: state -> lines for the umpire (notes beside the units, orders riding, what ending the turn sets going)
StateLines = Callable[[GameState], list[str]]


@dataclass(frozen=True, slots=True)
class MovementBand:
    """One band of the area a picked-up unit may reach this turn, shaded in a tone of its own (the window's
    movement bands).

    ``kind`` ``"move"``: the ground the unit reaches spending at most ``amount`` times its allowance left
    (1.0 is the full move; a rule set with a part-move, such as a distance that still lets a unit attack, gives
    a fraction below 1). ``kind`` ``"reach"``: the ground within ``amount`` world units (straight line) of the
    full move's area and beyond it (what the unit could attack from where it may stop). ``label`` is the
    band's name in the legend.
    """

    label: str
    kind: Literal["move", "reach"]
    amount: float


@dataclass(frozen=True, slots=True)
class OrderSpec:
    """What the window needs to know of an order given with the mouse, so that it knows no command words.

    ``word``: the command word. ``key``: the keyboard key that arms it on the picked units (a pygame key name,
    ``"f"``), None: from the menu only. ``shooters``: ``"one"`` unit gives it, or ``"many"`` (a group).
    ``targets``: how many it aims at: 0 none (it goes as it is), 1 (it goes at the first click), -1 any number
    (Enter sends). ``aim``: at what: ``"enemy"`` units, ``"friend"`` units (or airfields) of its own side, a
    ``"point"`` of the map, or ``"none"``. ``optional``: Enter with no target chosen sends the bare line (land at
    the nearest base). ``structures``: it may aim at a named structure. ``confirm``: a one-target order that
    still waits for Enter (a warhead is not launched by a slip of the mouse). ``menu``: ``"weapons"`` rows first
    in a unit's menu, ``"transport"`` after them (air and transport orders, with the units aboard), ``"unit"``
    among the unit's other orders (sent as ``WORD ID``, or begun in the console: ``begin``), ``"panel"`` given
    from the side panel (a pending combat's steps), not from a unit's menu. ``begin``: the line a ``"unit"`` row
    begins in the console for the umpire to finish (``"build {id} > "``; ``{id}``: the unit); None: the row
    sends ``WORD ID`` at once.
    ``may_give``: (state, unit) -> whether the unit may give it (None: the units whose type's command tables
    list the word). ``aboard``: a unit aboard another gives it from the carrier's menu (a plane taking off, a
    battalion disembarking: a unit aboard has no counter of its own). ``friends``: (state, shooters) -> the
    names of the targets of an order aimed at its own side (None: every unit of that side not aboard).
    ``charts``: rule book -> the charts the order is aimed on, in the rule set's order (V3's ``combat CHART``):
    the window offers them in a menu and on the digit keys; None: the order has no charts.
    """

    word: str
    key: str | None = None
    shooters: Literal["one", "many"] = "one"
    targets: int = 1
    aim: Literal["enemy", "friend", "point", "none"] = "enemy"
    optional: bool = False
    structures: bool = False
    confirm: bool = False
    menu: Literal["weapons", "transport", "unit", "panel"] = "weapons"
    begin: str | None = None
    may_give: Callable[[GameState, UnitState], bool] | None = None
    aboard: bool = False
    friends: Callable[[GameState, tuple[str, ...]], list[str]] | None = None
    charts: Callable[[RuleBook], tuple[str, ...]] | None = None


@dataclass(frozen=True, slots=True)
class PanelRow:
    """One line of a pending action that the umpire steps from the side panel: its text, the order its - and +
    buttons send (None: no step that way), whether it is in force now (a modifier not yet given is dim), and
    what it changes (``key``: the same while the action is pending, so the keys stay on the row just stepped)."""

    text: str
    minus: str | None
    plus: str | None
    present: bool = True
    key: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingPanel:
    """An action of the rule set waiting for the umpire (V3's rolled combat), as the side panel shows it: its
    ``head`` lines, the rows stepped with - and +, the ``result`` if settled now, the order that settles it
    (``resolve``: Enter, the Resolve button) and the orders that Esc takes back while it waits (``undoes``)."""

    head: tuple[str, ...]
    rows: tuple[PanelRow, ...]
    result: str
    resolve: str
    undoes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderKind:
    """One order a rule set adds: its command class (whose ``name`` is its word), the parser of the text after
    the word, the formatter of its text (None for a command of another kind), its handler, and its hint for the
    window (None: the window offers it through the console only)."""

    command: type[Command]
    parse: Parser
    format: Callable[[Command], "str | None"]
    handler: Handler
    spec: OrderSpec | None = None


def _no_lines(state: GameState) -> list[str]:
    return []


def _no_start(state: GameState) -> GameState:
    return state


def _no_columns(state: GameState, unit: UnitState) -> Mapping[str, Any]:
    return {}


def _no_forecast(state: GameState) -> str | None:
    return None


def _no_warnings(state: GameState) -> list[tuple[str, str, str]]:
    return []


def _no_ranges(ruleset: RuleBook, unit_type_id: str) -> list[tuple[str, float]]:
    return []


def _no_unit_lines(state: GameState, unit: UnitState) -> list[str]:
    return []


def _no_panel(state: GameState) -> PendingPanel | None:
    return None


def full_move(ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
    """The one band of a rule set that adds none: the full move. Raises KeyError for an unknown unit type."""
    ruleset.unit_type(unit_type_id)
    return (MovementBand("full move", "move", 1.0),)


def _no_turn(state: GameState, command: Command, dice: Dice, forced: bool, handler: Handler) -> Accepted | Rejected:
    return handler(state, command, dice, forced)


@dataclass(frozen=True)
class RulerRules:
    """Everything a ruler game is played by besides its data: orders (their notation and handlers), the events
    they produce, the manual, the turn structure, what the umpire is shown (notes, orders riding, the forecast
    of a pending action, the words before a turn ends, scenario warnings, a unit's details and how it may
    fight, the action pending that the umpire steps), the window's movement bands, range rings and order hints, and the types of the rule set's own part of the state (``slot`` of the game, ``unit_slot`` of
    each unit; None: it keeps none), filled at the start from the setup by ``start_slots``.

    Build a rule set's with :meth:`extended` from :data:`CORE_RULES`; every field has the core's default.
    """

    name: str
    notation: Notation
    handlers: Mapping[type[Command], Handler]
    event_kinds: Mapping[str, type[Event]]
    manual: Manual
    turn: TurnStructure = _no_turn
    umpire_notes: StateLines = _no_lines
    riding_orders: StateLines = _no_lines
    turn_preview: StateLines = _no_lines
    forecast: Callable[[GameState], "str | None"] = _no_forecast
    scenario_warnings: Callable[[GameState], list[tuple[str, str, str]]] = _no_warnings
    movement_bands: Callable[[RuleBook, str], tuple[MovementBand, ...]] = full_move
    #: (rule book, unit type id) -> its weapons' ranges kept outside the command tables (label, world units):
    #: the window's range rings (V3's effective and maximum ranges)
    weapon_ranges: Callable[[RuleBook, str], list[tuple[str, float]]] = _no_ranges
    #: (state, unit) -> how the unit may fight now, in words for the umpire's panel (V3: its charts)
    fight_lines: Callable[[GameState, UnitState], list[str]] = _no_unit_lines
    #: (state, unit) -> what ``details`` says of the unit's part of the rule set's own state (V3: its disruption)
    unit_details: Callable[[GameState, UnitState], list[str]] = _no_unit_lines
    #: state -> the action waiting for the umpire, as the side panel steps it (V3: a rolled combat), or None
    pending_panel: Callable[[GameState], "PendingPanel | None"] = _no_panel
    order_specs: Mapping[str, OrderSpec] = field(default_factory=dict)
    slot: type[StateSlot] | None = None
    unit_slot: type[StateSlot] | None = None
    start_slots: StartSlots = _no_start
    summary_columns: SummaryColumns = _no_columns

    def extended(
        self,
        name: str,
        orders: Iterable[OrderKind] = (),
        *,
        wrap: Mapping[type[Command], Callable[[Handler], Handler]] | None = None,
        events: Iterable[type[Event]] = (),
        pages: Iterable[ManPage] = (),
        uses: Mapping[str, Callable[[RuleBook], bool]] | None = None,
        turn: TurnStructure | None = None,
        umpire_notes: StateLines | None = None,
        riding_orders: StateLines | None = None,
        turn_preview: StateLines | None = None,
        forecast: Callable[[GameState], "str | None"] | None = None,
        scenario_warnings: Callable[[GameState], list[tuple[str, str, str]]] | None = None,
        movement_bands: Callable[[RuleBook, str], tuple[MovementBand, ...]] | None = None,
        weapon_ranges: Callable[[RuleBook, str], list[tuple[str, float]]] | None = None,
        fight_lines: Callable[[GameState, UnitState], list[str]] | None = None,
        unit_details: Callable[[GameState, UnitState], list[str]] | None = None,
        pending_panel: Callable[[GameState], "PendingPanel | None"] | None = None,
        specs: Iterable[OrderSpec] = (),
        slot: type[StateSlot] | None = None,
        unit_slot: type[StateSlot] | None = None,
        start_slots: StartSlots | None = None,
        summary_columns: SummaryColumns | None = None,
    ) -> RulerRules:
        """These rules with a rule set's added: its ``orders``, handlers of the core's orders wrapped
        (``wrap``: order class -> a function of the handler there to the new one), its ``events``, manual
        ``pages`` and ``uses``, and the hooks it gives (None keeps these rules' own). ``specs`` are window
        hints of the core's orders (a rule set's own orders carry theirs). Raises ValueError for a command
        word or an event kind already taken."""
        orders = tuple(orders)
        notation = self.notation.extended(
            {o.command.name: o.command for o in orders}, {o.command.name: o.parse for o in orders},
            tuple(dict.fromkeys(o.format for o in orders)),
        )
        handlers = {**self.handlers, **{o.command: o.handler for o in orders}}
        for command, wrapper in (wrap or {}).items():
            handlers[command] = wrapper(handlers[command])
        specs = tuple(specs)
        if strays := sorted(spec.word for spec in specs if spec.word not in notation.orders):
            raise ValueError(f"order hints of words that are no order: {', '.join(strays)}")
        events = tuple(events)
        if taken := sorted(e.kind for e in events if e.kind in self.event_kinds):
            raise ValueError(f"event kinds already taken: {', '.join(taken)}")
        return replace(
            self,
            name=name,
            notation=notation,
            handlers=MappingProxyType(handlers),
            event_kinds=MappingProxyType({**self.event_kinds, **{e.kind: e for e in events}}),
            manual=self.manual.extended(pages, uses or {}),
            turn=turn or self.turn,
            umpire_notes=umpire_notes or self.umpire_notes,
            riding_orders=riding_orders or self.riding_orders,
            turn_preview=turn_preview or self.turn_preview,
            forecast=forecast or self.forecast,
            scenario_warnings=scenario_warnings or self.scenario_warnings,
            movement_bands=movement_bands or self.movement_bands,
            weapon_ranges=weapon_ranges or self.weapon_ranges,
            fight_lines=fight_lines or self.fight_lines,
            unit_details=unit_details or self.unit_details,
            pending_panel=pending_panel or self.pending_panel,
            order_specs=MappingProxyType({**self.order_specs, **{s.word: s for s in specs},
                                          **{o.command.name: o.spec for o in orders if o.spec is not None}}),
            slot=slot or self.slot,
            unit_slot=unit_slot or self.unit_slot,
            start_slots=start_slots or self.start_slots,
            summary_columns=summary_columns or self.summary_columns,
        )

    def slot_of(self, state: GameState) -> StateSlot | None:
        """The rule set's part of the game ``state``: its slot, else the defaults of the rule set's slot type
        (None: the rule set keeps none). The window, shell and portal read a rule set's state through this."""
        if state.slot is not None or self.slot is None:
            return state.slot
        return self.slot()

    def unit_slot_of(self, unit: UnitState) -> StateSlot | None:
        """The rule set's part of ``unit``: its slot, else the defaults of the rule set's unit slot type (None:
        the rule set keeps none)."""
        if unit.slot is not None or self.unit_slot is None:
            return unit.slot
        return self.unit_slot()

    def parse(self, text: str) -> Command:
        """One line of the Umpire shell as a command of this game (raises NotationError)."""
        return self.notation.parse(text)

    def format(self, command: Command) -> str:
        """The canonical text of a command of this game (raises TypeError for one it does not know)."""
        return self.notation.format(command)

    def words(self) -> list[str]:
        """Every command word of this game, sorted."""
        return self.notation.words()

    def is_order_word(self, word: str) -> bool:
        """True when ``word`` is an order of this game (not a query or session command)."""
        return word in self.notation.orders


def rules_for(book: RuleBook) -> RulerRules:
    """The rules a game of the rule book ``book`` is played by: those of the installed rule set its
    ``rules_id`` names (its ``based_on``, else its ``id``), or the core's own when there is none (a rule set of
    data alone, or an area rule set's name)."""
    plugin = find(book.rules_id)
    if plugin is None:
        return CORE_RULES
    rules = plugin.rules()
    return rules if isinstance(rules, RulerRules) else CORE_RULES


def rules_of(state: GameState) -> RulerRules:
    """The rules the game of ``state`` is played by (:func:`rules_for` its rule book)."""
    return rules_for(state.ruleset)


#: order type -> handler(state, command, dice, forced) of the core's base orders, the same in every ruler game
BASE_HANDLERS: Mapping[type[Command], Handler] = MappingProxyType({
    Move: _move.move,
    Heading: _move.heading,
    Hide: _units.hide,
    Reveal: _units.reveal,
    Convert: _units.convert,
    Merge: _units.merge,
    Split: _units.split,
    Message: _message.message,
    EndTurn: _turn.end_turn,
    Note: _notes.note,
    EraseNote: _notes.erase_note,
})

#: the rules of a ruler game whose rule set adds nothing: the core's base orders, events and manual
CORE_RULES = RulerRules("core", BASE_NOTATION, BASE_HANDLERS, MappingProxyType(dict(BASE_EVENT_KINDS)), BASE_MANUAL)
