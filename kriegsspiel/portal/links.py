"""The players' secret links: one random token per player, kept in a file only the umpire can read.

The file ``<save>.links`` (JSON, mode 0600, next to the save) maps each player's name to their token. The
tokens are never written anywhere else: the journal records only their sha256 (see
:mod:`kriegsspiel.portal.records`), pictures never carry them, and the server's log hides them. A token is
looked up with :func:`hmac.compare_digest` against every token, so that the time taken does not tell how much
of a guess was right.

The address a running server listens on is kept in ``<save>.portal`` so that ``kriegsspiel links`` can print
working links without being told the host and port.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import msgspec

from kriegsspiel.border import InputFileError, decode_json, read_input, replace_file
from kriegsspiel.border.settings import move_aside
from kriegsspiel.border.types import Name, PathText
from kriegsspiel.errors import UserError

#: bytes of randomness in a token: 24 bytes = 192 bits, 32 URL-safe characters (the issue asks >= 128 bits)
TOKEN_BYTES = 24
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{16,128}$")
LINKS_FORMAT = "kriegsspiel-links"


def links_path(save: Path) -> Path:
    """Where a save's links are kept: ``<save>.links`` next to it."""
    return Path(save).with_name(Path(save).name + ".links")


def address_path(save: Path) -> Path:
    """Where a running server records its address: ``<save>.portal`` next to the save."""
    return Path(save).with_name(Path(save).name + ".portal")


def token_hash(token: str) -> str:
    """sha256 (hex) of a token: what the journal records instead of the token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_token() -> str:
    """A fresh random token (``secrets.token_urlsafe``, 192 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def well_formed(token: str) -> bool:
    """Whether ``token`` has the shape of a token (URL-safe base64, 16 to 128 characters)."""
    return bool(_TOKEN_SHAPE.match(token))


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, the file readable and writable by its owner only (0600)."""
    replace_file(path, text.encode("utf-8"), mode=0o600)


class BrokenLinksFile(UserError):
    """A links file that is not one (not a regular file, not JSON, a token of the wrong shape): the message
    names the file and what is wrong."""


class _LinksFile(msgspec.Struct):
    """The links file as written by :meth:`LinkBook.save`: its format mark and each player's token."""

    format: Name
    players: dict[Name, Annotated[str, msgspec.Meta(max_length=200)]]


class _AddressFile(msgspec.Struct):
    """Where a running server for a save listens (:func:`write_address`)."""

    url: PathText


@dataclass
class LinkBook:
    """The players' tokens of one save. ``tokens`` maps a player's name to their token."""

    path: Path
    tokens: dict[str, str]

    @classmethod
    def load(cls, save: Path) -> LinkBook:
        """The links of ``save`` (an empty book when there is no links file yet).

        Raises UserError naming the file when it is not a links file or can be read by others than its owner
        (then the tokens may have leaked: revoke them).
        """
        path = links_path(save)
        if not os.path.lexists(path):
            return cls(path, {})
        try:
            data = read_input(path, "links")  # a regular file within the cap, else a message naming it
        except InputFileError as exc:
            raise BrokenLinksFile(f"{exc}; delete it to issue new links") from None
        if os.name == "posix" and path.stat().st_mode & 0o077:
            raise UserError(f"{path}: others than its owner may read it (mode {path.stat().st_mode & 0o777:o}); "
                            f"run 'chmod 600 {path}' and revoke the links with 'kriegsspiel links --revoke'")
        try:
            book: _LinksFile = decode_json(data, _LinksFile, str(path))
        except UserError as exc:
            raise BrokenLinksFile(f"not a kriegsspiel links file ({exc}); delete it to issue new links") from None
        if book.format != LINKS_FORMAT or not all(well_formed(v) for v in book.players.values()):
            raise BrokenLinksFile(f"{path}: not a kriegsspiel links file; delete it to issue new links")
        return cls(path, dict(book.players))

    @classmethod
    def load_for_serving(cls, save: Path) -> tuple[LinkBook, list[str]]:
        """The links of ``save`` for a server starting, and notes for the umpire. A broken links file is moved
        aside to ``<save>.links.broken`` (never overwritten) and the server goes on with an empty book, so that
        every player gets a new link; one that cannot be moved aside, or that others may read, is refused
        (UserError) as :meth:`load` refuses it."""
        try:
            return cls.load(save), []
        except BrokenLinksFile as exc:
            path = links_path(save)
            moved, why = move_aside(path)
            if moved is None:
                raise UserError(f"{exc} (it could not be moved aside: {why})") from None
            return cls(path, {}), [f"{str(exc).removesuffix('; delete it to issue new links')}; every player gets "
                                   f"a new link, and the file is kept as {moved}"]

    def save(self) -> None:
        """Write the book (mode 0600, atomically). Raises OSError when the folder cannot be written."""
        text = json.dumps({"format": LINKS_FORMAT, "players": self.tokens}, indent=1, ensure_ascii=False)
        _write_private(self.path, text + "\n")

    def issue_missing(self, players: list[str]) -> list[str]:
        """Give a token to each of ``players`` who has none; returns their names (the book is not saved)."""
        issued = []
        for name in players:
            if name not in self.tokens:
                self.tokens[name] = new_token()
                issued.append(name)
        return issued

    def reissue(self, player: str) -> str:
        """Replace ``player``'s token by a new one (the old link then answers 404); returns the new token."""
        self.tokens[player] = new_token()
        return self.tokens[player]

    def player_of(self, token: str) -> str | None:
        """The player whose token is ``token``, or None. Compares with every token in constant time."""
        if not well_formed(token):
            return None
        found = None
        given = token.encode("ascii")
        for name, known in self.tokens.items():
            if hmac.compare_digest(given, known.encode("ascii")):
                found = name
        return found

    def hashes(self) -> dict[str, str]:
        """Each player's token hash (what the journal records)."""
        return {name: token_hash(token) for name, token in self.tokens.items()}


def read_address(save: Path) -> str | None:
    """The base URL a server running for ``save`` recorded (``http://host:port/``), or None."""
    try:
        return decode_json(read_input(address_path(save), "links"), _AddressFile, "address").url
    except UserError:
        return None


def write_address(save: Path, url: str, pid: int) -> None:
    """Record the base URL a server for ``save`` listens on (removed again by :func:`clear_address`)."""
    _write_private(address_path(save), json.dumps({"url": url, "pid": pid}) + "\n")


def clear_address(save: Path) -> None:
    """Forget the recorded address (the server stopped)."""
    try:
        address_path(save).unlink()
    except OSError:
        pass


def link_url(base: str, token: str) -> str:
    """The player's link: ``<base>p/<token>`` (``base`` ends with a slash or gets one)."""
    return base.rstrip("/") + "/p/" + token
