"""The order notation of the unit-profiles game (docs/unit-profiles.md, "Orders"): text -> :class:`Order`, and
each order's normal text (what the journal keeps). Words are case-insensitive; places are abbreviations.

::

    research 2 for mechanization airborne-operations     research step (switch `research`)
    buy 3 infantry          buy armor                      purchase
    move n4,n5 NHM-MIT-FEL                                 combat move / noncombat move (a path of places)
    move n20 WNS-SSW with n7,n8 unload FEL                 a ship loads land units and lands them
    move s64 WSS with s65 unload MIT                        a ship lands its cargo from where it stands (R19.1)
    move n30 NHM-MIT with n31 drop FEL                     an air transport airdrops its paratrooper
    march n9 NHM-MIT                                        Forced March (cavalry), first in combat move
    ferry n30 NHM-MIT 5 to ALLY                             noncombat move: an air transport ferries IPC
    supply n30 NHM-MIT                                      supply drop on the path's last territory
    order SSW FEL MIT                                       conduct combat: the order of the battles
    fire n40 at SSW                                         conduct combat: a Fortress's coastal artillery
    place 2 infantry NHM      place destroyer HAF ENS       place (ships: the IC and the sea zone)
    casualties FEL r1 attacker-fire: s3 s4                 answers to the rules' questions (choices)
    rerolls FEL r2 defender-fire: yes
    retreat FEL r1 to MIT     press FEL r1
    withdraw WSS r1 defender to WNS     stay WSS r1 defender      (the Auxiliary Cruiser, R24.2)
    intercept MIT r0 intercept: s5 s6                      (the fighters intercepting an airdrop, R23.4)
    bombard FEL r0 bombardment: n29                        (the ships that bombard, R20.2)
    targets WSS r1 attacker-fire: s50 s52                  (where the firer's own hits go, R05.3)
    casualties MIT r0 overflight-n30: n31                  (the air transports an overflight downs, R21.3)
"""
from __future__ import annotations

import re
from dataclasses import dataclass


class Refusal(Exception):
    """An order the rules refuse; the message says why for people (naming the unit, place or rule)."""


@dataclass(frozen=True, slots=True)
class Order:
    """One parsed order. ``verb`` is the first word; the other fields are filled by verb."""

    verb: str
    units: tuple[str, ...] = ()
    path: tuple[str, ...] = ()
    cargo: tuple[str, ...] = ()
    unload: str | None = None
    drop: str | None = None
    count: int = 1
    kind: str = ""
    places: tuple[str, ...] = ()
    key: str = ""
    answer: str = ""

    def text(self) -> str:
        """The order's normal text."""
        v = self.verb
        if v == "research":
            return f"research {self.count}" + (f" for {' '.join(self.places)}" if self.places else "")
        if v == "buy":
            return f"buy {self.count} {self.kind}"
        if v in ("move", "march", "supply"):
            text = f"{v} {','.join(self.units)} {'-'.join(self.path)}"
            if self.cargo:
                text += f" with {','.join(self.cargo)}"
            if self.unload:
                text += f" unload {self.unload}"
            if self.drop:
                text += f" drop {self.drop}"
            return text
        if v == "ferry":
            return f"ferry {self.units[0]} {'-'.join(self.path)} {self.count} to {self.places[0]}"
        if v == "order":
            return "order " + " ".join(self.places)
        if v == "fire":
            return f"fire {self.units[0]} at {self.places[0]}"
        if v == "place":
            return f"place {self.count} {self.kind} {' '.join(self.places)}"
        if v in ("casualties", "rerolls", "bombard", "targets"):
            return f"{v} {self.key}: {self.answer}".rstrip()
        if v == "intercept":
            return f"intercept {self.key}" + (f": {self.answer}" if self.answer else "")
        if v == "retreat":
            return f"retreat {self.key} to {self.answer}"
        if v == "press":
            return f"press {self.key}"
        if v == "withdraw":
            return f"withdraw {self.key} to {self.answer}"
        if v == "stay":
            return f"stay {self.key}"
        raise AssertionError(v)


_KEY = r"([A-Za-z0-9_]+ r\d+(?: [a-z0-9_-]+)?)"
_UIDS = r"([a-z_]+\d+(?:\s*,\s*[a-z_]+\d+)*)"
_PATH = r"([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)+)"
#: a move's path may be one place: ships unloading where they stand (``move s64 WSS with s65 unload MIT``)
_MOVE_PATH = r"([A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*)"


def _uids(text: str) -> tuple[str, ...]:
    return tuple(u.strip().lower() for u in text.split(",") if u.strip())


def _path(text: str) -> tuple[str, ...]:
    return tuple(p.upper() for p in text.split("-"))


def _count(text: str | None) -> int:
    return int(text) if text else 1


def parse_order(text: str) -> Order:
    """Parse one order; raises Refusal with the expected form when the text is not an order."""
    line = " ".join(text.strip().split())
    low = line.lower()
    word = low.split(" ", 1)[0] if low else ""
    if m := re.fullmatch(r"research (\d{1,9})(?: for ((?:[a-z-]+ ?)+))?", low):
        return Order("research", count=int(m.group(1)), places=tuple((m.group(2) or "").split()))
    if m := re.fullmatch(r"buy (?:(\d{1,9}) )?([a-z-]+)", low):
        return Order("buy", count=_count(m.group(1)), kind=m.group(2))
    if m := re.fullmatch(rf"(move|march|supply) {_UIDS} {_MOVE_PATH}(?: with {_UIDS})?(?: (unload|drop) ([A-Za-z0-9_]+))?",
                         line, re.IGNORECASE):
        end = m.group(6).upper() if m.group(6) else None
        return Order(m.group(1).lower(), units=_uids(m.group(2)), path=_path(m.group(3)),
                     cargo=_uids(m.group(4)) if m.group(4) else (),
                     unload=end if (m.group(5) or "").lower() == "unload" else None,
                     drop=end if (m.group(5) or "").lower() == "drop" else None)
    if m := re.fullmatch(rf"ferry ([a-z_]+\d+) {_PATH} (\d{{1,9}}) to ([A-Za-z0-9_]+)", line, re.IGNORECASE):
        return Order("ferry", units=(m.group(1).lower(),), path=_path(m.group(2)), count=int(m.group(3)),
                     places=(m.group(4).upper(),))
    if m := re.fullmatch(r"order((?: [A-Za-z0-9_]+)+)", line, re.IGNORECASE):
        return Order("order", places=tuple(p.upper() for p in m.group(1).split()))
    if m := re.fullmatch(r"fire ([a-z_]+\d+) at ([A-Za-z0-9_]+)", line, re.IGNORECASE):
        return Order("fire", units=(m.group(1).lower(),), places=(m.group(2).upper(),))
    if m := re.fullmatch(r"place (?:(\d{1,9}) )?([a-z-]+) ([A-Za-z0-9_]+)(?: ([A-Za-z0-9_]+))?", line, re.IGNORECASE):
        places = tuple(p.upper() for p in (m.group(3), m.group(4)) if p)
        return Order("place", count=_count(m.group(1)), kind=m.group(2).lower(), places=places)
    if m := re.fullmatch(rf"(bombard|targets) {_KEY}:((?: [a-z_]+\d+)+)", line, re.IGNORECASE):
        return Order(m.group(1).lower(), key=_norm_key(m.group(2)), answer=m.group(3).strip().lower())
    if m := re.fullmatch(rf"(casualties|rerolls) {_KEY}:((?: [a-z_]+\d+)*|(?: (?:yes|no)))", line, re.IGNORECASE):
        return Order(m.group(1).lower(), key=_norm_key(m.group(2)), answer=m.group(3).strip().lower())
    if m := re.fullmatch(rf"intercept {_KEY}(?::((?: [a-z_]+\d+)+))?", line, re.IGNORECASE):
        return Order("intercept", key=_norm_key(m.group(1)), answer=(m.group(2) or "").strip().lower())
    if m := re.fullmatch(r"retreat ([A-Za-z0-9_]+ r\d+) to ([A-Za-z0-9_]+)", line, re.IGNORECASE):
        return Order("retreat", key=_norm_key(m.group(1)), answer=m.group(2).upper())
    if m := re.fullmatch(rf"withdraw {_KEY} to ([A-Za-z0-9_]+)", line, re.IGNORECASE):
        return Order("withdraw", key=_norm_key(m.group(1)), answer=m.group(2).upper())
    if m := re.fullmatch(rf"stay {_KEY}", line, re.IGNORECASE):
        return Order("stay", key=_norm_key(m.group(1)))
    if m := re.fullmatch(r"press ([A-Za-z0-9_]+ r\d+)", line, re.IGNORECASE):
        return Order("press", key=_norm_key(m.group(1)))
    forms = {
        "research": "research N [for DOCTRINE ...]", "buy": "buy [N] TYPE", "place": "place [N] TYPE WHERE [SEA]",
        "move": "move UNIT[,UNIT] A-B[-C] [with UNIT,UNIT] [unload|drop PLACE]", "march": "march UNIT A-B",
        "ferry": "ferry TRANSPORT A-B[-C] N to POWER",
        "supply": "supply UNIT A-B[-C]", "order": "order PLACE PLACE ...", "fire": "fire FORTRESS at SEA",
        "casualties": "casualties PLACE rN STEP: UNIT UNIT", "rerolls": "rerolls PLACE rN STEP: yes|no",
        "retreat": "retreat PLACE rN to PLACE", "press": "press PLACE rN",
        "withdraw": "withdraw PLACE r1 SIDE to SEA", "stay": "stay PLACE r1 SIDE",
        "intercept": "intercept PLACE r0 intercept[: FIGHTER ...]", "targets": "targets PLACE rN STEP: UNIT ...",
        "bombard": "bombard PLACE r0 bombardment: SHIP ...",
    }
    if word in forms:
        raise Refusal(f"{line!r}: write it as '{forms[word]}'")
    raise Refusal(f"{line!r} is no order of this game; orders: {', '.join(sorted(forms))} (docs/unit-profiles.md)")


def _norm_key(key: str) -> str:
    parts = key.split()
    return " ".join([parts[0].upper(), *(p.lower() for p in parts[1:])])
