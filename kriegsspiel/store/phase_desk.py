"""An area game's desk (:class:`kriegsspiel.store.desk.Desk`; Diplomacy, Air Power Diplomacy, unit profiles):
what one power is shown on its portal page, the picture of the phase being ordered, the pictures of the
phases confirmed before, its units and the results it was told, all from the rule set's per-power ``view``
(filtered before anything is drawn); and its orders, each line checked by the rule set against the board as
that power sees it, then taken into the game as the umpire's would be (one journal record each, undoable).

The pictures are the boards of ``kriegsspiel pov`` (:func:`kriegsspiel.pov.area.area_picture`): the board as
the power sees it with its own orders as arrows, without the panel of orders and results that the files have
beside it: the page lists those as text, and on a phone the panel took a fifth of the width from the board.
Drawn with pygame: through the gate, on the thread that owns pygame.

What a power sends replaces what it sent before: its orders in force become exactly the lines accepted (the
ones left out are withdrawn). In a blind game an order the umpire's board refuses for a reason the power may
not know is told as such, the reason kept for the umpire (the journal, ``inbox``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kriegsspiel.core.area import AreaPosition, AreaUnit, PhaseResult
from kriegsspiel.scenario.area import AreaScenario, province_drawings
from kriegsspiel.store.desk import (HIDDEN_REFUSAL, Gate, Handout, LineVerdict, OrderForm, PlayerDuty, TapBoard,
                                    TapCounter, TapProvince, order_lines)
from kriegsspiel.store.pictures import picture_inputs

if TYPE_CHECKING:
    from kriegsspiel.store.area import AreaSession, AreaTurn

#: the most builds and placements a form offers
MAX_PLACEMENTS = 60


@dataclass(frozen=True, slots=True)
class PowerView:
    """One power's share of the phase being ordered: the board as it sees it, its orders in force, the
    answers the rules wait for from it, and the last phase's results it was told."""

    power: str
    position: AreaPosition
    orders: tuple[str, ...]
    choices: tuple[tuple[str, tuple[str, ...]], ...]
    told: tuple[str, ...]
    orders_now: bool

    @property
    def own_units(self) -> tuple[AreaUnit, ...]:
        return tuple(u for u in self.position.units if u.power == self.power)


def power_view(scenario: AreaScenario, turn: AreaTurn, power: str) -> PowerView:
    """What ``power`` may know of ``turn``: the rule set's view of the position (blind or not, as the
    scenario says), its own orders only, its own choices only, and what it was told of the last phase."""
    rules = scenario.rules
    seen = rules.view(turn.position, power, scenario.blind)
    orders = tuple(o.text for o in turn.orders if o.power == power)
    choices = tuple((c.question, tuple(c.options)) for c in turn.choices if c.power == power)
    told = tuple(turn.last.told.get(power, ())) if turn.last is not None else ()
    orders_now = not turn.choices and turn.winner is None and power in rules.powers_to_order(turn.position)
    return PowerView(power, seen, orders, choices, told, orders_now)




def power_names(scenario: Any) -> dict[str, str]:
    """Who plays each power: the scenario's ``[[players]]``, else the power's own name."""
    named = {p.power: p.name for p in scenario.players}
    return {power: named.get(power, power.title()) for power in scenario.powers}


def own_line(line: str, power: str, powers: list[str]) -> str | None:
    """``line`` without a leading ``POWER:`` naming ``power`` (or a prefix of it); None when it names another."""
    head, colon, rest = line.partition(":")
    name = head.strip().upper()
    if not colon or not name or " " in name:
        return line
    matches = [p for p in powers if p.startswith(name)]
    if power in matches and (name == power or len(matches) == 1):
        return rest.strip()
    if matches:
        return None
    return line


class PhaseDesk:
    """The powers' share of an area game, keyed by power (``names``: who plays each)."""

    period = "phase"

    def __init__(self, session: AreaSession) -> None:
        self.session = session
        self.scenario = session.scenario
        self.players: list[str] = list(self.scenario.powers)
        self.names = power_names(self.scenario)
        self._drawer = Drawer(self.scenario)
        self._gate: Gate | None = None
        self._current: dict[str, tuple[PowerView, bytes]] = {}
        self._history: dict[tuple[str, int], tuple[Any, bytes]] = {}

    def start(self, gate: Gate, changed: Callable[[], object], history_now: bool = True) -> None:
        self._gate = gate  # the pictures are drawn when a phone asks for them, through the gate

    def draw_pending(self, most: int | None = 1) -> int:
        return 0

    def moment_key(self) -> tuple[Any, ...]:
        return (self.session.turn, self.session.record_count)

    def page_key(self, power: str) -> tuple[Any, ...]:
        view = self.view_of(power)
        return (view.position.phase, view.orders, view.choices, view.orders_now)

    def ordering_number(self) -> int:
        return int(self.session.phase_number())

    def closed_reason(self) -> str | None:
        winner = self.session.turn.winner
        return None if winner is None else f"the game is over: {winner} has won"

    def phase_name(self, number: int) -> str:
        return str(self.session.phase_words(number))

    def view_of(self, power: str) -> PowerView:
        """What ``power`` may know of the phase being ordered."""
        return power_view(self.scenario, self.session.turn, power)

    def _run(self, job: Callable[[], bytes]) -> bytes:
        return job() if self._gate is None else self._gate.run(job)

    def handouts(self, power: str) -> list[Handout]:
        phases = self.session.confirmed_phases()
        out = [Handout(number, before.position.phase_label, told=tuple(result.told.get(power, ())),
                       orders=tuple(o.text for o in before.orders if o.power == power))
               for number, (before, result) in enumerate(phases, start=1)]
        view = self.view_of(power)
        out.append(Handout(len(phases) + 1, view.position.phase_label, told=view.told,
                           results_of=out[-1].moment if out else None, orders=view.orders,
                           focus=self._drawer.focus(view)))
        return out

    def picture(self, power: str, number: int) -> bytes | None:
        """The phase being ordered (the newest number), or a confirmed phase (1 .. confirmed) as ``kriegsspiel
        pov`` draws it; None for any other number."""
        current = self.ordering_number()
        if number == current:
            view = self.view_of(power)
            cached = self._current.get(power)
            if cached is not None and cached[0] == view:
                return cached[1]
            png = self._run(lambda: self._drawer.current(view))
            self._current[power] = (view, png)
            return png
        if not 1 <= number < current:
            return None
        phases = self._gate.run(self.session.confirmed_phases) if self._gate else self.session.confirmed_phases()
        if number > len(phases):
            return None
        before, result = phases[number - 1]
        cached_old = self._history.get((power, number))
        if cached_old is not None and cached_old[0] is before:
            return cached_old[1]
        png = self._run(lambda: self._drawer.confirmed(before, result, power))
        self._history[(power, number)] = (before, png)
        return png

    def order_form(self, power: str) -> OrderForm:
        view = self.view_of(power)
        rules = self.scenario.rules
        turn = self.session.turn
        units: list[tuple[str, str, tuple[str, ...]]] = []
        placements: list[str] = []
        for u in view.own_units:
            offered = rules.order_examples(view.position, power, u.uid) if view.orders_now else ()
            units.append((u.uid, unit_line(u), tuple(offered)))
        centres = tuple(sorted(c for c, p in view.position.owners.items() if p == power))
        if view.orders_now:
            for place in centres:
                for text in rules.place_examples(view.position, power, place):
                    if text not in placements:
                        placements.append(text)
                if len(placements) >= MAX_PLACEMENTS:
                    break
        if self.scenario.blind:
            waiting: tuple[str, ...] = ("the other powers",)
        else:
            waiting = tuple(c.power for c in turn.choices) or tuple(rules.powers_to_order(turn.position))
        board = self._drawer.tap_board(view.position) if view.orders_now else None
        return OrderForm(
            view.position.phase_label, checked=True, orders_now=view.orders_now, in_force=view.orders,
            choices=view.choices, units=tuple(units), placements=tuple(placements[:MAX_PLACEMENTS]),
            centres=centres, duty=rules.duty(view.position, power) if view.orders_now else None,
            waiting_for=waiting, board=board)

    # --- orders ---------------------------------------------------------------------------------------------

    def _verdict(self, raw: str, power: str, view: PowerView, before: list[str]) -> tuple[LineVerdict, str | None]:
        """One line's verdict against the board as ``view`` holds it, after the orders accepted ``before`` it
        (a check may depend on them: money, places); and the unit it orders, if any."""
        line = own_line(raw, power, self.players)
        if line is None:
            return LineVerdict(raw, False, raw, f"you give orders for {power} only"), None
        if view.choices:
            options = [o for _, opts in view.choices for o in opts]
            match = next((o for o in options if o.upper() == line.upper()), None)
            return (LineVerdict(raw, True, match) if match else LineVerdict(
                raw, False, line, "the rules wait for your answer: choose one of " + " | ".join(options))), None
        if not view.orders_now:
            return LineVerdict(raw, False, line, f"{power} gives no orders in {view.position.phase_label}"), None
        verdict = self.scenario.rules.check_order_among(view.position, power, line, before)
        if not verdict.accepted:
            return LineVerdict(raw, False, line, verdict.reason or "refused by the rules"), None
        return LineVerdict(raw, True, verdict.text), verdict.uid

    def check(self, power: str, text: str) -> tuple[LineVerdict, ...]:
        view = self.view_of(power)
        out: list[LineVerdict] = []
        accepted: list[str] = []
        for raw in order_lines(text)[:200]:
            verdict, _ = self._verdict(raw, power, view, accepted)
            out.append(verdict)
            if verdict.ok and not view.choices:
                accepted.append(verdict.text)
        return tuple(out)

    def enter(self, power: str, text: str) -> tuple[LineVerdict, ...]:
        """Check each line and put the power's orders in force (one journal record each, as the umpire's
        orders; those of its earlier orders not sent again withdrawn). Runs under the gate."""
        turn = self.session.turn
        view = self.view_of(power)
        verdicts: list[LineVerdict] = []
        wanted: list[tuple[int, str, str | None]] = []  # (line index, normal text, unit)
        for index, raw in enumerate(order_lines(text)):
            verdict, uid = self._verdict(raw, power, view, [] if view.choices else [w for _, w, _ in wanted])
            twin = next((i for i, w, _ in wanted if w.upper() == verdict.text.upper()), None) if verdict.ok else None
            if twin is not None and not view.choices:  # the session keeps one of two equal orders: say so
                verdict = LineVerdict(raw, False, verdict.text, f"the same order as line {twin + 1}; it counts once")
            for earlier, (i, _, unit) in enumerate(wanted):  # a later line for the same unit replaces it
                if verdict.ok and unit is not None and unit == uid:
                    verdicts[i] = LineVerdict(verdicts[i].line, False, verdicts[i].text,
                                              f"replaced by the later order {verdict.text!r}")
                    wanted.pop(earlier)
                    break
            verdicts.append(verdict)
            if verdict.ok:
                wanted.append((index, verdict.text, uid))
        if view.choices:
            for index, answer, _ in wanted:
                self._submit(power, answer, index, verdicts)
            return tuple(verdicts)
        keep = {text.upper() for _, text, _ in wanted}
        units = {uid for _, _, uid in wanted if uid is not None}
        for given in [o for o in turn.orders if o.power == power]:
            if given.text.upper() not in keep and (given.uid is None or given.uid not in units):
                self.session.submit(f"withdraw {power}: {given.text}")
        in_force = {o.text.upper() for o in self.session.turn.orders if o.power == power}
        for index, order, _ in wanted:
            if order.upper() not in in_force:
                self._submit(power, order, index, verdicts)
        return tuple(verdicts)

    def _submit(self, power: str, order: str, index: int, verdicts: list[LineVerdict]) -> None:
        outcome = self.session.submit(f"{power}: {order}")
        if not outcome.accepted:
            reason = outcome.reason or "refused"
            told = HIDDEN_REFUSAL if self.scenario.blind else reason
            verdicts[index] = LineVerdict(verdicts[index].line, False, order, told,
                                          reason if self.scenario.blind else None)

    def sending_data(self) -> dict[str, Any]:
        return {"phase": self.session.turn.position.phase}

    def duties(self, number: int) -> dict[str, PlayerDuty]:
        session = self.session
        turn = session.turn if number == session.phase_number() else session.confirmed_phases()[number - 1][0]
        ordering = set(self.scenario.rules.powers_to_order(turn.position)) if not turn.choices else set()
        asked = {c.power for c in turn.choices}
        return {power: PlayerDuty(power in ordering, power in asked,
                                  tuple(o.text for o in turn.orders if o.power == power))
                for power in self.players}


class Drawer:
    """Draws the pictures of one scenario (the province drawings made once). Its methods load pygame, the
    desk does not: `kriegsspiel inbox` reads the orders and draws nothing."""

    def __init__(self, scenario: AreaScenario) -> None:
        self.scenario = scenario
        self._drawn: list[Any] | None = None
        self._size = (scenario.board.width_px, scenario.board.height_px)

    @property
    def _drawings(self) -> list[Any]:
        """The provinces' outlines and centres, made at the first picture or tap layer asked for."""
        if self._drawn is None:
            self._drawn = list(province_drawings(self.scenario.board))
        return self._drawn

    def current(self, view: PowerView) -> bytes:
        """The PNG of the phase being ordered as ``view`` holds it: the board with the power's orders in force
        as arrows."""
        from kriegsspiel.pov.area import AreaPictureInput, area_picture, destinations
        from kriegsspiel.pov.png import png_bytes

        rules = self.scenario.rules
        shown = AreaPictureInput(view.position.phase, view.power, view.position, view.orders, view.told,
                                 rules.unit_symbols(), destinations(rules, view.position, view.power, view.orders))
        return png_bytes(area_picture(self._size, self._drawings, shown, panel=False))

    def tap_board(self, seen: AreaPosition) -> TapBoard:
        """The provinces as the tap layer over the picture knows them (outlines and centres, map pixels), with
        the counters of the units of ``seen`` (the position as the power sees it, as :meth:`current` draws
        it) where the picture draws them: the picture's own layout (``place_counters``), not a copy of it."""
        from kriegsspiel.pov.area import place_counters

        centres = {d.abbreviation: d.centre for d in self._drawings}
        counters = tuple(TapCounter(c.unit, (c.rect.x, c.rect.y, c.rect.width, c.rect.height),
                                    c.mark.symbol is not None)
                         for c in place_counters(seen, centres, self.scenario.rules.unit_symbols()))
        return TapBoard(self._size, tuple(TapProvince(d.abbreviation, d.name, d.outline, d.centre)
                                          for d in self._drawings), counters)

    def focus(self, view: PowerView) -> tuple[float, float] | None:
        """Where the power's own units stand on its picture, as fractions of the picture's width and height
        (the middle of their provinces' centres), so that a zoomed picture opens on them; None without units."""
        from kriegsspiel.pov.area import province_of, unit_marks
        from kriegsspiel.render.board_picture import key_height

        centres = {d.abbreviation: d.centre for d in self._drawings}
        points = [centres[province_of(u.where)] for u in view.own_units if province_of(u.where) in centres]
        if not points:
            return None
        width, height = self._size
        # a picture with military symbols carries their key under the board: the fraction is of the whole
        height += key_height(unit_marks(view.position, centres, symbols=self.scenario.rules.unit_symbols()), width)
        x = (min(p[0] for p in points) + max(p[0] for p in points)) / 2
        y = (min(p[1] for p in points) + max(p[1] for p in points)) / 2
        return round(x / width, 4), round(y / height, 4)

    def confirmed(self, before: AreaTurn, result: PhaseResult, power: str) -> bytes:
        """The PNG of a confirmed phase for ``power``: the board of the very picture ``kriegsspiel pov``
        writes (without its panel)."""
        from kriegsspiel.pov.area import area_picture
        from kriegsspiel.pov.png import png_bytes

        shown = picture_inputs(self.scenario, before, result, [power])[0]
        return png_bytes(area_picture(self._size, self._drawings, shown, panel=False))


def unit_line(unit: AreaUnit) -> str:
    """A unit as the power's list shows it: ``A PAR`` (Diplomacy) or ``n3 Arm (armor) at NHM`` (unit
    profiles, whose orders name units by id), and where a dislodged unit may retreat."""
    if unit.kind in ("A", "F", "W"):
        text = f"{unit.kind} {unit.where}"
    else:
        label = f"{unit.label} ({unit.kind})" if unit.label and unit.label != unit.kind else unit.kind
        text = f"{unit.uid}: {label} at {unit.where}"
    details: Any = unit.details
    if details.get("dislodged"):
        text += f" - dislodged; may retreat to {', '.join(details.get('retreats', ())) or 'nowhere: it disbands'}"
    if details.get("damage"):
        text += " - damaged"
    if details.get("aboard"):
        text += f" - aboard {details['aboard']}"
    return text
