"""Naval orders: torpedo, sortie, depthcharge, board, nuke, load, disembark, heading with the new orders.

Water covers x 14-20 of the 20 x 10 test map; plains x 12-14 is the shore.
"""
from __future__ import annotations

from test_combat_land import U, refused, rolls, run, skirmish
from kriegsspiel.rulesets.modern_4e.events import (
    Damaged,
    Destroyed,
    Disabled,
    Loaded,
    Outcome,
    Seized,
    StructureDamaged,
    StructureFell,
    Unloaded,
    WarheadUsed,
)
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState
from kriegsspiel.rulesets.modern_4e.state import fourth_state


def fleet() -> GameState:
    return skirmish(
        U("sub", "attack-submarine", "Blue", 14.5, 0.5), U("cv", "carrier", "Blue", 15.5, 8.5, heading=0.0),
        U("lst", "amphibious", "Blue", 14.5, 5.5), U("b1", "infantry", "Blue", 12.5, 5.5),
        U("b2", "mechanized", "Blue", 13.5, 5.5), U("ssbn", "missile-submarine", "Blue", 19.5, 7.5),
        U("dd", "destroyer", "Red", 17.5, 3.5, heading=0.0), U("pt", "patrol", "Red", 19.5, 9.5),
        U("rsub", "attack-submarine", "Red", 17.5, 6.5), U("r1", "infantry", "Red", 12.5, 1.5),
    )


def find_index(state: GameState, line: str, wanted, limit: int = 200) -> tuple[int, object]:
    """The first journal index whose dice give an outcome for which ``wanted(outcome)`` holds."""
    for index in range(1, limit):
        out = run(state, line, index)
        if wanted(out):
            return index, out
    raise AssertionError(f"no index below {limit} gives the wanted outcome for {line!r}")


# --- torpedo ------------------------------------------------------------------------------------------


def test_torpedo_sinks_on_a_one_else_damages_one_to_five() -> None:
    s = fleet()
    out = run(s, "torpedo sub > dd", 1)
    assert [e.describe() for e in out.events][:1] == ["sub torpedo (1 sinks, of 6): d6 = %d" % rolls(out)[0][3]]
    index, sunk = find_index(s, "torpedo sub > dd", lambda o: rolls(o)[0][3] == 1)
    assert Destroyed("dd", "sunk by torpedo") in sunk.events and "dd" not in sunk.state.units
    index, hit = find_index(s, "torpedo sub > dd", lambda o: rolls(o)[0][3] != 1)
    damage = rolls(hit)[1]
    assert damage[1:3] == ("torpedo damage", 5)
    assert hit.state.units["dd"].health == 8 - damage[3]
    assert not hit.state.units["sub"].hidden  # firing reveals


def test_torpedo_refusals() -> None:
    s = fleet()
    assert refused(s, "torpedo sub > pt").reason == "pt is 10.3 from sub; the torpedo reaches 10 (force to override)"
    assert refused(s, "torpedo sub > r1").reason == "r1 is not a ship; torpedoes hit ships (force to override)"
    assert refused(s, "torpedo cv > dd").reason.startswith("cv (carrier) cannot torpedo; torpedo is for: attack-submarine")
    fired = run(s, "torpedo sub > dd").state
    assert refused(fired, "torpedo sub > dd").reason == "sub has already fired this turn (force to override)"


# --- sortie -------------------------------------------------------------------------------------------


def test_sortie_against_air_defence_and_a_patrol_boat_without_any() -> None:
    s = fleet()
    out = run(s, "sortie cv > dd", 2)
    (attack, defence) = rolls(out)
    assert attack[:3] == ("cv", "sortie", 8) and defence[:3] == ("dd", "air defence", 12)
    assert out.state.units["dd"].health == 8 - max(0, attack[3] - defence[3])
    out = run(s, "sortie cv > pt", 2)
    (attack,) = rolls(out)  # patrol boats have no air defence
    if attack[3] >= 2:
        assert Destroyed("pt", "sunk") in out.events
    else:
        assert out.state.units["pt"].health == 1


# --- depth charge ---------------------------------------------------------------------------------------


def test_depthcharge_sinks_disables_or_misses_on_one_d6() -> None:
    s = fleet()
    seen = {}
    for index in range(1, 60):
        out = run(s, "depthcharge cv > rsub", index)
        (roll,) = rolls(out)
        assert roll[:3] == ("cv", "depth charge", 6)
        seen[roll[3]] = out
    assert Destroyed("rsub", "sunk by depth charges") in seen[1].events
    assert Disabled("rsub", 1) in seen[2].events
    assert seen[2].state.units["rsub"].disabled_rounds == 1  # Red has not moved yet: it loses this round's turn
    for face in (3, 4, 5, 6):
        assert Outcome("depthcharge", "a miss") in seen[face].events
        assert seen[face].state.units["rsub"].disabled_rounds == 0


def test_a_side_that_has_moved_loses_its_next_turn() -> None:
    s = run(fleet(), "turn").state
    s = run(s, "move dd > 16.5,1.5", 2).state
    index, out = find_index(s, "depthcharge dd > sub", lambda o: rolls(o)[0][3] == 2)
    assert out.state.units["sub"].disabled_rounds == 2  # the round's end counts one down: still out in round 2
    s = run(out.state, "turn", 99).state
    assert s.round == 2 and s.units["sub"].disabled_rounds == 1
    assert refused(s, "torpedo sub > dd").reason.startswith("sub is disabled for 1 more round(s)")


def test_depthcharge_refusals() -> None:
    s = fleet().replace(side_to_move="Red")
    assert refused(s, "depthcharge dd > cv").reason == "cv is not a submarine; depth charges are for submarines"
    assert refused(s, "depthcharge pt > sub").reason.startswith("pt (patrol) cannot depthcharge")
    blue = fleet()
    assert refused(blue, "depthcharge lst > rsub").reason == "rsub is 3.2 from lst; a depth charge reaches 3 (force to override)"
    done = run(blue, "depthcharge cv > rsub", 7).state
    assert refused(done, "depthcharge cv > rsub").reason == "cv has already used depthcharge this turn (force to override)"


# --- board --------------------------------------------------------------------------------------------


def test_board_seize_sink_disable_damage_on_one_d6() -> None:
    s = skirmish(U("dd", "destroyer", "Blue", 17.5, 5.5, heading=0.0), U("lst", "amphibious", "Red", 15.5, 5.5),
                 U("r1", "infantry", "Red", 13.5, 5.5))
    s = s.replace(side_to_move="Red")
    s = run(s, "load r1 > lst").state.replace(side_to_move="Blue")
    seen = {}
    for index in range(1, 80):
        out = run(s, "board dd > lst", index)
        seen.setdefault(rolls(out)[0][3], out)
    assert Seized("lst", "Red", "Blue") in seen[1].events and seen[1].state.units["lst"].side == "Blue"
    assert Destroyed("r1", "captured aboard lst") in seen[1].events
    assert Destroyed("lst", "sunk by boarders") in seen[2].events
    assert Destroyed("r1", "lost with lst") in seen[2].events
    for face in (3, 4):
        assert Disabled("lst", 1) in seen[face].events
    for face in (5, 6):
        (_, damage) = rolls(seen[face])
        assert damage[1:3] == ("board damage", 10)
        assert Outcome("board", f"lst takes {damage[3]}") in seen[face].events


def test_board_refusals() -> None:
    s = fleet()
    assert refused(s, "board lst > rsub").reason == "rsub cannot be boarded; boarders take surface ships"
    assert refused(s, "board lst > dd").reason == "dd is 3.6 from lst; boarding reaches 3 (force to override)"
    assert refused(s, "board b1 > dd").reason.startswith("b1 (infantry) cannot board; board is for: corvette")
    s = skirmish(U("cv", "carrier", "Blue", 15.5, 8.5), U("bb", "battleship", "Red", 16.5, 8.5))
    index, missed = find_index(s, "board cv > bb", lambda o: rolls(o)[0][3] >= 5)
    assert refused(missed.state, "board cv > bb").reason == "cv has already used board this turn (force to override)"


# --- nuke ---------------------------------------------------------------------------------------------


def test_nuke_destroys_the_centre_halves_and_quarters_the_rings_and_spends_a_warhead() -> None:
    s = skirmish(
        U("ssbn", "missile-submarine", "Blue", 19.5, 9.5), U("t0", "heavy-cavalry", "Red", 0.5, 0.5),
        U("t1", "heavy-cavalry", "Red", 5.5, 0.5), U("t2", "heavy-cavalry", "Red", 0.5, 7.5),
        U("t3", "special", "Red", 10.5, 0.5), U("t4", "special", "Red", 0.5, 16.5),
    )
    out = run(s, "nuke ssbn > t0")
    assert WarheadUsed("Blue", WorldPoint(0.5, 0.5), 0) in out.events
    assert Destroyed("t0", "destroyed by the nuclear blast") in out.events
    assert Damaged("t1", 15, 1) in out.events  # 5 away: half of 30
    assert Damaged("t2", 15, 1) in out.events  # 7 away: half
    assert Damaged("t3", 8, 12) in out.events  # 10 away: a quarter of 30 = 7.5, rounded half up
    assert out.state.units["t4"].health == 20  # 16 away: outside the rings
    assert "Smithy" not in [x.name for x in out.state.battlefield.structures]  # 5.4 away: 15 > its health 4
    assert dict(fourth_state(out.state).warheads)["Blue"] == 0
    assert refused(out.state.replace(units={**out.state.units, "ssbn": out.state.units["ssbn"].replace(fired_this_turn=False)}),
                   "nuke ssbn > 10,5").reason == "Blue has no warheads left (force to override)"


def test_nuke_quarter_ring_and_structures() -> None:
    s = skirmish(U("ssbn", "missile-submarine", "Blue", 19.5, 9.5), U("t", "heavy-cavalry", "Red", 2.5, 9.5))
    out = run(s, "nuke ssbn > 12.5,5.5")  # the Smithy (2.5,5.5) is 10 away: quarter ring; t is 10.8 away
    assert Damaged("t", 8, 8) in out.events  # a quarter of 30 = 7.5, rounded half up
    assert StructureDamaged("Smithy", 4, 0) in out.events and StructureFell("Smithy", "destroyed by the nuclear blast") in out.events
    assert Destroyed("ssbn", "destroyed by the nuclear blast") in out.events  # 8.1 from its own aim point


def test_nuke_refusals() -> None:
    s = skirmish(U("ssbn", "missile-submarine", "Blue", 19.5, 9.5), U("sub", "attack-submarine", "Blue", 18.5, 9.5))
    assert refused(s, "nuke ssbn > 19.5,49.5").reason == "the aim point is 40.0 from ssbn; the nuke reaches 30 (force to override)"
    assert refused(s, "nuke sub > 10,5").reason == "sub (attack-submarine) cannot nuke; nuke is for: missile-submarine, stealth-bomber"
    none_left = skirmish(U("ssbn", "missile-submarine", "Red", 19.5, 9.5), first_side="Red")
    assert refused(none_left, "nuke ssbn > 10,5").reason == "Red has no warheads left (force to override)"


# --- load and disembark ---------------------------------------------------------------------------------


def test_units_aboard_move_with_the_ship_and_go_ashore() -> None:
    s = fleet()
    out = run(s, "load b1 b2 > lst")
    assert out.events == (Loaded("b1", "lst"), Loaded("b2", "lst"))
    s = out.state
    assert s.units["b1"].carried_by == "lst" and s.units["b1"].position == WorldPoint(14.5, 5.5)
    s = run(s, "move lst > 14.5,1.5", 2).state
    assert s.units["b2"].position == WorldPoint(14.5, 1.5)
    assert refused(s, "move b1 > 12.5,1.5").reason == "b1 is carried by lst; move the carrier (force to override)"
    assert refused(s, "fire b1 > r1").reason.startswith("b1 (infantry) cannot fire")
    out = run(s, "disembark b1 > 13.5,2.5", 3)
    assert out.events == (Unloaded("b1", "lst", WorldPoint(13.5, 2.5)),)
    assert out.state.units["b1"].carried_by is None
    assert refused(out.state, "disembark b2 > 16.5,1.5").reason == "b2 cannot stand on water (force to override)"
    assert refused(out.state, "disembark b2 > 10.5,1.5").reason == "10.5,1.5 is 4.0 from lst; units go ashore within 3 (force to override)"


def test_load_refusals_capacity_and_reach() -> None:
    s = skirmish(U("pt", "patrol", "Blue", 14.5, 5.5), U("b1", "infantry", "Blue", 13.5, 5.5),
                 U("b2", "infantry", "Blue", 13.5, 4.5), U("far", "infantry", "Blue", 5.5, 5.5),
                 U("c1", "light-cavalry", "Blue", 13.5, 6.5), U("dd", "destroyer", "Red", 17.5, 5.5))
    assert refused(s, "load b1 b2 > pt").reason == "pt carries weight 1; 0 is aboard and these weigh 2 (force to override)"
    assert refused(s, "load far > pt").reason == "far is 9.0 from pt; units go aboard within 3 (force to override)"
    assert refused(s, "load b1 > dd").reason == "b1 belongs to Blue, dd to Red"
    assert refused(s, "load b1 > b2").reason == "b2 (infantry) carries no land units; load onto a ship with a land capacity"


def test_a_ship_lands_units_at_a_port_only_an_amphibious_ship_anywhere() -> None:
    from kriegsspiel.core.battlefield import Structure

    # the disembark prose: "Carried land units can be disembarked at ports, except for amphibious assault ships"
    quay = Structure("Quay", "port", (WorldPoint(14.5, 1.5),))
    s = skirmish(U("cr", "cruiser", "Blue", 14.5, 8.5, heading=0.0), U("b1", "infantry", "Blue", 13.5, 8.5),
                 U("lst", "amphibious", "Blue", 14.5, 6.5), U("b2", "infantry", "Blue", 13.5, 6.5),
                 structures=(quay,))
    s = run(run(s, "load b1 > cr").state, "load b2 > lst", 2).state
    assert refused(s, "disembark b1 > 13.5,8.5").reason == (
        "cr (cruiser) lands units only at a port, within 3 of one (the nearest, Quay, is 7.0 away); amphibious "
        "land them anywhere (force to override)")
    assert run(s, "disembark b2 > 13.5,6.5", 3).state.units["b2"].carried_by is None  # anywhere
    at_quay = run(s, "move cr > 14.5,4.5", 3).state  # 3.0 from the quay
    out = run(at_quay, "disembark b1 > 13.5,4.5", 4)
    assert out.events == (Unloaded("b1", "cr", WorldPoint(13.5, 4.5)),)


def test_units_aboard_are_lost_with_their_ship() -> None:
    s = fleet()
    s = run(s, "load b1 > lst").state.replace(side_to_move="Red")
    index, sunk = find_index(s, "torpedo rsub > lst", lambda o: rolls(o)[0][3] == 1)
    assert [e for e in sunk.events if isinstance(e, Destroyed)] == [
        Destroyed("lst", "sunk by torpedo"), Destroyed("b1", "lost with lst")]
    assert "b1" not in sunk.state.units


def test_heading_still_works_with_combat_orders() -> None:
    s = fleet()
    out = run(s, "heading cv 90")
    assert refused(out.state, "move cv > 15.5,7.5").reason.startswith("cv: ")
    run(out.state, "sortie cv > dd", 2)

