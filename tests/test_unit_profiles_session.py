"""The Borderlands scenario played through the area session and its shell: a full game round (every power's
turn, every step), every command journaled and undoable, the battles' questions answered as orders, each
power's picture written after every step."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import read_save

REPO = Path(__file__).resolve().parent.parent
def _env() -> dict[str, str]:
    """The environment of a child process, taken when it starts: the test's own user folders (set by the
    autouse fixture after this module is imported) go with it, never the real ones."""
    return {**os.environ, "PYTHONPATH": str(REPO)}
PLAN = {
    "R1.NORD.purchase": ["NORD: buy 2 infantry", "NORD: buy 1 artillery"],
    "R1.NORD.combat-move": ["NORD: move n20,n21,n23 MIT-FEL", "NORD: move n22 MIT-FEL"],
    "R1.NORD.place": ["NORD: place 2 infantry NHM", "NORD: place 1 artillery NHM"],
    "R1.SUD.purchase": ["SUD: buy 3 infantry"],
    "R1.SUD.place": ["SUD: place 3 infantry SUH"],
}


def scenario_copy(tmp_path: Path) -> Path:
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "scenarios").mkdir(exist_ok=True)
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "unit-profiles-borderlands.tmx", tmp_path / "maps")
    shutil.copy(REPO / "kriegsspiel" / "data" / "scenarios" / "unit-profiles-borderlands.toml", tmp_path / "scenarios")
    return tmp_path / "scenarios" / "unit-profiles-borderlands.toml"


def play_round(game: AreaSession) -> list[str]:
    """Play round 1 through the session, answering every question with its first option; the commands."""
    commands = []
    while game.turn.position.data["round"] == 1:
        phase = game.turn.position.phase
        for line in PLAN.get(phase, []):
            out = game.submit(line)
            assert out.accepted, (line, out.reason)
            commands.append(line)
        for _ in range(200):
            out = game.submit("confirm")
            assert out.accepted, out.reason
            commands.append("confirm")
            if not out.result.choices:
                break
            choice = out.result.choices[0]
            answer = f"{choice.power}: {choice.options[0]}"
            assert game.submit(answer).accepted
            commands.append(answer)
    return commands


def test_a_full_round_through_the_session_is_journaled_and_undoable(tmp_path: Path) -> None:
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario_copy(tmp_path), save) as game:
        commands = play_round(game)
        assert game.turn.position.phase == "R2.NORD.purchase"
        after = game.turn.position
        assert game.submit("undo").accepted                 # the last confirm: SUD's income
        assert game.turn.position.phase == "R1.SUD.income"
        assert game.submit("redo").accepted
        assert game.turn.position == after
    records = read_save(save).records
    assert [r.command for r in records][:len(commands)] == commands     # every command, as given (normal form)
    battles = [r for r in records if r.command == "confirm" and any("fires:" in x for x in r.events[0]["lines"])]
    assert battles, "the battle's dice are in the journal"
    with AreaSession.open(save) as again:                  # the turn is the replay of the journal
        assert again.turn.position == after


def test_the_shell_plays_the_scenario_and_writes_each_powers_pictures(tmp_path: Path) -> None:
    scenario = scenario_copy(tmp_path)
    save = tmp_path / "game.kssave"
    lines = ["phase", *PLAN["R1.NORD.purchase"], "confirm", *PLAN["R1.NORD.combat-move"], "confirm", "confirm",
             "quit", ""]
    out = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", str(scenario), "--save", str(save)],
                         input="\n".join(lines), capture_output=True, text=True, env=_env(), timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Round 1, Nord: purchase" in out.stdout
    assert "R1.NORD.combat-move resolved; next: R1.NORD.combat" in out.stdout
    assert "must choose" in out.stdout and "battle in FEL" in out.stdout
    pictures = sorted(p.name for p in (tmp_path / "game-pov").glob("*.png"))
    assert "R1.NORD.purchase-NORD.png" in pictures and "R1.NORD.purchase-SUD.png" in pictures
    meta = json.loads((tmp_path / "game-pov" / "R1.NORD.combat-move-SUD.json").read_text())
    assert "NORD: move n22 MIT-FEL" in meta["results"]


def test_the_shell_speaks_this_games_language(tmp_path: Path) -> None:
    from kriegsspiel.shell import Shell

    with AreaSession.new(scenario_copy(tmp_path), tmp_path / "s.kssave") as game:
        shell = Shell(game)
        text = shell.handle("help").text
        assert "NORD: buy 2 infantry" in text and "FRANCE" not in text and "confirm" in text
        assert "buy 1 infantry" in shell.handle("options NORD NHM").text.splitlines()   # a place: what may be bought
        for line in PLAN["R1.NORD.purchase"]:
            shell.handle(line).text
        shell.handle("confirm").text
        for line in PLAN["R1.NORD.combat-move"]:
            shell.handle(line).text
        shell.handle("confirm").text
        waiting = shell.handle("confirm").text                     # the battle in FEL asks its first question
        assert game.turn.choices
        assert "R1.NORD.combat waits for an answer" in waiting and "resolved; next" not in waiting
