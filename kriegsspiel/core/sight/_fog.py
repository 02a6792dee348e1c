"""The fog of war: what one player may know of the game, and nothing else.

:func:`player_view` is the only door from the game state to a player's picture. Whatever the player cannot
see is *absent* from the :class:`PlayerView` (never present and then covered), so nothing drawn from it can
leak: not a counter, not a count, not an order.

What a player knows:
    - their own units (the units they command: the whole side, or the subcommand listed for them), with
      everything about them (position, health, heading, whether they are hidden);
    - the units of their own side that others command, where their own units see them;
    - enemy units that are not hidden and stand on a cell their units see: side, type, position and heading
      (one sees which way a ship points). Not the enemy's id (a designation is not written on the ground),
      not its health. Hidden enemy units stay unseen even in plain sight until exposed (docs/rulings.md), and
      units carried aboard a ship or a plane are not seen apart from their carrier;
    - the seen area: the union of the sight of the units they command (see :mod:`kriegsspiel.core.sight._line`);
    - the structures as they know them: the map's printed structures where they see none of their cells,
      and the structures standing now where they do (a fortification the enemy built out of sight, or a
      bridge it blew up there, is not known);
    - the round and, for timed rule sets, the game time;
    - the umpire's notes drawn for them by name (never the umpire's own or another player's);
    - the messages and orders that reached their side or them (an order still riding by courier, a lost
      message or one the enemy caught is not there; an altered message reads as it arrived).

Aircraft (theatre "air") look down from the sky: they see every cell within their sight range, and they are
seen from anywhere within an enemy's sight range, whatever the terrain between. Ships and land units use the
line of sight over the terrain.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from kriegsspiel.core.battlefield import Battlefield, Structure, TerrainRaster
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight._line import SightRules, SightTerrain, sight_terrain, terrain_heights_of, viewshed_on

#: Structure kinds whose outline blocks sight like a wood (their walls and roofs).
BLOCKING_STRUCTURE_KINDS = ("building", "settlement")


class _Unit(Protocol):
    id: str
    type_id: str
    side: str
    position: WorldPoint
    health: int
    heading: float | None
    hidden: bool


@dataclass(frozen=True, slots=True)
class OwnUnit:
    """A unit the player commands or a friendly unit in sight: everything about it."""

    id: str
    type_id: str
    side: str
    position: WorldPoint  # world units
    health: int
    heading: float | None  # degrees clockwise from north
    hidden: bool
    commanded: bool  # False: a friendly unit of another command, shown because it is in sight


@dataclass(frozen=True, slots=True)
class SeenEnemy:
    """An enemy unit in sight, as the player's units see it: side, kind, place and heading. No id, no health."""

    side: str
    type_id: str
    position: WorldPoint  # world units
    heading: float | None  # degrees clockwise from north


@dataclass(frozen=True, slots=True)
class Received:
    """A message or an order that reached the player's side (or the player), as it reads to them: the round it
    arrived in, whom it is from or for, and its text (an altered message's text as it arrived)."""

    round: int
    heading: str
    text: str


@dataclass(frozen=True, eq=False)
class PlayerView:
    """Everything one player may know after a turn, and nothing else.

    ``seen`` is a read-only bool array over the battlefield's raster cells ([row, column], ``cell_size``
    world units each). ``game_minutes`` is the game time elapsed at the start of the round (None for rule sets
    without timed rounds). Units are in a canonical order that depends only on what the player knows.
    ``structures``: the printed map's structures out of sight (in the map's order), then the structures
    standing now in sight (ordered by place and kind).
    """

    player: str
    side: str
    round: int
    game_minutes: int | None
    own_units: tuple[OwnUnit, ...]
    seen_enemies: tuple[SeenEnemy, ...]
    seen: np.ndarray
    cell_size: float
    structures: tuple[Structure, ...] = ()
    received: tuple[Received, ...] = ()  # oldest first
    #: the umpire's notes drawn for this player alone (``GameState.notes`` whose audience is this player),
    #: in the order drawn; never the umpire's own notes or another player's
    notes: tuple[Any, ...] = ()

    def is_seen(self, point: WorldPoint) -> bool:
        """True when ``point`` (world units) lies on a cell the player's units see."""
        col = int(math.floor(point.x / self.cell_size))
        row = int(math.floor(point.y / self.cell_size))
        rows, cols = self.seen.shape
        return 0 <= row < rows and 0 <= col < cols and bool(self.seen[row, col])


class UnknownPlayer(KeyError):
    """A player name that the scenario does not have. The message lists the known players."""

    def __str__(self) -> str:
        return str(self.args[0])


def find_player(setup: Any, name: str) -> Any:
    """The scenario's PlayerSetup called ``name`` (exact, then case-insensitive).

    Raises UnknownPlayer listing the players.
    """
    players = tuple(setup.players)
    for player in players:
        if player.name == name:
            return player
    folded = [p for p in players if p.name.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    known = ", ".join(p.name for p in players) or "none"
    raise UnknownPlayer(f"unknown player {name!r}; the scenario's players: {known}")


# Per raster (shared by every battlefield of a game: building or destroying replaces the battlefield, not its
# raster): (sight numbers) -> [(the printed structures, heights)], matched by the identity of the structures.
_terrain_cache: weakref.WeakKeyDictionary[TerrainRaster, dict[tuple, list[tuple[tuple, SightTerrain]]]] = (
    weakref.WeakKeyDictionary())


def battlefield_sight_terrain(battlefield: Battlefield, ruleset: Any) -> SightTerrain:
    """The battlefield's heights for line of sight under ``ruleset``: terrain, elevation and the blocking
    structures of the printed map (:data:`BLOCKING_STRUCTURE_KINDS`, or any structure with the property
    ``blocks_sight`` true).

    Only the map's own structures block sight (``Battlefield.printed_structures``; house rule): their ruins
    still do, and what is built during the game does not. So what a player sees never depends on what the
    enemy built or knocked down out of their sight. Cached per battlefield (both are immutable). Raises
    KeyError when the rule set has no sight numbers.
    """
    rules = SightRules.from_ruleset(ruleset)
    heights = terrain_heights_of(ruleset)
    key = (rules.obstacle_height, tuple(sorted(heights.items())))
    raster = battlefield.raster()
    printed = battlefield.printed_structures if battlefield.printed_structures is not None else battlefield.structures
    known = _terrain_cache.setdefault(raster, {}).setdefault(key, [])
    for structures_then, terrain in known:
        if structures_then is printed:
            return terrain
    structures = [s for s in printed if _structure_blocks(s)]
    extra = structure_cells(structures, raster.cell_size, raster.shape) if structures else None
    terrain = sight_terrain(raster, rules.obstacle_height, heights, extra)
    known.append((printed, terrain))
    del known[:-4]  # a raster shared by a few battlefields drawn differently (tests): keep the last few
    return terrain


def _structure_blocks(structure: Structure) -> bool:
    flag = structure.properties.get("blocks_sight") if structure.properties else None
    if flag is not None:
        return bool(flag)
    return structure.kind in BLOCKING_STRUCTURE_KINDS


def structure_cells(structures: Iterable[Structure], cell_size: float, shape: tuple[int, int]) -> np.ndarray:
    """A bool array over raster cells ([row, column]) covered by ``structures``.

    A polygon covers the cells whose centre lies inside it (even-odd rule) and always the cell of its centre;
    a point or a line covers the cells of its vertices.
    """
    covered = np.zeros(shape, dtype=bool)
    for structure in structures:
        block = structure_block(structure, cell_size, shape)
        if block is not None:
            r0, c0, mask = block
            covered[r0 : r0 + mask.shape[0], c0 : c0 + mask.shape[1]] |= mask
    return covered


def structure_block(structure: Structure, cell_size: float, shape: tuple[int, int]) -> tuple[int, int, np.ndarray] | None:
    """The cells ``structure`` covers (as :func:`structure_cells`) as (row0, col0, bool mask) over its bounding
    block of cells clipped to ``shape``; None when it covers no cell of the raster."""
    rows, cols = shape
    pts = structure.outline
    if not pts:
        return None
    xs = [p.x for p in pts]
    ys = [p.y for p in pts]
    c0 = max(0, int(math.floor(min(xs) / cell_size)))
    c1 = min(cols - 1, int(math.floor(max(xs) / cell_size)))
    r0 = max(0, int(math.floor(min(ys) / cell_size)))
    r1 = min(rows - 1, int(math.floor(max(ys) / cell_size)))
    if c1 < c0 or r1 < r0:
        return None
    mask = np.zeros((r1 - r0 + 1, c1 - c0 + 1), dtype=bool)
    for p in list(pts) if len(pts) < 3 else [structure.centre]:
        c, r = int(math.floor(p.x / cell_size)), int(math.floor(p.y / cell_size))
        if r0 <= r <= r1 and c0 <= c <= c1:
            mask[r - r0, c - c0] = True
    if len(pts) >= 3:
        cx = (np.arange(c0, c1 + 1) + 0.5) * cell_size
        cy = (np.arange(r0, r1 + 1) + 0.5) * cell_size
        gx, gy = np.meshgrid(cx, cy)
        inside = np.zeros(gx.shape, dtype=bool)
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            if a.y == b.y:
                continue
            crosses = (a.y > gy) != (b.y > gy)
            x_cross = a.x + (gy - a.y) * (b.x - a.x) / (b.y - a.y)
            inside ^= crosses & (gx < x_cross)
        mask |= inside
    return (r0, c0, mask) if mask.any() else None


def _structure_in_sight(structure: Structure, seen: np.ndarray, cell_size: float) -> bool:
    block = structure_block(structure, cell_size, seen.shape)
    if block is None:
        return False
    r0, c0, mask = block
    return bool((seen[r0 : r0 + mask.shape[0], c0 : c0 + mask.shape[1]] & mask).any())


def known_structures(battlefield: Battlefield, seen: np.ndarray, cell_size: float) -> tuple[Structure, ...]:
    """The structures a player with the seen area ``seen`` knows: the printed ones (``printed_structures``)
    of which they see no cell, in the map's order, then those standing now of which they see a cell, ordered
    by place and kind (never by when they were built)."""
    printed = battlefield.printed_structures if battlefield.printed_structures is not None else battlefield.structures
    out_of_sight = [s for s in printed if not _structure_in_sight(s, seen, cell_size)]
    in_sight = [s for s in battlefield.structures if _structure_in_sight(s, seen, cell_size)]
    in_sight.sort(key=lambda s: (_position_key(s.centre), s.kind, s.name))
    return tuple(out_of_sight + in_sight)


def _theatre(ruleset: Any, type_id: str) -> str:
    return str(ruleset.unit_type(type_id).theatre)


def _in_play(unit: _Unit) -> bool:
    return unit.health > 0


def commanded_units(state: Any, player: Any) -> list[_Unit]:
    """The units ``player`` (a PlayerSetup) commands now: the side's, or the subcommand's that still exist."""
    if player.units is None:
        return [u for u in state.units.values() if u.side == player.side and _in_play(u)]
    wanted = set(player.units)
    return [u for u in state.units.values() if u.id in wanted and u.side == player.side and _in_play(u)]


def _disc(terrain: SightTerrain, centre: WorldPoint, radius: float, area: np.ndarray) -> None:
    """OR into ``area`` the on-map cells whose centre lies within ``radius`` of ``centre``."""
    rows, cols = terrain.shape
    cell = terrain.cell_size
    r0 = max(0, int(math.floor((centre.y - radius) / cell)))
    r1 = min(rows - 1, int(math.floor((centre.y + radius) / cell)))
    c0 = max(0, int(math.floor((centre.x - radius) / cell)))
    c1 = min(cols - 1, int(math.floor((centre.x + radius) / cell)))
    if r1 < r0 or c1 < c0:
        return
    cy = (np.arange(r0, r1 + 1) + 0.5) * cell - centre.y
    cx = (np.arange(c0, c1 + 1) + 0.5) * cell - centre.x
    inside = cy[:, None] ** 2 + cx[None, :] ** 2 <= radius * radius
    area[r0 : r1 + 1, c0 : c1 + 1] |= inside & terrain.on_map[r0 : r1 + 1, c0 : c1 + 1]


def _seen_cells(terrain: SightTerrain, ruleset: Any, observers: Iterable[_Unit], eye_height: float) -> np.ndarray:
    area = np.zeros(terrain.shape, dtype=bool)
    rows, cols = terrain.shape
    for unit in observers:
        col, row = terrain.cell_of(unit.position)
        if not (0 <= row < rows and 0 <= col < cols):
            continue
        unit_type = ruleset.unit_type(unit.type_id)
        if unit_type.theatre == "air":
            _disc(terrain, unit.position, float(unit_type.sight_range), area)
        else:
            viewshed_on(terrain, unit.position, float(unit_type.sight_range), eye_height).paint(area)
    return area


def _within_sight_of(target: WorldPoint, observers: Iterable[_Unit], ruleset: Any) -> bool:
    for unit in observers:
        reach = float(ruleset.unit_type(unit.type_id).sight_range)
        if (unit.position.x - target.x) ** 2 + (unit.position.y - target.y) ** 2 <= reach * reach:
            return True
    return False


def _position_key(point: WorldPoint) -> tuple[float, float]:
    return (point.y, point.x)


def player_view(state: Any, player: str | Any) -> PlayerView:
    """What ``player`` (a name or a PlayerSetup of ``state.setup.players``) may know of ``state`` now.

    Raises UnknownPlayer (a KeyError) listing the scenario's players when the name is not one of them.
    """
    setup = player if not isinstance(player, str) else find_player(state.setup, player)
    ruleset = state.ruleset
    rules = SightRules.from_ruleset(ruleset)
    terrain = battlefield_sight_terrain(state.battlefield, ruleset)
    mine = commanded_units(state, setup)
    seen = _seen_cells(terrain, ruleset, mine, rules.eye_height)

    def in_sight(unit: _Unit) -> bool:
        if _theatre(ruleset, unit.type_id) == "air":
            return _within_sight_of(unit.position, mine, ruleset)
        col, row = terrain.cell_of(unit.position)
        rows, cols = terrain.shape
        return 0 <= row < rows and 0 <= col < cols and bool(seen[row, col])

    mine_ids = {u.id for u in mine}
    own: list[OwnUnit] = []
    enemies: list[SeenEnemy] = []
    for unit in state.units.values():
        if not _in_play(unit):
            continue
        if unit.id in mine_ids:
            own.append(_own(unit, commanded=True))
        elif unit.side == setup.side:
            if in_sight(unit):
                own.append(_own(unit, commanded=False))
        elif not unit.hidden and getattr(unit, "carried_by", None) is None and in_sight(unit):
            # troops aboard a ship or a plane are inside it: one sees the carrier, not its load
            enemies.append(SeenEnemy(unit.side, unit.type_id, unit.position, unit.heading))
    # The order of enemies must not echo the state's order (which counts unseen units): sort by what is seen.
    enemies.sort(key=lambda e: (_position_key(e.position), e.side, e.type_id, -1.0 if e.heading is None else e.heading))
    own.sort(key=lambda u: (not u.commanded, u.id))
    seen.setflags(write=False)
    minutes = getattr(ruleset, "round_minutes", None)
    return PlayerView(
        player=setup.name,
        side=setup.side,
        round=int(state.round),
        game_minutes=None if minutes is None else (int(state.round) - 1) * int(minutes),
        own_units=tuple(own),
        seen_enemies=tuple(enemies),
        seen=seen,
        cell_size=terrain.cell_size,
        structures=known_structures(state.battlefield, seen, terrain.cell_size),
        received=received_messages(state, setup.side, setup.name),
        notes=tuple(n for n in getattr(state, "notes", ()) if n.audience == setup.name),
    )


def received_messages(state: Any, side: str, player: str) -> tuple[Received, ...]:
    """The messages and orders received by ``side`` or ``player``, oldest first, as they read to them.

    ``MessageRecord.outcome``: "delivered" and "altered" read alike (the reader cannot tell); "intercepted" is
    an enemy message the side caught; "order delivered" an order that reached one of the side's units by
    courier; "order intercepted" an enemy courier the side caught. Lost messages reach nobody.
    """
    found: list[Received] = []
    for m in getattr(state, "messages", ()):
        if m.received_by not in (side, player) or m.received_text is None:
            continue
        if m.outcome == "order delivered":
            heading = f"order to {m.recipient}"
        elif m.outcome == "order intercepted":
            heading = f"order of {m.sender} to {m.recipient}, its courier caught"
        elif m.outcome == "intercepted":
            heading = f"message of {m.sender} to {m.recipient}, intercepted"
        else:
            heading = f"message from {m.sender}"
        found.append(Received(int(m.round), heading, m.received_text))
    return tuple(found)


def _own(unit: _Unit, commanded: bool) -> OwnUnit:
    return OwnUnit(
        id=unit.id,
        type_id=unit.type_id,
        side=unit.side,
        position=unit.position,
        health=int(unit.health),
        heading=unit.heading,
        hidden=bool(unit.hidden),
        commanded=commanded,
    )


__all__ = [
    "BLOCKING_STRUCTURE_KINDS",
    "OwnUnit",
    "PlayerView",
    "SeenEnemy",
    "UnknownPlayer",
    "battlefield_sight_terrain",
    "commanded_units",
    "find_player",
    "known_structures",
    "player_view",
    "structure_block",
    "structure_cells",
]
