"""Moving several counters at once, keeping their formation.

When the selection holds several counters (Ctrl/Shift+click, a Ctrl+drag box) and the umpire drags one of them,
all of them go: each unit's target is the grabbed one's target plus the unit's offset from it at pick-up, and
each unit's move is checked on its own by the movement engine (the same :class:`~kriegsspiel.app.drag.Drag` as
a single counter).

Speed: every unit's reachable field is computed once, at pick-up. On each mouse motion the grabbed unit gets its
exact path (it is under the hand); every other unit gets at once a provisional verdict from its field (is the
target's cell within the shading?) and its exact path within a time budget per frame, the units checked longest
ago first, so that a group of fifty follows the hand and settles to exact verdicts within a few frames once the
hand rests. The drop judges every unit exactly, whatever the frames managed.

The drop (decided here, documented in docs/umpire.md): the units that may move are moved, one journal entry
each, and those that cannot follow are named with their reasons; Shift+drop forces the refused ones too
(after the umpire confirms, as for one counter). One Ctrl+Z takes the whole group back
(:meth:`kriegsspiel.app.session.TableSession.submit_group`).
"""
from __future__ import annotations

import math
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import confirm, visible
from kriegsspiel.app.drag import Drag, DragVerdict
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import Camera
from kriegsspiel.wording import count

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table
    from kriegsspiel.app.board import Board

#: A press that moves less than this (pixels) before release is a click (as for one counter).
CLICK_SLOP = 4

#: Seconds per frame spent on the exact paths of the units other than the grabbed one.
FRAME_BUDGET_S = 0.003
#: How many refused units the cursor box and the status line name before "and N more".
NAMED_MOST = 6
#: A provisional line (exact path not yet known): where the target's cell is inside / outside the shading.
PROVISIONAL_OK = (150, 220, 150)
PROVISIONAL_NO = (230, 150, 150)


@dataclass(frozen=True, slots=True)
class Follower:
    """One unit of a group at the current target: ``exact`` when ``verdict`` is the movement engine's verdict
    for ``target``; otherwise ``likely`` is the provisional answer of its reachable field."""

    unit_id: str
    target: WorldPoint
    verdict: DragVerdict | None
    exact: bool
    likely: bool

    @property
    def legal(self) -> bool:
        return self.verdict.legal if self.exact and self.verdict is not None else self.likely


class GroupDrag:
    """A drag of several counters: ``grabbed`` is the one under the hand, ``members`` all of them (grabbed
    included), in selection order. Raises nothing (a unit that may not move gets a verdict saying why)."""

    def __init__(self, state: GameState, grabbed: str, members: list[str], reuse: Drag | None = None) -> None:
        self.state = state
        self.grabbed = grabbed
        units = [state.units[m] for m in members if m in state.units]
        origin = state.units[grabbed].position
        # the fields: once, here (``reuse``: a pick-up of one of them already made, e.g. the selection's)
        self.drags: dict[str, Drag] = {
            u.id: reuse if reuse is not None and reuse.unit is u and reuse.state is state else Drag(state, u)
            for u in units}
        self.offsets = {u.id: (u.position.x - origin.x, u.position.y - origin.y) for u in units}
        self.at: WorldPoint | None = None
        self._exact_at: dict[str, WorldPoint] = {}
        self._checked: dict[str, int] = {u.id: -1 for u in units}  # the motion at which each was checked last
        self._motion = 0
        self.version = 0  # changes whenever something drawn changes (the frame key)
        self._followers: tuple[int, list[Follower]] | None = None

    @property
    def members(self) -> list[str]:
        return list(self.drags)

    def target_of(self, unit_id: str, at: WorldPoint) -> WorldPoint:
        dx, dy = self.offsets[unit_id]
        return WorldPoint(at.x + dx, at.y + dy)

    def follow(self, at: WorldPoint, budget_s: float | None = None) -> None:
        """The hand is at ``at`` (world units): the grabbed unit's exact verdict, the others' within ``budget_s``
        seconds (default :data:`FRAME_BUDGET_S`); called every frame, so a resting hand settles the rest."""
        if at != self.at:
            self.at = at
            self._motion += 1
            self.drags[self.grabbed].follow(at)
            self._exact_at[self.grabbed] = at
            self._checked[self.grabbed] = self._motion
            self.version += 1
        self.refine(FRAME_BUDGET_S if budget_s is None else budget_s)

    def pending(self) -> bool:
        """True while some unit's exact verdict for the current target is not known yet."""
        return self.at is not None and any(self._exact_at.get(u) != self.target_of(u, self.at) for u in self.drags)

    def refine(self, budget_s: float) -> bool:
        """Exact verdicts for the units not yet checked at the current target, stalest first, until
        ``budget_s`` seconds are spent (at least one unit). Returns True when one was checked."""
        if self.at is None:
            return False
        stale = [u for u in self.drags if self._exact_at.get(u) != self.target_of(u, self.at)]
        stale.sort(key=lambda u: self._checked[u])
        deadline = time.perf_counter() + budget_s
        done = False
        for unit_id in stale:
            if done and time.perf_counter() >= deadline:
                break
            target = self.target_of(unit_id, self.at)
            self.drags[unit_id].follow(target)
            self._exact_at[unit_id] = target
            self._checked[unit_id] = self._motion
            done = True
        if done:
            self.version += 1
        return done

    def settle(self, at: WorldPoint) -> list[Follower]:
        """Every unit's exact verdict for the hand at ``at`` (the drop)."""
        self.at = at
        self.refine(float("inf"))
        return self.followers()

    def followers(self) -> list[Follower]:
        """Each unit at the current target: its exact verdict where known, else its field's provisional one."""
        if self.at is None:
            return []
        if self._followers is not None and self._followers[0] == self.version:
            return self._followers[1]  # asked several times a frame (paths, counters, the cursor box)
        out = []
        for unit_id, drag in self.drags.items():
            target = self.target_of(unit_id, self.at)
            exact = self._exact_at.get(unit_id) == target and drag.verdict is not None
            out.append(Follower(unit_id, target, drag.verdict if exact else None, exact,
                                _likely(drag, target)))
        self._followers = (self.version, out)
        return out

    def refused(self) -> list[tuple[str, str]]:
        """(unit id, reason) of the units known (exactly) not to be able to follow."""
        return [(f.unit_id, f.verdict.reason or "refused") for f in self.followers()
                if f.exact and f.verdict is not None and not f.verdict.legal]

    def cursor_lines(self) -> list[str]:
        """The box beside the cursor: how many follow, which cannot and why, how many are still being checked."""
        followers = self.followers()
        refused = [f for f in followers if not f.legal]
        checking = sum(not f.exact for f in followers)
        lines = [f"{len(followers)} units: {len(followers) - len(refused)} can follow"
                 + (f", {len(refused)} cannot" if refused else "") + (f" ({checking} being checked)" if checking else "")]
        for f in refused[:NAMED_MOST]:
            why = f.verdict.reason if f.exact and f.verdict is not None else "outside its reachable area"
            lines.append(f"{f.unit_id}: {why}")
        if len(refused) > NAMED_MOST:
            lines.append(f"and {len(refused) - NAMED_MOST} more")
        if refused:
            lines.append("drop: the others move; Shift+drop forces all")
        return lines

    def draw(self, target: pygame.Surface, camera: Camera, board: Board, projector: bool) -> None:
        """Each unit's path (exact) or straight line (provisional), then its counter at its target."""
        state = self.state
        for f in self.followers():
            origin = self.drags[f.unit_id].origin
            if f.exact and f.verdict is not None and len(f.verdict.path) >= 2:
                overlays.draw_path(target, camera, f.verdict.path, f.verdict.legal)
            else:
                # no path known (yet, or at all: water ahead): a straight line, pale while only provisional
                colour = (overlays.LEGAL if f.legal else overlays.ILLEGAL) if f.exact else (
                    PROVISIONAL_OK if f.likely else PROVISIONAL_NO)
                pygame.draw.line(target, colour, camera.to_screen(origin), camera.to_screen(f.target), 2)
        for f in self.followers():
            unit = state.units[f.unit_id]
            board.draw_carried(target, camera, state, projector, unit, camera.to_screen(f.target))
            if not f.legal:
                x, y = camera.to_screen(f.target)
                r = board.counter_px(camera, projector) // 2 + 4
                pygame.draw.line(target, overlays.ILLEGAL, (x - r, y - r), (x + r, y + r), 3)
                pygame.draw.line(target, overlays.ILLEGAL, (x - r, y + r), (x + r, y - r), 3)


def _likely(drag: Drag, target: WorldPoint) -> bool:
    """The field's provisional answer: the target's cell is within the unit's reachable area (and the unit may
    move at all). The exact path may differ at the area's very edge; the drop always uses the exact verdict."""
    if drag.standing_problem is not None:
        return False
    field = drag.field
    cs = field.raster.cell_size
    row, col = int(target.y // cs) - field.row0, int(target.x // cs) - field.col0
    h, w = field.cost.shape
    return 0 <= row < h and 0 <= col < w and field.within(float(field.cost[row, col]))


# --- the window's side: press, motion, drop (called from kriegsspiel.app.mouse) -------------------------------

class GroupMove:
    """The App's group move (``app.group``): the counter pressed in a selection of several (``grabbed``) and,
    once the mouse has moved past the click slop, those counters being carried together (``carried``)."""

    def __init__(self) -> None:
        self.grabbed: str | None = None
        self.carried: GroupDrag | None = None

    def frame_key(self, app: Table) -> tuple[Hashable, ...] | None:
        return (self.carried.version, app.cursor) if self.carried is not None else None

    def cancel(self) -> bool:
        """Esc: drop the group move under way (True when there was one)."""
        was = self.carried is not None or self.grabbed is not None
        self.carried = self.grabbed = None
        return was

    def grab(self, app: Table, unit_id: str) -> bool:
        """A press on a counter of a selection of several: remember it (a drag will carry them all, a click
        selects it alone). Returns False when the selection is one counter or does not hold this one."""
        members = [m for m in (app.selected, *app.shooters) if m is not None]
        if len(members) < 2 or unit_id not in members:
            return False
        self.grabbed = unit_id
        app.hover = None
        return True

    def motion(self, app: Table, pos: tuple[int, int]) -> None:
        """The mouse moved with a group counter pressed: past the click slop, the group is picked up (every
        field computed here, once)."""
        if self.carried is not None or app.carry.press_at is None or self.grabbed is None:
            return
        if math.hypot(pos[0] - app.carry.press_at[0], pos[1] - app.carry.press_at[1]) < CLICK_SLOP:
            return
        grabbed = self.grabbed
        members = [grabbed, *(m for m in (app.selected, *app.shooters) if m is not None and m != grabbed)]
        if app.selected != grabbed:  # the counter under the hand leads: its details, its shading and bands
            app.select(grabbed)
            app.shooters = members[1:]
        self.carried = GroupDrag(app.session.state, grabbed, members, reuse=app.carry.drag)
        app._set_status(f"moving {len(members)} units together: {' '.join(members)} (Esc cancels)")

    def release(self, app: Table, pos: tuple[int, int], shift: bool) -> None:
        """The button went up after a press on a group counter: a click selects that counter alone
        (Shift+click takes it out of the selection); a drag drops the group."""
        grabbed, self.grabbed = self.grabbed, None
        group, self.carried = self.carried, None
        if group is None:
            if shift and grabbed is not None:
                app._add_shooter(grabbed)
            else:
                app.select(grabbed)
            return
        drop(app, group, app.camera.to_world(*pos), shift)
        app._refresh_selection()

    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The group being carried: paths, counters at their targets, and the box beside the cursor."""
        group = self.carried
        if group is None or group.at is None:
            return
        group.draw(target, app.camera, app.board, app.projector)
        legal = not any(not f.legal for f in group.followers())
        overlays.draw_cursor_text(target, app.texts, app.cursor, group.cursor_lines(), legal, app.text_size,
                                  clear_px=app._counter_px() // 2, area=visible.map_area(app))


def drop(app: Table, group: GroupDrag, at: WorldPoint, forced: bool) -> None:
    """Judge every unit exactly at the drop and journal the moves: those that may move do (one entry each),
    those that cannot are named; ``forced`` (Shift) asks to force them too."""
    followers = group.settle(at)
    if all(f.verdict is not None and f.verdict.distance == 0.0 for f in followers):
        app._set_status("the group has not moved")
        return
    legal = [f for f in followers if f.verdict is not None and f.verdict.legal]
    refused = [f for f in followers if not (f.verdict is not None and f.verdict.legal)]
    reasons = [f"{f.unit_id}: {f.verdict.reason if f.verdict is not None else 'refused'}" for f in refused]
    orders = [(group.drags[f.unit_id].command_text(f.target), False) for f in legal]
    if forced and refused:
        orders += [(group.drags[f.unit_id].command_text(f.target), True) for f in refused]
        app._ask(confirm.Confirmation(orders[0][0], True, (
            f"move {len(orders)} units, forcing {len(refused)}?", *(f"it breaks the rule: {r}" for r in reasons)),
            group=tuple(orders)))
        return
    if not legal:
        app._set_status("none moved: " + "; ".join(reasons) + " (Shift+drop forces)", error=True)
        return
    air = next((said for line, _ in orders
                if (said := confirm.before_the_move(app.session.state, line, line.split()[1])) is not None), None)
    if air is not None:
        app._ask(confirm.Confirmation(orders[0][0], False, (f"move {count(len(orders), 'unit')}?", air), group=tuple(orders)))
        return
    reply = app.session.submit_group(orders)
    app._console_says(f"> group move of {count(len(orders), 'unit')}", reply.lines)  # every unit's answer, to scroll back
    said = reply.text if len(orders) <= 3 else f"{len(orders)} units moved (the console lists each; Ctrl+Z takes the group back)"
    not_moved = f"; not moved: {'; '.join(reasons)} (Shift+drop forces)" if reasons else ""
    app._set_status(said + not_moved, error=not reply.accepted or bool(reasons))
