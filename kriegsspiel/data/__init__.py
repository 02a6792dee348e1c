"""The files the program ships: scenarios, maps, tilesets and the Tiled project, inside the package.

They sit side by side as an author's own folder would (``scenarios/``, ``maps/``, ``assets/``), so the relative
paths between them (a scenario's ``../maps/x.tmx``, a map's ``../assets/x.tsx``) hold in a clone and in an
installed wheel alike. They are found through :mod:`importlib.resources`; the program reads them as files on disk
(a map's tilesets are found relative to it), so an install must unpack the package, as pip does.
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from kriegsspiel.errors import UserError

__all__ = [
    "assets_folder",
    "maps_folder",
    "scenarios_folder",
    "shipped_scenario",
    "scenario_or_path",
    "shipped_scenario_names",
]


def _folder(name: str) -> Path:
    return Path(str(files(__name__).joinpath(name)))


def scenarios_folder() -> Path:
    """The shipped scenarios (``kriegsspiel/data/scenarios``), one ``NAME.toml`` each."""
    return _folder("scenarios")


def maps_folder() -> Path:
    """The shipped Tiled maps and the Tiled project file (``kriegsspiel/data/maps``)."""
    return _folder("maps")


def assets_folder() -> Path:
    """The shipped tilesets, ``.tsx`` beside its ``.png`` (``kriegsspiel/data/assets``)."""
    return _folder("assets")


def shipped_scenario_names() -> list[str]:
    """The names a shipped scenario is given by (its file name without ``.toml``), sorted."""
    folder = scenarios_folder()
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def shipped_scenario(name: str) -> Path | None:
    """The shipped scenario called ``name`` (``demo``, ``diplomacy-1901``), or None when none is.

    Only a bare name is looked up: anything with a folder or a suffix is an author's file, given by path.
    """
    if not name or "/" in name or "\\" in name or name.startswith(".") or Path(name).suffix:
        return None
    path = scenarios_folder() / f"{name}.toml"
    return path if path.is_file() else None


def scenario_or_path(text: str | Path) -> Path:
    """What a command line's SCENARIO argument means: the file when one is there, else the shipped scenario of
    that name (``demo`` is ``kriegsspiel/data/scenarios/demo.toml``), else the path as given (the command then
    says it is missing). A file in the current folder wins over a shipped scenario of the same name. A bare name
    (no folder, no suffix) that is neither raises UserError listing the shipped names."""
    path = Path(text)
    if path.exists():
        return path
    shipped = shipped_scenario(str(text))
    if shipped is not None:
        return shipped
    if str(text) and shipped_scenario_names() and path.name == str(text) and not path.suffix:
        raise UserError(f"{text}: no such file, and no shipped scenario of that name; shipped: "
                        f"{', '.join(shipped_scenario_names())} (see 'kriegsspiel scenarios'), or give a file's path")
    return path
