"""Orders in standard notation (``A PAR - BUR``, ``F BRE S A PAR - PIC``, ``F NTH C A LON - NWY``...).

:func:`parse_order` turns one line into an order value, checking the names against a province map; what the
order *means* on the board (is the unit there, is the move possible) is the adjudicator's business.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap, coast_of, province_of

UNIT_KINDS = ("A", "F", "W")


class OrderError(UserError):
    """An order that cannot be read: malformed, an unknown province or coast, a unit that is not there."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """An order that could not be given (DATC 4.E.1): ignored, the phase adjudicated without it. ``order`` is
    the order as written, ``reason`` why it could not be given, in words."""

    power: str
    order: str
    reason: str

    def message(self) -> str:
        """The one line ``--strict`` refuses the phase with."""
        return f"order {self.order!r}: {self.reason}"


def refuse(strict: bool, refused: list[Refusal], power: str, order: str, reason: str) -> None:
    """Record an order that cannot be given; raise :class:`OrderError` instead when ``strict``."""
    refusal = Refusal(power, order, reason)
    if strict:
        raise OrderError(refusal.message())
    refused.append(refusal)


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the board: its power, kind (``A`` army, ``F`` fleet, ``W`` wing) and location."""

    power: str
    kind: str
    loc: str
    #: the province the unit stands in (its location without the coast), computed once: it is asked often
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.loc))

    def key(self) -> str:
        """The unit as results are keyed: ``"F STP/SC"``."""
        return f"{self.kind} {self.loc}"


@dataclass(frozen=True, slots=True)
class Order:
    """One order. ``verb``: H (hold), M (move), SH (support hold), SM (support move), C (convoy),
    R (retreat), D (disband), B (build), WAIVE; for wings also RAID, AIRLIFT, PATROL, ESCORT.

    ``kind``/``loc``: the ordered unit as written; ``target``: the supported or convoyed unit's province
    (``target_kind`` its kind where written); ``dest``: the destination location as written (a coast may be
    absent); ``via``: the move was marked to go by convoy. Wing missions: ``route`` the provinces flown
    through (``VIA X Y``), ``ignore`` the powers a patrol lets pass, ``over`` where an escort covers.
    """

    verb: str
    kind: str = ""
    loc: str = ""
    target: str = ""
    target_kind: str = ""
    dest: str = ""
    via: bool = False
    text: str = ""
    route: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    over: tuple[str, ...] = ()
    #: the province of the ordered unit, computed once
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.loc))


_COAST_PAREN = re.compile(r"\(\s*([A-Za-z]{2})\s*\)")


def _tokens(text: str) -> list[str]:
    cleaned = _COAST_PAREN.sub(lambda m: "/" + m.group(1), text.strip().upper())
    cleaned = cleaned.replace("->", " - ").replace("-", " - ")
    return cleaned.split()


def _location(board: ProvinceMap, token: str, line: str) -> str:
    prov, coast = province_of(token), coast_of(token)
    if prov not in board.provinces:
        raise OrderError(f"order {line!r}: unknown province {prov}")
    if board.provinces[prov].kind == "impassable":
        raise OrderError(f"order {line!r}: {prov} is impassable")
    if coast is not None and coast not in board.provinces[prov].coasts:
        have = ", ".join(board.provinces[prov].coasts) or "none"
        raise OrderError(f"order {line!r}: {prov} has no coast {coast} (its coasts: {have})")
    return token


def parse_order(board: ProvinceMap, line: str) -> Order:
    """Read one order in standard notation.

    Raises :class:`OrderError` (one line naming the order) when it is malformed or names an unknown
    province or coast.
    """
    t = _tokens(line)
    if t == ["WAIVE"]:
        return Order("WAIVE", text=line)

    def bad(why: str) -> OrderError:
        return OrderError(f"order {line!r}: {why}; expected e.g. 'A PAR - BUR', 'F BRE S A PAR - PIC', "
                          "'F NTH C A LON - NWY', 'A MUN H', 'F TYS R ION', 'A PAR B', 'WAIVE'")

    if len(t) < 2 or t[0] not in UNIT_KINDS:
        raise bad("it must start with the unit: A, F or W and a province")
    kind, loc = t[0], _location(board, t[1], line)
    rest = t[2:]
    if kind == "W":
        return _wing_order(board, loc, rest, line, bad)
    if not rest or rest == ["H"] or rest == ["HOLD"]:
        return Order("H", kind, loc, text=line)
    verb = rest[0]
    if verb == "-":
        if len(rest) == 2:
            return Order("M", kind, loc, dest=_location(board, rest[1], line), text=line)
        if len(rest) == 3 and rest[2] == "VIA":
            return Order("M", kind, loc, dest=_location(board, rest[1], line), via=True, text=line)
        raise bad("a move is '- PROVINCE' optionally followed by VIA")
    if verb in ("S", "C"):
        body = rest[1:]
        target_kind = ""
        if body and body[0] in UNIT_KINDS:
            target_kind, body = body[0], body[1:]
        if not body:
            raise bad("a support or convoy names the unit it helps")
        target = province_of(_location(board, body[0], line))
        if verb == "S" and (len(body) == 1 or body[1:] == ["H"]):
            return Order("SH", kind, loc, target=target, target_kind=target_kind, text=line)
        if len(body) == 3 and body[1] == "-":
            dest = _location(board, body[2], line)
            return Order("SM" if verb == "S" else "C", kind, loc, target=target, target_kind=target_kind,
                         dest=dest, text=line)
        raise bad("a support is 'S A VEN' or 'S A PAR - PIC'; a convoy 'C A LON - NWY'")
    if verb == "R" and len(rest) == 2:
        return Order("R", kind, loc, dest=_location(board, rest[1], line), text=line)
    if verb in ("D", "DISBAND") and len(rest) == 1:
        return Order("D", kind, loc, text=line)
    if verb in ("B", "BUILD") and len(rest) == 1:
        return Order("B", kind, loc, text=line)
    raise bad(f"'{' '.join(rest)}' is not an order")


def _wing_order(
    board: ProvinceMap, loc: str, rest: list[str], line: str, bad: Callable[[str], OrderError]
) -> Order:
    """A wing's order (Air Power Diplomacy): a move, support, raid, airlift, patrol or escort, each
    optionally flown ``VIA X [Y]``; retreat, disband and build as for other units."""
    def provinces(tokens: list[str]) -> tuple[str, ...]:
        return tuple(province_of(_location(board, x, line)) for x in tokens)

    route: tuple[str, ...] = ()
    if "VIA" in rest:
        at = rest.index("VIA")
        route = provinces(rest[at + 1:])
        if not 1 <= len(route) <= 2:
            raise bad("a wing flies 'VIA X' or 'VIA X Y'")
        rest = rest[:at]
    if not rest or rest in (["H"], ["HOLD"]):
        return Order("SH", "W", loc, target=loc, route=route, text=line)
    verb = rest[0]
    if verb == "-" and len(rest) == 2:
        return Order("M", "W", loc, dest=province_of(_location(board, rest[1], line)), route=route, text=line)
    if verb == "S":
        body = rest[1:]
        target_kind = body.pop(0) if body and body[0] in UNIT_KINDS else ""
        for token in body:
            if token != "-":
                _location(board, token, line)
        if len(body) == 1:
            return Order("SH", "W", loc, target=province_of(body[0]), target_kind=target_kind, route=route, text=line)
        if len(body) == 3 and body[1] == "-":
            return Order("SM", "W", loc, target=province_of(body[0]), target_kind=target_kind,
                         dest=_location(board, body[2], line), route=route, text=line)
        raise bad("a wing supports 'S A BUR', 'S PAR' or 'S A PAR - PIC'")
    if verb == "RAID" and len(rest) == 2:
        return Order("RAID", "W", loc, dest=provinces(rest[1:])[0], route=route, text=line)
    if verb == "AIRLIFT" and len(rest) == 5 and rest[1] == "A" and rest[3] == "-":
        src, dst = provinces([rest[2], rest[4]])
        return Order("AIRLIFT", "W", loc, target=src, target_kind="A", dest=dst, route=route, text=line)
    if verb == "PATROL" and len(rest) >= 2:
        ignore: tuple[str, ...] = ()
        if len(rest) > 2:
            if rest[2] != "IGNORE" or len(rest) < 4:
                raise bad("a patrol is 'PATROL NTH' optionally followed by 'IGNORE FRANCE GERMANY'")
            ignore = tuple(rest[3:])
            unknown = [p for p in ignore if p not in board.powers]
            if unknown:
                raise OrderError(f"order {line!r}: unknown power {unknown[0]} (powers: {', '.join(board.powers)})")
        return Order("PATROL", "W", loc, dest=provinces(rest[1:2])[0], ignore=ignore, text=line)
    if verb == "ESCORT" and len(rest) >= 3 and rest[1] == "W":
        over: tuple[str, ...] = ()
        if len(rest) > 3:
            if rest[3] != "OVER" or not 1 <= len(rest) - 4 <= 3:
                raise bad("an escort is 'ESCORT W LON' optionally followed by 'OVER A B C'")
            over = provinces(rest[4:])
        return Order("ESCORT", "W", loc, target=provinces(rest[2:3])[0], target_kind="W", over=over, text=line)
    if verb == "R" and len(rest) == 2:
        return Order("R", "W", loc, dest=province_of(_location(board, rest[1], line)), text=line)
    if verb in ("D", "DISBAND") and len(rest) == 1:
        return Order("D", "W", loc, text=line)
    if verb in ("B", "BUILD") and len(rest) == 1:
        return Order("B", "W", loc, text=line)
    raise bad(f"'{' '.join(rest)}' is not a wing order (move, S, RAID, AIRLIFT, PATROL, ESCORT, R, D, B)")
