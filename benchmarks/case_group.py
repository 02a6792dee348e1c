"""Group move in the umpire's window: one frame while 50 counters are dragged together, against a bare composite.

The frame is the project's frame of ``case_frame`` (1920x1080, the largest shipped map, 500 counters); 50
counters of the side to move, those nearest the middle of the view, are selected and one of them is dragged:
each frame takes one mouse motion, gives the grabbed unit its exact path and the others theirs within the
window's frame budget (:data:`kriegsspiel.app.group_move.FRAME_BUDGET_S`), and draws everything (map, shading,
counters, 50 paths and carried counters, cursor box, bars, panel). The reference, in the same process, is the
bare composite of ``case_frame`` (a full-screen map blit, 500 counter blits, one full-screen alpha overlay).
Goal: frame <= 3x the reference. Extra figures: the pick-up (50 reachable fields, once) and the time for all 50
exact verdicts (the drop, or a resting hand over a few frames).
"""
from __future__ import annotations

import time

import pygame

from benchmarks import CaseResult, case, median_seconds
from benchmarks.case_frame import _app, _reference_frame

GROUP = 50


def _group_drag(app):
    """Select the GROUP units of the side to move nearest the view's middle, press on the nearest, move past
    the click slop: the group is picked up. Returns the grabbed unit, the pick-up seconds and screen points to
    move between."""
    from kriegsspiel.core.geometry import WorldPoint

    state = app.session.state
    vp = app.camera.viewport
    centre = app.camera.to_world(vp.left + vp.width / 2, vp.top + vp.height / 2)
    own = sorted((u for u in state.units.values() if u.side == state.side_to_move),
                 key=lambda u: (u.position.x - centre.x) ** 2 + (u.position.y - centre.y) ** 2)[:GROUP]
    app.select(own[0].id)
    app.shooters = [u.id for u in own[1:]]
    grabbed = own[0]
    start = app.camera.to_screen_int(grabbed.position)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    ends = [app.camera.to_screen_int(WorldPoint(grabbed.position.x + dx, grabbed.position.y + dy))
            for dx, dy in ((6.0, 2.0), (4.5, -3.0), (-5.0, 4.0), (3.0, 5.5))]
    began = time.perf_counter()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ends[0], rel=(0, 0), buttons=(1, 0, 0))])
    pickup = time.perf_counter() - began
    return grabbed, pickup, ends


@case("group_drag_50", goal="frame of a 50-counter group drag <= 3x a bare composite", max_ratio=3.0)
def group_drag_50(repeats: int) -> CaseResult:
    app, map_name = _app()
    grabbed, pickup_s, ends = _group_drag(app)
    group = app.group.carried
    assert group is not None and len(group.members) == GROUP, "the group was not picked up"
    counter = iter(range(10**9))

    def frame() -> None:
        pos = ends[next(counter) % len(ends)]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])

    reps = max(repeats, 30)
    frame_s = median_seconds(frame, reps, warmup=4)
    fresh = type(group.at)(group.at.x + 0.37, group.at.y + 0.21)  # a point none was checked at yet
    began = time.perf_counter()
    group.settle(fresh)
    settle_s = time.perf_counter() - began
    reference_s = median_seconds(_reference_frame(), reps, warmup=2)
    return CaseResult(frame_s, reference_s, {
        "map": map_name, "group": GROUP, "grabbed": grabbed.type_id, "pickup_ms": round(pickup_s * 1000, 1),
        "all_exact_ms": round(settle_s * 1000, 1),
    })
