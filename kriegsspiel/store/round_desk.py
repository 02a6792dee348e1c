"""A ruler game's desk (:class:`kriegsspiel.store.desk.Desk`): what each player is handed at the start of a
round, the picture (the very PNG ``kriegsspiel pov`` writes) and a report, both drawn from the player's
PlayerView only, so that nothing they may not see can reach them. The orders are free text the umpire reads.

Sheet 1 is the game as it stood before the first move; sheet N (N > 1) is the end of round N - 1, published
when the umpire ends that round. The orders a player sends on sheet N are for round N.
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from kriegsspiel.core.sight import PlayerView, player_view
from kriegsspiel.store.desk import Gate, Handout, LineVerdict, OrderForm, PlayerDuty
from kriegsspiel.store.places import landmarks_of, where_words


@dataclass(frozen=True, slots=True)
class Sheet:
    """One player's picture (PNG bytes) and report for the start of round ``number``."""

    number: int
    moment: str
    png: bytes
    report: str
    #: where the player's own units are on the picture (fractions of its width and height), for the zoom
    focus: tuple[float, float] | None = None


def _raw_place(x: float, y: float) -> str:
    return f"at ({x:.1f}, {y:.1f})"


def _bare(place: str) -> str:
    """``at Birmingham`` -> ``Birmingham`` (after "from" and "to")."""
    return place[3:] if place.startswith("at ") else place


def places_of(public: Any) -> Callable[[float, float], str]:
    """Where a point is in words, from the printed map's names and its unit of distance (the scenario's, else
    the rule set's: :attr:`kriegsspiel.pov.public.PublicMap.distance_unit`)."""
    battlefield = public.battlefield
    width_px, height_px = battlefield.grid.pixel_size
    size = (width_px * battlefield.grid.world_per_px, height_px * battlefield.grid.world_per_px)
    marks = landmarks_of(battlefield)
    unit, per_world_unit = public.distance_unit, public.distance_per_world_unit
    return lambda x, y: where_words(x, y, marks, unit, size, per_world_unit)


def report_text(view: PlayerView, moment: str, place: Callable[[float, float], str] = _raw_place) -> str:
    """The report of a PlayerView: the moment, the player's units, friends and enemies in sight, the umpire's
    notes for the player and the messages received, each place told by ``place`` (words: :func:`places_of`).
    Only what ``view`` holds: enemies are told by kind and place, never by id."""
    _place = place
    lines = [f"{view.player} ({view.side}): {moment}", ""]
    mine = [u for u in view.own_units if u.commanded]
    friends = [u for u in view.own_units if not u.commanded]
    lines.append(f"Your units ({len(mine)}):" if mine else "You command no unit in play.")
    for unit in mine:
        facing = f", facing {unit.heading:.0f}°" if unit.heading is not None else ""
        hidden = ", hidden" if unit.hidden else ""
        lines.append(f"  {unit.id}: {unit.type_id} {_place(unit.position.x, unit.position.y)}, "
                     f"strength {unit.health}{facing}{hidden}")
    if friends:
        lines.append(f"Friendly units in sight ({len(friends)}):")
        lines += [f"  {u.id}: {u.type_id} {_place(u.position.x, u.position.y)}" for u in friends]
    if view.seen_enemies:
        lines.append(f"Enemy in sight ({len(view.seen_enemies)}):")
        for enemy in view.seen_enemies:
            facing = f", facing {enemy.heading:.0f}°" if enemy.heading is not None else ""
            lines.append(f"  {enemy.side} {enemy.type_id} {_place(enemy.position.x, enemy.position.y)}{facing}")
    else:
        lines.append("No enemy in sight.")
    if view.notes:
        lines.append("The umpire's notes on your map:")
        for note in view.notes:
            if note.shape == "text":
                lines.append(f"  {note.text} ({_place(note.start.x, note.start.y)})")
            else:
                lines.append(f"  {'an arrow' if note.shape == 'arrow' else 'a line'} from "
                             f"{_bare(_place(note.start.x, note.start.y))} to {_bare(_place(note.end.x, note.end.y))}")
    if view.received:
        lines.append("Received:")
        lines += [f"  round {m.round}, {m.heading}: {m.text}" for m in view.received]
    return "\n".join(lines)


def units_focus(view: PlayerView, public: Any, size_px: tuple[int, int]) -> tuple[float, float] | None:
    """The middle of the player's own units on its whole-map picture of ``size_px`` (legend included), as
    fractions of its width and height, so that a zoomed picture opens on them; None without units."""
    if not view.own_units or size_px[0] <= 0 or size_px[1] <= 0:
        return None
    from kriegsspiel.render.player_picture import full_map_camera  # pygame: only once a sheet is drawn

    camera = full_map_camera(public)
    points = [camera.to_screen(u.position) for u in view.own_units]
    x = (min(p[0] for p in points) + max(p[0] for p in points)) / 2
    y = (min(p[1] for p in points) + max(p[1] for p in points)) / 2
    return round(x / size_px[0], 4), round(y / size_px[1], 4)


def draw_sheets(state: Any, number: int, players: list[str]) -> dict[str, Sheet]:
    """Every one of ``players``' sheet ``number`` from ``state`` (for N > 1, the state as round N - 1 ended;
    for 1, the state before the first move). Draws with pygame: call on the thread that owns pygame."""
    # pygame is loaded here, not with the desk: `kriegsspiel inbox` reads the orders and draws nothing
    from kriegsspiel.pov import public_map, round_moment
    from kriegsspiel.pov.png import png_bytes
    from kriegsspiel.render.player_picture import draw_picture

    moment = round_moment(state, None if number == 1 else number - 1)
    public = public_map(state)
    places = places_of(public)
    sheets = {}
    for name in players:
        view = player_view(state, name)
        picture = draw_picture(view, public, moment=moment)
        sheets[name] = Sheet(number, moment, png_bytes(picture), report_text(view, moment, places),
                             units_focus(view, public, picture.get_size()))
    return sheets


def start_of_round_states(states: Iterable[Any]) -> dict[int, Any]:
    """For each round reached in ``states`` (a game's states in order, walked once), the state its sheet is
    drawn from: the first state of round 1, and for N > 1 the first state in which round N - 1 had ended."""
    found: dict[int, Any] = {}
    for index, state in enumerate(states):
        if index == 0:
            found[1] = state
        found.setdefault(int(state.round), state)
    return found


class RoundDesk:
    """The sheets of a ruler game's players: every sheet so far drawn at the start (or a picture at a time,
    :meth:`draw_pending`), each new round's the moment the round ends. Orders are free text: nothing checks
    them and nothing enters the game but the umpire."""

    period = "round"

    def __init__(self, session: Any) -> None:
        self.session = session
        self.players: list[str] = session.players()
        self.names = {name: name for name in self.players}
        self._data = threading.Lock()
        self._sheets: dict[str, dict[int, Sheet]] = {name: {} for name in self.players}
        self._pending: list[tuple[int, Any, str]] = []  # earlier rounds' pictures still to draw
        self._changed: Callable[[], object] = lambda: None

    def start(self, gate: Gate, changed: Callable[[], object], history_now: bool = True) -> None:
        self._changed = changed
        rounds = sorted(start_of_round_states(self.session.states_in_force()).items())
        number, state = rounds[-1]
        self._store(draw_sheets(state, number, self.players))
        # the newest earlier round first: it is the one a player looks back at
        self._pending = [(n, st, name) for n, st in reversed(rounds[:-1]) for name in self.players]
        if history_now:
            self.draw_pending(None)
        self.session.on_round_end.append(self._round_ended)

    def draw_pending(self, most: int | None = 1) -> int:
        drawn = 0
        while self._pending and (most is None or drawn < most):
            number, state, name = self._pending.pop(0)
            self._store(draw_sheets(state, number, [name]))
            drawn += 1
        return drawn

    def _round_ended(self, session: Any, ended: int) -> None:
        self.publish(ended + 1, session.state)

    def publish(self, number: int, state: Any) -> None:
        """Draw and publish every player's sheet ``number`` from ``state``, then say the game moved on."""
        self._store(draw_sheets(state, number, self.players))
        self._changed()

    def _store(self, sheets: dict[str, Sheet]) -> None:
        with self._data:
            for name, sheet in sheets.items():
                self._sheets[name][sheet.number] = sheet

    def moment_key(self) -> tuple[Any, ...]:
        with self._data:
            return (max((max(s) for s in self._sheets.values() if s), default=0),)

    def page_key(self, player: str) -> tuple[Any, ...]:
        with self._data:
            return (max(self._sheets[player], default=0),)

    def ordering_number(self) -> int:
        return int(self.session.state.round)

    def closed_reason(self) -> str | None:
        return None

    def phase_name(self, number: int) -> str:
        return f"round {number}"

    def handouts(self, player: str) -> list[Handout]:
        with self._data:
            mine = self._sheets[player]
            return [Handout(s.number, s.moment, report=s.report, focus=s.focus) for _, s in sorted(mine.items())]

    def picture(self, player: str, number: int) -> bytes | None:
        with self._data:
            sheet = self._sheets[player].get(number)
        return None if sheet is None else sheet.png

    def order_form(self, player: str) -> OrderForm:
        return OrderForm(self.phase_name(self.ordering_number()))

    def check(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        return ()

    def enter(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        return ()

    def sending_data(self) -> dict[str, Any]:
        return {}

    def duties(self, number: int) -> dict[str, PlayerDuty]:
        return {name: PlayerDuty() for name in self.players}
