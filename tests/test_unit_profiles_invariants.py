"""Random orders over three rounds of the Borderlands scenario, every question answered at random: whatever
is given, the game never breaks and its position stays one the rules allow (land units on land or aboard,
ships at sea, cargo with its carrier, control only of land, no debt, phases in the turn's order)."""
from __future__ import annotations

import random

import pytest

from kriegsspiel.core.dice import Dice
from kriegsspiel.rulesets.unit_profiles.data import load_rules
from kriegsspiel.rulesets.unit_profiles.game import STEPS
from unit_profiles_area_helpers import POWERS, PROVINCES, RULES, scenario_setup

UNITS = load_rules().units
BUY = ["infantry", "artillery", "armor", "fighter", "destroyer", "naval-transport", "battleship", "fortification",
       "colonial-infantry", "air-transport", "paratroopers"]


def _orders(rng: random.Random, pos, power: str) -> list[str]:
    step = pos.data["step"]
    if step == "purchase":
        return [f"buy {rng.randint(1, 3)} {rng.choice(BUY)}" for _ in range(3)]
    if step in ("combat-move", "noncombat-move"):
        orders = []
        mine = [u for u in pos.units if u.power == power]
        for u in rng.sample(mine, min(20, len(mine))):
            examples = RULES.order_examples(pos, power, u.uid)
            if examples and rng.random() < 0.5:
                orders.append(rng.choice(examples))
                continue
            path = [u.where]
            for _ in range(rng.randint(1, 4)):
                path.append(rng.choice(PROVINCES[path[-1]]["adjacent"].split()))
            cargo = ""
            if rng.random() < 0.3:
                cargo = f" with {rng.choice(mine).uid}" + rng.choice(["", f" unload {rng.choice(list(PROVINCES))}",
                                                                      f" drop {path[-1]}"])
            verb = rng.choice(["move"] * 6 + ["march", "supply"])
            orders.append(f"{verb} {u.uid} {'-'.join(path)}{cargo}")
        return orders
    if step == "combat":
        forts = [u.uid for u in pos.units if u.kind == "fortress" and u.power == power]
        return [f"fire {f} at {rng.choice(['ESS', 'WSS'])}" for f in forts] + ["order FEL WSS MIT"]
    if step == "place":
        ics = [a for a, p in PROVINCES.items() if p.get("industry")] + ["KOL", "INS", "HAF"]
        return [f"place {n} {k} {rng.choice(ics)}" + (f" {rng.choice(['WNS', 'ENS', 'WSS', 'ESS'])}"
                                                       if rng.random() < 0.5 else "")
                for k, n in pos.data["bought"].get(power, {}).items()]
    return []


def _check(pos) -> None:
    where = {u.uid: u for u in pos.units}
    for u in pos.units:
        domain = UNITS[u.kind].domain
        aboard = u.details.get("aboard")
        kind = PROVINCES[u.where]["kind"]
        if aboard is not None:
            assert where[aboard].where == u.where, f"{u.uid} is not with its carrier {aboard}"
        elif domain in ("land", "structure"):
            assert kind == "land", f"{u.uid} ({u.kind}) stands in {u.where}"
        elif domain == "naval":
            assert kind == "sea", f"{u.uid} ({u.kind}) sails in {u.where}"
    assert all(PROVINCES[a]["kind"] == "land" for a in pos.owners)
    assert all(v >= 0 for v in pos.data["treasury"].values())
    assert pos.data["step"] in STEPS and pos.data["power"] in POWERS


@pytest.mark.parametrize("seed", [1, 2])
def test_random_orders_never_break_the_game(seed: int) -> None:
    rng = random.Random(seed)
    pos = RULES.start(scenario_setup(), POWERS, PROVINCES, "borderlands")
    record = 0
    phases = []
    while pos.data["round"] <= 3 and not pos.data.get("winner"):
        power = pos.data["power"]
        orders = _orders(rng, pos, power)
        for text in orders:
            RULES.check_order(pos, power, text)
        record += 1
        given = {power: orders}
        for _ in range(300):
            result = RULES.resolve(pos, given, Dice(seed, record))
            if not result.choices:
                break
            choice = result.choices[0]
            assert choice.options and result.position == pos
            given.setdefault(choice.power, []).append(rng.choice(choice.options))
        else:
            pytest.fail("a question that never ends")
        phases.append((pos.data["power"], pos.data["step"]))
        pos = result.position
        _check(pos)
    turn = [s for s in STEPS if s != "research"]
    assert phases[:12] == [(p, s) for p in POWERS for s in turn]
