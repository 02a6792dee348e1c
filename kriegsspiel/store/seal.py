"""The seal of a save's lines: HMAC-SHA256 with a secret that never leaves the umpire's machine.

Every line of a save carries ``hash`` (sha256 of its content, chained to the line before): anyone can check
that chain, and anyone with the program can also write a consistent one for a game that was never played.
A line written here also carries ``seal`` = HMAC-SHA256(key, hash), the key being 32 random bytes made on
first use in the umpire's config folder (``journal-key``; platformdirs' user_config_dir("kriegsspiel"), or
``KRIEGSSPIEL_CONFIG_DIR``), never written into a save. A seal that checks proves that line was written by a
kriegsspiel holding this machine's key; what it does not prove is in docs/saves.md ("What a seal vouches
for"). The folder is made owner-only (0700) whatever the umask; a key that is missing, damaged or readable by
others is reported loudly (:attr:`MachineKey.warning`), never used silently.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

KEY_FILE = "journal-key"
#: the window's settings use the same folder (kriegsspiel.userdirs, which imports the store: hence not used here)
CONFIG_ENV = "KRIEGSSPIEL_CONFIG_DIR"
#: bytes of a key (hex in the file)
KEY_BYTES = 32


def config_dir() -> Path:
    """The umpire's config folder: ``KRIEGSSPIEL_CONFIG_DIR`` when set, else platformdirs' user config dir."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("kriegsspiel", appauthor=False))


@dataclass(frozen=True, slots=True)
class MachineKey:
    """This machine's sealing key as found: ``key`` (None: nothing is sealed), where it is, and ``warning``:
    what the umpire must be told loudly (a missing, damaged or loose key), None when all is well."""

    key: bytes | None
    path: Path
    warning: str | None = None


class _BadKey(Exception):
    """The key file is there but cannot be used: the message says why."""


def _read_key(path: Path) -> bytes | None:
    """The key in ``path``; None when there is no file. Raises _BadKey when there is one that cannot be used."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _BadKey(f"cannot be read ({exc.strerror or exc})") from None
    try:
        key = bytes.fromhex(raw.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        raise _BadKey("is damaged (not the hexadecimal key kriegsspiel wrote)") from None
    if len(key) < KEY_BYTES:
        raise _BadKey(f"is damaged ({len(key)} bytes, a key has {KEY_BYTES})")
    return key


def _loose(path: Path) -> str | None:
    """Why the key (or its folder) could be read or replaced by other users of this machine, or None."""
    try:
        key_mode = path.stat().st_mode
        folder_mode = path.parent.stat().st_mode
    except OSError:
        return None
    if key_mode & 0o077:
        return (f"is readable or writable by other users (mode {stat.S_IMODE(key_mode):04o}): anyone who copied "
                f"it can seal a forged save; run 'chmod 600 {path}', or delete it to make a new key (then "
                "earlier saves no longer count as written here)")
    if folder_mode & 0o022:
        return (f"lies in a folder other users may write to (mode {stat.S_IMODE(folder_mode):04o}), who could "
                f"replace it; run 'chmod 700 {path.parent}'")
    return None


def _make_folder(folder: Path) -> None:
    """Make ``folder`` and any missing parent owner-only (0700), whatever the umask; existing ones are left."""
    missing = []
    current = folder
    while not current.exists():
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for made in reversed(missing):
        try:
            os.mkdir(made, 0o700)
        except FileExistsError:
            continue
        os.chmod(made, 0o700)  # the umask may have taken bits away, never added: chmod is exact anyway


def _new_key(path: Path) -> None:
    """Write a new key at ``path`` (owner-only, whole or not at all); never replaces one made meanwhile."""
    _make_folder(path.parent)
    temp = path.with_name(f".{KEY_FILE}-{os.getpid()}-{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(KEY_BYTES) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)  # never replaces a key another process made first: both then use that one
        except FileExistsError:
            pass
    finally:
        os.unlink(temp)


def load_machine_key(create: bool = True) -> MachineKey:
    """This machine's sealing key, made (owner-only, atomically) when missing and ``create``.

    Never raises: a key that cannot be read or made is a :class:`MachineKey` without a key and with a warning
    (saves are then written unsealed, and say so); a damaged key is never replaced (it is evidence), a loose
    one is used but reported.
    """
    path = config_dir() / KEY_FILE
    try:
        key = _read_key(path)
        if key is None and create:
            try:
                _new_key(path)
            except OSError as exc:
                return MachineKey(None, path, f"the sealing key {path} cannot be made ({exc.strerror or exc}): "
                                  "what is written now is NOT sealed, and 'kriegsspiel verify' will not vouch for it")
            key = _read_key(path)
    except _BadKey as exc:
        return MachineKey(None, path, f"the sealing key {path} {exc}: what is written now is NOT sealed, and "
                          "'kriegsspiel verify' will not vouch for it; move that file aside to make a new key (saves "
                          "sealed with the old one then no longer count as written here)")
    if key is None:
        return MachineKey(None, path, f"there is no sealing key on this machine ({path}): no save can be "
                          "vouched for as written here")
    loose = _loose(path)
    return MachineKey(key, path, f"the sealing key {path} {loose}" if loose else None)


def machine_key(create: bool = True) -> bytes | None:
    """This machine's sealing key (see :func:`load_machine_key`), or None; any warning is dropped: callers that
    show the umpire something use :func:`load_machine_key`."""
    return load_machine_key(create).key


def seal_of(key: bytes, line_hash: str) -> str:
    """The seal of a line whose ``hash`` is ``line_hash`` (hex), under ``key``."""
    return hmac.new(key, line_hash.encode("ascii", "replace"), hashlib.sha256).hexdigest()


def sealed_by(key: bytes | None, line_hash: str, seal: object) -> bool:
    """Whether ``seal`` is the seal of ``line_hash`` under ``key`` (compared in constant time)."""
    return key is not None and isinstance(seal, str) and hmac.compare_digest(seal_of(key, line_hash), seal)


def sealing_key(notes: list[str]) -> bytes | None:
    """This machine's key to seal a game being played (made when missing); its warning, if any, is added to
    ``notes`` in capitals, which every front end shows when the game opens."""
    found = load_machine_key(create=True)
    if found.warning:
        notes.append(f"WARNING: {found.warning}")
    return found.key
