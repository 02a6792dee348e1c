"""One line in, one reply out: the Umpire shell's command handling, shared by the terminal and the window.

Orders go to the game session (``game.submit``), which journals them before it returns; queries are answered
here from the state. A wrong line gets the syntax of its command, or the list of commands; an error of the
program itself is one line, never a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from kriegsspiel.core.commands import Details, Help, Man, Quit, Redo, Score, Undo
from kriegsspiel.core.game import round_change_line
from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.game import rules_of
from kriegsspiel.core.state import GameState
from kriegsspiel.errors import UserError
from kriegsspiel.shell.queries import details_text, score_text


class GameSession(Protocol):
    """What the shell needs of any game's session (``kriegsspiel.store.Session`` provides it); an area game's
    session (``kind`` "area") is read by :class:`kriegsspiel.shell.area.AreaCommands`, a ruler game's is a
    :class:`RulerSession`."""

    def submit(self, command: Any, forced: bool = False) -> Any:
        """Apply and journal an order; returns an outcome with ``accepted``, ``reason`` and ``describe()``."""
        ...

    def undo(self) -> Any:
        """Take back the last order (journaled); returns an outcome as :meth:`submit`."""
        ...

    def redo(self) -> Any:
        """Carry out the last undone order again (journaled); returns an outcome as :meth:`submit`."""
        ...


class RulerSession(GameSession, Protocol):
    """What the shell needs of a ruler game's session: also the state its queries are answered from."""

    @property
    def state(self) -> GameState:
        """The current state (the replay of the journal)."""
        ...


def _is_ruler(game: GameSession) -> TypeGuard[RulerSession]:
    """True for a ruler game's session: any but an area game's (a stand-in without ``kind`` is a ruler game's)."""
    return getattr(game, "kind", "ruler") != "area"


@dataclass(frozen=True, slots=True)
class Reply:
    """The shell's answer to one line. ``ok`` is False for a refusal or a wrong line; ``quit`` ends the loop;
    ``changed`` is True when the game changed (an order, undo or redo was carried out and journaled)."""

    text: str
    ok: bool = True
    quit: bool = False
    changed: bool = False


class Shell:
    """The Umpire shell over the session of any game. ``command_number`` counts the commands of this session
    (the manual's ``x ~ y team %``: x the round, y the command number). A ruler game's lines are read in the
    manual's notation; an area game's (``game.kind == "area"``) by :class:`kriegsspiel.shell.area.AreaCommands`
    in the rule set's order notation."""

    def __init__(self, game: GameSession) -> None:
        from kriegsspiel.shell.area import AreaCommands

        self.game = game
        self.command_number = 1
        self._ruler = game if _is_ruler(game) else None
        self._area = AreaCommands(game) if self._ruler is None else None

    @property
    def _state(self) -> GameState:
        """The ruler game's current state (an area game's lines never ask: they go to ``self._area``)."""
        assert self._ruler is not None
        return self._ruler.state

    def prompt(self) -> str:
        """The manual's prompt, ``ROUND ~ COMMAND SIDE % `` (an area game: ``PHASE ~ COMMAND % ``)."""
        if self._area is not None:
            return self._area.prompt(self.command_number)
        state = self._state
        return f"{state.round} ~ {self.command_number} {state.side_to_move} % "

    def completions(self, prefix: str) -> list[str]:
        """Command words, unit ids, sides and players that begin with ``prefix``, sorted (for Tab)."""
        if self._area is not None:
            return self._area.completions(prefix)
        state = self._state
        words = {*rules_of(state).words(), *state.units, *state.sides, *(p.name for p in state.setup.players if " " not in p.name)}
        return sorted(w for w in words if w.startswith(prefix))

    def handle(self, line: str) -> Reply:
        """Carry out one line and say what happened. Blank lines and ``#`` comments do nothing."""
        text = line.strip()
        if not text or text.startswith("#"):
            return Reply("")
        self.command_number += 1
        try:
            return self._handle(text) if self._area is None else self._handle_area(" ".join(text.split()))
        except UserError as exc:  # the journal could not be written, or the game is read-only
            return Reply(f"error: {exc}", ok=False)
        except Exception as exc:  # a bug of ours: one line, and the journal on disk is still whole
            return Reply(
                f"internal error ({type(exc).__name__}: {exc}); nothing was journaled for this line; "
                "please report it",
                ok=False,
            )

    def _handle_area(self, text: str) -> Reply:
        assert self._area is not None
        if text.lower() in ("quit", "exit"):
            return Reply("goodbye; every accepted order is saved", quit=True)
        answer, changed = self._area.answer(text)
        return Reply(answer, ok=not answer.startswith("refused:"), changed=changed)

    def _handle(self, text: str) -> Reply:
        state = self._state
        manual = rules_of(state).manual
        try:
            command = rules_of(state).parse(text)
        except NotationError as exc:
            if exc.command is not None and exc.command in manual.pages:
                return Reply(f"{exc}\nsyntax: {manual.syntax(exc.command)}", ok=False)
            if exc.command is not None:  # a rule set's order without a manual page
                return Reply(str(exc), ok=False)
            # the list of commands follows, so the parser's own list of words is left out
            return Reply(f"{str(exc).split(';')[0]}\n{manual.help_text(state.ruleset)}", ok=False)
        if isinstance(command, Quit):
            return Reply("goodbye; every accepted order is saved", quit=True)
        if isinstance(command, Help):
            return Reply(manual.help_text(state.ruleset))
        if isinstance(command, Man):
            if command.topic is None:
                return Reply(manual.help_text(state.ruleset))
            return Reply(manual.man_page(command.topic, state.ruleset))
        if isinstance(command, Score):
            return Reply(score_text(state))
        if isinstance(command, Details):
            return Reply(details_text(state, command.unit), ok=command.unit is None or command.unit in state.units)
        if isinstance(command, Undo):
            outcome = self.game.undo()
        elif isinstance(command, Redo):
            outcome = self.game.redo()
        else:
            outcome = self.game.submit(command)
        if not outcome.accepted:
            return Reply(f"refused: {outcome.reason}", ok=False)
        lines = [outcome.describe()]
        after = self._state
        if clock := round_change_line(after.ruleset, state.round, after.round):
            lines.append(clock)  # a timed rule set (Ruleset V3): the game time where the round changes
        if after.finished and not state.finished:
            lines.append("the game is over; 'score' shows the result ('force turn' plays on)")
        return Reply("\n".join(lines), changed=True)
