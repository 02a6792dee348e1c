"""Which files a map may name: tilesets, images and templates inside the map's Tiled project, nothing else.

A map from the internet names files by path. Were absolute paths or ``../../..`` followed, the preview and
the players' pictures could show any picture on the umpire's disk, and the loader read any file. The project
is the folder holding the nearest ``.tiled-project`` file above the map with the folders that project lists
(Tiled's "folders", such as ``../assets``), else the parent of the map's folder (Tiled's examples keep shared
tilesets one folder up). The program's own tilesets (``kriegsspiel/data/assets``) are allowed to every map. The umpire may lift the rule for a map they
trust with ``--allow-outside-paths`` (or the environment variable ``KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS=1``).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

import msgspec

from kriegsspiel.border import ALLOW_OUTSIDE_ENV, decode_json, outside_allowed, read_input
from kriegsspiel.border.types import PathText
from kriegsspiel.data import assets_folder
from kriegsspiel.errors import UserError

#: The program's own tilesets (inside the package): every map may use them wherever it lies.
SHIPPED_ASSETS = str(assets_folder())
#: Setting this environment variable to 1 lifts the path rule for every command (play, shell, new...).
ALLOW_ENV = ALLOW_OUTSIDE_ENV
#: How many folders up from the map a ``.tiled-project`` file is looked for.
PROJECT_SEARCH_DEPTH = 8


def allowed_by_environment() -> bool:
    """True when the umpire lifted the path rule with the environment variable."""
    return outside_allowed()


def _project_folders(project_file: str) -> list[str]:
    """The folder of a ``.tiled-project`` file and the folders it lists (relative to it)."""
    here = os.path.dirname(project_file)
    folders = [here]
    try:
        project: _Project = decode_json(read_input(project_file, "project"), _Project, project_file)
        listed = project.folders
        folders += [os.path.normpath(os.path.join(here, f)) for f in listed]
    except UserError:
        pass  # an unreadable project file still makes its folder the project
    return folders


class _Project(msgspec.Struct):
    """What of a ``.tiled-project`` file is read: the folders it lists."""

    folders: list[PathText] = []


def project_roots(map_path: str) -> tuple[str, ...]:
    """The folders a map's files must lie in: the nearest ``.tiled-project`` above the map, its folder and
    the folders it lists; else the parent of the map's folder."""
    folder = os.path.dirname(os.path.abspath(map_path))
    here = folder
    for _ in range(PROJECT_SEARCH_DEPTH):
        try:
            names = sorted(os.listdir(here))
        except OSError:
            names = []
        projects = [n for n in names if n.endswith(".tiled-project")]
        if projects:
            return tuple(_project_folders(os.path.join(here, projects[0])))
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    return (os.path.dirname(folder) or folder,)


@dataclass(frozen=True, slots=True)
class PathPolicy:
    """The folders a map's references must stay in, or no rule at all when ``allow_outside``."""

    roots: tuple[str, ...]
    allow_outside: bool = False

    @classmethod
    def for_map(cls, map_path: str, allow_outside: bool | None = None) -> PathPolicy:
        """The policy of a map; ``allow_outside`` None means "as the environment says"."""
        allow = allowed_by_environment() if allow_outside is None else allow_outside
        return cls(project_roots(map_path) + (SHIPPED_ASSETS,), allow)

    def resolve(self, base_dir: str, reference: str) -> tuple[str, str | None]:
        """(the path ``reference`` names relative to ``base_dir``, None) or (that path, why it is refused).

        Symbolic links are followed before the check, so a link inside the project pointing out of it is
        refused as well.
        """
        path = os.path.normpath(os.path.join(base_dir, reference))
        if self.allow_outside:
            return path, None
        project = ", ".join(r for r in self.roots if r != SHIPPED_ASSETS)
        if os.path.isabs(reference) or (len(reference) > 1 and reference[1] == ":"):
            return path, (
                f"names the absolute path {reference}; a map may only use files inside its Tiled project "
                f"({project}): copy the file there and use a relative path, or if you trust this map give "
                "--allow-outside-paths"
            )
        real = os.path.realpath(path)
        for root in self.roots:
            real_root = os.path.realpath(root)
            if os.path.commonpath([real_root, real]) == real_root:
                return path, None
        return path, (
            f"names {reference}, which lies outside the map's Tiled project ({project}); copy the file into "
            "the project and use a relative path, or if you trust this map give --allow-outside-paths"
        )
