"""``kriegsspiel games [--json]``: the saved games in the user's games folder, the most recently played first.

Each game: its file name, scenario, rule set, the round it stands in, when it was last played and its path. A
save that cannot be read is listed with the reason. The folder is ``user_data_dir("kriegsspiel")/games``
(``KRIEGSSPIEL_DATA_DIR`` replaces the data folder).
"""
from __future__ import annotations

import argparse
import json

from kriegsspiel.store.listing import list_games, local_time
from kriegsspiel.userdirs import games_dir
from kriegsspiel.wording import count


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object: the folder and the games")


def run(args: argparse.Namespace) -> int:
    folder = games_dir()
    games = list_games(folder, replay=True)
    if args.json:
        print(json.dumps({"folder": str(folder), "games": [g.to_json() for g in games]}, indent=2))
        return 0
    if not games:
        print(f"no saved games in {folder}; start one with: python main.py")
        return 0
    print(f"{count(len(games), 'saved game')} in {folder}, the most recently played first:")
    for g in games:
        if g.problem is not None and not g.scenario:
            print(f"  {g.name}: cannot be read ({g.problem})")
            continue
        where = g.phase or "round ?"
        print(f"  {g.name}  {g.scenario} ({g.ruleset}), {where}, last played {local_time(g.last_played)}")
        print(f"      {g.path}" + (f"  [{g.problem}]" if g.problem else ""))
    return 0
