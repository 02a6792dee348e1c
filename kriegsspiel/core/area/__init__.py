"""The area-game interface (Diplomacy, Air Power Diplomacy, unit profiles): positions, orders, phases and
per-power views, as a rule set gives them to the program."""
from kriegsspiel.core.area._model import (
    AreaPosition, AreaRules, AreaUnit, Choice, OrderVerdict, PhaseResult, ProvinceProperties, UnitSymbol,
)

__all__ = ["AreaPosition", "AreaRules", "AreaUnit", "Choice", "OrderVerdict", "PhaseResult", "ProvinceProperties", "UnitSymbol"]
