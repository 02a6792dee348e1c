"""Writing an area game's scenario (Diplomacy, Air Power, unit profiles) from the set-up mode: the old file's
``[scenario]`` head (the map written relative to the new file), the rule set's ``[setup]`` as the set-up mode
left it, and the ``[[players]]``; read back by :func:`kriegsspiel.scenario.area.parse_area_scenario_text`
(which starts the rule set's game from it) before it is written atomically
(:func:`kriegsspiel.scenario.writer.write_atomically`)."""
from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kriegsspiel.scenario.area import AreaScenario, Player, parse_area_scenario_text
from kriegsspiel.scenario.writer import relative_path, table_lines, toml_value

_HEAD_ORDER = ("name", "map", "ruleset", "seed", "blind", "description")


def area_scenario_text(scenario: AreaScenario, setup: Mapping[str, Any], target: Path,
                       players: Sequence[Player] | None = None) -> str:
    """The TOML of ``scenario`` with ``setup`` as its ``[setup]`` and ``players`` (the scenario's own when None) as
    its ``[[players]]``, for a file at ``target``."""
    try:
        head = dict(tomllib.loads(scenario.text).get("scenario", {}))
    except tomllib.TOMLDecodeError:  # a loaded scenario reads again; never lose the rest if not
        head = {}
    head.update(name=scenario.name, map=relative_path(Path(scenario.map_path).resolve(), target.resolve().parent),
                ruleset=scenario.ruleset.name, blind=scenario.blind)
    out = ["# Set up in the kriegsspiel window (set-up mode, F2); `kriegsspiel check` this file after editing it.", "",
           "[scenario]", *(f"{key} = {toml_value(head[key])}" for key in _HEAD_ORDER if key in head), ""]
    out += table_lines("setup", {k: v for k, v in setup.items() if k != "blind"})
    for player in scenario.players if players is None else players:
        out += ["", "[[players]]", f"name = {toml_value(player.name)}", f"power = {toml_value(player.power)}"]
    return "\n".join(out) + "\n"


def check_area_text(text: str, target: Path) -> AreaScenario:
    """``text`` read as the file ``target`` would be (the rule set's game started from it); raises
    AreaScenarioError naming the key when it would not play."""
    return parse_area_scenario_text(text, str(target), target.resolve().parent)
