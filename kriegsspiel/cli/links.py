"""``kriegsspiel links SAVE [--json] [--base URL] [--qr DIR] [--revoke NAME]``: the players' secret links.

Prints one link per player for the portal running for SAVE (``kriegsspiel serve`` records its address), or
for ``--base URL``. ``--json`` prints ``{"players": {NAME: URL}}``. Players without a link get one; ``--revoke
NAME`` gives NAME a new link (the old one answers 404 at once). ``--qr DIR`` writes each link's QR code as
``DIR/<player>.png`` and ``.svg`` (readable by you only: they hold the secret). The journal records links by
hash only. See docs/portal.md.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from kriegsspiel.errors import UserError

if TYPE_CHECKING:
    from kriegsspiel.store.journal import LoadedSave


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("save", metavar="SAVE", help="the game's save (.kssave)")
    parser.add_argument("--json", action="store_true", help='print {"players": {NAME: URL}}')
    parser.add_argument("--base", metavar="URL", help="the portal's address (default: the one 'serve' recorded)")
    parser.add_argument("--revoke", action="append", metavar="NAME", default=[],
                        help="give this player a new link; the old one stops working (repeatable)")
    parser.add_argument("--qr", metavar="DIR", help="write each link's QR code to DIR/<player>.png and .svg")


def _journal_links(path: Path, loaded: LoadedSave, hashes: dict[str, str]) -> None:
    """Journal the links' changes (by hash), unless a running portal holds the save: it journals them itself
    within seconds, when it reads the links file again."""
    from kriegsspiel.portal.links import read_address
    from kriegsspiel.portal.records import reconcile_links
    from kriegsspiel.store import SaveError, open_loaded

    try:
        game = open_loaded(loaded)
    except SaveError:
        if read_address(path) is not None:
            return
        raise
    with game:
        reconcile_links(game.append_portal, game.journal_entries(), hashes)


def run(args: argparse.Namespace) -> int:
    from kriegsspiel.portal.links import LinkBook, link_url, read_address
    from kriegsspiel.store import read_save
    from kriegsspiel.store.opening import session_class_of_save

    path = Path(args.save)
    if not path.is_file():
        raise UserError(f"{path}: no such file; give a save (.kssave)")
    loaded = read_save(path)
    players = session_class_of_save(loaded).players_of(loaded)  # an area game: a link per power
    unknown = [name for name in args.revoke if name not in players]
    if unknown:
        raise UserError(f"--revoke {unknown[0]}: no such player; the players: {', '.join(players)}")
    base = args.base or read_address(path)
    if base is None:
        raise UserError(f"{path}: no portal is running for this save; start 'kriegsspiel serve {path}' "
                        "or give --base URL (the address the players' phones reach)")
    if not base.startswith(("http://", "https://")):
        raise UserError(f"--base {base}: give the address with http:// (as 'kriegsspiel serve' prints it)")
    book = LinkBook.load(path)
    changed = book.issue_missing(players)
    for name in args.revoke:
        book.reissue(name)
    if changed or args.revoke:
        try:
            book.save()
        except OSError as exc:
            raise UserError(f"{book.path}: cannot be written ({exc.strerror or exc})") from None
        _journal_links(path, loaded, book.hashes())
    urls = {name: link_url(base, book.tokens[name]) for name in players}
    if args.qr:
        from kriegsspiel.portal.qr import write_qr
        from kriegsspiel.pov.png import player_file_names

        folder = Path(args.qr)
        names = player_file_names(players)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for name in players:
                stem = names[name][: -len(".png")]
                for suffix in (".png", ".svg"):
                    written = write_qr(urls[name], folder / (stem + suffix))
                    os.chmod(written, 0o600)
        except OSError as exc:
            raise UserError(f"{folder}: cannot write the QR codes ({exc.strerror or exc})") from None
    if args.json:
        print(json.dumps({"players": urls}, ensure_ascii=False))
    else:
        width = max(len(name) for name in players)
        for name in players:
            print(f"{name.ljust(width)}  {urls[name]}")
    return 0
