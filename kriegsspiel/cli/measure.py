"""``kriegsspiel measure MAP --unit TYPE --from X,Y --to X,Y [--ruleset NAME] [--heading DEG] [--json]``.

Measures one move over the map's terrain for a unit at its full allowance, as the umpire's drag would:
the cheapest path, its exact cost, and whether the move is legal (and why not). Points are world units
(docs/design.md: origin at the map's top-left corner, x right, y down). Exit 0 when measured, legal or not;
2 for bad input (unreadable map, unknown unit type or rule set, a malformed point).
"""
from __future__ import annotations

import argparse
import json
import math
from typing import Any

from kriegsspiel.core import movement
from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint, format_point, parse_point
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.errors import UserError
from kriegsspiel.wording import count

DEFAULT_RULESET = "modern-4e"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments (see the module docstring)."""
    parser.add_argument("map", metavar="MAP", help="a Tiled map (.tmx)")
    parser.add_argument("--unit", required=True, metavar="TYPE", help="unit type id, e.g. infantry")
    parser.add_argument("--from", dest="origin", required=True, metavar="X,Y", help="where the unit stands")
    parser.add_argument("--to", dest="target", required=True, metavar="X,Y", help="where it should go")
    parser.add_argument(
        "--ruleset", default=None, metavar="NAME",
        help=f"a shipped rule set or a rule-set .toml file (default: the map's 'ruleset' property, else "
        f"{DEFAULT_RULESET})",
    )
    parser.add_argument(
        "--heading", type=float, default=None, metavar="DEG",
        help="a ship's current heading, degrees clockwise from north (default: none, any bearing)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _point(text: str, option: str) -> WorldPoint:
    try:
        return parse_point(text)
    except ValueError as exc:
        raise UserError(f"{option}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    """Measure the move and print it; raises UserError for bad input."""
    # the points first, so that a typo is reported before the map is read
    origin = _point(args.origin, "--from")
    target = _point(args.target, "--to")
    if args.heading is not None and not math.isfinite(args.heading):
        raise UserError(f"--heading: expected a number of degrees, got {args.heading}")
    from kriegsspiel.tiled import load_battlefield
    from kriegsspiel.tiled.map_ruleset import ruleset_for_map

    ruleset = ruleset_for_map(args.map, args.ruleset)
    try:
        unit = ruleset.unit_type(args.unit)
    except KeyError as exc:
        raise UserError(f"--unit: {exc.args[0]}") from None
    battlefield = load_battlefield(args.map, ruleset)
    verdict = movement.check_move(
        battlefield, ruleset, unit.id, origin, target, allowance_left=unit.move, heading=args.heading
    )
    if args.json:
        print(json.dumps(verdict_as_json(verdict, stretches_of(verdict, unit.id, ruleset, battlefield))))
    else:
        print("\n".join(format_verdict(verdict, unit.id, args.map, ruleset, battlefield, origin, target)))
    return 0


def _number(value: float) -> float | None:
    """A JSON number rounded to a millionth of a world unit; None for infinity (no path)."""
    return round(value, 6) if math.isfinite(value) else None


def verdict_as_json(verdict: movement.MoveVerdict, stretches: list[tuple[str, float, float]] | None = None) -> dict[str, Any]:
    """The contract of ``measure --json``: cost (null when unreachable), distance, allowance, legal, reason
    (null when legal) and path ([[x, y], ...], empty when unreachable), in world units; and ``stretches``: what
    the path crosses, stretch by stretch in the order it is walked (a terrain, a road, a structure kind with a
    speed of its own; consecutive cells of one terrain are one stretch), each ``{"terrain", "length",
    "multiplier", "cost"}`` (cost = length x multiplier, the terrain's cost per world unit for this unit);
    their costs add up to ``cost``; empty when there is no path."""
    return {
        "cost": _number(verdict.cost),
        "distance": _number(verdict.distance),
        "allowance": _number(verdict.allowance),
        "legal": verdict.legal,
        "reason": verdict.reason,
        "path": [[_number(p.x), _number(p.y)] for p in verdict.path],
        "stretches": [
            {"terrain": label, "length": _number(length), "cost": _number(cost),
             "multiplier": _number(cost / length) if length > 0 else None}
            for label, length, cost in (stretches or [])
        ],
    }


def stretches_of(verdict: movement.MoveVerdict, unit_id: str, ruleset: RuleBook, battlefield: Battlefield,
                 per_terrain: bool = False) -> list[tuple[str, float, float]]:
    """(terrain, length, cost) of each stretch the verdict's path crosses, in order (``per_terrain``: one entry
    per terrain, the dearest first, as the text for people lists them); [] without a path."""
    if len(verdict.path) < 2:
        return []
    raster = battlefield.raster()
    table = ruleset.speed_table(unit_id)
    along = movement.terrain_along if per_terrain else movement.terrain_stretches
    return along(raster, movement.speed_field(raster, table), table, verdict.path)


def _short(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_verdict(
    verdict: movement.MoveVerdict,
    unit_id: str,
    map_path: str,
    ruleset: RuleBook,
    battlefield: Battlefield,
    origin: WorldPoint,
    target: WorldPoint,
) -> list[str]:
    """The verdict for people: a few lines with the numbers, the reason, the path and the terrain it crosses."""
    lines = [f"{unit_id} from {format_point(origin)} to {format_point(target)} on {map_path} ({ruleset.id})"]
    allowed = f"{_short(verdict.allowance)} allowed; straight line {_short(verdict.distance)}"
    if math.isfinite(verdict.cost):
        lines.append(f"  cost {_short(verdict.cost)} of {allowed}")
    else:
        # refused before a path was sought (heading, move and fire, the map's edge) or no path at all: the
        # reason below says which
        lines.append(f"  not costed; {allowed}")
    lines.append("  legal" if verdict.legal else f"  refused: {verdict.reason}")
    full = ruleset.unit_type(unit_id).move
    if ruleset.round_minutes and math.isfinite(verdict.cost) and full > 0:
        # timed rule sets (Ruleset V3): how long the march takes at this unit's full allowance per round
        rounds = max(1, math.ceil(verdict.cost / full - 1e-9))
        lines.append(f"  {ruleset.distance_unit}; at {_short(full)} a round: {count(rounds, 'round')}, "
                     f"{rounds * ruleset.round_minutes} minutes")
    if len(verdict.path) > 1:
        lines.append("  path " + " -> ".join(format_point(p) for p in verdict.path))
        legs = stretches_of(verdict, unit_id, ruleset, battlefield, per_terrain=True)
        lines.append("  over " + ", ".join(f"{label} {_short(length)} (cost {_short(c)})" for label, length, c in legs))
    return lines
