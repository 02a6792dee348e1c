"""Ending a turn from the window (E, or the panel's "End turn" button), quitting (Ctrl+Q) and the line an
undo or redo took back or put again, shown over the map.

Before a turn ends the window asks, and says what will happen: a dry run of ``turn`` through the one door
(``core.game.apply`` on the state, a value; nothing is journaled) gives the events that will follow (the air
turn closing and planes crashing, the round ending, couriers arriving, victory), and each rule set's
``RuleSet.turn_preview`` hook adds what its turn structure sets going besides (the next air turn, the clock).
"""
from __future__ import annotations

import textwrap
from typing import Any

import pygame

from kriegsspiel.core.commands import EndTurn
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Forced, Rejected
from kriegsspiel.core.game import apply, turn_preview
from kriegsspiel.core.state import GameState, turn_order
from kriegsspiel.render.overlays import TextCache

END_TURN_LABEL = "End turn (E)"
BUTTON_SIZE = (132, 26)
#: at most this many lines of what will happen in the question (the rest is summed up)
MOST_LINES = 9


def what_ends(state: GameState) -> str:
    """"Crown's turn" or "Rebel's turn and round 3" (the last side to move ends the round too)."""
    remaining = [s for s in turn_order(state) if s not in state.sides_done and s != state.side_to_move]
    return f"{state.side_to_move}'s turn" + ("" if remaining else f" and round {state.round}")


def end_turn_preview(state: GameState, seed: int, next_record: int) -> list[str]:
    """What ending the side's turn in ``state`` will do, one line each: the events of a dry run of ``turn``
    with the dice the journal's next record will use (``seed``, ``next_record``), then the rule sets'
    :func:`kriegsspiel.core.game.turn_preview` lines. A refusal is one line saying so."""
    dice = Dice(seed, next_record)
    outcome = apply(state, EndTurn(), dice)
    if isinstance(outcome, Rejected):
        return [f"the rules refuse it: {outcome.reason} (Shift+E forces it)"]
    lines = [e.describe() for e in outcome.events if not isinstance(e, Forced)]
    if dice.rolls:
        lines.append("(dice are rolled for this: the rolls shown are the ones the journal will keep)")
    lines += turn_preview(state)
    if len(lines) > MOST_LINES:
        lines = lines[: MOST_LINES - 1] + [f"... and {len(lines) - MOST_LINES + 1} more"]
    return lines


def next_record_number(game: Any) -> int:
    """The seq the game's next journal record will have (its dice are drawn from it)."""
    records = game.journal_tail(1)
    return records[-1].seq + 1 if records else 1


def quit_lines(pending: list[str]) -> str:
    """The status line of Ctrl+Q: every command is already on disk; what was under way and what became of it."""
    said = "every command is already in the save (each is written to disk before its result is shown)"
    return f"quit: {said}" + (f"; {'; '.join(pending)}" if pending else "")


def button_rect(panel_left: int, title_lines: int) -> pygame.Rect:
    """Where the End turn button sits: at the right of the panel's round line, under the title's lines."""
    y = 10 + 24 * title_lines + 2 - 4
    return pygame.Rect(panel_left, y, *BUTTON_SIZE)


def draw_button(target: pygame.Surface, texts: TextCache, rect: pygame.Rect, live: bool) -> None:
    pygame.draw.rect(target, (70, 52, 40) if live else (44, 44, 50), rect, border_radius=4)
    pygame.draw.rect(target, (255, 200, 120) if live else (90, 90, 100), rect, 2, border_radius=4)
    label = texts.get(END_TURN_LABEL, 16, (255, 255, 255) if live else (120, 120, 130), bold=True)
    target.blit(label, (rect.centerx - label.get_width() // 2, rect.centery - label.get_height() // 2))


def draw_banner(target: pygame.Surface, texts: TextCache, text: str, area: pygame.Rect, size: int) -> None:
    """The line an undo or redo took back or put again, in a band under the top bar of the map."""
    parts = textwrap.wrap(text, 110) or [text]
    rows = [texts.get(part, size + 2, (255, 255, 255), bold=(i == 0)) for i, part in enumerate(parts[:2])]
    width = max(r.get_width() for r in rows) + 28
    height = sum(r.get_height() for r in rows) + 14
    box = pygame.Rect(0, area.top + 44, min(width, area.width - 20), height)
    box.centerx = area.centerx
    pygame.draw.rect(target, (30, 60, 90), box, border_radius=6)
    pygame.draw.rect(target, (150, 200, 255), box, 2, border_radius=6)
    y = box.top + 7
    for row in rows:
        target.blit(row, (box.left + 14, y))
        y += row.get_height()
