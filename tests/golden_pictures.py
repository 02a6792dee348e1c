"""Golden pictures, compared exactly: every pixel of every channel must be the same.

A test never writes a golden file. When a picture changes on purpose, regenerate them all with the explicit
command ``python -m tests.regen_goldens`` (README, "For developers"), look at each one, and commit them. When a
comparison fails, the picture drawn is written beside the system's temporary files (the message says where) so
that it can be looked at next to the golden one.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pygame

REGENERATE = "python -m tests.regen_goldens"


class PictureDiffers(AssertionError):
    """A picture is not its golden file: the message says how many pixels differ, where, and where the drawn
    picture was written."""


def pixels(surface: pygame.Surface) -> np.ndarray:
    """The surface's RGB values as a (width, height, 3) array of int16."""
    return pygame.surfarray.array3d(surface).astype(np.int16)


def differing(golden: pygame.Surface, drawn: pygame.Surface) -> np.ndarray:
    """A (width, height) mask of the pixels where any channel differs. Raises PictureDiffers for other sizes."""
    if golden.get_size() != drawn.get_size():
        raise PictureDiffers(f"the picture is {drawn.get_size()}, the golden one {golden.get_size()}")
    return (pixels(golden) != pixels(drawn)).any(axis=2)


def assert_same_picture(drawn: pygame.Surface, golden_path: Path) -> None:
    """Raise PictureDiffers unless ``drawn`` equals the golden PNG at ``golden_path`` pixel for pixel (a missing
    golden file fails too: it is written only by the regenerating command)."""
    if not golden_path.exists():
        raise PictureDiffers(f"{golden_path} is missing: run `{REGENERATE}`, look at the picture, commit it")
    mask = differing(pygame.image.load(str(golden_path)), drawn)
    count = int(mask.sum())
    if count:
        xs, ys = np.nonzero(mask)
        out = Path(tempfile.gettempdir()) / "kriegsspiel-golden-diff" / golden_path.name
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(drawn, str(out))
        raise PictureDiffers(
            f"{golden_path.name}: {count} pixel(s) differ, x {xs.min()}..{xs.max()}, y {ys.min()}..{ys.max()}; "
            f"the picture drawn is {out}. If the change is meant, run `{REGENERATE}` and look at it."
        )
