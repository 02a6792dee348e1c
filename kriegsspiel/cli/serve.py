"""``kriegsspiel serve SAVE [--port N] [--lan]``: the players' portal of a game, and the Umpire shell.

Opens the save (as ``kriegsspiel shell`` does), serves each player's picture, report and order form through
their secret link, and reads the umpire's commands from the terminal (the shell's, plus ``inbox``, ``close``,
``deadline``, ``revoke``, ``links``). Binds 127.0.0.1 unless ``--lan``. Without a terminal (end of input),
it serves until interrupted (Ctrl-C, SIGTERM). See docs/portal.md.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="the game's save (.kssave)")
    parser.add_argument("--port", type=int, default=8080, metavar="N",
                        help="the port to listen on (default 8080; 0: any free port)")
    parser.add_argument("--lan", action="store_true",
                        help="listen on this machine's network address, so that phones on the network can connect")


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def _stop_on_signals() -> None:
    """SIGTERM and SIGHUP (a logout, a closed terminal) stop the portal as Ctrl-C does: its last line said."""
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _interrupt)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the pictures are drawn headless
    from kriegsspiel.portal.links import clear_address, write_address
    from kriegsspiel.portal.opening import start_portal
    from kriegsspiel.portal.server import lan_address
    from kriegsspiel.shell import run_shell
    from kriegsspiel.store import open_session

    path = Path(args.save)
    if not path.is_file():
        raise UserError(f"{path}: no such file; give a save (.kssave): 'kriegsspiel new SCENARIO --save FILE' makes one")
    if not 0 <= args.port <= 65535:
        raise UserError(f"--port {args.port}: give a port between 1 and 65535 (0: any free port)")
    host = lan_address() if args.lan else "127.0.0.1"
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    game = open_session(path)
    server = None
    _stop_on_signals()
    try:
        folder = game.attach_pictures()
        served = start_portal(game, host, args.port)
        server = served.server
        url = server.start()
        write_address(path, url, os.getpid())
        for note in game.notes + served.portal.notes:
            print(f"note: {note}")
        where = ("on the network: phones on this network can open the links" if args.lan else
                 "this machine only; --lan lets phones on the network in")
        print(f"serving the players' portal of {game.scenario.name!r} at {url} ({where})")
        print(f"{game.phase_words()}; the players' pictures also go to {folder}")
        print(f"'kriegsspiel links {path}' prints the players' links; type 'help' for the commands")
        sys.stdout.flush()
        shell = served.terminal(url)
        try:
            run_shell(shell, sys.stdin, sys.stdout)
            if not shell.quit and not sys.stdin.isatty():
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
