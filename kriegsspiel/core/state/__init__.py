"""The state of a game as frozen values, the scenario's setup it starts from, and victory by zones.

This is the package's public face: import from ``kriegsspiel.core.state``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.state._log import SharedLog
from kriegsspiel.core.state._setup import GameSetup, PlayerSetup, SideSetup, UnitSetup, VictorySetup
from kriegsspiel.core.state._state import (
    GameState,
    MapNote,
    MessageRecord,
    StateSlot,
    UnitState,
    initial_state,
    summary_json,
    turn_order,
)
from kriegsspiel.core.state._victory import describe_condition, holds_zone, met_conditions, scores

__all__ = [
    "GameSetup",
    "GameState",
    "MapNote",
    "MessageRecord",
    "PlayerSetup",
    "SharedLog",
    "SideSetup",
    "StateSlot",
    "UnitSetup",
    "UnitState",
    "VictorySetup",
    "describe_condition",
    "holds_zone",
    "initial_state",
    "met_conditions",
    "scores",
    "summary_json",
    "turn_order",
]
