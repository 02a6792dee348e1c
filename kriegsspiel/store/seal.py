"""The seal of a save's lines: HMAC-SHA256 with a secret that never leaves the umpire's machine.

Every line of a save carries ``hash`` (sha256 of its content, chained to the line before): anyone can check
that chain, and anyone with the program can also write a consistent one for a game that was never played.
A line written here also carries ``seal`` = HMAC-SHA256(key, hash), the key being 32 random bytes made on
first use in the umpire's config folder (``journal-key``; platformdirs' user_config_dir("kriegsspiel"), or
``KRIEGSSPIEL_CONFIG_DIR``), never written into a save. A seal that checks proves the line (and, through the
chain, every line before it) was written by a kriegsspiel holding this machine's key. See docs/saves.md.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE = "journal-key"
#: the window's settings use the same folder (kriegsspiel.userdirs, which imports the store: hence not used here)
CONFIG_ENV = "KRIEGSSPIEL_CONFIG_DIR"


def config_dir() -> Path:
    """The umpire's config folder: ``KRIEGSSPIEL_CONFIG_DIR`` when set, else platformdirs' user config dir."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    from platformdirs import user_config_dir

    return Path(user_config_dir("kriegsspiel", appauthor=False))


def _read_key(path: Path) -> bytes | None:
    try:
        text = path.read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
    except (OSError, ValueError):
        return None
    return key if len(key) >= 32 else None


def machine_key(create: bool = True) -> bytes | None:
    """This machine's sealing key; made (owner-only, atomically) when missing and ``create``. None when it
    cannot be read or made (a read-only home): saves are then written unsealed, never refused."""
    path = config_dir() / KEY_FILE
    key = _read_key(path)
    if key is not None or not create:
        return key
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{KEY_FILE}-{os.getpid()}-{secrets.token_hex(4)}")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(32) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)  # never replaces a key another process made first: both then use that one
        except FileExistsError:
            pass
        finally:
            os.unlink(temp)
    except OSError:
        return None
    return _read_key(path)


def seal_of(key: bytes, line_hash: str) -> str:
    """The seal of a line whose ``hash`` is ``line_hash`` (hex), under ``key``."""
    return hmac.new(key, line_hash.encode("ascii", "replace"), hashlib.sha256).hexdigest()


def sealed_by(key: bytes | None, line_hash: str, seal: object) -> bool:
    """Whether ``seal`` is the seal of ``line_hash`` under ``key`` (compared in constant time)."""
    return key is not None and isinstance(seal, str) and hmac.compare_digest(seal_of(key, line_hash), seal)
