"""QR codes of the players' links (segno), for the umpire to show or print: PNG or SVG files."""
from __future__ import annotations

from pathlib import Path

import segno


def qr_matrix(url: str) -> list[list[bool]]:
    """The modules of ``url``'s QR code (error correction M), rows top to bottom, True for dark; no quiet
    zone (the caller draws its own margin)."""
    code = segno.make(url, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix]


def write_qr(url: str, path: Path) -> Path:
    """Write ``url``'s QR code to ``path`` (``.png`` or ``.svg``, by its suffix). Raises ValueError for
    another suffix, OSError when it cannot be written."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ValueError(f"{path}: a QR code is written as .png or .svg")
    segno.make(url, error="m", micro=False).save(str(path), scale=8 if suffix == ".png" else 4, border=4)
    return Path(path)
