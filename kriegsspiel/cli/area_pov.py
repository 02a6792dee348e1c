"""``kriegsspiel pov SAVE --out DIR`` of an area game (Diplomacy): each power's picture of each confirmed phase
(``DIR/<PHASE>-<POWER>.png`` and ``.json``); ``--player`` a power or a player's name, ``--round N`` the N-th
confirmed phase only."""
from __future__ import annotations

import argparse
from pathlib import Path

from kriegsspiel.errors import UserError
from kriegsspiel.store.area_game import AreaGame
from kriegsspiel.store.area_pictures import write_phase_pictures


def run_area_pov(args: argparse.Namespace, path: Path) -> int:
    if getattr(args, "unit", None):
        raise UserError("--unit: an area game has no officers' views; leave --unit out")
    game = AreaGame.open(path, read_only=True)
    scenario = game.scenario
    powers: list[str] | None = None
    if args.player:
        by_name = {p.name.casefold(): p.power for p in scenario.players}
        powers = []
        for name in args.player:
            power = name.strip().upper() if name.strip().upper() in scenario.powers else by_name.get(name.casefold())
            if power is None:
                raise UserError(f"{path}: no power or player {name!r}; powers: {', '.join(scenario.powers)}")
            powers.append(power)
    phases = game.confirmed_phases()
    if args.round is not None:
        if not 1 <= args.round <= len(phases):
            raise UserError(f"{path}: --round {args.round}: {len(phases)} phases were confirmed; give 1..{len(phases)}")
        phases = [phases[args.round - 1]]
    written: list[Path] = []
    try:
        for before, result in phases:
            written += write_phase_pictures(scenario, before, result, Path(args.out), powers)
    except OSError as exc:
        raise UserError(f"{args.out}: cannot write the pictures ({exc.strerror or exc}); choose another --out") from None
    if not phases:
        print(f"{path}: no phase has been confirmed yet: no pictures")
    for picture in written:
        print(picture)
    return 0
