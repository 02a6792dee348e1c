"""``kriegsspiel serve SAVE`` of an area game (Diplomacy, Air Power Diplomacy, unit profiles): each power's
page through its secret link, and the umpire's area shell with the portal's commands in the terminal
(``inbox``, ``close``, ``deadline``, ``tell``, ``revoke``, ``links``). See docs/portal.md."""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from kriegsspiel.errors import UserError, printable


def run_area_serve(args: argparse.Namespace, path: Path, host: str) -> int:
    """Serve the area save ``path`` on ``host`` until the umpire quits (or, without a terminal, until
    interrupted). Raises UserError for a save that cannot be played or a port that is taken."""
    from kriegsspiel.portal.area_console import AreaPortalShell
    from kriegsspiel.portal.area_server import AreaPortalServer
    from kriegsspiel.portal.area_service import AreaPortal
    from kriegsspiel.portal.links import clear_address, write_address
    from kriegsspiel.portal.service import LockGate
    from kriegsspiel.store.area_game import AreaGame
    from kriegsspiel.store.area_pictures import attach_area_pictures
    from kriegsspiel.store.journal import SaveError

    try:
        game = AreaGame.open(path)
    except SaveError as exc:
        raise UserError(str(exc)) from None
    folder = attach_area_pictures(game)
    gate = LockGate()
    server = None
    try:
        portal = AreaPortal(game, gate)
        portal.start()
        server = AreaPortalServer(portal, host, args.port)
        url = server.start()
        write_address(path, url, os.getpid())
        for note in game.notes + portal.notes:
            print(f"note: {note}")
        where = ("on the network: phones on this network can open the links" if args.lan else
                 "this machine only; --lan lets phones on the network in")
        print(f"serving the players' portal of {game.scenario.name!r} at {url} ({where})")
        print(f"{game.turn.position.phase_label}; the powers' pictures after each phase also go to {folder}")
        print(f"'kriegsspiel links {path}' prints the powers' links; type 'help' for the commands")
        sys.stdout.flush()
        shell = AreaPortalShell(portal, url, gate)
        quit_typed = False
        try:
            for line in sys.stdin:
                if line.strip().lower() in ("quit", "exit"):
                    quit_typed = True
                    break
                answer = shell.handle(line)
                if answer:  # a power's text never drives the umpire's terminal
                    print(printable(answer))
                sys.stdout.flush()
            if not quit_typed and not sys.stdin.isatty():
                print("no more input: serving until interrupted (Ctrl-C)")
                sys.stdout.flush()
                while True:
                    time.sleep(3600)
        except KeyboardInterrupt:
            pass
    finally:
        if server is not None:
            server.stop()
        clear_address(path)
        game.close()
    print("portal stopped; every order received is in the journal")
    return 0
