"""What a game's session hands each player on the portal, and takes from them: the same shapes for every
game, so that one portal serves them all (``kriegsspiel.portal``). A session's :meth:`desk` gives its
:class:`Desk`: a ruler game's sheets of each round (``store/round_desk.py``), an area game's pictures of
each phase and its rule set's check of every order line (``store/phase_desk.py``).

Everything here is that player's share only: a desk filters before it draws or words anything.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

#: what the umpire's board refused, as a blind power is told it (the reason itself would tell what it cannot see)
HIDDEN_REFUSAL = "not accepted on the umpire's board (what you cannot see decides it); the umpire has the reason"


@dataclass(frozen=True, slots=True)
class Handout:
    """One round's (or phase's) share of one player: its picture is ``number``; ``report`` the text of a
    ruler game's sheet, ``told`` what an area game's rules told the power of the phase before
    (``results_of``), ``orders`` the power's orders of a phase resolved; ``focus`` where its own units are
    on the picture (fractions of its width and height), for the zoom."""

    number: int
    moment: str
    report: str | None = None
    told: tuple[str, ...] | None = None
    results_of: str | None = None
    orders: tuple[str, ...] | None = None
    focus: tuple[float, float] | None = None


@dataclass(frozen=True, slots=True)
class TapProvince:
    """One province as the tap layer over a picture knows it: abbreviation, name, outline and centre (map px)."""

    abbreviation: str
    name: str
    outline: tuple[tuple[float, float], ...]
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True)
class TapCounter:
    """One unit the player sees and where its counter is drawn on the picture: ``box`` (left, top, width,
    height in picture pixels, from the picture's own layout), ``square`` for a symbol's plate, else a disc."""

    unit: Any
    box: tuple[int, int, int, int]
    square: bool


@dataclass(frozen=True, slots=True)
class TapBoard:
    """The map's provinces and its size (map pixels, the picture's size), with the counters of the units the
    player sees, as its picture draws them."""

    size_px: tuple[int, int]
    provinces: tuple[TapProvince, ...]
    counters: tuple[TapCounter, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderForm:
    """What the order form offers a player now. ``checked``: the rules check each line (as it is typed, and
    when sent); else the orders are free text the umpire reads. ``phase`` names what the orders are for."""

    phase: str
    checked: bool = False
    orders_now: bool = True
    in_force: tuple[str, ...] = ()
    choices: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: the player's units as the form lists them (text) with the orders the rules offer each; None: no list
    units: tuple[tuple[str, str, tuple[str, ...]], ...] | None = None
    placements: tuple[str, ...] = ()
    centres: tuple[str, ...] = ()
    duty: str | None = None
    waiting_for: tuple[str, ...] = ()
    board: TapBoard | None = None


@dataclass(frozen=True, slots=True)
class LineVerdict:
    """One line a player sent: ``ok`` with the order as the journal keeps it (``text``), or refused with ``reason``."""

    line: str
    ok: bool
    text: str
    reason: str | None = None
    #: the umpire's board's own reason where the player is told less (a blind game): journal and inbox only
    umpire_reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        """What the player may read of the verdict (the page, the check endpoint)."""
        return {"line": self.line, "ok": self.ok, "text": self.text, "reason": self.reason}

    def record_json(self) -> dict[str, Any]:
        """What the journal keeps of it: the umpire's reason too."""
        return {**self.to_json(), "umpire_reason": self.umpire_reason}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LineVerdict:
        """A verdict as the journal kept it (a missing or mistyped field read as absent)."""
        texts = {key: data.get(key) if isinstance(data.get(key), str) else None for key in ("reason", "umpire_reason")}
        return cls(str(data.get("line", "")), bool(data.get("ok")), str(data.get("text", "")), texts["reason"],
                   texts["umpire_reason"])


@dataclass(frozen=True, slots=True)
class PlayerDuty:
    """What the inbox says of one player in one round or phase: whether it gives orders, whether the rules
    wait for its answer, and its orders in force (None: the orders are the text it sent)."""

    orders_now: bool = True
    asked: bool = False
    in_force: tuple[str, ...] | None = None


def order_lines(text: str) -> list[str]:
    """The order lines of a sending: one per line (or separated by ``;``), blank lines and ``#`` comments left out."""
    lines = []
    for raw in text.replace("\r\n", "\n").replace(";", "\n").split("\n"):
        line = " ".join(raw.split())
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


class Gate(Protocol):
    def run(self, job: Callable[[], Any]) -> Any: ...


class Desk(Protocol):
    """A game's share for each player (keyed by ``players``, shown as ``names``)."""

    players: list[str]
    names: dict[str, str]
    #: "round" or "phase": what orders are given for, in words
    period: str

    def start(self, gate: Gate, changed: Callable[[], object], history_now: bool = True) -> None:
        """Draw what must be drawn ahead, through ``gate``; call ``changed()`` after the game moves on."""
    def draw_pending(self, most: int | None = 1) -> int:
        """Draw up to ``most`` pictures not drawn yet (the window: one a frame); how many were drawn."""
    def moment_key(self) -> tuple[Any, ...]:
        """What changes when the pages should follow a change of the game made elsewhere."""
    def page_key(self, player: str) -> tuple[Any, ...]:
        """What of ``player``'s own share changes its page when it changes (compared, never shown; cheap:
        the pages poll it)."""
    def ordering_number(self) -> int:
        """The round or phase orders go to now."""
    def closed_reason(self) -> str | None:
        """Why no orders are taken at all now (the game is over), or None."""
    def phase_name(self, number: int) -> str:
        """Round or phase ``number`` as a player reads it ("round 2", "Spring 1901, movement")."""
    def handouts(self, player: str) -> list[Handout]:
        """``player``'s handouts so far, oldest first: the last is the current one."""
    def picture(self, player: str, number: int) -> bytes | None:
        """``player``'s picture ``number`` (PNG), None when there is none."""
    def order_form(self, player: str) -> OrderForm:
        """What ``player``'s order form offers now."""
    def check(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        """The rules' verdict on each line, against what ``player`` sees; nothing is written."""
    def enter(self, player: str, text: str) -> tuple[LineVerdict, ...]:
        """Put ``player``'s orders in force where the rules take them (under the gate); their verdicts."""
    def duties(self, number: int) -> dict[str, PlayerDuty]:
        """Each player's duty in round or phase ``number`` (the inbox)."""
    def sending_data(self) -> dict[str, Any]:
        """What the journal keeps with a sending besides its text (an area game's phase code)."""
