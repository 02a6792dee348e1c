"""What a debrief shows, one frame per round (a ruler game) or confirmed phase (an area game).

A frame holds what the page and the film need as plain values (moves, log lines, the standing) and draws its
pictures on demand (:meth:`Frame.umpire` and :meth:`Frame.player`), so a long game's pictures are never all in
memory at once.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame


@dataclass(frozen=True, slots=True)
class Move:
    """One move drawn on a frame: ``path`` the points it went through, in the umpire's picture's pixels;
    ``label`` the journal's words for it (a ruler game's ``moved`` event, an area game's order)."""

    who: str
    label: str
    path: tuple[tuple[float, float], ...]
    seq: int | None = None  # the journal record it came from (ruler games)
    colour: tuple[int, int, int] = (200, 30, 30)


@dataclass(frozen=True, eq=False)
class Frame:
    """One round or phase of the debrief.

    ``label`` names it for people ("End of round 3", "Spring 1901, movement"); ``moves`` are drawn as arrows on
    the umpire's picture; ``log`` is what happened, in the journal's words (combats with their dice, messages,
    results); ``standing`` the victory standing after it (side or power -> value, see
    :attr:`Debrief.standing_unit`). ``draw_umpire`` draws the whole truth without arrows;
    ``draw_player[name]`` draws exactly that player's own picture (the one ``kriegsspiel pov`` writes).
    ``draw_before`` the umpire's picture before the moves (the film animates from it), or None.
    """

    label: str
    moves: tuple[Move, ...]
    log: tuple[str, ...]
    standing: Mapping[str, float]
    draw_umpire: Callable[[], pygame.Surface]
    draw_player: Mapping[str, Callable[[], pygame.Surface]]
    draw_before: Callable[[], pygame.Surface] | None = None
    map_box: tuple[int, int] = (0, 0)  # the map's size in the umpire's picture (pixels), for the arrows
    #: the umpire's board draws the moves itself (an area game's orders): no second set of arrows
    arrows_on_board: bool = False

    def umpire(self) -> pygame.Surface:
        """The umpire's picture with this frame's moves drawn as arrows along their paths."""
        from kriegsspiel.debrief.arrows import draw_moves

        surface = self.draw_umpire()
        if not self.arrows_on_board:
            draw_moves(surface, self.moves, 1.0)
        return surface

    def player(self, name: str) -> pygame.Surface:
        """``name``'s own picture of this frame, unchanged."""
        return self.draw_player[name]()


@dataclass(frozen=True, eq=False)
class Debrief:
    """A game's debrief: its title, the kind of game, the players, the frames in order, and whether the game
    is over (a debrief of a game in play is for the umpire alone)."""

    title: str
    kind: str  # "ruler" or "area"
    rule_set: str
    players: tuple[str, ...]
    frames: tuple[Frame, ...]
    finished: bool
    result: str
    standing_unit: str
    extra: dict[str, Any] = field(default_factory=dict)
