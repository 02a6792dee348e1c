"""The debrief as a film (``.mp4``, ``.webm`` or ``.gif``): a title card, then each frame's moves animated
along their paths and the board after them held a moment, then the final standing.

Frames are drawn one at a time and handed to the encoder (imageio-ffmpeg, the ``debrief`` extra) as they
are made: memory holds one debrief frame's two pictures and one film frame, however long the game.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from kriegsspiel.debrief.arrows import draw_moves
from kriegsspiel.debrief.model import Debrief, Frame
from kriegsspiel.errors import UserError
from kriegsspiel.render.fonts import font

#: the film's frame size (pixels; even, as the common encoders want)
FILM_SIZE = (1280, 720)
#: the extra that brings the encoder
EXTRA_HINT = "pip install 'kriegsspiel[debrief]'"
#: codec and pixel format by the film file's suffix
CODECS = {".mp4": ("libx264", "yuv420p"), ".webm": ("libvpx-vp9", "yuv420p"), ".gif": ("gif", "pal8")}
_PAPER = (244, 242, 234)
_INK = (26, 26, 26)
_BAR = (40, 40, 48)


class MissingEncoder(UserError):
    """The film's encoder (imageio-ffmpeg) is not installed; the message names the extra to install."""


@dataclass(frozen=True, slots=True)
class Pace:
    """How long each part of the film lasts, in seconds, at ``fps`` frames a second."""

    fps: int = 10
    title_seconds: float = 2.0
    move_seconds: float = 1.5
    hold_seconds: float = 1.5
    final_seconds: float = 2.5

    def count(self, seconds: float) -> int:
        """Film frames for ``seconds``: at least one."""
        return max(1, round(seconds * self.fps))

    def total(self, frames: int) -> int:
        """The film's frame count for a debrief of ``frames`` frames."""
        return (self.count(self.title_seconds) + frames * (self.count(self.move_seconds) + self.count(self.hold_seconds))
                + self.count(self.final_seconds))


def _encoder(path: Path, fps: int) -> Callable[[bytes | None], None]:
    """A function that takes the next frame's RGB bytes (None: the end). Raises MissingEncoder without the
    extra, UserError for a suffix no codec is known for."""
    codec = CODECS.get(path.suffix.lower())
    if codec is None:
        raise UserError(f"{path}: a film is .mp4, .webm or .gif; name the file with one of these")
    try:
        import imageio_ffmpeg
    except ImportError:
        raise MissingEncoder(f"the film needs the debrief extra (imageio and imageio-ffmpeg): {EXTRA_HINT}") from None
    extra: dict[str, object] = {} if codec[0] == "gif" else {"quality": 7}
    writer = imageio_ffmpeg.write_frames(str(path), FILM_SIZE, fps=fps, codec=codec[0], pix_fmt_out=codec[1],
                                         macro_block_size=1, ffmpeg_log_level="error", **extra)
    writer.send(None)

    def send(rgb: bytes | None) -> None:
        if rgb is None:
            writer.close()
        else:
            writer.send(rgb)
    return send


def _fit(picture: pygame.Surface, box: tuple[int, int]) -> tuple[pygame.Surface, float, tuple[int, int]]:
    """``picture`` scaled to fit ``box`` (kept whole), the scale, and where to put it to centre it."""
    scale = min(box[0] / picture.get_width(), box[1] / picture.get_height())
    size = (max(1, round(picture.get_width() * scale)), max(1, round(picture.get_height() * scale)))
    return pygame.transform.smoothscale(picture, size), scale, ((box[0] - size[0]) // 2, (box[1] - size[1]) // 2)


def _card(lines: list[tuple[str, int, bool]]) -> pygame.Surface:
    card = pygame.Surface(FILM_SIZE)
    card.fill(_PAPER)
    y = FILM_SIZE[1] // 2 - sum(size + 14 for _, size, _ in lines) // 2
    for text, size, bold in lines:
        rendered = font(size, bold=bold).render(text, True, _INK)
        card.blit(rendered, ((FILM_SIZE[0] - rendered.get_width()) // 2, y))
        y += size + 14
    return card


def _caption(canvas: pygame.Surface, text: str) -> None:
    face = font(26, bold=True)
    rendered = face.render(text, True, (255, 255, 255))
    band = pygame.Rect(0, FILM_SIZE[1] - rendered.get_height() - 12, FILM_SIZE[0], rendered.get_height() + 12)
    canvas.fill(_BAR, band)
    canvas.blit(rendered, (14, band.top + 6))


def _standing_lines(debrief: Debrief) -> list[tuple[str, int, bool]]:
    last = debrief.frames[-1].standing if debrief.frames else {}
    ranked = sorted(last.items(), key=lambda kv: -kv[1])
    return ([("Final standing", 40, True), (debrief.result, 24, False), (debrief.standing_unit, 20, False)]
            + [(f"{name}: {value:g}", 28, False) for name, value in ranked])


def film_frames(debrief: Debrief, pace: Pace) -> Iterator[pygame.Surface]:
    """The film's frames in order, each a new FILM_SIZE surface (drawn as they are asked for)."""
    title = _card([(debrief.title, 44, True), (f"{debrief.rule_set} - the debrief", 26, False),
                   (", ".join(debrief.players), 20, False), (debrief.result, 22, False)])
    for _ in range(pace.count(pace.title_seconds)):
        yield title
    map_area = (FILM_SIZE[0], FILM_SIZE[1] - 44)
    for number, frame in enumerate(debrief.frames, start=1):
        caption = f"{number}/{len(debrief.frames)}  {frame.label}"
        yield from _moving(frame, pace, map_area, caption)
        after, _, at = _fit(frame.umpire(), map_area)
        held = pygame.Surface(FILM_SIZE)
        held.fill(_PAPER)
        held.blit(after, at)
        _caption(held, caption)
        for _ in range(pace.count(pace.hold_seconds)):
            yield held
    final = _card(_standing_lines(debrief))
    for _ in range(pace.count(pace.final_seconds)):
        yield final


def _moving(frame: Frame, pace: Pace, box: tuple[int, int], caption: str) -> Iterator[pygame.Surface]:
    """The moves of ``frame`` growing along their paths over the board before them."""
    before = frame.draw_before() if frame.draw_before is not None else frame.draw_umpire()
    base, scale, at = _fit(before, box)
    del before
    moves = [replace(m, path=tuple((at[0] + x * scale, at[1] + y * scale) for x, y in m.path)) for m in frame.moves]
    steps = pace.count(pace.move_seconds)
    for k in range(steps):
        canvas = pygame.Surface(FILM_SIZE)
        canvas.fill(_PAPER)
        canvas.blit(base, at)
        draw_moves(canvas, moves, (k + 1) / steps)
        _caption(canvas, caption)
        yield canvas


def write_movie(debrief: Debrief, path: Path, pace: Pace | None = None,
                progress: Callable[[int, int], None] | None = None) -> int:
    """Render the film to ``path`` (.mp4, .webm or .gif); returns the number of film frames. Raises
    MissingEncoder without the ``debrief`` extra, UserError for an unknown suffix, OSError when the file
    cannot be written."""
    pace = pace or Pace(fps=5 if path.suffix.lower() == ".gif" else 10)
    send = _encoder(path, pace.fps)
    total = pace.total(len(debrief.frames))
    written = 0
    try:
        for surface in film_frames(debrief, pace):
            send(pygame.image.tobytes(surface, "RGB"))
            written += 1
            if progress is not None and (written % pace.fps == 0 or written == total):
                progress(written, total)
    finally:
        send(None)
    return written
