"""R19.1: an amphibious assault from where the ships already are (issue 31, item 3). A loaded troopship in a sea
zone attacks the coast next to it (``move s3 WSS with s4 unload MIT``, the zone named once), and cargo already
aboard may be named with ``with`` (or left out); what is refused says what to write instead."""
from __future__ import annotations

import pytest

from kriegsspiel.rulesets.unit_profiles.game import Game
from kriegsspiel.rulesets.unit_profiles.notation import parse_order
from unit_profiles_area_helpers import position, resolve, uid, unit, verdict


def _loaded_troopship() -> tuple:
    """SUD's loaded troopship and a cruiser in WSS, next to NORD's MIT (one infantry there); SUD's combat move."""
    pos = position(nord={"MIT": ["infantry"]}, sud={"WSS": ["troopship(infantry)", "cruiser"]}, power="SUD")
    return pos, uid(pos, "troopship"), uid(pos, "infantry", "WSS"), uid(pos, "cruiser")


def test_a_move_may_name_one_place_and_keeps_it_in_its_normal_text() -> None:
    order = parse_order("move s64 wss with s65 unload mit")
    assert order.path == ("WSS",) and order.cargo == ("s65",) and order.unload == "MIT"
    assert order.text() == "move s64 WSS with s65 unload MIT"


@pytest.mark.parametrize("text", ["move {trp} WSS with {inf} unload MIT", "move {trp} WSS unload MIT"])
def test_r19_1_a_loaded_troopship_attacks_the_coast_next_to_it_from_where_it_stands(text: str) -> None:
    pos, trp, inf, ca = _loaded_troopship()
    order = text.format(trp=trp, inf=inf)
    assert verdict(pos, order, "SUD") == (True, order)
    moved, _ = resolve(pos, {"SUD": [order]})
    landed = unit(moved.position, inf)
    assert landed.where == "MIT" and landed.details["landed"] and landed.details["origin"] == "WSS"
    ship = unit(moved.position, trp)
    assert ship.where == "WSS" and "aboard" not in landed.details
    assert ship.details["moved"]                                     # unloading ends the ship's move (R24.5)
    # the battle on MIT is an amphibious assault from WSS, where the cruiser (which fought no sea battle) bombards
    game = Game.from_position(moved.position)
    game.step = "combat"
    fought, _ = resolve(game.position(), {}, seed=3)
    first = next(line for line in fought.lines if line.startswith("battle in MIT"))
    assert f"attacks {inf} {ca} against" in first
    assert any(line.startswith("  bombardment:") and ca in line for line in fought.lines)


def test_r24_5_cargo_aboard_named_with_with_goes_and_lands_with_its_ship() -> None:
    """The shipped set-up's naval transport carries an infantry and an artillery in WNS: naming them with
    ``with`` is accepted, loaded cargo is not loaded again, and both land."""
    pos = position({"WNS": ["naval-transport(infantry artillery)"]}, {"FEL": ["infantry"]})
    trn, inf, art = uid(pos, "naval-transport"), uid(pos, "infantry"), uid(pos, "artillery")
    order = f"move {trn} WNS-WSS with {inf},{art} unload FEL"
    assert verdict(pos, order)[0], verdict(pos, order)
    moved, _ = resolve(pos, {"NORD": [order]})
    assert {unit(moved.position, i).where for i in (inf, art)} == {"FEL"}
    # and cargo of another ship is refused, saying whose order moves it
    two = position({"WNS": ["naval-transport(infantry)", "troopship"]}, {"FEL": ["infantry"]})
    ok, why = verdict(two, f"move {uid(two, 'troopship')} WNS-WSS with {uid(two, 'infantry')} unload FEL")
    assert not ok and f"aboard {uid(two, 'naval-transport')}" in why and "own order" in why


@pytest.mark.parametrize(("text", "says"), [
    ("move {trp} WSS-WSS with {inf} unload MIT", "name their zone once: 'move SHIP WSS unload COAST'"),
    ("move {trp} WSS", "a move goes from one place to another"),
    ("move {ca} WSS unload MIT", "only a Naval Transport or Troopship unloads where it stands"),
    ("move {inf} WSS unload MIT", "a move goes from one place to another"),
    ("move {trp} WSS with {inf} unload RHN", "RHN is friendly"),
])
def test_what_is_refused_says_what_to_write(text: str, says: str) -> None:
    pos, trp, inf, ca = _loaded_troopship()
    ok, why = verdict(pos, text.format(trp=trp, inf=inf, ca=ca), "SUD")
    assert not ok and says in why, why
