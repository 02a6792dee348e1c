"""The page's pictures: every frame's umpire picture and each player's, as PNG files in ``frames/``.

Drawing and compressing take all the time (a 20-round game: 100 pictures of 2400x1717, some 80 ms of
processor each, two thirds of it zlib). Pygame draws on this thread, and two threads compress (zlib lets go of
the interpreter), at most :data:`MAX_PENDING` pictures waiting: memory holds a few pictures, however long the
game. (Two forked drawing processes were measured too: no faster on the loaded two cores, so not kept.)
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pygame

from kriegsspiel.debrief.model import Debrief
from kriegsspiel.pov.png import encode_rgb_png, write_atomically

FRAMES = "frames"
#: zlib level of the page's pictures: levels 1 to 3 cost the same here (some 50 ms a picture) and 3 is the
#: smallest of them; 6 costs twice as much for a fifth fewer bytes
PAGE_PNG_LEVEL = 3
#: pictures being encoded at once at most (each a few megabytes raw): the drawing waits for the encoders
MAX_PENDING = 4
#: threads encoding pictures (the machine's two cores)
ENCODERS = 2


def frame_files(index: int, players: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The relative paths of frame ``index``'s umpire picture and of each player's picture (by the player's
    place in the list, so that no name makes a file name)."""
    umpire = f"{FRAMES}/{index + 1:03d}-umpire.png"
    return umpire, {name: f"{FRAMES}/{index + 1:03d}-player-{k + 1}.png" for k, name in enumerate(players)}


def write_pictures(debrief: Debrief, out_dir: Path, progress: Callable[[int, int], None] | None = None) -> None:
    """Write every frame's pictures into ``out_dir`` (:func:`frame_files`); ``progress(done, total)`` after each
    frame. Raises OSError when a picture cannot be written."""
    total = len(debrief.frames)
    pending: deque[Future[None]] = deque()

    def write(surface: pygame.Surface, relative: str) -> None:
        width, height = surface.get_size()
        rgb = pygame.image.tobytes(surface, "RGB")
        while len(pending) >= MAX_PENDING:
            pending.popleft().result()
        pending.append(pool.submit(_encode_and_write, rgb, width, height, out_dir / relative, out_dir))

    with ThreadPoolExecutor(max_workers=ENCODERS, thread_name_prefix="debrief-png") as pool:
        for i, frame in enumerate(debrief.frames):
            umpire, players = frame_files(i, debrief.players)
            write(frame.umpire(), umpire)
            for name, file in players.items():
                write(frame.player(name), file)
            if progress is not None:
                progress(i + 1, total)
        while pending:
            pending.popleft().result()  # raises the first OSError of a picture


def _encode_and_write(rgb: bytes, width: int, height: int, path: Path, root: Path) -> None:
    write_atomically(path, encode_rgb_png(rgb, width, height, PAGE_PNG_LEVEL), root)
