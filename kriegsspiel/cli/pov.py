"""``kriegsspiel pov SAVE --out DIR [--player NAME]... [--round N] [--unit ID]``: the players' pictures, headless.

Writes ``DIR/round-NNN/<player>.png`` for every player (or the ones named) as they stood at the end of round
N (default: the round in play, as it stands now). SAVE may also be a scenario file (``.toml``): the pictures
before the first move. Prints one line per picture written.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="a save (.kssave), or a scenario (.toml) for round 1")
    parser.add_argument("--out", required=True, metavar="DIR", help="folder for round-NNN/<player>.png")
    parser.add_argument("--player", action="append", metavar="NAME",
                        help="only this player's picture (repeatable); default: every player")
    parser.add_argument("--round", type=int, metavar="N",
                        help="the situation at the end of round N; default: the round in play, as it stands")
    parser.add_argument("--unit", metavar="ID",
                        help="an officer's view: crop each picture around this unit of the player's")


def _states_of_save(path: Path) -> list[Any]:
    """The states of a save's game in force: the start, then after each order (undone orders left out)."""
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.store import SaveError, read_save
    from kriegsspiel.store.game import scenario_of_save
    from kriegsspiel.store.timeline import ReplayMismatch, replay_journal

    loaded = read_save(path)
    scenario = scenario_of_save(loaded, [])
    start = initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)
    try:
        # lenient, as when the game is opened to play on: the pictures are of the game the umpire goes on with
        timeline = replay_journal(start, loaded.header.seed, loaded.records, lenient=True)
        # in one pass: the states the timeline did not keep are replayed on the way, not each from afar
        return list(timeline.iter_states())
    except ReplayMismatch as exc:
        raise SaveError(f"{path}: line {exc.line}: record {exc.seq} does not replay: {exc.problem}; "
                        "'kriegsspiel verify' tells more") from None


def _scenario_state(path: Path) -> Any:
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.scenario import load_scenario

    scenario = load_scenario(path)
    return initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)


def state_for_round(states: list[Any], round_number: int | None, source: str) -> tuple[Any, int | None]:
    """The state to draw and the round that ended (None: the round in play, drawn as it stands).

    ``states`` are a game's states in order. Round N that has ended gives the first state after it; the round
    in play gives the last state. Raises UserError for a round before 1 or after the round in play.
    """
    current = states[-1]
    if round_number is None or round_number == current.round:
        return current, None
    if round_number < 1 or round_number > current.round:
        raise UserError(f"{source}: there is no round {round_number}; the game is in round {current.round}; "
                        f"give --round between 1 and {current.round}")
    for state in states:
        if state.round > round_number:
            return state, round_number
    raise UserError(f"{source}: round {round_number} has not ended")  # unreachable: the game is past it


def _commanders_of(state: Any, unit_id: str, source: str) -> list[str]:
    """The players who command ``unit_id`` (for ``--unit`` without ``--player``). Raises UserError."""
    from kriegsspiel.core.sight import commanded_units

    names = [p.name for p in state.setup.players if any(u.id == unit_id for u in commanded_units(state, p))]
    if not names:
        raise UserError(f"{source}: no player commands a unit {unit_id!r} now; give --unit with a unit id in play")
    return names


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: no window is ever opened
    from kriegsspiel.core.sight import UnknownPlayer
    from kriegsspiel.pov import UnknownUnit, write_round_pictures

    from kriegsspiel.border import CAPS, InputKind, check_input

    path = check_input(Path(args.save), InputKind("a save (.kssave) or a scenario (.toml)", CAPS["save"].cap))
    from kriegsspiel.store.area_game import is_area_path

    if is_area_path(path) and path.suffix.lower() != ".toml":  # an area game (Diplomacy): per power and phase
        from kriegsspiel.cli.area_pov import run_area_pov

        return run_area_pov(args, path)
    if path.suffix.lower() == ".toml":
        states = [_scenario_state(path)]
    else:
        states = _states_of_save(path)
    state, ended = state_for_round(states, args.round, str(path))
    label = ended if ended is not None else state.round
    players = args.player
    if args.unit and not players:
        players = _commanders_of(state, args.unit, str(path))
    try:
        written = write_round_pictures(state, Path(args.out), label, players, unit=args.unit, ended=ended is not None)
    except UnknownPlayer as exc:
        raise UserError(f"{path}: {exc}; give --player with one of them") from None
    except UnknownUnit as exc:
        raise UserError(f"{path}: {exc}") from None
    except OSError as exc:
        raise UserError(f"{args.out}: cannot write the pictures ({exc.strerror or exc}); choose another --out") from None
    for picture in written:
        print(picture)
    return 0
