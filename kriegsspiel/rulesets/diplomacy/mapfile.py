"""Reading a province map from properties (a TOML data file today, a Tiled object layer later) and validating it.

:func:`map_from_properties` takes one mapping of properties per province, the same names whether they come
from a TOML table or from the custom properties of a Tiled polygon (lists may also be written as one string
of abbreviations separated by spaces or commas, which is how a Tiled string property holds them).
:func:`validate_map` lists every problem found; :func:`load_map` refuses a map with problems.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from kriegsspiel.border import InputKind, read_input_text
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy.board import KINDS, Province, ProvinceMap, coast_of, province_of

STANDARD_MAP = Path(__file__).with_name("standard.toml")


class MapError(UserError):
    """A province map that cannot be used; the message names the file, the province and the problem."""


def _names(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip().upper() for v in value.replace(",", " ").split() if v.strip()]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return [v.strip().upper() for v in value]
    raise MapError(f"{where}: expected a list of abbreviations, got {value!r}")


def map_from_properties(
    name: str, powers: list[str], provinces: Mapping[str, Mapping[str, Any]], source: str = "<map>"
) -> ProvinceMap:
    """Build a :class:`ProvinceMap` from properties per province abbreviation (no validation beyond types).

    Raises :class:`MapError` naming ``source`` and the province for a property of the wrong type or an
    unknown ``kind``.
    """
    provs: dict[str, Province] = {}
    army: dict[str, frozenset[str]] = {}
    fleet: dict[str, frozenset[str]] = {}
    for raw_abbr, props in provinces.items():
        abbr = raw_abbr.strip().upper()
        where = f"{source}: province {abbr}"
        kind = str(props.get("kind", "")).lower()
        if kind not in KINDS:
            raise MapError(f"{where}: kind must be one of {', '.join(KINDS)}, not {props.get('kind')!r}")
        home = props.get("home")
        if home is not None and not isinstance(home, str):
            raise MapError(f"{where}: home must be a power's name, not {home!r}")
        coasts = tuple(_names(props.get("coasts"), f"{where}: coasts"))
        provs[abbr] = Province(
            abbr=abbr,
            name=str(props.get("name", abbr)),
            kind=kind,
            supply_centre=bool(props.get("supply_centre", False)),
            home=home.upper() if home else None,
            coasts=coasts,
        )
        # An empty list is the same as no list: Tiled's province class has "" for its default
        if army_moves := _names(props.get("army", ""), f"{where}: army"):
            army[abbr] = frozenset(army_moves)
        if fleet_moves := _names(props.get("fleet", ""), f"{where}: fleet"):
            fleet[abbr] = frozenset(fleet_moves)
        for coast in coasts:
            key = f"fleet_{coast.lower()}"
            if coast_moves := _names(props.get(key, ""), f"{where}: {key}"):
                fleet[f"{abbr}/{coast}"] = frozenset(coast_moves)
    return ProvinceMap(name, tuple(p.upper() for p in powers), provs, army, fleet)


def validate_map(board: ProvinceMap) -> list[str]:
    """Every problem of a province map, one readable line each (an empty list: the map is usable).

    Checks: adjacency to unknown provinces or coasts, asymmetric adjacency (army and fleet), armies moving
    from or to seas, fleets from or to inland provinces, a coast (or named coast) without any fleet route, a
    named coast without its own ``fleet_<coast>`` list, a home centre that is not a supply centre, a home
    power that is not one of the map's powers.
    """
    problems: list[str] = []
    provs = board.provinces
    powers = set(board.powers)
    for abbr, targets in sorted(board.army_adj.items()):
        if provs[abbr].kind not in ("land", "coast") and targets:
            problems.append(f"province {abbr}: a {provs[abbr].kind} province has army moves")
        for t in sorted(targets):
            if t not in provs:
                problems.append(f"province {abbr}: army move to unknown province {t}")
            elif provs[t].kind not in ("land", "coast"):
                problems.append(f"province {abbr}: army move to {t}, which is {provs[t].kind}")
            elif abbr not in board.army_adj.get(t, frozenset()):
                problems.append(f"asymmetric army adjacency: {abbr} -> {t} but not {t} -> {abbr}")
    for loc, targets in sorted(board.fleet_adj.items()):
        here = provs[province_of(loc)]
        if here.kind not in ("coast", "sea"):
            problems.append(f"province {here.abbr}: a {here.kind} province has fleet moves")
        for t in sorted(targets):
            tp = province_of(t)
            if tp not in provs:
                problems.append(f"location {loc}: fleet move to unknown province {tp}")
                continue
            if provs[tp].kind not in ("coast", "sea"):
                problems.append(f"location {loc}: fleet move to {t}, which is {provs[tp].kind}")
                continue
            if provs[tp].coasts and coast_of(t) not in provs[tp].coasts:
                problems.append(f"location {loc}: fleet move to {t} must name one of {tp}'s coasts "
                                f"({', '.join(provs[tp].coasts)})")
                continue
            if not provs[tp].coasts and coast_of(t):
                problems.append(f"location {loc}: {tp} has no named coast {coast_of(t)}")
                continue
            if loc not in board.fleet_adj.get(t, frozenset()):
                problems.append(f"asymmetric fleet adjacency: {loc} -> {t} but not {t} -> {loc}")
    for abbr, p in sorted(provs.items()):
        if p.kind == "coast":
            for loc in board.fleet_locations(abbr):
                if not board.fleet_adj.get(loc):
                    what = f"coast {loc}" if "/" in loc else f"coastal province {abbr}"
                    problems.append(f"{what} has no fleet route (add a fleet{'_' + loc[-2:].lower() if '/' in loc else ''} list)")
        if p.coasts and abbr in board.fleet_adj:
            problems.append(f"province {abbr} has named coasts: give fleet_<coast> lists, not fleet")
        if p.coasts and p.kind != "coast":
            problems.append(f"province {abbr}: only a coastal province can have named coasts")
        if p.home and not p.supply_centre:
            problems.append(f"province {abbr}: home of {p.home} but not a supply centre (set supply_centre)")
        if p.home and p.home not in powers:
            problems.append(f"province {abbr}: unknown home power {p.home} (powers: {', '.join(board.powers)})")
        if p.supply_centre and p.kind not in ("land", "coast"):
            problems.append(f"province {abbr}: a supply centre must be on land, not {p.kind}")
        if p.kind == "land" and abbr not in board.army_adj:
            problems.append(f"province {abbr}: an inland province without army moves")
    return problems


def centres_problems(board: ProvinceMap, centres: Mapping[str, list[str]]) -> list[str]:
    """Problems of a list of supply centres per power against a map: an unknown power, a centre that is not
    a province or not a supply centre of this map."""
    problems = []
    for power, names in centres.items():
        if power not in board.powers:
            problems.append(f"unknown power {power}")
        for c in names:
            if c not in board.provinces:
                problems.append(f"supply centre {c} of {power}: no such province")
            elif not board.provinces[c].supply_centre:
                problems.append(f"{c} of {power} is not a supply centre")
    return problems


def load_map(path: str | Path) -> ProvinceMap:
    """Read and validate a province map in TOML (``name``, ``powers``, ``[provinces.XXX]`` tables).

    Raises :class:`MapError` naming the file: unreadable, not TOML, or with the first problems found.
    """
    path = Path(path)
    try:
        data = tomllib.loads(read_input_text(path, InputKind("a TOML province map", 4 * 1024 * 1024)))
    except UserError as exc:
        raise MapError(f"cannot read the province map: {exc}") from None
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError, or a number of 5,000 digits
        raise MapError(f"{path}: not a TOML province map ({exc})") from None
    provinces = data.get("provinces")
    if not isinstance(provinces, dict) or not provinces:
        raise MapError(f"{path}: no [provinces.XXX] tables")
    powers = data.get("powers")
    if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
        raise MapError(f"{path}: 'powers' must be a list of names")
    board = map_from_properties(str(data.get("name", path.stem)), powers, provinces, str(path))
    problems = validate_map(board)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise MapError(f"{path}: " + "; ".join(problems[:3]) + more)
    return board


@lru_cache(maxsize=1)
def standard_map() -> ProvinceMap:
    """The standard board (75 provinces and Switzerland), read once from the package's data file."""
    return load_map(STANDARD_MAP)


def resolve_map(name: str) -> ProvinceMap:
    """The map an interchange record names: ``"standard"`` or a path to a TOML province map.

    ``.tmx``: a Tiled province map, read by the reader the program passed in. Raises :class:`MapError` for a
    map that cannot be used (or when no reader was passed in).
    """
    if name.lower() == "standard":
        return standard_map()
    if name.lower().endswith(".tmx"):
        return _tiled_map(name)
    return load_map(name)


def _tiled_map(path: str) -> ProvinceMap:
    """A Tiled province map, through the reader the program passed in (kriegsspiel.core.plugin)."""
    from kriegsspiel.core.plugin import read_province_map

    try:
        map_name, powers, provinces = read_province_map(path)
    except LookupError as exc:
        raise MapError(f"map {path!r}: {exc}; use \"standard\" or a TOML province map") from None
    board = map_from_properties(map_name, list(powers), provinces, path)
    problems = validate_map(board)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise MapError(f"{path}: " + "; ".join(problems[:3]) + more)
    return board
