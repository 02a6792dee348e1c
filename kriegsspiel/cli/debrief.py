"""``kriegsspiel debrief SAVE --out DIR`` / ``--movie FILE``: the game replayed for the players.

``--out DIR`` writes a page that opens in any browser without a server (``DIR/index.html`` and its pictures);
``--movie FILE`` (.mp4, .webm, .gif) the same sequence as a film (needs the ``debrief`` extra); ``--publish``
(a finished game only) writes the page, and the film made with ``--movie``, beside the save for the portal to
serve to every player's link. A debrief of a game still in play is for the umpire alone: the command says so.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="the save (.kssave) of a ruler or an area game")
    parser.add_argument("--out", metavar="DIR", help="write the debrief page (index.html and its pictures) here")
    parser.add_argument("--movie", metavar="FILE", help="write the debrief film here (.mp4, .webm or .gif)")
    parser.add_argument("--publish", action="store_true",
                        help="a finished game only: write the page beside the save (<save>-debrief/) for the "
                             "portal to show every player's link (with --movie, the film too)")


def run(args: argparse.Namespace) -> int:
    if not args.out and not args.movie and not args.publish:
        raise UserError("give --out DIR (the page), --movie FILE (the film) or --publish")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: no window is ever opened
    from kriegsspiel.border import CAPS, check_input

    path = check_input(Path(args.save), CAPS["save"])
    movie = Path(args.movie) if args.movie else None
    if movie is not None:
        _check_encoder(movie)
    import pygame

    from kriegsspiel.debrief import load_debrief, write_movie, write_page
    from kriegsspiel.debrief.page import stderr_progress

    pygame.display.init()
    pygame.font.init()
    if args.publish:
        from kriegsspiel.debrief.publish import GameInPlay, game_over
        from kriegsspiel.store import open_session

        with open_session(path, read_only=True) as game:
            if not game_over(game):  # said before any drawing, not after the film
                raise GameInPlay(f"{path}: the game is still in play; a debrief is published to the players only "
                                 "once the game is over (--out DIR writes the umpire's own copy)")
    debrief = load_debrief(path)
    if not debrief.finished:
        print(f"kriegsspiel: {path}: the game is still in play: this debrief shows the whole truth and is for "
              "the umpire alone", file=sys.stderr)
    if args.out:
        try:
            page = write_page(debrief, Path(args.out), stderr_progress("page"))
        except OSError as exc:
            raise UserError(f"{args.out}: cannot write the debrief ({exc.strerror or exc}); choose another --out") from None
        print(page)
    if movie is not None:
        try:
            count = write_movie(debrief, movie, progress=stderr_progress("film"))
        except OSError as exc:
            raise UserError(f"{movie}: cannot write the film ({exc.strerror or exc}); choose another --movie") from None
        print(f"{movie} ({count} frames)")
    if args.publish:
        from kriegsspiel.debrief.publish import publish

        try:  # the film just written (--movie) is published with the page
            print(publish(path, film=movie, progress=stderr_progress("publish")))
        except OSError as exc:
            raise UserError(f"{path}: cannot publish the debrief beside the save ({exc.strerror or exc})") from None
    return 0


def _check_encoder(movie: Path) -> None:
    """Before any drawing: the suffix is a film's and the encoder is installed (else exit 2 naming the extra)."""
    from importlib.util import find_spec

    from kriegsspiel.debrief.movie import CODECS, EXTRA_HINT, MissingEncoder

    if movie.suffix.lower() not in CODECS:
        raise UserError(f"{movie}: a film is .mp4, .webm or .gif; name the file with one of these")
    if find_spec("imageio_ffmpeg") is None or find_spec("imageio") is None:
        raise MissingEncoder(f"the film needs the debrief extra (imageio and imageio-ffmpeg): {EXTRA_HINT}")
