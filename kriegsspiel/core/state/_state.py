"""The game state: frozen values, replaced (never changed) by every accepted command.

A :class:`GameState` keeps its battlefield, rule set and setup as immutable references, so
``apply(state, command, rng)`` has everything it needs. Positions are world units; headings degrees clockwise
from north; health in health points; allowances in the cost units of the movement engine (world units at
speed 1).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.registry import find
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state._log import SharedLog
from kriegsspiel.core.state._setup import GameSetup


class StateSlot:
    """Base of a rule set's own part of a game's state (Ruleset V3's couriers and pending combat, the Fourth
    Edition's air turn and warheads) and of a unit's (V3's disruption level, a plane in the air): a frozen, hashable
    value the rule set defines and names in its rules (``RulerRules.slot``, ``RulerRules.unit_slot``), kept in
    :attr:`GameState.slot` and :attr:`UnitState.slot` and replaced, like the rest of the state, by the rule
    set's handlers. The core never looks inside: it compares slots with ``==`` (:meth:`GameState.same`), asks
    the game's slot for a unit's share of its move (:meth:`movement_factor`), and a save's snapshot writes a
    slot as the frozen dataclass it is (a slot type is one, of the rule set's own package).

    A unit's slot is None while it holds the rule set's defaults, so that a unit the core makes (a split, a
    build) and one the rule set set back compare equal."""

    __slots__ = ()

    def movement_factor(self, state: GameState, unit: UnitState) -> float:
        """The share of its move ``unit`` has this turn under the rule set's state (1.0: all of it)."""
        return 1.0

    @classmethod
    def migrated(cls, legacy: Mapping[str, Any]) -> StateSlot | None:
        """The slot a snapshot written before slots existed stands for (``legacy``: the values that snapshot
        kept in the core's fields, by their old names); None: the rule set's defaults."""
        return None


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit as it stands now.

    ``size`` is the manual's unit size (1 at the start; merged units add up, split units divide), the multiplier
    of its rolls. The ``*_this_turn`` flags and ``movement_used`` reset at the end of each round.
    """

    id: str
    type_id: str
    side: str
    position: WorldPoint  # world units
    health: int
    size: float = 1.0
    heading: float | None = None  # degrees clockwise from north; None until a ship first moves
    hidden: bool = False
    movement_used: float = 0.0  # movement cost spent this turn
    moved_this_turn: bool = False
    fired_this_turn: bool = False
    attacked_this_turn: bool = False
    heading_changed_this_turn: bool = False
    disabled_rounds: int = 0  # rounds the unit may still not act
    carried_by: str | None = None  # id of the ship or plane carrying it
    local_name: str | None = None  # the scenario's name for its type ("hussar")
    used_this_turn: tuple[str, ...] = ()  # once-a-turn orders it gave this turn (spy, build, board, ...)
    #: a ship's heading when its turn began, kept by its first move of the turn (degrees; None: no heading)
    heading_at_turn_start: float | None = None
    #: the rule set's own part of this unit (its ``RulerRules.unit_slot``); None: the rule set's defaults
    slot: StateSlot | None = None

    def replace(self, **changes: Any) -> UnitState:
        """A copy with ``changes`` applied."""
        return dataclasses.replace(self, **changes)

    @property
    def turn_heading(self) -> float | None:
        """The heading a ship's limit is measured from this turn: its heading when the turn began (docs/rulings.md,
        "Heading limits": the limit holds for the whole turn), degrees clockwise from north; None: any bearing."""
        return self.heading_at_turn_start if self.moved_this_turn else self.heading


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message sent through the fog of war: who sent it, whom it was for, who received what.

    ``outcome`` is "delivered", "lost", "intercepted" or "altered"; ``received_by`` the side or player that
    received ``received_text`` (None when lost).
    """

    round: int
    sender: str  # a side
    recipient: str  # a side or a player
    text: str
    outcome: str
    received_by: str | None
    received_text: str | None


@dataclass(frozen=True, slots=True)
class MapNote:
    """The umpire's drawing on the map (``note``): ``id`` (n1, n2 ...), ``shape`` "line", "arrow" or "text",
    ``audience`` "umpire" (the umpire alone) or the name of the one player who sees it, ``start`` and ``end``
    (world units; ``end`` None for text) and ``text``; ``round`` the round it was drawn in."""

    id: str
    shape: str
    audience: str
    start: WorldPoint
    end: WorldPoint | None
    text: str
    round: int


@dataclass(frozen=True, eq=False)
class GameState:
    """The whole game at one moment. Replace it with :meth:`replace`; never mutate it.

    ``units`` is a read-only mapping id -> UnitState in a stable order. ``sides_done`` are the sides that have
    ended their turn in this round. ``finished`` is True once a victory or the round limit ended the game.
    """

    setup: GameSetup
    battlefield: Battlefield
    ruleset: RuleBook
    round: int
    side_to_move: str
    units: Mapping[str, UnitState]
    sides_done: tuple[str, ...] = ()
    starting_health: Mapping[str, int] = field(default_factory=dict)
    #: every message sent, oldest first: a SharedLog (equal to the tuple of its items), which shares its past
    #: with the states before it so that the states kept for undo do not each copy the whole correspondence
    messages: Sequence[MessageRecord] = ()
    winners: tuple[str, ...] = ()
    finished: bool = False
    #: the rule set's own part of the game (its ``RulerRules.slot``, set at the start); None: it keeps none
    slot: StateSlot | None = None
    #: the umpire's notes and drawings on the map, in the order drawn (a player sees only their own)
    notes: tuple[MapNote, ...] = ()

    def __post_init__(self) -> None:
        if type(self.messages) is not SharedLog:
            object.__setattr__(self, "messages", SharedLog(self.messages))

    def replace(self, **changes: Any) -> GameState:
        """A copy with ``changes`` applied (``units`` may be any mapping; it is frozen again)."""
        if "units" in changes:
            changes["units"] = MappingProxyType(dict(changes["units"]))
        return dataclasses.replace(self, **changes)

    def with_units(self, *updated: UnitState, removed: Iterable[str] = ()) -> GameState:
        """A copy with ``updated`` units replaced or added (new ids go last) and ``removed`` ids taken away."""
        units = dict(self.units)
        for unit_id in removed:
            units.pop(unit_id, None)
        for unit in updated:
            units[unit.id] = unit
        return self.replace(units=units)

    @property
    def sides(self) -> tuple[str, ...]:
        """The side names in the scenario's order."""
        return tuple(side.name for side in self.setup.sides)

    def unit(self, unit_id: str) -> UnitState | None:
        """The unit ``unit_id``, or None when there is none (destroyed, merged, never existed)."""
        return self.units.get(unit_id)

    def units_of(self, side: str) -> list[UnitState]:
        """The units of ``side``, in order."""
        return [u for u in self.units.values() if u.side == side]

    def allowance_left(self, unit: UnitState) -> float:
        """What ``unit`` may still spend on movement this turn: its type's move value (times the share its rule
        set's state leaves it, :meth:`StateSlot.movement_factor`) minus what it used."""
        move = self.ruleset.unit_type(unit.type_id).move
        if self.slot is not None:
            move *= self.slot.movement_factor(self, unit)
        return max(0.0, move - unit.movement_used)

    def same(self, other: GameState) -> bool:
        """True when both states hold the same game: round, side, units (in order), turns done, messages,
        result, the rule set's slot, the notes and the structures standing with their health (built, damaged, fallen).
        The rest of the battlefield, the rule set and the setup are not compared."""
        return _game_of(self) == _game_of(other)


def _game_of(state: GameState) -> tuple:
    return (
        state.round,
        state.side_to_move,
        tuple(state.units.items()),
        state.sides_done,
        dict(state.starting_health),
        state.messages,
        state.winners,
        state.finished,
        state.slot,
        state.notes,
        tuple((s.name, s.kind, s.health, s.outline) for s in state.battlefield.structures),
    )


def initial_state(setup: GameSetup, battlefield: Battlefield, ruleset: RuleBook) -> GameState:
    """The state before the first command: round 1, ``setup.first_side`` to move.

    Health defaults to the type's full health and ``hidden`` to the type's default (submarines, stealth
    bombers, reconnaissance and drones start hidden). A unit ``aboard`` another starts carried by it, where it
    stands. The rule set's part of the state then starts from the setup (its rules' ``start_slots``, found by the
    rule book's ``rules_id``; the setup's ``rule_set_keys`` are for it). Raises ValueError when the setup names a unit type the
    rule set does not know or a first side that is not a side (the scenario loader reports those first, with
    file and line).
    """
    side_names = [s.name for s in setup.sides]
    if setup.first_side not in side_names:
        raise ValueError(f"first side {setup.first_side!r} is not a side; sides: {', '.join(side_names)}")
    units: dict[str, UnitState] = {}
    positions = {u.id: u.position for u in setup.units}
    for unit_setup in setup.units:
        try:
            unit_type = ruleset.unit_type(unit_setup.type_id)
        except KeyError as exc:
            raise ValueError(f"unit {unit_setup.id}: {exc.args[0]}") from None
        if unit_setup.id in units:
            raise ValueError(f"unit id {unit_setup.id!r} is used twice")
        units[unit_setup.id] = UnitState(
            id=unit_setup.id,
            type_id=unit_setup.type_id,
            side=unit_setup.side,
            # a unit aboard stands where its carrier does (the loader checks the carrier exists)
            position=positions.get(unit_setup.aboard or "", unit_setup.position),
            health=unit_type.health if unit_setup.health is None else int(unit_setup.health),
            heading=unit_setup.heading,
            hidden=unit_type.hidden_by_default if unit_setup.hidden is None else bool(unit_setup.hidden),
            local_name=unit_setup.local_name,
            carried_by=unit_setup.aboard,
        )
    starting = {name: sum(u.health for u in units.values() if u.side == name) for name in side_names}
    state = GameState(
        setup=setup,
        battlefield=battlefield,
        ruleset=ruleset,
        round=1,
        side_to_move=setup.first_side,
        units=MappingProxyType(units),
        starting_health=MappingProxyType(starting),
    )
    plugin = find(ruleset.rules_id)
    start = getattr(plugin.rules(), "start_slots", None) if plugin is not None else None
    return state if start is None else start(state)


def turn_order(state: GameState) -> tuple[str, ...]:
    """The sides in the order they move each round: from the first side, in the scenario's order."""
    sides = state.sides
    start = sides.index(state.setup.first_side)
    return sides[start:] + sides[:start]


def summary_json(state: GameState,
                 unit_columns: Callable[[GameState, UnitState], Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The state as ``kriegsspiel replay --json`` prints it:
    ``{"round", "side", "units": {ID: {"type", "side", "x", "y", "health", "heading", "hidden"}}, "messages":
    [{"round", "sender", "recipient", "outcome", "received_by", "received_text"}]}``; ``unit_columns`` gives
    a unit's further keys (its rule set's: ``RulerRules.summary_columns``)."""
    units: dict[str, Any] = {}
    for u in state.units.values():
        row: dict[str, Any] = {
            "type": u.type_id,
            "side": u.side,
            "x": u.position.x,
            "y": u.position.y,
            "health": u.health,
            "heading": u.heading,
            "hidden": u.hidden,
        }
        if unit_columns is not None:
            row.update(unit_columns(state, u))
        units[u.id] = row
    messages = [
        {"round": m.round, "sender": m.sender, "recipient": m.recipient, "outcome": m.outcome,
         "received_by": m.received_by, "received_text": m.received_text}
        for m in state.messages
    ]
    return {"round": state.round, "side": state.side_to_move, "units": units, "messages": messages}
