"""What the Fourth Edition warns about in a scenario's starting state."""
from __future__ import annotations

from kriegsspiel.core.geometry import distance
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.modern_4e.air import base_here
from kriegsspiel.rulesets.modern_4e.state import airborne


def grounded_planes(state: GameState) -> list[tuple[str, str, str]]:
    """With an air theatre a plane takes off only from an airfield or a carrier: one placed anywhere else can
    never fly. A warning per such plane, naming the nearest airfield: (unit id, scenario key, problem)."""
    if not state.setup.air_theatre:
        return []
    warnings: list[tuple[str, str, str]] = []
    airfields = [s for s in state.battlefield.structures if s.kind == "airfield"]
    for unit in state.units.values():
        if state.ruleset.unit_type(unit.type_id).theatre != "air" or airborne(unit):
            continue  # a plane in the air lands where it can
        if base_here(state, unit) is not None:
            continue
        if airfields:
            near = min(airfields, key=lambda s: distance(s.centre, unit.position))
            xs, ys = [p.x for p in near.outline], [p.y for p in near.outline]
            hint = (f"place it inside an airfield, e.g. {near.name} (x {min(xs):g}-{max(xs):g}, "
                    f"y {min(ys):g}-{max(ys):g})")
        else:
            hint = "the map has no airfield: add one (a structure of kind airfield) or remove the plane"
        problem = (f"unit {unit.id!r} ({unit.type_id}) stands on no airfield at {unit.position.x:g},"
                   f"{unit.position.y:g}: with air_theatre it can never take off; {hint}")
        warnings.append((unit.id, "at", problem))
    return warnings
