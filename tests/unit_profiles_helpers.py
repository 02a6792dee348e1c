"""Shared helpers for the unit-profiles battle tests: build battle objects and read their results."""
from __future__ import annotations

from typing import Any

from kriegsspiel.rulesets.unit_profiles import fight, load_rules, parse_battle


def unit(uid: str, kind: str, **extra: Any) -> dict[str, Any]:
    return {"id": uid, "type": kind, **extra}


def battle(attackers: list[dict], defenders: list[dict], dice: list[int] | None = None, *, kind: str = "land",
           features: list[str] | None = None, switches: dict[str, bool] | None = None,
           policy: dict | None = None, amphibious: bool = False, seed: int | None = None,
           max_rounds: int | None = None) -> dict[str, Any]:
    place: dict[str, Any] = {"name": "Here", "kind": kind, "features": features or []}
    if amphibious:
        place["amphibious_from"] = "Sea Zone"
    raw: dict[str, Any] = {"id": "t", "place": place, "attacker": {"power": "A", "units": attackers},
                           "defender": {"power": "D", "units": defenders}, "dice": dice or []}
    if switches:
        raw["switches"] = switches
    if policy:
        raw["policy"] = policy
    if seed is not None:
        raw["seed"] = seed
    if max_rounds is not None:
        raw["max_rounds"] = max_rounds
    return raw


def run(raw: dict[str, Any]) -> dict[str, Any]:
    return fight(parse_battle(raw, load_rules()))


def needs(step: dict[str, Any] | None) -> dict[str, int]:
    """unit id -> need, for the dice of one step."""
    return {r["unit"]: r["need"] for r in (step or {}).get("rolls", [])}


def all_rolls(out: dict[str, Any]) -> list[dict[str, Any]]:
    rolls = [r for step in out["pre_combat"].values() for r in step["rolls"]]
    for rnd in out["rounds"]:
        for side in rnd.get("first_strike", {}).values():
            rolls += side["rolls"]
        rolls += rnd["attacker_fire"]["rolls"] + rnd["defender_fire"]["rolls"]
    return rolls
