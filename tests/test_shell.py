"""The Umpire shell: the manual's prompt, one reply per line, the syntax for a wrong line, never a traceback."""
from __future__ import annotations

import io
from dataclasses import dataclass

from fixtures_core import state
from kriegsspiel.core.game import Accepted, apply
from kriegsspiel.core.commands import Command, Force
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.state import GameState
from kriegsspiel.errors import UserError
from kriegsspiel.shell import Shell, run_shell


@dataclass
class FakeOutcome:
    accepted: bool
    reason: str | None = None
    text: str = ""

    def describe(self) -> str:
        return self.text


class FakeGame:
    """An in-memory game session with the same API as kriegsspiel.store.Game (no journal on disk)."""

    def __init__(self, start: GameState) -> None:
        self.states = [start]
        self.undone: list[GameState] = []
        self.submitted: list[Command] = []

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def submit(self, command: Command, forced: bool = False) -> FakeOutcome:
        self.submitted.append(command)
        result = apply(self.state, Force(command) if forced else command, Dice(1777, len(self.submitted)))
        if not isinstance(result, Accepted):
            return FakeOutcome(False, result.reason)
        self.states.append(result.state)
        self.undone.clear()
        return FakeOutcome(True, text="\n".join(e.describe() for e in result.events))

    def undo(self) -> FakeOutcome:
        if len(self.states) == 1:
            return FakeOutcome(False, "nothing to undo")
        self.undone.append(self.states.pop())
        return FakeOutcome(True, text="undone")

    def redo(self) -> FakeOutcome:
        if not self.undone:
            return FakeOutcome(False, "nothing to redo")
        self.states.append(self.undone.pop())
        return FakeOutcome(True, text="redone")


def shell(**changes) -> Shell:
    return Shell(FakeGame(state(**changes)))


def test_the_prompt_is_the_manuals() -> None:
    sh = shell()
    assert sh.prompt() == "1 ~ 1 Rebel % "
    sh.handle("move va1 > 3.5,5.5")
    sh.handle("turn")
    assert sh.prompt() == "1 ~ 3 Crown % "
    sh.handle("")  # a blank line is not a command
    sh.handle("# a comment")
    assert sh.prompt() == "1 ~ 3 Crown % "
    sh.handle("turn")
    assert sh.prompt() == "2 ~ 4 Rebel % "


def test_an_order_prints_what_happened() -> None:
    reply = shell().handle("move va1 > 3.5,5.5")
    assert reply.ok and reply.changed
    assert reply.text == "va1 moved 1.5,5.5 > 3.5,5.5, cost 2, 8 left"


def test_a_refusal_says_why_and_that_it_can_be_forced() -> None:
    reply = shell().handle("move va1 > 15.5,5.5")
    assert not reply.ok and not reply.changed
    assert reply.text == "refused: va1: water: infantry cannot enter water (force to override)"


def test_force_goes_through() -> None:
    sh = shell()
    reply = sh.handle("force move va1 > 15.5,5.5")
    assert reply.ok and "forced by the umpire (the rules refused: va1: water: infantry cannot enter water)" in reply.text
    assert sh.game.state.units["va1"].position.x == 15.5


def test_a_wrong_line_gets_the_syntax_of_its_command() -> None:
    reply = shell().handle("move va1 3,4")
    assert not reply.ok
    assert reply.text == "move: expected one '>'\nsyntax: move UNIT > X,Y"
    assert shell().handle("merge a > b").text.endswith("syntax: merge UNIT UNIT ... > NEW")


def test_an_unknown_command_gets_the_list_of_commands() -> None:
    reply = shell().handle("fly va1 > 3,4")
    assert not reply.ok
    assert reply.text.startswith("unknown command 'fly'")
    assert "move UNIT > X,Y" in reply.text and "message SIDE|PLAYER TEXT" in reply.text


def test_a_misspelt_command_word_gets_the_likely_one() -> None:
    reply = shell().handle("mvoe va1 > 3.5,5.5")
    assert not reply.ok and reply.text.startswith("unknown command 'mvoe' (did you mean 'move'?)\n")
    assert "(did you mean" not in shell().handle("fly va1 > 3,4").text.splitlines()[0]


def test_a_tab_separates_words_like_a_space() -> None:
    sh = shell()
    reply = sh.handle("move\tva1\t>\t3.5,5.5")
    assert reply.ok and reply.text.startswith("va1 moved"), reply.text


def test_queries_answer_without_changing_the_game() -> None:
    sh = shell()
    before = sh.game.state
    assert "Rebel: 100.0% (18 of 18 health)" in sh.handle("score").text
    details = sh.handle("details va1").text
    assert details.startswith("va1: Infantry of Rebel\n  at 1.5,5.5 on plains")
    assert "allowance 10 of 10 left this turn" in details
    assert len(sh.handle("details").text.splitlines()) == len(before.units)
    assert not sh.handle("details nobody").ok
    assert sh.handle("man move").text.startswith("MOVE\n  syntax: move UNIT > X,Y")
    assert "who:    corvette, cruiser, destroyer, battleship, carrier" in sh.handle("man heading").text
    message_page = " ".join(sh.handle("man message").text.split())
    assert "lost 2 in 4, intercepted by the enemy 1 in 4, altered in transit 1 in 4" in message_page
    assert all(len(row) <= 100 for row in sh.handle("man hide").text.splitlines())
    assert sh.handle("man fly").text.startswith("no manual entry for 'fly'")
    assert "split UNIT > NEW NEW ..." in sh.handle("help").text
    assert sh.game.state is before and sh.game.submitted == []


def test_undo_and_redo_go_to_the_game_session() -> None:
    sh = shell()
    sh.handle("move va1 > 3.5,5.5")
    assert sh.handle("undo").text == "undone"
    assert sh.game.state.units["va1"].position.x == 1.5
    assert sh.handle("redo").text == "redone"
    assert sh.game.state.units["va1"].position.x == 3.5
    assert sh.handle("redo").text == "refused: nothing to redo"


def test_quit() -> None:
    reply = shell().handle("quit")
    assert reply.quit and reply.ok


def test_the_end_of_the_game_is_announced() -> None:
    sh = shell(rounds=1, victory=())
    sh.handle("turn")
    reply = sh.handle("turn")
    assert "the game is over (round 1 was the last): no side won" in reply.text
    assert "the game is over; 'score' shows the result ('force turn' plays on)" in reply.text


class BrokenGame(FakeGame):
    def submit(self, command: Command, forced: bool = False) -> FakeOutcome:
        if command.name == "turn":
            raise UserError("save.kssave: the journal could not be written (No space left on device)")
        raise RuntimeError("boom")


def test_errors_are_one_line_never_a_traceback() -> None:
    sh = Shell(BrokenGame(state()))
    reply = sh.handle("turn")
    assert not reply.ok and reply.text == "error: save.kssave: the journal could not be written (No space left on device)"
    reply = sh.handle("move va1 > 3,3")
    assert not reply.ok and reply.text.startswith("internal error (RuntimeError: boom)")
    assert "\n" not in reply.text


def test_the_loop_prints_the_prompt_and_echoes_lines_when_input_is_not_a_terminal() -> None:
    out = io.StringIO()
    refused = run_shell(shell(), io.StringIO("move va1 > 3.5,5.5\nmove va1\nturn\nquit\nmove va1 > 1,1\n"), out)
    assert refused == 1
    assert out.getvalue() == (
        "1 ~ 1 Rebel % move va1 > 3.5,5.5\n"
        "va1 moved 1.5,5.5 > 3.5,5.5, cost 2, 8 left\n"
        "1 ~ 2 Rebel % move va1\n"
        "move: expected one '>'\nsyntax: move UNIT > X,Y\n"
        "1 ~ 3 Rebel % turn\n"
        "Rebel ends its turn; Crown to move\n"
        "1 ~ 4 Crown % quit\n"
        "goodbye; every accepted order is saved\n"
    )


def test_the_loop_ends_at_the_end_of_input() -> None:
    out = io.StringIO()
    assert run_shell(shell(), io.StringIO("turn"), out, echo=False) == 0
    assert out.getvalue() == "1 ~ 1 Rebel % Rebel ends its turn; Crown to move\n1 ~ 2 Crown % \n"


def test_completion_of_commands_units_and_recipients() -> None:
    sh = shell()
    assert sh.completions("va") == ["va1", "va2", "va3"]
    assert sh.completions("me") == ["merge", "message"]
    assert sh.completions("Ho") == ["Howe"]
    assert "move" in sh.completions("")
