"""The page's pictures: every frame's umpire picture and each player's, as PNG files in ``frames/``.

Drawing and compressing take all the time (a 20-round game: 100 pictures of 2400x1717), so where the system
can fork (Linux), :data:`DRAWERS` processes each draw and write whole frames, the debrief inherited from
this process (nothing is loaded again, nothing is sent but a frame's number); each holds one frame's pictures
at a time. Elsewhere this process draws and two threads compress (zlib lets go of the interpreter).
"""
from __future__ import annotations

import multiprocessing
import sys
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pygame

from kriegsspiel.debrief.model import Debrief
from kriegsspiel.pov.png import encode_rgb_png, write_atomically

FRAMES = "frames"
#: zlib level of the page's pictures: a third of level 6's time for a third more bytes (a round's pictures
#: of four players and the umpire are some 6 MB)
PAGE_PNG_LEVEL = 3
#: processes drawing frames at once (the machine's two cores)
DRAWERS = 2
#: pictures being encoded at once at most when drawing here (each a few megabytes raw)
MAX_PENDING = 4
#: threads encoding pictures when drawing here
ENCODERS = 2

# The debrief and folder of the page being written, for the forked drawers (inherited, never pickled).
_FORKED: tuple[Debrief, Path] | None = None


def frame_files(index: int, players: tuple[str, ...]) -> tuple[str, dict[str, str]]:
    """The relative paths of frame ``index``'s umpire picture and of each player's picture (by the player's
    place in the list, so that no name makes a file name)."""
    umpire = f"{FRAMES}/{index + 1:03d}-umpire.png"
    return umpire, {name: f"{FRAMES}/{index + 1:03d}-player-{k + 1}.png" for k, name in enumerate(players)}


def write_pictures(debrief: Debrief, out_dir: Path, progress: Callable[[int, int], None] | None = None) -> None:
    """Write every frame's pictures into ``out_dir`` (:func:`frame_files`); ``progress(done, total)`` after each
    frame. Raises OSError when a picture cannot be written."""
    total = len(debrief.frames)
    if total >= 2 and DRAWERS > 1 and _can_fork():
        try:
            _in_drawers(debrief, out_dir, progress)
            return
        except BrokenProcessPool:  # a drawer died (out of memory): draw them all here instead
            pass
    _here(debrief, out_dir, progress)


def _can_fork() -> bool:
    # fork keeps the debrief's drawing functions (closures over the game's states) without pickling them;
    # only on Linux, where forking a process that has used SDL's software surfaces and fonts is sound
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


def _in_drawers(debrief: Debrief, out_dir: Path, progress: Callable[[int, int], None] | None) -> None:
    global _FORKED
    total = len(debrief.frames)
    # the first frame here: the map's tiles and the base picture are drawn once, and the drawers inherit them
    _write_frame(debrief, 0, out_dir)
    if progress is not None:
        progress(1, total)
    _FORKED = (debrief, out_dir)  # set before the drawers fork: they inherit it
    try:
        with ProcessPoolExecutor(max_workers=min(DRAWERS, total - 1), mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [pool.submit(_drawer_frame, i) for i in range(1, total)]
            try:
                for done, future in enumerate(futures, start=2):
                    problem = future.result()
                    if problem is not None:
                        raise OSError(problem)
                    if progress is not None:
                        progress(done, total)
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    finally:
        _FORKED = None


def _drawer_frame(index: int) -> str | None:
    """In a drawer: write frame ``index``'s pictures; None, or why a picture could not be written (an OSError
    of ours, e.g. a link refused, does not cross back whole)."""
    assert _FORKED is not None
    debrief, out_dir = _FORKED
    try:
        _write_frame(debrief, index, out_dir)
    except OSError as exc:
        return str(exc)
    return None


def _write_frame(debrief: Debrief, index: int, out_dir: Path) -> None:
    frame = debrief.frames[index]
    umpire, players = frame_files(index, debrief.players)
    _save(frame.umpire(), out_dir / umpire, out_dir)
    for name, file in players.items():
        _save(frame.player(name), out_dir / file, out_dir)


def _save(surface: pygame.Surface, path: Path, root: Path) -> None:
    width, height = surface.get_size()
    _encode_and_write(pygame.image.tobytes(surface, "RGB"), width, height, path, root)


def _here(debrief: Debrief, out_dir: Path, progress: Callable[[int, int], None] | None) -> None:
    """Draw in this process (pygame stays on this thread) and encode on :data:`ENCODERS` threads."""
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
