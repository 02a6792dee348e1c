"""Scenarios of area games (Diplomacy, Air Power Diplomacy, unit profiles): a province map, an area rule set
and the rule set's own setup.

Format (TOML)::

    [scenario]
    name = "Diplomacy, 1901"
    map = "../maps/diplomacy-standard.tmx"   # a province map (Tiled), relative to this file
    ruleset = "diplomacy"                   # an installed area rule set
    seed = 1901                             # optional: drawn when absent (the save keeps it)
    blind = false                           # optional: each power sees only what its units see
    description = "..."                     # optional

    [setup]                                 # passed whole to the rule set's AreaRules.start
    ...

    [[players]]                             # optional: who plays which power (pictures, portal)
    name = "Anna"
    power = "FRANCE"

A scenario is an area scenario when its rule set is an area game (``RuleSet.kind == "area"``).
"""
from __future__ import annotations

import hashlib
import re
import secrets
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from kriegsspiel.border import InputKind, SchemaError, convert, read_input
from kriegsspiel.border.scenario_schema import AreaHead, AreaPlayer, AreaScenarioFile
from kriegsspiel.border.types import Name
from kriegsspiel.core.area import AreaPosition, AreaRules
from kriegsspiel.core.plugin import RuleSet, find_ruleset, installed_rulesets
from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.toml_bounds import MAX_SCENARIO_BYTES, TomlTooLarge, load_bounded
from kriegsspiel.scenario.toml_lines import KeyLines
from kriegsspiel.tiled.errors import MapError
from kriegsspiel.tiled.provinces import ProvinceMapFile, read_province_map

if TYPE_CHECKING:  # drawing loads pygame: only the commands that draw import it (adjudicate, verify, replay do not)
    from kriegsspiel.render.provinces import ProvinceDrawing

class AreaScenarioError(UserError):
    """An area scenario that cannot be played; the message names the file, the line and the key."""


@dataclass(frozen=True, eq=False)
class Player:
    """A player of an area game and the power they play."""

    name: str
    power: str


@dataclass(frozen=True, eq=False)
class AreaScenario:
    """A validated area scenario. ``text`` is the file's exact text (a save embeds it), ``map_ref`` the map as
    the scenario wrote it, ``board`` the province map as read, ``rules`` the rule set's AreaRules."""

    source: str
    name: str
    text: str
    sha256: str
    map_ref: str
    map_path: Path
    map_sha256: str
    ruleset: RuleSet
    rules: AreaRules
    seed: int
    blind: bool
    description: str
    setup: Mapping[str, Any]
    players: tuple[Player, ...]
    board: ProvinceMapFile
    seed_drawn: bool = False
    warnings: tuple[Finding, ...] = field(default_factory=tuple)

    @property
    def powers(self) -> tuple[str, ...]:
        return self.board.powers

    @property
    def ruleset_sha256(self) -> str:
        """A fingerprint of the rule set's data file as loaded (a save keeps it: a changed rule set is noted)."""
        try:
            data = self.ruleset.data_file().read_bytes()
        except (OSError, NotImplementedError, AttributeError):
            data = f"{self.ruleset.name} {self.ruleset.version}".encode("utf-8")
        return hashlib.sha256(data).hexdigest()

    @property
    def ruleset_fingerprints(self) -> tuple[str, ...]:
        """Every fingerprint a save of this rule set may carry: :attr:`ruleset_sha256` (written now), and those
        of earlier bytes of the data file that held the same numbers (the rule set declares them)."""
        return (self.ruleset_sha256, *self.ruleset.earlier_data_fingerprints)

    def start(self) -> AreaPosition:
        """The position the game starts from (the rule set's start, the scenario's blind switch passed in).
        Raises UserError naming the scenario and the key."""
        setup = {**self.setup, "blind": self.blind}
        return self.rules.start(setup, self.board.powers, self.board.properties(), self.source)


def province_drawings(board: ProvinceMapFile) -> list[ProvinceDrawing]:
    """The provinces of a map as the board is drawn (render.provinces): outline, kind, supply centre, home."""
    from kriegsspiel.render.provinces import ProvinceDrawing

    out = []
    for abbr, shape in board.provinces.items():
        props = shape.properties
        home = props.get("home")
        out.append(ProvinceDrawing(abbr, shape.name, str(props.get("kind", "land")), shape.outline, shape.centre(),
                                   bool(props.get("supply_centre", False)), str(home).upper() if home else None))
    return out


def area_ruleset_of_text(text: str) -> RuleSet | None:
    """The area rule set a scenario text names, or None when it names none (or a ruler game's): the test
    whether a scenario (or a save's embedded scenario) is an area game's."""
    try:
        data = load_bounded(text)
    except (tomllib.TOMLDecodeError, TomlTooLarge, RecursionError):
        return None  # not an area scenario one can read: the ruler games' loader says what is wrong
    try:
        named: _RulesetNamed = convert(data, _RulesetNamed, "")
    except SchemaError:
        return None
    ruleset = find_ruleset(named.scenario.ruleset)
    return ruleset if ruleset is not None and ruleset.kind == "area" else None


class _NamedHead(msgspec.Struct, frozen=True):
    ruleset: Name


class _RulesetNamed(msgspec.Struct, frozen=True):
    """Just enough of a scenario to tell its rule set (the other keys are the loader's)."""

    scenario: _NamedHead


def is_area_scenario(path: str | Path) -> bool:
    """True when the file at ``path`` is a readable scenario of an area rule set."""
    try:
        data = read_input(path, InputKind("a scenario .toml file", MAX_SCENARIO_BYTES))
        return area_ruleset_of_text(data.decode("utf-8-sig")) is not None
    except (UserError, OSError, UnicodeDecodeError):
        return False


def _sha256_file(path: Path) -> str:
    return hashlib.sha256(read_input(path, "map")).hexdigest()


def load_area_scenario(path: str | Path) -> AreaScenario:
    """Read and validate an area scenario file. Raises AreaScenarioError (file, line, key, what to do)."""
    path = Path(path)
    try:
        raw = read_input(path, InputKind("a scenario .toml", MAX_SCENARIO_BYTES))
    except UserError as exc:
        raise AreaScenarioError(str(exc)) from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise AreaScenarioError(f"{path}: larger than a scenario may be ({MAX_SCENARIO_BYTES:,} bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise AreaScenarioError(f"{path}: not UTF-8 text; save the scenario as UTF-8") from None
    return parse_area_scenario_text(text, str(path), path.parent)


def parse_area_scenario_text(text: str, source: str, base_dir: Path, *, seed: int | None = None,
                             map_ref: str | None = None) -> AreaScenario:
    """Validate an area scenario given as text (``base_dir``: where its map path starts; ``seed`` and
    ``map_ref``: a save's, replacing the scenario's). Raises AreaScenarioError naming ``source``, the line and
    the key; the rule set's own start is tried too, so that a bad ``[setup]`` is found here."""
    lines = KeyLines.scan(text)

    def where(table: str, key: str | None = None, index: int | None = None) -> str:
        line = lines.line(table, index, key)
        return f"{source}:{line}" if line else source

    try:
        data = load_bounded(text)
    except tomllib.TOMLDecodeError as exc:
        raise AreaScenarioError(f"{source}: not TOML ({exc}); fix the line it names") from None
    except TomlTooLarge as exc:
        raise AreaScenarioError(f"{source}: {exc}") from None
    typed = _decoded(data, source, where)
    head = typed.scenario
    for key in ("name", "map", "ruleset"):
        if not getattr(head, key).strip():
            raise AreaScenarioError(f"{where('scenario', key)}: [scenario] {key}: empty; give it")
    ruleset = find_ruleset(head.ruleset)
    if ruleset is None or ruleset.kind != "area" or ruleset.area_rules() is None:
        known = ", ".join(n for n, r in sorted(installed_rulesets().items()) if r.kind == "area") or "none"
        raise AreaScenarioError(f"{where('scenario', 'ruleset')}: [scenario] ruleset = {head.ruleset!r}: not an "
                                f"area game installed here; area games: {known}")
    rules = ruleset.area_rules()
    assert rules is not None
    blind = head.blind
    seed_drawn = False
    if seed is None:
        seed = head.seed
        if seed is None:
            seed, seed_drawn = secrets.randbelow(2**31), True
    description = head.description
    ref = map_ref or head.map
    map_path = (base_dir / ref)
    if not map_path.is_file():
        raise AreaScenarioError(f"{where('scenario', 'map')}: [scenario] map = {head.map!r}: no such file "
                                f"({map_path}); give the path of a province map, relative to the scenario")
    try:
        board, findings = read_province_map(map_path, overlaps=False)  # check MAP tells overlaps
    except MapError as exc:
        raise AreaScenarioError(f"{where('scenario', 'map')}: [scenario] map: {exc}") from None
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise AreaScenarioError(f"{where('scenario', 'map')}: [scenario] map: {errors[0].format()}")
    problems = ruleset.check_provinces(board.powers, board.properties(), str(map_path))
    if problems:
        raise AreaScenarioError(f"{where('scenario', 'map')}: [scenario] map {map_path}: {problems[0]}; run "
                                "kriegsspiel check on the map")
    if board.ruleset != ruleset.name:
        raise AreaScenarioError(f"{where('scenario', 'ruleset')}: the map {map_path} is drawn for the rule set "
                                f"{board.ruleset!r}, not {ruleset.name!r}")
    setup = typed.setup
    players = _players(typed.players, board.powers, source)
    scenario = AreaScenario(
        source=source, name=head.name.strip(), text=text,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(), map_ref=ref, map_path=map_path,
        map_sha256=_sha256_file(map_path), ruleset=ruleset, rules=rules, seed=int(seed), blind=blind,
        description=description.strip(), setup=setup, players=players, board=board, seed_drawn=seed_drawn,
        warnings=tuple(f for f in findings if f.severity != "error"),
    )
    try:
        scenario.start()
    except UserError as exc:
        message = str(exc).removeprefix(f"{source}: ")
        raise AreaScenarioError(f"{where('setup')}: {message}") from None
    return scenario


_KEY_PATH = re.compile(r"^(?P<table>[A-Za-z_][\w-]*)(?:\[(?P<index>\d+)\])?(?:\.(?P<key>.+))?$")


def _decoded(data: dict[str, Any], source: str, where: Callable[[str, str | None, int | None], str]
             ) -> AreaScenarioFile:
    """The scenario's tables decoded by their schema; raises AreaScenarioError naming the line, the table and
    key, and what belongs there (``where``: the file and line of a table, its key and index)."""
    try:
        return convert(data, AreaScenarioFile, source)
    except SchemaError as exc:
        found = _KEY_PATH.match(exc.key)
        if found is None:
            raise AreaScenarioError(f"{source}: {exc.expected}") from None
        table, key = found["table"], found["key"]
        index = int(found["index"]) if found["index"] is not None else None
        if table == "scenario" and key is None and exc.expected.startswith("missing"):
            raise AreaScenarioError(f"{source}: no [scenario] table; start the file with [scenario] and its name, "
                                    "map and ruleset") from None
        if key is None and index is None and exc.expected == "unknown key":
            raise AreaScenarioError(f"{where(table, None, None)}: [{table}]: unknown table; an area scenario has [scenario], "
                                    "[setup] and [[players]]") from None
        label = (f"[[{table}]] number {index + 1}" if index is not None else f"[{table}]") + (f" {key}" if key else "")
        words = exc.expected
        if words == "unknown key" and table == "scenario":
            words += f"; the keys are {', '.join(AreaHead.__struct_fields__)}"
        raise AreaScenarioError(f"{where(table, key, index)}: {label}: {words}") from None


def _players(raw: list[AreaPlayer], powers: tuple[str, ...], source: str) -> tuple[Player, ...]:
    out = []
    for entry in raw:
        power = entry.power.strip().upper()
        if power not in powers:
            raise AreaScenarioError(f"{source}: [[players]] {entry.name!r}: power {entry.power!r} is not one "
                                    f"of the map's powers ({', '.join(powers)})")
        out.append(Player(entry.name.strip(), power))
    return tuple(out)


def check_area_scenario_file(path: str | Path) -> list[Finding]:
    """The findings of an area scenario for ``kriegsspiel check`` (empty: it plays). Never raises."""
    try:
        scenario = load_area_scenario(path)
    except UserError as exc:
        text = str(exc)
        prefix = str(path)
        line = None
        if text.startswith(prefix + ":"):
            rest = text[len(prefix) + 1:]
            head, _, tail = rest.partition(": ")
            if head.isdigit():
                line, text = int(head), tail
            else:
                text = rest.lstrip()
        return [Finding(str(path), text, "error", line)]
    return list(scenario.warnings)
