"""The scenario's other tables: the seed, ``[[sides]]``, ``[unit_names]``, ``[[players]]``, ``[[victory]]``."""
from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import PlayerSetup, SideSetup, VictorySetup
from kriegsspiel.scenario.report import Report, is_int, is_number, suggest, table_list, type_name


COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

SEED_LIMIT = 2**63

VICTORY_KINDS = ("hold", "destroy", "score")


def read_seed(report: Report, head: Mapping[str, Any], override: int | None) -> int:
    """The game's seed: a save's (``override``), the scenario's, or one drawn now (0 <= seed < 2^31)."""
    if override is not None:
        return override
    seed = head.get("seed")
    if seed is None:
        return secrets.randbelow(2**31)
    if not is_int(seed) or not 0 <= seed < SEED_LIMIT:
        report.add("scenario", None, "seed", f"must be a whole number from 0 to 2^63-1, not {seed!r}")
        return 0
    return seed


def read_sides(report: Report, data: Mapping[str, Any]) -> list[SideSetup]:
    """The ``[[sides]]``: unique names, ``#rrggbb`` colours, warheads >= 0."""
    sides: list[SideSetup] = []
    entries = table_list(report, data, "sides")
    if not entries:
        report.add("sides", None, None, "no [[sides]]; a game needs at least two sides (name, colour)")
    for i, entry in entries:
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            report.add("sides", i, "name", "missing; every side needs a name")
            continue
        if not name.isprintable():  # a side without [[players]] is its own player: the same rule as theirs
            report.add("sides", i, "name", f"{name!r} holds a control character (a NUL, a tab, a line break); "
                       "write the name with letters, digits, spaces and punctuation only")
            continue
        if any(s.name == name for s in sides):
            report.add("sides", i, "name", f"side {name!r} is declared twice")
            continue
        # no colour: "" and the window and the players' pictures pick one by the side's order (a grey for
        # every side made friend and foe look alike)
        colour = entry.get("colour", "")
        if colour != "" and (not isinstance(colour, str) or not COLOUR.match(colour)):
            report.add("sides", i, "colour", f"must be \"#rrggbb\" (e.g. \"#3050c0\"), not {colour!r}")
            colour = ""
        warheads = entry.get("warheads", 0)
        if not is_int(warheads) or warheads < 0:
            report.add("sides", i, "warheads", f"must be a whole number of at least 0, not {warheads!r}")
            warheads = 0
        briefing = entry.get("briefing", "")
        if not isinstance(briefing, str):
            report.add("sides", i, "briefing", f"must be text (the side's situation and orders), not {type_name(briefing)}")
            briefing = ""
        # a side's nuclear warheads: the Fourth Edition's start reads them (modern_4e/state.py)
        sides.append(SideSetup(name=name, colour=colour.lower(), briefing=briefing.strip(),
                               rule_set_keys=(("warheads", warheads),) if warheads else ()))
    if len(sides) == 1:
        report.add("sides", None, None, "only one side; the other side has nothing to play with", "warning")
    return sides


def read_unit_names(report: Report, data: Mapping[str, Any], ruleset: RuleBook | None) -> dict[str, str]:
    """``[unit_names]``: local name -> standard type of the rule set."""
    table = data.get("unit_names", {})
    if not isinstance(table, dict):
        report.add("unit_names", None, None, f"must be a table of local name = standard type, not {type_name(table)}")
        return {}
    names: dict[str, str] = {}
    for local, standard in table.items():
        if not isinstance(standard, str):
            report.add("unit_names", None, local, f"must name a standard unit type (text), not {standard!r}")
            continue
        if ruleset is not None and standard not in ruleset.unit_types:
            known = sorted(ruleset.unit_types)
            report.add("unit_names", None, local,
                       f"unknown unit type {standard!r}; known: {', '.join(known)}{suggest(standard, known)}")
            continue
        names[local] = standard
    return names


def read_players(
    report: Report, data: Mapping[str, Any], side_names: list[str], unit_sides: Mapping[str, Any]
) -> list[PlayerSetup]:
    """The ``[[players]]`` (a known side; listed units exist and are the player's side's); without any,
    one player per side who sees with all its units."""
    players: list[PlayerSetup] = []
    entries = table_list(report, data, "players")
    for i, entry in entries:
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            report.add("players", i, "name", "missing; every player needs a name")
            continue
        if not name.isprintable():  # a NUL or a line break: no picture file, page or terminal line can carry it
            report.add("players", i, "name", f"{name!r} holds a control character (a NUL, a tab, a line break); "
                       "write the name with letters, digits, spaces and punctuation only")
            continue
        if any(p.name == name for p in players):
            report.add("players", i, "name", f"player {name!r} is declared twice")
            continue
        side = entry.get("side")
        side_known = side in side_names
        if not side_known:
            report.add("players", i, "side", f"player {name!r}: unknown side {side!r}; sides: "
                       f"{', '.join(side_names)}{suggest(str(side), side_names)}")
        units = entry.get("units", "all")
        if units == "all":
            if side_known:
                players.append(PlayerSetup(name=name, side=side, units=None))
            continue
        if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
            report.add("players", i, "units", f"player {name!r}: must be \"all\" or a list of unit ids, not {units!r}")
            continue
        ok = True
        for unit_id in units:
            if unit_id not in unit_sides:
                report.add("players", i, "units", f"player {name!r}: unknown unit {unit_id!r}"
                           f"{suggest(unit_id, list(unit_sides))}")
                ok = False
            elif side_known and unit_sides[unit_id] in side_names and unit_sides[unit_id] != side:
                report.add("players", i, "units", f"player {name!r} of {side}: unit {unit_id!r} belongs to "
                           f"{unit_sides[unit_id]}; a player commands only units of their own side")
                ok = False
        if ok and side_known:
            players.append(PlayerSetup(name=name, side=side, units=tuple(units)))
    if not entries:
        # Without [[players]], each side is one player who sees with all its units.
        players = [PlayerSetup(name=side, side=side, units=None) for side in side_names]
    return players


def read_victory(
    report: Report, data: Mapping[str, Any], side_names: list[str], battlefield: Battlefield | None
) -> list[VictorySetup]:
    """The ``[[victory]]`` conditions: a known side and kind; a hold zone that the map has; a score in (0, 100]."""
    conditions: list[VictorySetup] = []
    for i, entry in table_list(report, data, "victory"):
        ok = True
        side = entry.get("side")
        if side not in side_names:
            report.add("victory", i, "side", f"unknown side {side!r}; sides: {', '.join(side_names)}"
                       f"{suggest(str(side), side_names)}")
            ok = False
        kind = entry.get("kind")
        if kind not in VICTORY_KINDS:
            report.add("victory", i, "kind", f"must be one of {', '.join(VICTORY_KINDS)}, not {kind!r}")
            ok = False
        zone = entry.get("zone")
        # a zone is checked also when the kind is misspelt (it was surely meant for "hold"): all findings at once
        if kind == "hold" or (kind not in VICTORY_KINDS and zone is not None):
            if not isinstance(zone, str):
                report.add("victory", i, "zone", "a \"hold\" condition needs the name of a zone of the map")
                ok = False
            elif battlefield is not None and battlefield.zone(zone) is None:
                zones = [z.name for z in battlefield.zones]
                report.add("victory", i, "zone", f"the map has no zone {zone!r}; its zones: "
                           f"{', '.join(zones) or 'none'}{suggest(zone, zones)}")
                ok = False
        by_round = entry.get("by_round")
        if by_round is not None and (not is_int(by_round) or by_round < 1):
            report.add("victory", i, "by_round", f"must be a whole number of at least 1, not {by_round!r}")
            ok = False
        score = entry.get("score")
        if kind == "score" and (score is None or not is_number(score) or not 0 < score <= 100):
            report.add("victory", i, "score",
                       f"a \"score\" condition needs a percentage 0 < score <= 100, not {score!r}")
            ok = False
        if ok:
            conditions.append(VictorySetup(side=side, kind=kind, zone=zone if isinstance(zone, str) else None,
                                           by_round=by_round, score=None if score is None else float(score)))
    return conditions
