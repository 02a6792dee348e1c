"""How combat events read in the journal, the shell and the side panel: a plane crashes (it is not "crashed"),
and where a plane lands is set apart from the base's name."""
from __future__ import annotations

import pytest

from kriegsspiel.rulesets.modern_4e.events import Destroyed, Landed
from kriegsspiel.core.geometry import WorldPoint


@pytest.mark.parametrize(("event", "text"), [
    (Destroyed("rf", "crashed into bcv (kamikaze)"), "rf crashes into bcv (kamikaze) and leaves the map"),
    (Destroyed("f1", "crashed: still in the air at the end of the air turn"),
     "f1 crashes, still in the air at the end of the air turn, and leaves the map"),
    (Destroyed("dd", "sunk by torpedo"), "dd is sunk by torpedo and leaves the map"),
    (Destroyed("b1", "lost with cv"), "b1 is lost with cv and leaves the map"),
    (Landed("bf", "Mainland airfield", WorldPoint(81.5, 52.5)), "bf lands at Mainland airfield (81.5,52.5)"),
])
def test_event_wording(event: object, text: str) -> None:
    assert event.describe() == text  # type: ignore[attr-defined]


def test_a_kamikaze_and_an_air_turn_crash_read_as_crashes_in_play() -> None:
    from test_combat_air import air
    from test_combat_land import run

    s = run(air(), "takeoff f1").state
    out = run(s, "turn", 2)
    assert "f1 crashes, still in the air at the end of the air turn, and leaves the map" in [
        e.describe() for e in out.events]
