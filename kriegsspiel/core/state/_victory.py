"""Score and victory conditions, checked at the end of each round.

Score (docs/rulings.md): each side's remaining health as a percentage of its starting health. Victory conditions
(:class:`kriegsspiel.core.state._setup.VictorySetup`):

- ``hold``: at the end of round ``by_round`` (no ``by_round``: the last round of the game) the side has a unit in
  the zone and no enemy has one there.
- ``destroy``: at the end of any round up to ``by_round`` (if given), no enemy unit is left.
- ``score``: at the end of round ``by_round`` (or the last round) the side's score is at least ``score`` percent.
"""
from __future__ import annotations

from kriegsspiel.core.state._setup import VictorySetup
from kriegsspiel.core.state._state import GameState


def scores(state: GameState) -> dict[str, float]:
    """Each side's remaining health as a percentage (0-100+) of its starting health; 0 for a side that
    started with none."""
    result: dict[str, float] = {}
    for side in state.sides:
        start = state.starting_health.get(side, 0)
        now = sum(u.health for u in state.units_of(side))
        result[side] = 100.0 * now / start if start > 0 else 0.0
    return result


def holds_zone(state: GameState, side: str, zone_name: str) -> bool:
    """True when ``side`` has a unit inside the zone and no other side has one."""
    zone = state.battlefield.zone(zone_name)
    if zone is None:
        return False
    present = {u.side for u in state.units.values() if zone.contains(u.position)}
    return side in present and present == {side}


def _check_round(condition: VictorySetup, state: GameState) -> int | None:
    return condition.by_round if condition.by_round is not None else state.setup.rounds


def describe_condition(condition: VictorySetup, state: GameState | None = None) -> str:
    """The condition in words, e.g. "holds Birmingham Hill at the end of round 12"."""
    when = condition.by_round if condition.by_round is not None else (state.setup.rounds if state else None)
    at = f" at the end of round {when}" if when is not None else " at the end of the game"
    if condition.kind == "hold":
        return f"holds {condition.zone}{at}"
    if condition.kind == "destroy":
        by = f" by round {condition.by_round}" if condition.by_round is not None else ""
        return f"has destroyed every enemy unit{by}"
    if condition.kind == "score":
        return f"scores at least {condition.score:g}%{at}"
    return f"{condition.kind}{at}"


def met_conditions(state: GameState, round_ended: int) -> list[VictorySetup]:
    """The victory conditions met at the end of round ``round_ended`` (in the scenario's order)."""
    met: list[VictorySetup] = []
    for condition in state.setup.victory:
        due = _check_round(condition, state)
        if condition.kind == "hold":
            if due == round_ended and condition.zone and holds_zone(state, condition.side, condition.zone):
                met.append(condition)
        elif condition.kind == "destroy":
            if condition.by_round is not None and round_ended > condition.by_round:
                continue
            enemies = [u for u in state.units.values() if u.side != condition.side]
            if not enemies:
                met.append(condition)
        elif condition.kind == "score":
            target = condition.score if condition.score is not None else 100.0
            if due == round_ended and scores(state).get(condition.side, 0.0) >= target:
                met.append(condition)
    return met
