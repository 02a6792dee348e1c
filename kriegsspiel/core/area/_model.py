"""The area-game interface: what an area rule set (Diplomacy, Air Power Diplomacy, unit profiles) gives the
program so that one session, journal, shell, window, pictures and portal serve every area game.

A game is one object of moves, phases and per-player views (as in boardgame.io): the rule set's
:class:`AreaRules` starts a position from a scenario's setup on a province map, checks each order as it is
given, resolves a phase from the orders of every power (asking for choices where its rules make a player
choose), and says what each power may see. Positions are plain, JSON-able values: the program keeps them
only as the replay of its journal, so ``resolve`` must be a pure function of its arguments and the dice.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.dice import Dice

#: a province map as the program reads it from Tiled: province abbreviation -> its properties (name, kind,
#: supply centre, home power, coasts, adjacency per unit kind...), as kriegsspiel.tiled.provinces gives them
ProvinceProperties = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class AreaUnit:
    """One unit on the board: ``uid`` stable for the unit's life (the counter and the journal name it),
    ``power`` its owner, ``kind`` the rule set's unit code ("A", "F", "W", "infantry"...), ``where`` the
    province or sea zone it stands in (with its coast where the map has coasts, e.g. "STP/NC"), ``label``
    what its counter shows, ``details`` anything else the rule set keeps on it (hits taken, cargo...)."""

    uid: str
    power: str
    kind: str
    where: str
    label: str
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class UnitSymbol:
    """The military symbol (in the style of NATO APP-6) a unit type's counter shows, as a rule set names it:
    ``frame`` the dimension (land, sea, subsurface, air or installation); ``glyph`` the arm's sign drawn
    inside it, or the word text, and then ``text`` is written in the frame (a ship's hull letters); ``weight``
    a short modifier beside it (L light, H heavy); ``name`` the unit type for people, in the legend. The
    words the drawing knows are ``FRAMES`` and ``GLYPHS`` of kriegsspiel/render/counters.py. A counter's
    label ending in asterisks shows that many hits taken, as red pips."""

    frame: str
    glyph: str
    text: str = ""
    weight: str = ""
    name: str = ""


@dataclass(frozen=True, slots=True)
class AreaPosition:
    """The board at the start of a phase: ``phase`` the rule set's phase id ("S1901M"), ``phase_label`` the
    same for people ("Spring 1901, movement"), ``units``, ``owners`` (province -> power, for supply centres
    or territories), ``data`` everything else the rule set needs (JSON-able: income, research, ...)."""

    phase: str
    phase_label: str
    units: tuple[AreaUnit, ...]
    owners: Mapping[str, str]
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OrderVerdict:
    """The check of one order as it is given: ``accepted`` with the order in its normal ``text`` (what the
    journal keeps), or refused with ``reason`` for people (naming the unit, province or rule). ``uid``: the
    unit the order is for (None for an order of no unit, such as a build or a waive): a later order for the
    same unit replaces it."""

    accepted: bool
    text: str
    reason: str | None = None
    uid: str | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice the rules give a player in the middle of a resolution (a retreat, casualties, a re-roll):
    ``power`` who chooses, ``question`` for people, ``options`` the legal answers, each an order text that
    :meth:`AreaRules.resolve` accepts among the orders when it is called again."""

    power: str
    question: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PhaseResult:
    """What became of a phase. When ``choices`` is not empty the rules wait for those answers and
    ``position`` is the unchanged position; otherwise ``position`` is the start of the next phase that needs
    orders. ``lines`` tell everyone's results to the umpire ("A PAR-BUR bounces"); ``told`` what each power
    is told (its own results and what it may see of the others'); ``details`` the results as JSON (moves,
    bounces, dislodged units and their retreats, rolls); ``winner`` the power that has won, if any."""

    position: AreaPosition
    lines: tuple[str, ...]
    told: Mapping[str, tuple[str, ...]]
    details: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    winner: str | None = None


class AreaRules(ABC):
    """The rules of one area game, as the program drives them. Every method raises
    ``kriegsspiel.errors.UserError`` (with a message naming the key or province) for bad input; none prints."""

    @abstractmethod
    def start(self, setup: Mapping[str, Any], powers: Sequence[str], provinces: ProvinceProperties,
              source: str) -> AreaPosition:
        """The position a scenario starts from: ``setup`` the scenario's own tables (units, owners, the
        phase to start in, switches), on the province map ``provinces`` of the ``powers``; ``source`` names
        the scenario file in messages. The session adds the scenario's ``blind`` switch to ``setup`` as
        ``"blind"`` (a bool), so that :meth:`resolve` can tell each power only what it may see."""

    @abstractmethod
    def powers_to_order(self, position: AreaPosition) -> tuple[str, ...]:
        """The powers that give orders in this phase (those with units to order, retreats or builds)."""

    @abstractmethod
    def check_order(self, position: AreaPosition, power: str, text: str) -> OrderVerdict:
        """Check one order of ``power`` in standard notation as it is given (before the phase is resolved)."""

    def check_order_among(self, position: AreaPosition, power: str, text: str,
                          earlier: Sequence[str]) -> OrderVerdict:
        """Check one order of ``power`` given after ``earlier``, its orders of this phase already accepted (their
        normal texts, in the order given), for a game whose checks depend on what those do (the money left
        after the purchases before it, the places already filled). Default: :meth:`check_order` alone."""
        return self.check_order(position, power, text)

    @abstractmethod
    def resolve(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], dice: Dice) -> PhaseResult:
        """Resolve the phase from every power's accepted orders (and answers to earlier choices); units
        without orders do what the rules say (hold, disband). Pure: the same arguments and dice give the
        same result."""

    @abstractmethod
    def view(self, position: AreaPosition, power: str | None, blind: bool) -> AreaPosition:
        """What ``power`` may see of ``position`` (``None``: the umpire, who sees all); ``blind`` is the
        scenario's switch that hides what the power's units do not see. Filter here, before anything is drawn."""

    def order_examples(self, position: AreaPosition, power: str, uid: str) -> tuple[str, ...]:
        """Orders ``power`` may give the unit ``uid`` now, for menus (may be a sample; default none)."""
        return ()

    def destination(self, position: AreaPosition, power: str, text: str) -> str | None:
        """The province ``power``'s order ``text`` takes its unit to (a move, a retreat, a flight), for the
        window's drag and drop; None when it moves its unit nowhere, or (the default) when these rules leave
        it to the window, which then reads the order in the manner of Diplomacy's notation."""
        return None

    def place_examples(self, position: AreaPosition, power: str, where: str) -> tuple[str, ...]:
        """Orders ``power`` may give for the province ``where`` where it has no unit (builds, placements),
        for menus (default none)."""
        return ()

    def orders_with_help(self, position: AreaPosition, power: str, text: str) -> tuple[tuple[tuple[str, str], ...], ...]:
        """Ways to carry out ``power``'s order ``text`` that need other units' orders too, for menus (an army
        carried by a convoy: the fleets on a route): each a tuple of (power, order), the order itself first as
        the rules write it (``A BRE - LON VIA``), then the helpers' (``F ENG C A BRE - LON``); best first.
        Default: none (the rules know no such help, or the order needs none)."""
        return ()

    def duty(self, position: AreaPosition, power: str) -> str | None:
        """What ``power`` is to do in this phase, in one sentence for its page ("You may build 2 units, in
        PAR or MAR; a build not ordered is waived."); None (the default) when the rules say nothing more."""
        return None

    def unit_symbols(self) -> Mapping[str, UnitSymbol]:
        """The symbol each unit type (``AreaUnit.kind``) is drawn with, for counters and their legend; empty
        (the default) for games whose counters show the unit's letters (Diplomacy's A and F)."""
        return {}

    def lines_written_before(self, phase: str, written: Sequence[str], now: Sequence[str]) -> bool:
        """Whether a confirmed phase's lines as an earlier version of these rules wrote them into a journal
        (``written``) tell the same phase as the lines they give now (``now``): only a known wording fix
        may answer yes, so that saves written before it still replay. Default: no."""
        return False

    def winner(self, position: AreaPosition) -> str | None:
        """The power that has won in ``position``, if any (default: none)."""
        return None

    def phase_line(self, position: AreaPosition, orders: Mapping[str, Sequence[str]], after: AreaPosition,
                   map_ref: str) -> dict[str, Any] | None:
        """One resolved phase as a JSON object of the rule set's interchange format, for ``kriegsspiel replay
        --phases`` and ``import-phases``: ``position`` and the ``orders`` given, the results the rule set's
        adjudication gives them, and ``after`` (the next phase that needs orders); ``map_ref`` the game's map
        file. None (the default) when the rule set has no such format."""
        return None

    def read_phase_line(self, line: Mapping[str, Any], source: str) -> tuple[dict[str, Any], dict[str, list[str]]]:
        """A phase line (as :meth:`phase_line` writes them) read back: the scenario ``[setup]`` that starts a
        game at its position, and its orders by power. Raises ``UserError`` naming ``source`` (the file and
        line) and the key; the default reads none."""
        raise NotImplementedError(f"{source}: this rule set has no phase lines")

    def setup_kinds(self, setup: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """The unit kinds a scenario's ``setup`` may place, as (kind as :meth:`setup_placed` takes it, name for
        people), for the window's set-up mode; default none (the rule set has no set-up mode)."""
        return ()

    def setup_placed(self, setup: Mapping[str, Any], power: str, kind: str, where: str,
                     provinces: ProvinceProperties) -> dict[str, Any]:
        """A copy of ``setup`` (not changed) with a unit of ``kind`` for ``power`` in the province ``where``
        added, in the scenario's own format. Whether it may stand there is :meth:`start`'s to say: the program
        starts the new setup and shows its refusal. Default: no set-up mode."""
        raise NotImplementedError("this rule set has no set-up mode")

    def setup_removed(self, setup: Mapping[str, Any], unit: AreaUnit) -> dict[str, Any]:
        """A copy of ``setup`` without ``unit`` (a unit of the position :meth:`start` gave for it). Raises
        UserError when the unit cannot be taken off alone (it is carried by another). Default: no set-up mode."""
        raise NotImplementedError("this rule set has no set-up mode")

    def order_help(self) -> tuple[str, ...]:
        """Lines for the shell's ``help`` showing this game's orders (``POWER: ORDER   what it does``); default
        none (the shell then shows Diplomacy's)."""
        return ()
