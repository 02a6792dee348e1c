"""One answer for "this path cannot be opened as a file", the same for every command: what the path is
(missing, a folder, a symbolic link loop, unreadable) rather than "no such file" for all of them."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from kriegsspiel.errors import UserError


def require_file(path: Path, wanted: str) -> Path:
    """``path`` when it is a regular file (through symbolic links). Raises UserError naming the path, what it
    is instead and ``wanted`` (e.g. "a save (.kssave) or a scenario (.toml)")."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            problem = "a loop of symbolic links (it points, through links, back at itself)"
        elif exc.errno == errno.ENOENT:
            problem = ("a symbolic link to a file that does not exist" if os.path.islink(path) else "no such file")
        elif exc.errno == errno.ENAMETOOLONG:
            problem = "the path is too long"
        else:
            problem = f"cannot be read ({exc.strerror})"
        raise UserError(f"{path}: {problem}; give {wanted}") from None
    if stat.S_ISDIR(info.st_mode):
        raise UserError(f"{path}: is a folder; give {wanted}")
    if not stat.S_ISREG(info.st_mode):
        raise UserError(f"{path}: not a regular file (a device, pipe or socket); give {wanted}")
    return path
