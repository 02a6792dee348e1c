"""Scenario files (TOML): load, validate against the map and the rule set, and import old Umpire gamefiles."""
from __future__ import annotations

from kriegsspiel.scenario.load import check_scenario_file, load_scenario, parse_scenario_text
from kriegsspiel.scenario.model import Scenario, ScenarioError

__all__ = ["Scenario", "ScenarioError", "check_scenario_file", "load_scenario", "parse_scenario_text"]
