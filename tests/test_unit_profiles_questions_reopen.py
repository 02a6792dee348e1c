"""Every kind of question a unit-profiles battle asks, played across a save and reopen (issue 31, item 1):
the interception of an airdrop, casualties, the firer's targets, re-rolls, retreats, the ships that bombard
and the Fortress's coastal artillery. The save verifies after every stop at a question and after every
answer, and every other question is answered in the game reopened from the file.

The airdrop's interception question comes before any die of the step: its record holds no rolls, which replay
took for a record written before the dice were journaled, and resolved with the old wording ("line 6 (record
5): 'confirm' gives other results now than when it was played")."""
from __future__ import annotations

import shutil
from pathlib import Path

from kriegsspiel.store import AreaSession
from kriegsspiel.store.journal import read_save

REPO = Path(__file__).resolve().parent.parent

# n1 infantry, n2 air-transport, n3 paratroopers, n4 dive-bomber (NHM); n5 n6 infantry, n7 armored-car,
# n8 artillery (MIT); n9 infantry (WAL); n10 naval-transport, n11 battleship, n12 destroyer (WNS);
# s13 s14 infantry, s15 anti-tank-gun, s16 fighter (FEL); s17 infantry, s18 artillery (RHN);
# s19 infantry, s20 engineers, s21 fortress (SUH)
SCENARIO = """[scenario]
name = "Every question"
map = "../maps/unit-profiles-borderlands.tmx"
ruleset = "unit-profiles"
seed = 1

[setup]
turn_order = ["NORD", "SUD"]

[setup.powers.NORD]
treasury = 20
doctrines = ["airborne-operations"]

[setup.powers.NORD.units]
NHM = ["infantry", "air-transport", "paratroopers", "dive-bomber"]
MIT = ["infantry", "infantry", "armored-car", "artillery"]
WAL = ["infantry"]
WNS = ["naval-transport", "battleship", "destroyer"]

[setup.powers.SUD]
treasury = 20

[setup.powers.SUD.units]
FEL = ["infantry", "infantry", "anti-tank-gun", "fighter"]
RHN = ["infantry", "artillery"]
SUH = ["infantry", "engineers", "fortress"]
"""
PLAN = {
    # the airdrop (interception), a dive bomber (targets), artillery with an armored car (re-rolls), units
    # from MIT (retreats); a landing on RHN with two ships that may bombard it (one per landed unit, R20.2)
    "R1.NORD.combat-move": ["NORD: move n2 NHM-WAL-MIT-FEL with n3 drop FEL", "NORD: move n4 NHM-WAL-MIT-FEL",
                            "NORD: move n5,n6,n7,n8 MIT-FEL", "NORD: move n10 WNS-WSS with n9 unload RHN",
                            "NORD: move n11,n12 WNS-WSS"],
    "R1.NORD.combat": ["NORD: order FEL RHN"],
    "R1.NORD.noncombat-move": ["NORD: move n2 FEL-MIT"],
    "R1.SUD.combat": ["SUD: fire s21 at WSS"],      # the Fortress at NORD's ships (R18.4)
}


def _scenario(tmp_path: Path) -> Path:
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "unit-profiles-borderlands.tmx", tmp_path / "maps")
    path = tmp_path / "scenarios" / "questions.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def _kind(option: str) -> str:
    verb = option.split()[0]
    if "coastal-artillery" in option:
        return "fortress"
    return {"press": "retreat", "intercept": "intercept"}.get(verb, verb)


def _verified(save: Path, when: str) -> None:
    verdict = AreaSession.verify(read_save(save))
    assert verdict.intact, f"{when}: {verdict.first_bad}"


def test_every_kind_of_question_is_answered_across_a_reopen_and_the_save_verifies(tmp_path: Path) -> None:
    save = tmp_path / "q.kssave"
    game = AreaSession.new(_scenario(tmp_path), save)
    asked: list[str] = []
    try:
        while game.turn.position.phase != "R1.SUD.noncombat-move":
            for line in PLAN.get(game.turn.position.phase, []):
                out = game.submit(line)
                assert out.accepted, (line, out.reason)
            for _ in range(100):
                out = game.submit("confirm")
                assert out.accepted, out.reason
                _verified(save, f"{game.turn.position.phase} after confirm {len(asked)}")
                if not out.result.choices:
                    break
                choice = out.result.choices[0]
                asked.append(_kind(choice.options[0]))
                if len(asked) % 2:       # every other question is answered after the game is reopened
                    game.close()
                    game = AreaSession.open(save)
                    assert game.turn.choices == out.result.choices
                answer = f"{choice.power}: {choice.options[0]}"
                assert game.submit(answer).accepted, answer
                _verified(save, f"the answer {answer}")
    finally:
        game.close()
    assert {"intercept", "casualties", "targets", "rerolls", "retreat", "bombard", "fortress"} <= set(asked), asked
    with AreaSession.open(save) as again:                       # and the whole game reopens where it stood
        assert again.turn.position.phase == "R1.SUD.noncombat-move"


def test_the_interception_question_of_an_airdrop_is_the_first_stop_and_holds_no_dice(tmp_path: Path) -> None:
    """The case of the issue: a confirm that stops at the interception question before any die is rolled;
    its record holds no rolls and still replays as played (the battle's line names the cargo, as today)."""
    save = tmp_path / "q.kssave"
    with AreaSession.new(_scenario(tmp_path), save) as game:
        assert game.submit("confirm").accepted                       # purchase
        for line in PLAN["R1.NORD.combat-move"]:
            assert game.submit(line).accepted
        assert game.submit("confirm").accepted
        out = game.submit("confirm")
        assert out.result.choices and out.result.choices[0].options[0].startswith("intercept FEL r0 intercept")
    record = read_save(save).records[-1]
    assert record.command == "confirm" and not record.rolls
    assert any("n2 (carrying n3)" in line for line in record.events[0]["lines"])
    _verified(save, "the stop at the interception question")
    with AreaSession.open(save) as again:
        assert again.submit("SUD: intercept FEL r0 intercept: s16").accepted
        assert again.submit("confirm").accepted
    _verified(save, "the interception answered after reopening")
