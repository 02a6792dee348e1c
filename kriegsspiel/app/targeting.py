"""Aiming orders with the mouse: pick the shooters, press a key, click the targets.

Select a counter (click), add more with Ctrl+click, Shift+click or a Ctrl+drag box, then press an order's key
(the rule set's hints, ``OrderSpec.key``: under the Fourth Edition A attack, F fire, B bomb, ...). Every possible
target is marked: a ring where the rules accept the order, grey where they refuse it, and the refusal (out of
range, wrong unit type, already fired, moved and fired, not in the air turn) shows when the mouse rests on it or
it is clicked. Clicking a target chooses it (again: drops it); orders with one target go at once (unless their
hint asks for Enter), the others with Enter (Shift+Enter forces). Esc leaves. How an order is aimed (its key,
how many shooters and targets, at whom) comes from the rule set's ``OrderSpec``; the window knows no order's
word. The verdicts come from the one door itself: ``apply`` on the current state with throwaway dice, so the
window never disagrees with the shell.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pygame

from kriegsspiel.app import transport_orders as transport
from kriegsspiel.core.game import OrderSpec, apply, rules_of
from kriegsspiel.core.battlefield import Structure
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Rejected
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.overlays import TextCache

def order_specs(state: GameState) -> Mapping[str, OrderSpec]:
    """The hints of the orders the game's rule set gives with the mouse (word -> OrderSpec), in its order."""
    return rules_of(state).order_specs


def spec_of(state: GameState, word: str) -> OrderSpec:
    """The hints of the order ``word`` (an order without any: one unit at one enemy target)."""
    return order_specs(state).get(word) or OrderSpec(word)


def key_orders(state: GameState) -> dict[int, str]:
    """Key -> the order it aims, from the rule set's hints (pygame key codes: a letter's is its ASCII code)."""
    return {ord(spec.key) if len(spec.key) == 1 else pygame.key.key_code(spec.key): word
            for word, spec in order_specs(state).items() if spec.key}


def row_label(state: GameState, row: str) -> str:
    """A menu row's text: the order and, when a key aims it too, the key (``fire  (F)``)."""
    spec = order_specs(state).get(row)
    return f"{row}  ({spec.key.upper()})" if spec is not None and spec.key else row


_FORCE_SUFFIX = " (force to override)"


def _token(name: str) -> str:
    return f'"{name}"' if " " in name else name


@dataclass
class Targeting:
    """One order being aimed: its word, the shooters, the targets chosen so far (unit ids, structure names).
    A Ruleset V3 combat is the word ``combat`` with its ``chart``: the shooters attack, the targets defend."""

    word: str
    shooters: tuple[str, ...]
    chosen: list[str] = field(default_factory=list)
    chart: str | None = None
    spec: OrderSpec | None = None  # the rule set's hints (None: one target, an enemy)
    _verdicts: dict[str, str | None] | None = field(default=None, repr=False)
    _for_state: GameState | None = field(default=None, repr=False)

    @property
    def hints(self) -> OrderSpec:
        """How the order is aimed (:class:`OrderSpec`)."""
        return self.spec if self.spec is not None else OrderSpec(self.word)

    def line(self, targets: list[str] | None = None) -> str:
        """The shell line of the order with ``targets`` (default: those chosen)."""
        names = self.chosen if targets is None else targets
        word = f"{self.word} {self.chart}" if self.chart else self.word
        if not names and (self.hints.targets == 0 or self.hints.optional):
            return f"{word} {' '.join(self.shooters)}"  # takeoff f1, survey r1, land f1 (nearest), pulse b1
        return f"{word} {' '.join(self.shooters)} > {' '.join(_token(n) for n in names)}"

    def verdicts(self, state: GameState) -> dict[str, str | None]:
        """Every possible target -> None when the rules accept the order at it alone, else the refusal."""
        if self._for_state is state and self._verdicts is not None:
            return self._verdicts
        sides = {state.units[s].side for s in self.shooters if s in state.units}
        hints = self.hints
        if hints.aim == "friend":
            names = transport.friendly_targets(state, hints, self.shooters)
        elif hints.aim in ("point", "none") or hints.targets == 0:
            names = []  # nothing to mark: the order goes as it is, or at the point clicked
        else:
            names = [u.id for u in state.units.values() if u.side not in sides and u.carried_by is None]
        if hints.structures:
            names += [s.name for s in state.battlefield.structures if s.name and '"' not in s.name]
        self._verdicts = {name: self.refusal(state, [name]) for name in names}
        self._for_state = state
        return self._verdicts

    def refusal(self, state: GameState, targets: list[str]) -> str | None:
        """Why the rules refuse the order at ``targets`` (without the force hint), or None."""
        try:
            command = rules_of(state).parse(self.line(targets))
        except NotationError as exc:
            return str(exc)
        # A dry run through the one door: the state is a value, the dice are thrown away, nothing is journaled.
        outcome = apply(state, command, Dice(0, 0))
        if isinstance(outcome, Rejected):
            reason = outcome.reason
            return reason[: -len(_FORCE_SUFFIX)] if reason.endswith(_FORCE_SUFFIX) else reason
        return None

    def choose(self, state: GameState, name: str, insist: bool = False) -> str | None:
        """Click on ``name``: choose it (or drop it when chosen). Returns the refusal when the rules refuse it;
        a refused target is chosen all the same when the umpire ``insist``s (Shift+click: the order then goes
        only forced, and the journal keeps the refusal it overrode)."""
        if name in self.chosen:
            self.chosen.remove(name)
            return None
        verdicts = self.verdicts(state)
        reason = verdicts.get(name, f"{name} is not a target of {self.word}")
        if reason is None or (insist and name in verdicts):
            self.chosen = [*self.chosen, name] if self.hints.targets == -1 else [name]
        return reason

    @property
    def ready(self) -> bool:
        """True when the order may be sent as it is: a target is chosen, or the order needs none."""
        return bool(self.chosen) or self.hints.targets == 0 or self.hints.optional

    def menu_refusal(self, state: GameState) -> str | None:
        """Why a menu row of this order is greyed: the rules refuse it with every possible target (the reason
        given for the nearest, or for the bare order where it may go without one), or None."""
        hints = self.hints
        if hints.targets == 0:
            return self.refusal(state, [])
        bare = self.refusal(state, []) if hints.optional else None
        if hints.optional and bare is None:
            return None
        if hints.aim == "point":
            return None  # judged where the umpire clicks
        verdicts = self.verdicts(state)
        if any(reason is None for reason in verdicts.values()):
            return None
        if bare is not None:
            return bare
        if not verdicts:
            return f"no possible target for {self.word}"
        first = state.unit(self.shooters[0])
        nearest = min(verdicts, key=lambda n: _distance(first.position, place_of(state, n)) if first else 0.0)
        return verdicts[nearest]

    @property
    def goes_at_once(self) -> bool:
        """True when the order has one target, so the first accepted click sends it."""
        return self.hints.targets != -1 and not self.hints.confirm

    @property
    def enter_verb(self) -> str:
        """What Enter does with the order aimed, for the status line: a Ruleset V3 combat rolls its chart's die,
        other orders are sent."""
        return "rolls" if self.chart else "sends"


def place_of(state: GameState, name: str) -> WorldPoint | None:
    """Where a target stands: a unit's position or a structure's centre."""
    unit = state.unit(name)
    if unit is not None:
        return unit.position
    structure = next((s for s in state.battlefield.structures if s.name == name), None)
    return structure.centre if isinstance(structure, Structure) else None


def _distance(a: WorldPoint, b: WorldPoint | None) -> float:
    """World units between two points (a target with no place counts as far away)."""
    return float("inf") if b is None else ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5


def target_at(state: GameState, camera: Camera, targeting: Targeting, pos: tuple[int, int], radius_px: float) -> str | None:
    """The possible target nearest the screen position within ``radius_px`` pixels, or None."""
    best: tuple[float, str] | None = None
    for name in targeting.verdicts(state):
        point = place_of(state, name)
        if point is None:
            continue
        x, y = camera.to_screen(point)
        d = ((x - pos[0]) ** 2 + (y - pos[1]) ** 2) ** 0.5
        if d <= radius_px and (best is None or d < best[0]):
            best = (d, name)
    return None if best is None else best[1]


#: colours of the marks: accepted, refused (grey), chosen
OPEN = (250, 210, 60)
GREYED = (120, 120, 120)
CHOSEN = (230, 40, 40)


def draw(surface: pygame.Surface, camera: Camera, state: GameState, targeting: Targeting, radius_px: int) -> None:
    """Mark every possible target: a ring where the order is accepted, a grey disc where refused, a thick red
    ring and cross-hair on the chosen ones; the shooters get a dashed ring."""
    for name, reason in targeting.verdicts(state).items():
        point = place_of(state, name)
        if point is None:
            continue
        x, y = (round(v) for v in camera.to_screen(point))
        if name in targeting.chosen:
            pygame.draw.circle(surface, CHOSEN, (x, y), radius_px + 3, 3)
            pygame.draw.line(surface, CHOSEN, (x - radius_px - 6, y), (x + radius_px + 6, y), 2)
            pygame.draw.line(surface, CHOSEN, (x, y - radius_px - 6), (x, y + radius_px + 6), 2)
        elif reason is None:
            pygame.draw.circle(surface, OPEN, (x, y), radius_px + 3, 2)
        else:
            grey = pygame.Surface((2 * radius_px + 2, 2 * radius_px + 2), pygame.SRCALPHA)
            pygame.draw.circle(grey, (*GREYED, 170), (radius_px + 1, radius_px + 1), radius_px)
            surface.blit(grey, (x - radius_px - 1, y - radius_px - 1))
    for shooter in targeting.shooters:
        unit = state.unit(shooter)
        if unit is not None:
            x, y = (round(v) for v in camera.to_screen(unit.position))
            pygame.draw.circle(surface, (60, 200, 255), (x, y), radius_px + 5, 2)


# --- the right-click menu ------------------------------------------------------------------------------

MENU_ITEM_PX = 26
MENU_WIDTH_PX = 170


def menu_items(state: GameState, unit_ids: list[str]) -> tuple[str, ...]:
    """The rule set's weapons orders the first unit may give (``transport_orders.gives``), in the rule set's order, then its
    air and transport orders and those of the units aboard it (:func:`kriegsspiel.app.transport_orders.menu_rows`)."""
    unit = state.unit(unit_ids[0]) if unit_ids else None
    if unit is None:
        return ()
    words = [word for word, spec in order_specs(state).items() if spec.menu == "weapons" and transport.gives(state, unit, spec)]
    return (*words, *transport.menu_rows(state, unit))


def aim(state: GameState, word: str, group: list[str] | tuple[str, ...]) -> Targeting:
    """Aiming the order ``word`` with ``group`` by the rule set's hints."""
    return Targeting(word, tuple(group), spec=spec_of(state, word))


def row_targeting(state: GameState, row: str, group: list[str]) -> Targeting:
    """The aiming of a menu row: its order with the group, or with the unit aboard that the row names."""
    word, rider = transport.split_row(row)
    return aim(state, word, (rider,) if rider else tuple(group))


@dataclass(frozen=True)
class Menu:
    """A right-click menu at ``origin`` (screen pixels) listing ``items`` (order words, or a Ruleset V3's
    chart ids). ``labels``: the text of each row (default: the word and its key); ``refused``: for each row
    None, or why the rules refuse it for the selection (the row is greyed)."""

    origin: tuple[int, int]
    items: tuple[str, ...]
    labels: tuple[str, ...] = ()
    refused: tuple[str | None, ...] = ()
    width: int = MENU_WIDTH_PX

    def refusal(self, word: str) -> str | None:
        """Why ``word``'s row is greyed, or None."""
        if word not in self.items or not self.refused:
            return None
        return self.refused[self.items.index(word)]

    def rect(self, index: int) -> pygame.Rect:
        """The screen rectangle of item ``index``."""
        x, y = self.origin
        return pygame.Rect(x, y + index * MENU_ITEM_PX, self.width, MENU_ITEM_PX)

    def item_at(self, pos: tuple[int, int]) -> str | None:
        """The order under ``pos``, or None outside the menu."""
        for index, word in enumerate(self.items):
            if self.rect(index).collidepoint(pos):
                return word
        return None


def draw_menu(surface: pygame.Surface, texts: TextCache, menu: Menu, size: int) -> None:
    """Draw the menu: one row per order, its key in brackets."""
    if not menu.items:
        return
    outline = menu.rect(0).unionall([menu.rect(i) for i in range(len(menu.items))])
    pygame.draw.rect(surface, (34, 36, 44), outline)
    pygame.draw.rect(surface, (200, 200, 210), outline, 1)
    for index, word in enumerate(menu.items):
        text = menu.labels[index] if menu.labels else word
        label = texts.get(text, size, GREYED if menu.refusal(word) else (235, 235, 240))
        r = menu.rect(index)
        surface.blit(label, (r.x + 8, r.y + (r.height - label.get_height()) // 2))
