"""Writing pictures: PNG with no metadata, written atomically, under names that say only player and round."""
from __future__ import annotations

import errno
import os
import re
import secrets
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pygame

from kriegsspiel.border import replace_file

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


#: zlib level of our PNGs: files smaller than pygame's own and written faster.
COMPRESSION_LEVEL = 6


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` as an 8-bit RGB PNG with only the critical chunks (IHDR, IDAT, IEND): no metadata."""
    width, height = surface.get_size()
    return encode_rgb_png(pygame.image.tobytes(surface, "RGB"), width, height)


def encode_rgb_png(rgb: bytes, width: int, height: int, level: int = COMPRESSION_LEVEL) -> bytes:
    """PNG bytes of ``rgb`` (rows top to bottom, 3 bytes a pixel), filter type 0 on every row.

    Pure computation (zlib releases the GIL), so it may run on a worker thread. Raises ValueError when the
    size does not match.
    """
    if len(rgb) != width * height * 3 or width <= 0 or height <= 0:
        raise ValueError(f"expected {width}x{height} RGB pixels, got {len(rgb)} bytes")
    rows = np.frombuffer(rgb, dtype=np.uint8).reshape(height, width * 3)
    raw = np.empty((height, width * 3 + 1), dtype=np.uint8)
    raw[:, 0] = 0  # filter "none": what costs least to compute and, on map pictures, compresses as well
    raw[:, 1:] = rows
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"".join(
        # zlib reads the array's own buffer: no third copy of a picture of some 12 MB
        (_PNG_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", zlib.compress(raw.data, level)),
         _chunk(b"IEND", b""))
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file, in order. Raises ValueError when ``data`` is not a PNG."""
    if not data.startswith(_PNG_SIGNATURE):
        raise ValueError("not a PNG file")
    types = []
    at = len(_PNG_SIGNATURE)
    while at + 8 <= len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        types.append(data[at + 4 : at + 8])
        at += 12 + length
    return types


def _file_mode() -> int:
    """The mode of an ordinary new file under this process's umask (read once, on the importing thread)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


#: Pictures are ordinary files for the umpire to hand on: readable like any other new file, not the
#: owner-only mode of a temporary file.
_FILE_MODE = _file_mode()


class LinkRefused(OSError):
    """A folder or file on the way to a picture is a symbolic link: pictures are never written through one
    (a link planted inside the output folder would make them overwrite a file anywhere)."""

    def __init__(self, where: Path) -> None:
        super().__init__(errno.ELOOP, f"{where} is a symbolic link; pictures are never written through links: "
                                      "remove it or choose another folder")


def _open_folder_below(root: Path, parts: tuple[str, ...]) -> int:
    """A descriptor of ``root/parts...``, made where missing, without following a link at any part.
    ``root`` itself is the folder the umpire named and is opened as given."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    walked = root
    try:
        for part in parts:
            walked = walked / part
            try:
                os.mkdir(part, 0o777, dir_fd=fd)
            except FileExistsError:
                pass
            try:
                child = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(walked):
                    raise LinkRefused(walked) from None
                raise
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def write_atomically(path: Path, data: bytes, root: Path | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and ``os.replace``, so a reader
    never sees half a picture. Creates the folders; the file gets the mode of any new file (the umask's).

    ``root`` (default: the file's folder) is the folder the umpire named: every folder below it on the way to
    ``path`` is opened without following symbolic links, and the file is replaced, never written through, so
    nothing outside ``root`` is ever written. Raises LinkRefused for a link on the way, OSError when the folder
    cannot be written.
    """
    path = Path(path)
    root = path.parent if root is None else Path(root)
    try:
        parts = path.parent.relative_to(root).parts
    except ValueError:
        raise ValueError(f"{path} is not inside {root}") from None
    if ".." in parts:
        raise ValueError(f"{path} climbs out of {root}")
    if not _DIR_FD:  # Windows: no descriptors of folders; check each part (a narrower window, still checked)
        walked = root
        for part in parts:
            walked = walked / part
            if walked.is_symlink():
                raise LinkRefused(walked)
        _write_replacing(path, data)
        return
    root.mkdir(parents=True, exist_ok=True)
    folder = _open_folder_below(root, parts)
    temp = f".tmp-{os.getpid()}-{secrets.token_hex(6)}.png"
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, _FILE_MODE, dir_fd=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            # replace the name itself: a link at the picture's name is replaced, not followed
            os.replace(temp, path.name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            try:
                os.unlink(temp, dir_fd=folder)
            except OSError:
                pass
            raise
    finally:
        os.close(folder)


_DIR_FD = {os.open, os.mkdir, os.replace, os.unlink} <= os.supports_dir_fd and hasattr(os, "O_NOFOLLOW")


def _write_replacing(path: Path, data: bytes) -> None:
    replace_file(path, data, mode=_FILE_MODE, durable=False)  # a picture is drawn again from the journal


def write_png(surface: pygame.Surface, path: Path, root: Path | None = None) -> None:
    """Save ``surface`` as a metadata-free PNG at ``path``, atomically, never through a link below ``root``
    (see :func:`write_atomically`)."""
    write_atomically(Path(path), png_bytes(surface), root)


_UNSAFE = re.compile(r"[^\w.-]+")


def file_stem(player: str) -> str:
    """A file name for a player's picture: letters (any script), digits, dot, dash and underscore; the rest
    becomes "_"; no leading dots (no hidden files, no "..")."""
    stem = _UNSAFE.sub("_", player).strip("._") or "player"
    return stem[:80]


def player_file_names(players: Iterable[str]) -> dict[str, str]:
    """File names (``<player>.png``) for the scenario's players, unique even when two names sanitize alike.

    Depends only on the list of players (public), never on the game."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for player in players:
        stem = file_stem(player)
        candidate, n = stem, 2
        while candidate.casefold() in used:
            candidate = f"{stem}-{n}"
            n += 1
        used.add(candidate.casefold())
        names[player] = candidate + ".png"
    return names


def round_folder(out_dir: Path, round_number: int) -> Path:
    """``<out_dir>/round-NNN`` (three digits at least)."""
    return Path(out_dir) / f"round-{round_number:03d}"


def pov_folder_of_save(save_path: Path) -> Path:
    """Where a save's pictures go: ``<save without its suffix>-pov`` next to it (``game.kssave`` ->
    ``game-pov/``)."""
    save_path = Path(save_path)
    return save_path.with_name(save_path.stem + "-pov")
