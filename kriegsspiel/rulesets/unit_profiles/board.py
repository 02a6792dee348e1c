"""The board of a unit-profiles game: land territories and sea zones read from a province map's properties
(docs/unit-profiles.md, "The map"), kept as plain JSON values inside the position so that ``resolve`` needs
nothing else.

Province properties (rulings section 6, item 1-2): ``kind`` (``land``, ``sea`` or ``impassable``),
``adjacent`` (every neighbour, land or sea), ``track`` (land neighbours across a track border, R11.1),
``income`` (IPC, R14.1), ``home`` (the power whose home territory it is, R15.4), ``national`` (the power whose
national non-home territory it is, a colony, R15.5), ``capital`` (bool), ``industry`` (``major`` or ``minor``,
R15.1), ``air_base``, ``naval_base``, ``mountain`` (bools, S17, R11.2), and for a sea zone ``water``
(``coastal``, ``open``, ``lake`` or ``riverine``; default coastal when it touches land, else open, R11.4).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypedDict

from kriegsspiel.errors import UserError

KINDS = ("land", "sea", "impassable")
WATERS = ("coastal", "open", "lake", "riverine")
INDUSTRY = ("major", "minor")
BOOLS: Final = ("capital", "air_base", "naval_base", "mountain")
KNOWN = frozenset({"name", "kind", "adjacent", "track", "income", "home", "national", "capital", "industry",
                   "air_base", "naval_base", "mountain", "water", "canal"})

class Province(TypedDict):
    """One province as the rules read it (the properties above, checked and normalised)."""

    name: str
    canals: dict[str, str]   # sea zone this canal leads to -> the land territory holding the canal
    kind: str                # one of KINDS
    adjacent: list[str]
    track: list[str]
    income: int              # IPC
    home: str | None
    national: str | None
    industry: str | None     # one of INDUSTRY
    water: str | None        # one of WATERS (sea zones)
    capital: bool
    air_base: bool
    naval_base: bool
    mountain: bool
#: abbreviation -> province
Board = dict[str, Province]


def _names(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, (list, tuple)):
        return [str(v).strip().upper() for v in value if str(v).strip()]
    return [v.strip().upper() for v in str(value).replace(",", " ").split() if v.strip()]


def _flag(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def read_board(provinces: Mapping[str, Mapping[str, Any]]) -> tuple[Board, list[str]]:
    """The board from a province map's properties, and its problems (one line each naming the province).
    The board is usable only when the problem list is empty."""
    problems: list[str] = []
    board: Board = {}
    for abbr in sorted(provinces):
        props = provinces[abbr]
        name = str(props.get("name", abbr))
        kind = str(props.get("kind", "land")).strip().lower()
        if kind not in KINDS:
            problems.append(f"province {abbr}: kind {kind!r} is not one of {', '.join(KINDS)}")
            kind = "land"
        for key in sorted(set(props) - KNOWN):
            problems.append(f"province {abbr}: unknown property {key!r}; a unit-profiles province has "
                            f"{', '.join(sorted(KNOWN - {'name'}))}")
        income_raw = props.get("income", 0)
        try:
            income = int(income_raw)
        except (TypeError, ValueError):
            problems.append(f"province {abbr}: income {income_raw!r} is not a whole number")
            income = 0
        if income < 0:
            problems.append(f"province {abbr}: income {income} is below 0")
        industry = str(props.get("industry", "") or "").strip().lower() or None
        if industry is not None and industry not in INDUSTRY:
            problems.append(f"province {abbr}: industry {industry!r} is not major or minor")
            industry = None
        water = str(props.get("water", "") or "").strip().lower() or None
        if water is not None and water not in WATERS:
            problems.append(f"province {abbr}: water {water!r} is not one of {', '.join(WATERS)}")
            water = None
        canals: dict[str, str] = {}
        for item in _names(props.get("canal")):
            zone, _, holder = item.partition("@")
            if not zone or not holder:
                problems.append(f"province {abbr}: canal {item!r}: write ZONE@TERRITORY (the zone the canal "
                                "leads to and the territory holding it)")
                continue
            canals[zone] = holder
        board[abbr] = {
            "name": name, "canals": canals, "kind": kind, "adjacent": _names(props.get("adjacent")),
            "track": _names(props.get("track")), "income": income,
            "home": str(props.get("home", "") or "").strip().upper() or None,
            "national": str(props.get("national", "") or "").strip().upper() or None,
            "industry": industry, "water": water,
            "capital": _flag(props.get("capital", False)), "air_base": _flag(props.get("air_base", False)),
            "naval_base": _flag(props.get("naval_base", False)), "mountain": _flag(props.get("mountain", False)),
        }
    for abbr, p in board.items():
        for other in p["adjacent"]:
            if other not in board:
                problems.append(f"province {abbr}: neighbour {other} is not on the map")
            elif abbr not in board[other]["adjacent"]:
                problems.append(f"province {abbr}: borders {other} but {other} does not list {abbr} in 'adjacent'; "
                                "write every border in both directions")
        for other in p["track"]:
            if other not in p["adjacent"]:
                problems.append(f"province {abbr}: track border to {other}, which is not in its 'adjacent'")
            elif other in board and (board[other]["kind"] != "land" or p["kind"] != "land"):
                problems.append(f"province {abbr}: track border to {other}: tracks join two land territories")
            elif other in board and abbr not in board[other]["track"]:
                problems.append(f"province {abbr}: track to {other} is not listed back in {other}'s 'track'")
        for zone, holder in p["canals"].items():
            if p["kind"] != "sea" or zone not in p["adjacent"] or _kind(board, zone) != "sea":
                problems.append(f"province {abbr}: canal to {zone}: a canal links two neighbouring sea zones")
            elif _kind(board, holder) != "land":
                problems.append(f"province {abbr}: canal to {zone}: {holder} is no land territory")
            elif board[zone]["canals"].get(abbr) != holder:
                problems.append(f"province {abbr}: canal to {zone} is not listed back in {zone}'s 'canal'")
        if p["kind"] == "sea":
            for prop in ("income", "industry", "home", "national"):
                if p[prop]:
                    problems.append(f"province {abbr}: a sea zone has no {prop}")
            for flag in BOOLS:
                if p[flag]:
                    problems.append(f"province {abbr}: a sea zone cannot be {flag.replace('_', ' ')}")
            touches_land = any(_kind(board, o) == "land" for o in p["adjacent"])
            if p["water"] is None:
                p["water"] = "coastal" if touches_land else "open"
        elif p["water"] is not None:
            problems.append(f"province {abbr}: 'water' is for sea zones only")
        if p["kind"] == "impassable" and (p["income"] or p["industry"]):
            problems.append(f"province {abbr}: an impassable area has no income or industry")
        if p["naval_base"] and not coastal(board, abbr):
            problems.append(f"province {abbr}: a naval base needs a coast (a sea zone in 'adjacent')")
        if p["home"] and p["national"]:
            problems.append(f"province {abbr}: both 'home' and 'national'; a home territory is national already")
    return board, problems


def check_board(powers: tuple[str, ...], board: Board) -> list[str]:
    """What a scenario could not play on: powers unknown, no capital per power, a power without land."""
    problems = []
    if len(powers) < 2:
        problems.append("the map property 'powers' names fewer than two powers; list them separated by spaces")
    for abbr, p in sorted(board.items()):
        for key in ("home", "national"):
            if p[key] and p[key] not in powers:
                problems.append(f"province {abbr}: {key} {p[key]} is not one of the map's powers "
                                f"({' '.join(powers) or 'none'})")
        if p["capital"] and not p["home"]:
            problems.append(f"province {abbr}: a capital must be some power's home territory (property 'home')")
    for power in powers:
        capitals = [a for a, p in board.items() if p["capital"] and p["home"] == power]
        if len(capitals) != 1:
            problems.append(f"power {power}: needs exactly one capital (a home territory with capital = true), "
                            f"has {len(capitals)}")
    return problems


def board_or_error(powers: tuple[str, ...], provinces: Mapping[str, Mapping[str, Any]], source: str) -> Board:
    """The board, or UserError naming ``source`` and the first problem."""
    board, problems = read_board(provinces)
    problems += check_board(powers, board)
    if problems:
        more = f" (and {len(problems) - 1} more; run kriegsspiel check on the map)" if len(problems) > 1 else ""
        raise UserError(f"{source}: {problems[0]}{more}")
    return board


def _kind(board: Board, abbr: str) -> str | None:
    """The kind of province ``abbr``; None when it is not on the board."""
    province = board.get(abbr)
    return province["kind"] if province is not None else None


def coastal(board: Board, abbr: str) -> bool:
    """Whether the land territory ``abbr`` touches a sea zone."""
    return any(board[o]["kind"] == "sea" for o in board[abbr]["adjacent"] if o in board)


def is_land(board: Board, abbr: str) -> bool:
    """Whether ``abbr`` is a land territory (not a sea zone, not impassable)."""
    return _kind(board, abbr) == "land"


def is_sea(board: Board, abbr: str) -> bool:
    """Whether ``abbr`` is a sea zone (any water kind)."""
    return _kind(board, abbr) == "sea"


def border_cost(board: Board, a: str, b: str, fieldcraft: bool, track_cost: int, fieldcraft_cost: int) -> int:
    """Movement points to cross from ``a`` to ``b`` for a land unit (R11.1: a track costs 2, Auxiliaries 1)."""
    if b in board[a]["track"]:
        return fieldcraft_cost if fieldcraft else track_cost
    return 1
