"""Modern Kriegsspiel, Fourth Edition, as a rule-set package: the data (``modern-4e.toml``) and the combat
orders of land, sea and air, with the air turn that opens each side's turn.

The program finds it through the entry point ``modern-4e`` of the group ``kriegsspiel.rulesets``
(pyproject.toml); :data:`RULESET` is the object it publishes. Nothing outside this package imports its modules.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.abc import Traversable

from kriegsspiel.core.commands import Command
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game import CORE_RULES, MovementBand, OrderKind, OrderSpec, RulerRules
from kriegsspiel.core.plugin import RuleSet, events_defined_in
from kriegsspiel.core.ruleset import RuleBook, TableReader
from kriegsspiel.rulesets.modern_4e import aiming, air, commands, events, house, land, manual, naval, notation, turn, warnings
from kriegsspiel.rulesets.modern_4e import state as slots

_c = commands
#: order type -> its handler(state, command, dice, forced); each takes its own command type, which a mapping's
#: value type cannot say per key, hence ``...``
_HANDLERS: Mapping[type[Command], Callable[..., Accepted | Rejected]] = {
    _c.Attack: land.attack, _c.Fire: land.fire, _c.Spy: land.spy, _c.Build: land.build, _c.Missile: land.missile,
    _c.Torpedo: naval.torpedo, _c.Sortie: naval.sortie, _c.DepthCharge: naval.depthcharge,
    _c.Board: naval.board, _c.Nuke: naval.nuke, _c.Load: naval.load, _c.Disembark: naval.disembark,
    _c.Takeoff: air.takeoff, _c.Land: air.land, _c.Dogfight: air.dogfight, _c.Bomb: air.bomb,
    _c.Pulse: air.pulse, _c.Airlift: air.airlift, _c.Kamikaze: air.kamikaze, _c.Survey: air.survey,
}

#: The columns every row of a command's table must give, because the command reads them (it has no default):
#: a rule set without the table has no such command. ``range`` may come from ``[command_ranges]`` instead.
REQUIRED_COLUMNS: Mapping[str, tuple[str, ...]] = {
    "attack": ("damage", "range"),
    "fire": ("damage", "range"),
    "missile": ("damage", "range"),
    "bomb": ("damage", "range"),
    "dogfight": ("damage", "range"),
    "torpedo": ("damage", "range", "sink_one_in"),
    "sortie": ("damage", "range"),
    "air-defence": ("damage",),
    "depthcharge": ("range", "sink_one_in", "disable_one_in", "disable_rounds"),
    "board": ("damage", "range"),
    "nuke": ("damage", "range"),
    "kamikaze": ("damage", "sink_one_in"),
    "pulse": ("radius", "disable_one_in", "disable_rounds"),
    "airlift": ("capacity",),
    "spy": ("range", "reveal_one_in"),
    "survey": ("range", "reveal_one_in"),
}


#: the columns of its command rows besides damage and range, and what each holds (docs/rulesets.md)
COMMAND_COLUMNS: Mapping[str, str] = {
    "sink_one_in": "odds",
    "disable_one_in": "odds",
    "reveal_one_in": "odds",
    "disable_rounds": "count",
    "capacity": "count",
    "radius": "distance",
}


def movement_bands(ruleset: RuleBook, unit_type_id: str) -> tuple[MovementBand, ...]:
    """The full move, then, for a unit type with an ``attack`` row, the ground within ``[constants]
    attack_distance`` of it (where it could attack from where it may stop). Raises KeyError (with the known
    ids) for an unknown unit type."""
    bands = [MovementBand("full move", "move", 1.0)]
    reach = float(ruleset.constants.get("attack_distance", 0.0))
    if reach > 0.0 and "attack" in ruleset.unit_type(unit_type_id).commands:
        bands.append(MovementBand(f"attack distance ({reach:g} {ruleset.distance_unit})", "reach", reach))
    return tuple(bands)


#: how the window aims the orders given with the mouse (keys, groups, targets), in the order of its menus
ORDER_SPECS: tuple[OrderSpec, ...] = (
    OrderSpec("attack", key="a", shooters="many", targets=-1, may_give=aiming.may_attack),
    OrderSpec("fire", key="f", shooters="many", targets=-1, structures=True),
    OrderSpec("bomb", key="b", targets=-1, structures=True),
    OrderSpec("missile", key="m", structures=True),
    OrderSpec("torpedo", key="t"),
    OrderSpec("dogfight", key="d", shooters="many", targets=-1),
    OrderSpec("kamikaze", key="k"),
    OrderSpec("board", key="o"),
    OrderSpec("sortie", key="s"),
    OrderSpec("depthcharge", key="c"),
    OrderSpec("nuke", key="n", structures=True, confirm=True),
    OrderSpec("takeoff", targets=0, aim="none", menu="transport", may_give=aiming.flies, aboard=True),
    OrderSpec("land", aim="friend", optional=True, menu="transport", may_give=aiming.flies,
              friends=aiming.landing_places),
    OrderSpec("survey", targets=0, aim="none", menu="transport"),
    OrderSpec("pulse", targets=-1, optional=True, menu="transport"),
    OrderSpec("airlift", targets=-1, aim="friend", menu="transport", friends=aiming.carried_units),
    OrderSpec("load", shooters="many", aim="friend", menu="transport", may_give=aiming.may_load,
              friends=aiming.ships_with_room),
    OrderSpec("spy", targets=0, aim="none", menu="unit"),
    OrderSpec("build", aim="none", menu="unit", begin="build {id} > "),
    OrderSpec("disembark", aim="point", menu="transport", may_give=aiming.may_disembark, aboard=True),
)

#: the rules a Fourth Edition game is played by: the core's, with the combat orders, the air turn (which
#: opens each side's turn; an attack ends the attackers' turn: turn.py) and the grounded-plane warnings
RULES: RulerRules = CORE_RULES.extended(
    "modern-4e",
    [OrderKind(command, notation.PARSERS[word], notation.format_combat, _HANDLERS[command])
     for word, command in commands.COMBAT_ORDERS.items()],
    events=events_defined_in(events),
    pages=manual.PAGES,
    uses=manual.APPLIES,
    turn=turn.run,
    turn_preview=turn.preview,
    scenario_warnings=warnings.grounded_planes,
    movement_bands=movement_bands,
    specs=ORDER_SPECS,
    slot=slots.FourthState,
    unit_slot=slots.FourthUnit,
    start_slots=slots.start_slots,
)


class ModernFourthEdition(RuleSet):
    """Modern Kriegsspiel, Fourth Edition (2021): land, sea and air combat by command tables, the air turn."""

    name = "modern-4e"
    version = "4.0"
    title = "Modern Kriegsspiel, Fourth Edition"

    def data_file(self) -> Traversable:
        return resources.files(__package__) / "modern-4e.toml"

    def table_readers(self) -> Mapping[str, TableReader]:
        # the procedures docs/rulings.md makes house rules: [house_rules] of the rule-set file (house.py)
        return {house.TABLE: house.read_house_rules}

    def required_columns(self) -> Mapping[str, tuple[str, ...]]:
        return REQUIRED_COLUMNS

    def command_columns(self) -> Mapping[str, str]:
        return COMMAND_COLUMNS

    def attack_tables(self) -> tuple[str, ...]:
        return ("attack", "dogfight")  # an aircraft's attack is its dogfight

    def rules(self) -> RulerRules:
        return RULES


#: the object the entry point publishes
RULESET = ModernFourthEdition()

__all__ = ["ORDER_SPECS", "RULES", "RULESET", "ModernFourthEdition"]
