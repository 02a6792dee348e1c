"""The text of the combat orders, a parse/format pair like :mod:`kriegsspiel.core.commands._notation`::

    attack va1 va2 > cav1        fire art1 > cav1 Smithy      spy va1       build eng1 > fortification F1
    missile dd1 > cv1            torpedo sub1 > dd1           nuke ssbn1 > 12.5,4   load va1 va2 > lst1
    disembark va1 > 13.5,4       takeoff f1   land f1 > cv1   dogfight f1 f2 > b1   pulse b1 > cav1
    airlift t1 > va1 va2         kamikaze f1 > dd1            survey r1

Importing this module (``notation`` does) adds these parsers to ``notation``'s and :func:`format_combat` to its
formatters, so that ``parse_command(format_command(c)) == c`` holds for them too.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from kriegsspiel.rulesets.modern_4e.commands import (
    Airlift,
    Attack,
    Board,
    Bomb,
    Build,
    DepthCharge,
    Disembark,
    Dogfight,
    Fire,
    Kamikaze,
    Land,
    Load,
    Missile,
    Nuke,
    Pulse,
    Sortie,
    Spy,
    Survey,
    Takeoff,
    Torpedo,
)
from kriegsspiel.core.commands import Command
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.commands import NotationError, finite_number, format_number, split_arrow, unit_token


_TOKEN = re.compile(r'"([^"]*)"|(\S+)')


def _words(text: str, command: str) -> list[str]:
    """The targets of a line: unit ids, or structure names; a name with spaces goes in double quotes."""
    if text.count('"') % 2:
        raise NotationError(f'{command}: a name in double quotes has no closing \'"\'', command)
    words = []
    for quoted, plain in _TOKEN.findall(text):
        if plain:
            words.append(plain)
        elif not quoted.strip():
            raise NotationError(f"{command}: an empty name in quotes", command)
        else:
            words.append(" ".join(quoted.split()))
    return words


def _target(token: str, command: str, what: str = "target") -> str:
    """A target token: a unit id, or a structure name that may hold spaces (not quotes, '>' or commas)."""
    if " " in token and not any(c in token for c in "\">,"):
        return token
    return unit_token(token, command, what)


def _show(name: str) -> str:
    return f'"{name}"' if " " in name else name


def _ids(tokens: list[str], command: str, what: str) -> tuple[str, ...]:
    if len(set(tokens)) != len(tokens):
        raise NotationError(f"{command}: a {what} is named twice", command)
    return tuple(_target(t, command, what) if what != "unit" else unit_token(t, command, what) for t in tokens)


def _many_to_many(name: str,
                  command_type: Callable[[tuple[str, ...], tuple[str, ...]], Command]) -> Callable[[str], Command]:
    def parse(rest: str) -> Command:
        left, right = split_arrow(rest, name)
        units, targets = left.split(), _words(right, name)
        if not units:
            raise NotationError(f"{name}: name at least one unit before '>'", name)
        if not targets:
            raise NotationError(f"{name}: name at least one target after '>'", name)
        return command_type(_ids(units, name, "unit"), _ids(targets, name, "target"))

    return parse


def _one_to_one(name: str, command_type: Callable[[str, str], Command]) -> Callable[[str], Command]:
    def parse(rest: str) -> Command:
        left, right = split_arrow(rest, name)
        units, targets = left.split(), _words(right, name)
        if len(units) != 1:
            raise NotationError(f"{name}: name exactly one unit before '>'", name)
        if len(targets) > 1:
            quoted = " ".join(targets)
            raise NotationError(f"{name}: name exactly one target after '>'; a structure's name with spaces goes "
                                f'in double quotes: {name} {units[0]} > "{quoted}"', name)
        if not targets:
            raise NotationError(f"{name}: name exactly one target after '>'", name)
        return command_type(unit_token(units[0], name), _target(targets[0], name))

    return parse


def _one_unit(name: str, command_type: Callable[[str], Command]) -> Callable[[str], Command]:
    def parse(rest: str) -> Command:
        parts = rest.split()
        if len(parts) != 1:
            raise NotationError(f"{name}: expected one unit id", name)
        return command_type(unit_token(parts[0], name))

    return parse


def _point(text: str, command: str) -> WorldPoint | None:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        return None
    return WorldPoint(finite_number(parts[0], command, "X"), finite_number(parts[1], command, "Y"))


def _parse_build(rest: str) -> Command:
    left, right = split_arrow(rest, "build")
    units, words = left.split(), _words(right, "build")
    if len(units) != 1:
        raise NotationError("build: name exactly one unit before '>'", "build")
    if len(words) != 2:
        raise NotationError("build: expected the kind and a name after '>', e.g. 'build eng1 > fortification F1' "
                            "(a name with spaces in double quotes: 'build eng1 > fortification \"Fort Hill\"')",
                            "build")
    return Build(unit_token(units[0], "build"), words[0].lower(), _target(words[1], "build", "structure name"))


def _parse_nuke(rest: str) -> Command:
    left, right = split_arrow(rest, "nuke")
    units = left.split()
    if len(units) != 1:
        raise NotationError("nuke: name exactly one unit before '>'", "nuke")
    if "," in right and '"' not in right:
        point = _point(right, "nuke")
        if point is None:
            raise NotationError(f"nuke: expected a target or a point X,Y after '>', got {right!r}", "nuke")
        return Nuke(unit_token(units[0], "nuke"), None, point)
    targets = _words(right, "nuke")
    if len(targets) != 1:
        raise NotationError("nuke: name one target or a point X,Y after '>'", "nuke")
    return Nuke(unit_token(units[0], "nuke"), _target(targets[0], "nuke"))


def _parse_load(rest: str) -> Command:
    left, right = split_arrow(rest, "load")
    units, carriers = left.split(), right.split()
    if not units:
        raise NotationError("load: name at least one unit before '>'", "load")
    if len(carriers) != 1:
        raise NotationError("load: name exactly one ship after '>'", "load")
    return Load(_ids(units, "load", "unit"), unit_token(carriers[0], "load", "ship"))


def _parse_disembark(rest: str) -> Command:
    left, right = split_arrow(rest, "disembark")
    units = left.split()
    if len(units) != 1:
        raise NotationError("disembark: name exactly one unit before '>'", "disembark")
    point = _point(right, "disembark")
    if point is None:
        raise NotationError(f"disembark: expected a point X,Y after '>', got {right!r}", "disembark")
    return Disembark(unit_token(units[0], "disembark"), point)


def _parse_land(rest: str) -> Command:
    if ">" not in rest:
        parts = rest.split()
        if len(parts) != 1:
            raise NotationError("land: expected one plane, and optionally '> BASE'", "land")
        return Land(unit_token(parts[0], "land"))
    left, right = split_arrow(rest, "land")
    units, bases = left.split(), _words(right, "land")
    if len(units) != 1 or len(bases) != 1:
        raise NotationError("land: expected 'land PLANE' or 'land PLANE > AIRFIELD|CARRIER'", "land")
    return Land(unit_token(units[0], "land"), _target(bases[0], "land", "airfield or carrier"))


def _parse_bomb(rest: str) -> Command:
    left, right = split_arrow(rest, "bomb")
    units, targets = left.split(), _words(right, "bomb")
    if len(units) != 1:
        raise NotationError("bomb: name exactly one plane before '>'", "bomb")
    if not targets:
        raise NotationError("bomb: name at least one target after '>'", "bomb")
    return Bomb(unit_token(units[0], "bomb"), _ids(targets, "bomb", "target"))


def _parse_pulse(rest: str) -> Command:
    if ">" not in rest:
        parts = rest.split()
        if len(parts) != 1:
            raise NotationError("pulse: expected one plane, and optionally '> TARGET ...'", "pulse")
        return Pulse(unit_token(parts[0], "pulse"))
    left, right = split_arrow(rest, "pulse")
    units = left.split()
    if len(units) != 1:
        raise NotationError("pulse: name exactly one plane before '>'", "pulse")
    return Pulse(unit_token(units[0], "pulse"), _ids(right.split(), "pulse", "target"))


def _parse_airlift(rest: str) -> Command:
    left, right = split_arrow(rest, "airlift")
    planes, units = left.split(), right.split()
    if len(planes) != 1:
        raise NotationError("airlift: name exactly one plane before '>'", "airlift")
    if not units:
        raise NotationError("airlift: name at least one unit after '>'", "airlift")
    return Airlift(unit_token(planes[0], "airlift"), _ids(units, "airlift", "unit"))


#: command word -> parser of the rest of the line
PARSERS: dict[str, Callable[[str], Command]] = {
    "attack": _many_to_many("attack", Attack),
    "fire": _many_to_many("fire", Fire),
    "spy": _one_unit("spy", Spy),
    "build": _parse_build,
    "missile": _one_to_one("missile", Missile),
    "torpedo": _one_to_one("torpedo", Torpedo),
    "sortie": _one_to_one("sortie", Sortie),
    "depthcharge": _one_to_one("depthcharge", DepthCharge),
    "board": _one_to_one("board", Board),
    "nuke": _parse_nuke,
    "load": _parse_load,
    "disembark": _parse_disembark,
    "takeoff": _one_unit("takeoff", Takeoff),
    "land": _parse_land,
    "dogfight": _many_to_many("dogfight", Dogfight),
    "bomb": _parse_bomb,
    "pulse": _parse_pulse,
    "airlift": _parse_airlift,
    "kamikaze": _one_to_one("kamikaze", Kamikaze),
    "survey": _one_unit("survey", Survey),
}


def format_combat(command: Command) -> str | None:
    """The canonical text of a combat order, or None when ``command`` is not one."""
    if isinstance(command, (Attack, Fire, Dogfight)):
        return f"{command.name} {' '.join(command.units)} > {' '.join(map(_show, command.targets))}"
    if isinstance(command, (Spy, Takeoff, Survey)):
        return f"{command.name} {command.unit}"
    if isinstance(command, Build):
        return f"build {command.unit} > {command.kind} {_show(command.structure)}"
    if isinstance(command, (Missile, Torpedo, Sortie, DepthCharge, Board, Kamikaze)):
        return f"{command.name} {command.unit} > {_show(command.target)}"
    if isinstance(command, Nuke):
        if command.point is not None:
            return f"nuke {command.unit} > {format_number(command.point.x)},{format_number(command.point.y)}"
        return f"nuke {command.unit} > {_show(command.target or '')}"
    if isinstance(command, Load):
        return f"load {' '.join(command.units)} > {command.carrier}"
    if isinstance(command, Disembark):
        return f"disembark {command.unit} > {format_number(command.target.x)},{format_number(command.target.y)}"
    if isinstance(command, Land):
        return f"land {command.unit}" + (f" > {_show(command.base)}" if command.base else "")
    if isinstance(command, Bomb):
        return f"bomb {command.unit} > {' '.join(map(_show, command.targets))}"
    if isinstance(command, Pulse):
        return f"pulse {command.unit}" + (f" > {' '.join(command.targets)}" if command.targets else "")
    if isinstance(command, Airlift):
        return f"airlift {command.unit} > {' '.join(command.units)}"
    return None


