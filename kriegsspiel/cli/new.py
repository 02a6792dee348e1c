"""``kriegsspiel new SCENARIO [--save FILE]``: start a game from a scenario and write its save."""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.data import scenario_or_path
from kriegsspiel.store import new_session
from kriegsspiel.userdirs import new_game_path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", help="the scenario file (.toml), or a shipped one by name (see 'kriegsspiel scenarios')")
    parser.add_argument("--save", type=Path, default=None,
                        help="the save to create (never overwritten); default: the games folder "
                             "('kriegsspiel games'), named after the scenario and the time")


def run(args: argparse.Namespace) -> int:
    args.scenario = scenario_or_path(args.scenario)
    save = args.save or new_game_path(args.scenario)
    with new_session(args.scenario, save) as game:
        for note in game.notes:  # the scenario's warnings
            print(note)
        drawn = " (drawn)" if game.scenario.seed_drawn else ""
        print(f"started {game.scenario.name!r}: {game.start_words()}; seed {game.seed}{drawn}")
        print(f"save: {save}")
        print(f"play on with: kriegsspiel shell {save}")
    return 0
