"""``kriegsspiel new SCENARIO [--save FILE]``: start a game from a scenario and write its save."""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.data import scenario_or_path
from kriegsspiel.store import Game
from kriegsspiel.userdirs import new_game_path
from kriegsspiel.wording import count


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="the scenario file (.toml), or a shipped one by name (see 'kriegsspiel scenarios')")
    parser.add_argument("--save", type=Path, default=None,
                        help="the save to create (never overwritten); default: the games folder "
                             "('kriegsspiel games'), named after the scenario and the time")


def run(args: argparse.Namespace) -> int:
    args.scenario = scenario_or_path(args.scenario)
    save = args.save or new_game_path(args.scenario)
    from kriegsspiel.scenario.area import is_area_scenario

    if is_area_scenario(args.scenario):  # an area game (Diplomacy): its own session
        from kriegsspiel.store.area_game import AreaGame

        with AreaGame.new(args.scenario, save) as area:
            drawn = " (drawn)" if area.scenario.seed_drawn else ""
            print(f"started {area.scenario.name!r}: {count(len(area.turn.position.units), 'unit')}, "
                  f"{', '.join(area.scenario.powers)}; seed {area.seed}{drawn}")
            print(f"save: {save}")
            print(f"play on with: kriegsspiel shell {save}")
        return 0
    with Game.new(args.scenario, save) as game:
        for note in game.notes:  # the scenario's warnings
            print(note)
        setup = game.scenario.setup
        drawn = " (drawn)" if game.scenario.seed_drawn else ""
        print(f"started {setup.name!r}: {count(len(setup.units), 'unit')}, {', '.join(s.name for s in setup.sides)}; "
              f"seed {setup.seed}{drawn}")
        print(f"save: {save}")
        print(f"play on with: kriegsspiel shell {save}")
    return 0
