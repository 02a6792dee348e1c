"""The debrief of a 20-round ruler game (issue 33): its page and its film.

The game: the shipped demo (Chadds Ford, four players), each side moving a unit every round, 20 rounds played
through the session. Project: ``load_debrief`` and ``write_page`` (every frame's umpire picture and the four
players' pictures, PNG) / ``write_movie`` (MP4). References, in the same process: pygame saving as many PNGs
of the same pictures (the page), and imageio-ffmpeg encoding as many film frames of a still picture (the film).
Goals: the page in under 20 s and the film in under 2 minutes on two cores.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from benchmarks import CaseResult, case, median_seconds  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ROUNDS = 20


def played_game(folder: Path, rounds: int = ROUNDS) -> Path:
    """A demo game of ``rounds`` rounds (both sides move one unit each round, back and forth)."""
    from kriegsspiel.store import Game

    data = REPO / "kriegsspiel" / "data"
    (folder / "maps").mkdir(exist_ok=True)
    (folder / "scenarios").mkdir(exist_ok=True)
    (folder / "maps" / "brandywine.tmx").write_bytes((data / "maps" / "brandywine.tmx").read_bytes())
    shutil.copytree(data / "assets", folder / "assets", dirs_exist_ok=True)  # the map's tilesets
    text = (data / "scenarios" / "demo.toml").read_text(encoding="utf-8")
    # the demo's victory at round 12 and its 16 rounds would end the game early: twenty rounds, no condition due
    text = text.replace("rounds = 16", f"rounds = {rounds + 1}").replace("by_round = 12", f"by_round = {rounds + 1}")
    scenario = folder / "scenarios" / "twenty.toml"
    scenario.write_text(text, encoding="utf-8")
    save = folder / "twenty.kssave"
    with Game.new(scenario, save) as game:
        for n in range(rounds):
            step = 1.0 if n % 2 == 0 else -1.0
            for line in (f"move hessians > {19.5 + (step if step > 0 else 0) - (0 if step > 0 else 1)},60.5", "turn",
                         f"move sullivan > {85.5 - (0 if step > 0 else 1)},48.5", "turn"):
                outcome = game.submit(line)
                if not outcome.accepted:
                    raise RuntimeError(f"benchmark game: {line}: {outcome.reason}")
    return save


def _start() -> None:
    pygame.display.init()
    pygame.font.init()


@case("debrief.page-20-rounds", goal="a 20-round game's debrief page < 20 s", max_project_seconds=20.0)
def page(repeats: int) -> CaseResult:
    from kriegsspiel.debrief import load_debrief, write_page

    _start()
    with tempfile.TemporaryDirectory(prefix="kriegsspiel-bench-") as folder:
        save = played_game(Path(folder))
        debrief = load_debrief(save)
        cpu = time.process_time()
        project = median_seconds(lambda: write_page(load_debrief(save), Path(folder) / "page"), 1, warmup=0)
        cpu = time.process_time() - cpu  # all threads: on a busy machine the wall time says less
        frame = debrief.frames[-1]
        pictures = [frame.umpire(), *(frame.player(p) for p in debrief.players)]

        def save_like_pygame() -> None:
            for i in range(len(debrief.frames)):
                for k, surface in enumerate(pictures):
                    pygame.image.save(surface, str(Path(folder) / f"ref-{i}-{k}.png"))

        reference = median_seconds(save_like_pygame, 1, warmup=0)
    w, h = pictures[0].get_size()
    return CaseResult(project, reference, {"frames": len(debrief.frames), "pictures": len(debrief.frames) * len(pictures),
                                           "picture": f"{w}x{h}", "project_cpu_s": round(cpu, 1)})


@case("debrief.film-20-rounds", goal="a 20-round game's debrief film (MP4) < 2 minutes", max_project_seconds=120.0)
def film(repeats: int) -> CaseResult:
    import imageio_ffmpeg  # type: ignore[import-untyped]

    from kriegsspiel.debrief import load_debrief, write_movie
    from kriegsspiel.debrief.movie import FILM_SIZE, Pace

    _start()
    with tempfile.TemporaryDirectory(prefix="kriegsspiel-bench-") as folder:
        save = played_game(Path(folder))
        debrief = load_debrief(save)
        count = 0

        def project_run() -> None:
            nonlocal count
            count = write_movie(load_debrief(save), Path(folder) / "film.mp4")

        cpu = time.process_time()
        project = median_seconds(project_run, 1, warmup=0)
        cpu = time.process_time() - cpu  # this process only: the ffmpeg child's encoding is not counted
        still = pygame.transform.smoothscale(debrief.frames[-1].umpire(), FILM_SIZE)
        rgb = pygame.image.tobytes(still, "RGB")

        def encode_stills() -> None:
            writer = imageio_ffmpeg.write_frames(str(Path(folder) / "ref.mp4"), FILM_SIZE, fps=Pace().fps,
                                                 codec="libx264", pix_fmt_out="yuv420p", macro_block_size=1,
                                                 quality=7, ffmpeg_log_level="error")
            writer.send(None)
            for _ in range(Pace().total(len(debrief.frames))):
                writer.send(rgb)
            writer.close()

        reference = median_seconds(encode_stills, 1, warmup=0)
    return CaseResult(project, reference, {"frames": len(debrief.frames), "film_frames": count,
                                           "seconds_of_film": count / Pace().fps, "project_cpu_s": round(cpu, 1)})
