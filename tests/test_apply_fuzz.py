"""Games that survive anything: random orders (legal or not, forced or not) never raise, the state keeps its
invariants, and replaying the same orders with the same dice gives the same game."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures_core import state
from kriegsspiel.core.game import Accepted, Rejected, apply
from kriegsspiel.core.commands import Force
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.commands import format_command, parse_command

UNIT_IDS = ["va1", "va2", "va3", "art1", "sub1", "cav1", "inf9", "dd1", "new1", "new2", "ghost"]
unit = st.sampled_from(UNIT_IDS)
point = st.tuples(st.floats(-2, 22), st.floats(-2, 12)).map(lambda p: f"{p[0]:.2f},{p[1]:.2f}")
line = st.one_of(
    st.builds(lambda u, p: f"move {u} > {p}", unit, point),
    st.builds(lambda u, d: f"heading {u} {d}", unit, st.integers(0, 359)),
    st.builds(lambda u: f"hide {u}", unit),
    st.builds(lambda u: f"reveal {u}", unit),
    st.builds(lambda u: f"convert {u}", unit),
    st.builds(lambda a, b, n: f"merge {a} {b} > {n}", unit, unit, unit).filter(lambda t: t.split()[1] != t.split()[2]),
    st.builds(lambda u, a, b: f"split {u} > {a} {b}", unit, unit, unit).filter(lambda t: t.split()[3] != t.split()[4]),
    st.builds(lambda r: f"message {r} hold at 12,30", st.sampled_from(["Rebel", "Crown", "Howe", "Nobody"])),
    st.just("turn"),
)
orders = st.lists(st.tuples(line, st.booleans()), min_size=1, max_size=12)


def _play(lines: list[tuple[str, bool]]):
    s = state()
    accepted = []
    overruled = False
    for index, (text, forced) in enumerate(lines, start=1):
        command = parse_command(text)
        dice = Dice(1777, index)
        outcome = apply(s, Force(command) if forced else command, dice)
        assert isinstance(outcome, (Accepted, Rejected))
        if isinstance(outcome, Accepted):
            s = outcome.state
            overruled = overruled or forced
            if not overruled:  # the rules alone have decided so far
                _check_hiding(s)
            accepted.append((index, format_command(command), forced, tuple(dice.rolls), outcome.events))
        else:
            assert outcome.reason and "\n" not in outcome.reason
            assert dice.rolls == []  # a refusal draws no dice
    return s, accepted


def _check_hiding(s) -> None:
    """After an order the rules allowed, no hidden unit stands where it could not hide, and no hidden land
    unit has an enemy within the exposure distance."""
    from kriegsspiel.core.geometry import distance
    from kriegsspiel.core.game import exposure_distance, hiding_place, is_land_unit

    reach = exposure_distance(s.ruleset)
    for u in s.units.values():
        if not u.hidden:
            continue
        assert hiding_place(s, u) is not None, f"{u.id} hidden at {u.position}"
        if is_land_unit(s, u):
            assert all(distance(u.position, e.position) > reach for e in s.units.values() if e.side != u.side)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders)
def test_random_orders_never_raise_and_keep_the_state_sound(lines) -> None:
    s, accepted = _play(lines)
    for unit_id, u in s.units.items():
        assert unit_id == u.id
        assert u.health >= 1 and u.size > 0
        assert u.movement_used >= 0
        assert u.side in s.sides
        assert u.type_id in s.ruleset.unit_types
    assert s.side_to_move in s.sides
    assert s.round >= 1
    # the journal's way: replay the accepted orders from their text with their recorded rolls
    replayed = state()
    for index, text, forced, rolls, events in accepted:
        command = parse_command(text)
        dice = Dice.replaying(1777, index, rolls)
        outcome = apply(replayed, Force(command) if forced else command, dice)
        dice.check_complete()
        assert isinstance(outcome, Accepted) and outcome.events == events
        replayed = outcome.state
    assert replayed.same(s)
