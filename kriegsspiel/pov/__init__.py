"""The players' pictures, headless: which player sees what, and which file it goes to.

Each picture is a player's PlayerView (``core.sight``: filtered before anything is drawn) and the printed map
(:class:`PublicMap`: no unit), drawn by ``kriegsspiel.render.player_picture`` and written as PNG here.

``player_picture(state, player)`` draws one picture; ``write_round_pictures(state, folder, round)`` writes every
player's picture of a round as ``<folder>/round-NNN/<player>.png``; ``attach_to_game(game)`` makes a
:class:`kriegsspiel.store.Game` write them next to its save at the end of each round
(``<save>-pov/round-NNN/<player>.png``). See ``docs/fog.md``.
"""
from __future__ import annotations

import queue
import sys
import threading
from pathlib import Path
from typing import Any

import pygame

from kriegsspiel.core.sight import find_player, player_view
from kriegsspiel.pov.png import (
    encode_rgb_png,
    file_stem,
    player_file_names,
    pov_folder_of_save,
    round_folder,
    write_atomically,
    write_png,
)
from kriegsspiel.pov.public import PublicMap, public_map
from kriegsspiel.render.legend import game_clock
from kriegsspiel.render.player_picture import UnknownUnit, draw_picture

__all__ = [
    "PictureWriter",
    "PublicMap",
    "UnknownUnit",
    "attach_to_game",
    "player_picture",
    "public_map",
    "round_moment",
    "write_round_pictures",
]


def round_moment(state: Any, round_number: int | None) -> str:
    """The legend's time line: "End of round N" (with the game time then, for timed rule sets), or "Round N"
    of the state in play when ``round_number`` is None."""
    if round_number is None:
        text, clock = f"Round {state.round}", game_clock(state.ruleset, int(state.round))
    else:
        text, clock = f"End of round {round_number}", game_clock(state.ruleset, int(round_number) + 1)
    if clock is not None:
        text += f"  ·  game time {clock}"
    return text


def player_picture(state: Any, player: str, *, unit: str | None = None,
                   round_number: int | None = None) -> pygame.Surface:
    """The picture of ``player`` (a name of the scenario's players) for ``state``.

    ``unit``: one of the player's unit ids for the officer's view. ``round_number``: the round that just
    ended, for the legend (None: the round in play). Raises UnknownPlayer or UnknownUnit with a message that
    lists the known names.
    """
    view = player_view(state, player)
    return draw_picture(view, public_map(state), unit=unit, moment=round_moment(state, round_number))


def write_round_pictures(state: Any, out_dir: Path, round_number: int, players: list[str] | None = None,
                         *, unit: str | None = None, ended: bool = True) -> list[Path]:
    """Write the pictures of ``players`` (default: all the scenario's players) for ``state`` as
    ``<out_dir>/round-NNN/<player>.png`` (an officer's view: ``<player>-<unit>.png``); returns the paths written, in the scenario's order of players.

    ``ended``: the pictures show the end of ``round_number`` (False: ``state`` is that round in play).
    Raises UnknownPlayer for a name that is not a player, UnknownUnit for an officer's view of a unit the
    player does not command, OSError when the folder cannot be written.
    """
    names = player_file_names(p.name for p in state.setup.players)
    chosen = [find_player(state.setup, name).name for name in players] if players else list(names)
    folder = round_folder(Path(out_dir), round_number)
    public = public_map(state)
    written = []
    for name in chosen:
        view = player_view(state, name)
        surface = draw_picture(view, public, unit=unit, moment=round_moment(state, round_number if ended else None))
        file_name = names[name] if unit is None else names[name][: -len(".png")] + f"-{file_stem(unit)}.png"
        path = folder / file_name
        write_png(surface, path, root=Path(out_dir))
        written.append(path)
    return written


#: An idle worker ends after this long (seconds). It is not a daemon (pictures handed over are written even as
#: the program ends), so a long idle wait kept the window and the shell alive that long after their last round.
IDLE_SECONDS = 0.2
#: raw frames waiting for the picture worker at most (a round's pictures of four players fit)
MAX_QUEUED = 8


class PictureWriter:
    """Encodes and writes pictures on one worker thread, in the order they were handed over, so that the end
    of a round does not hold up the umpire's window. Drawing stays on the caller's thread (pygame); the worker
    only compresses bytes (zlib releases the GIL) and writes files atomically.

    ``errors`` collects the messages of pictures that could not be written (a full disk); they are also
    printed on stderr.
    """

    def __init__(self) -> None:
        # Bounded: a round's raw frames are megabytes each; when the worker falls behind, the round end
        # waits for it (back pressure) rather than the frames piling up without end.
        self._jobs: queue.Queue[tuple[Path, Path | None, bytes, int, int] | None] = queue.Queue(MAX_QUEUED)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.errors: list[str] = []

    def submit(self, surface: pygame.Surface, path: Path, root: Path | None = None) -> None:
        """Write ``surface`` to ``path`` (PNG, atomically, never through a link below ``root``) on the worker
        thread."""
        width, height = surface.get_size()
        job = (Path(path), root, pygame.image.tobytes(surface, "RGB"), width, height)
        while True:
            self._ensure_worker()  # before waiting on a full queue: a worker must be there to empty it
            try:
                self._jobs.put(job, timeout=0.5)
                break
            except queue.Full:
                continue
        self._ensure_worker()  # a worker that went idle just before the put

    def _ensure_worker(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                # not a daemon: pictures handed over before the program ends are still written
                self._thread = threading.Thread(target=self._work, name="kriegsspiel-pictures", daemon=False)
                self._thread.start()

    def wait(self) -> None:
        """Return once every picture handed over so far is on disk (or has failed)."""
        self._jobs.join()

    def close(self) -> None:
        """Write what was handed over, then end the worker at once: an idle worker would otherwise keep the
        program alive for its idle timeout after the umpire's last line."""
        with self._lock:
            thread = self._thread
            if thread is not None and thread.is_alive():
                self._jobs.put(None)
        if thread is not None:
            thread.join()

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                return  # idle: let the thread end; the next submit starts another
            try:
                if job is None:
                    return
                path, root, rgb, width, height = job
                try:
                    write_atomically(path, encode_rgb_png(rgb, width, height), root)
                except OSError as exc:
                    message = f"{path}: the player's picture could not be written ({exc.strerror or exc})"
                    self.errors.append(message)
                    del self.errors[:-100]  # a full disk fails every picture: keep the latest only
                    print(f"kriegsspiel: {message}", file=sys.stderr)
            finally:
                self._jobs.task_done()


def attach_to_game(game: Any) -> PictureWriter:
    """Make ``game`` (a kriegsspiel.store.Game) write every player's picture at the end of each round, into
    ``<save>-pov/round-NNN/`` next to its save. The pictures are drawn when the round ends and written on a
    worker thread; returns the :class:`PictureWriter` (``wait()`` for the files)."""
    writer = PictureWriter()

    def on_round_end(ended_game: Any, round_number: int, state: Any = None) -> None:
        state = ended_game.state if state is None else state
        folder = round_folder(pov_folder_of_save(Path(ended_game.path)), round_number)
        names = player_file_names(p.name for p in state.setup.players)
        public = public_map(state)
        for player in state.setup.players:
            surface = draw_picture(player_view(state, player), public, moment=round_moment(state, round_number))
            # nothing below the save's own folder is followed if it is a link (a planted "-pov" or round folder)
            writer.submit(surface, folder / names[player.name], root=Path(ended_game.path).parent)

    game.on_round_end.append(on_round_end)
    try:
        for round_number, state in _rounds_cut_short(game):
            on_round_end(game, round_number, state)
    except Exception as exc:  # noqa: BLE001 - as at a round's end: a picture that cannot be drawn is said, not raised
        message = f"{game.path}: the pictures of a round cut short could not be drawn ({type(exc).__name__}: {exc})"
        writer.errors.append(message)
        print(f"kriegsspiel: {message}", file=sys.stderr)
    return writer


def _rounds_cut_short(game: Any) -> list[tuple[int, Any]]:
    """The rounds whose pictures the last session did not write (it was killed, or the power went, between
    the round's end and the last picture), with the state at each one's end: every ended round after the
    last one whose pictures are all there. A game that never wrote pictures (no ``-pov`` folder) is left so."""
    state = game.state
    folder = pov_folder_of_save(Path(game.path))
    ended = int(state.round) - 1
    if ended < 1 or not hasattr(game, "states_in_force"):  # no round ended, or no history to walk
        return []
    names = list(player_file_names(p.name for p in state.setup.players).values())

    def complete(number: int) -> bool:
        return all((round_folder(folder, number) / name).is_file() for name in names)

    last_whole = next((n for n in range(ended, 0, -1) if complete(n)), 0)
    if last_whole == ended or (last_whole == 0 and not folder.is_dir() and ended > 1):
        return []
    missing: list[tuple[int, Any]] = []
    for past in game.states_in_force():  # the first state of a later round is the end of the rounds before it
        while last_whole + len(missing) < min(int(past.round) - 1, ended):
            missing.append((last_whole + len(missing) + 1, past))
        if len(missing) >= ended - last_whole:
            break
    return missing
