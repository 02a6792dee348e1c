"""The game between phases, as the area-game rules work on it: a mutable :class:`Game` made from an
:class:`~kriegsspiel.core.area.AreaPosition` and turned back into one (positions stay plain JSON values).

The turn (R03.1): each power, in the scenario's turn order, plays research (only with the switch
``research``), purchase, combat move, conduct combat, noncombat move, place and collect income. A phase id is
``R<round>.<POWER>.<step>``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.rulesets.unit_profiles.board import Board, is_land, is_sea
from kriegsspiel.rulesets.unit_profiles.data import UnitProfile, UnitProfilesRules, load_rules

STEPS = ("research", "purchase", "combat-move", "combat", "noncombat-move", "place", "income")
STEP_LABELS = {"research": "research", "purchase": "purchase", "combat-move": "combat move",
               "combat": "conduct combat", "noncombat-move": "noncombat move", "place": "place new units",
               "income": "collect income"}
#: the per-unit keys a unit keeps between phases (AreaUnit.details)
UNIT_KEYS = ("damage", "aboard", "used", "moved", "attacking", "origin", "landed", "airdropped", "marched")
LABELS = {"infantry": "Inf", "colonial-infantry": "Col", "auxiliaries": "Aux", "mountain-infantry": "Mtn",
          "heavy-infantry": "HvI", "paratroopers": "Para", "cavalry": "Cav", "marines": "Mar",
          "engineers": "Eng", "armored-car": "ACar", "anti-tank-gun": "AT", "light-artillery": "LArt",
          "artillery": "Art", "heavy-artillery": "HArt", "supply-column": "Sup", "motorized-infantry": "Mot",
          "mechanized-infantry": "Mech", "light-armor": "LArm", "armor": "Arm", "heavy-armor": "HArm",
          "self-propelled-gun": "SPG", "aaa": "AAA", "air-transport": "ATr", "airship": "Zep",
          "fighter": "Ftr", "torpedo-bomber": "TBm", "dive-bomber": "DBm", "light-bomber": "LBm",
          "heavy-bomber": "HBm", "auxiliary-cruiser": "AuxC", "torpedo-boat-destroyer": "TBD",
          "destroyer": "DD", "coastal-submarine": "CSS", "submarine": "SS", "naval-transport": "Trn",
          "troopship": "Trp", "cruiser": "CA", "dreadnaught": "DN", "coast-defense-ship": "BD",
          "coastal-battleship": "BBC", "battlecruiser": "BC", "battleship": "BB", "fast-battleship": "FBB",
          "juggernaut": "JG", "escort-carrier": "CVE", "carrier": "CV", "armored-carrier": "CVA",
          "fortification": "Fort", "fortress": "Ftrs"}


@dataclass(slots=True)
class Unit:
    """One unit while a phase is worked on; ``aboard`` is the uid of the ship, carrier, airship or air
    transport carrying it (its ``where`` is its carrier's)."""

    uid: str
    power: str
    kind: str
    where: str
    damage: int = 0
    aboard: str | None = None
    used: int = 0             # movement points spent this turn (aircraft: combat and noncombat together, R22.1)
    moved: bool = False       # moved in this turn's Combat Move (R08.3)
    attacking: bool = False   # entered a hostile place in Combat Move: a battle there
    origin: str | None = None  # where it came from (retreats, R26.1)
    landed: bool = False      # attacks from a ship (R19.1, R19.3)
    airdropped: bool = False  # airdropped this turn (R23.2)
    marched: bool = False     # forced-marched this turn (R09.4)

    def details(self) -> dict[str, Any]:
        """The JSON details kept in AreaUnit.details (only what differs from a fresh unit)."""
        out: dict[str, Any] = {}
        for key in UNIT_KEYS:
            value = getattr(self, key)
            if value not in (0, None, False):
                out[key] = value
        return out


@dataclass(slots=True)
class Game:
    """The whole position, mutable. ``data`` keeps the scenario's settings and the economy."""

    board: Board
    units: dict[str, Unit]
    owners: dict[str, str]
    round: int
    power: str
    step: str
    data: dict[str, Any]
    rules: UnitProfilesRules = field(default_factory=load_rules)

    # --- conversion ---------------------------------------------------------------------------------------

    @classmethod
    def from_position(cls, position: AreaPosition) -> Game:
        """The game a position holds (the inverse of :meth:`position`)."""
        data = {k: _copy(v) for k, v in position.data.items()}
        board = data.pop("board")
        units = {}
        for u in position.units:
            d = dict(u.details)
            units[u.uid] = Unit(u.uid, u.power, u.kind, u.where, **{k: d[k] for k in UNIT_KEYS if k in d})
        return cls(board, units, dict(position.owners), int(data.pop("round")), str(data.pop("power")),
                   str(data.pop("step")), data)

    def position(self) -> AreaPosition:
        """This game as a position (units in uid order, so equal games give equal positions)."""
        units = tuple(AreaUnit(u.uid, u.power, u.kind, u.where, self.label(u), u.details())
                      for u in sorted(self.units.values(), key=lambda u: _uid_key(u.uid)))
        data = {"board": self.board, "round": self.round, "power": self.power, "step": self.step, **self.data}
        label = f"Round {self.round}, {self.power.title()}: {STEP_LABELS[self.step]}"
        return AreaPosition(f"R{self.round}.{self.power}.{self.step}", label, units, dict(self.owners), data)

    def label(self, u: Unit) -> str:
        """What the counter shows: the type's short name, with its HIT markers."""
        text = LABELS.get(u.kind, u.kind)
        return text + "*" * u.damage

    # --- facts --------------------------------------------------------------------------------------------

    def profile(self, u: Unit | str) -> UnitProfile:
        """The unit type's profile."""
        return self.rules.units[u.kind if isinstance(u, Unit) else u]

    def switch(self, name: str) -> bool:
        """A switch of the rulings (1.3, 1.4) as the scenario set it."""
        return bool(self.data["switches"][name])

    def value(self, name: str) -> int:
        """A named value of the rule set's ``[values]`` (a house rule where flagged)."""
        return self.rules.value(name)

    def allied(self, a: str | None, b: str | None) -> bool:
        """Whether two powers are the same or allies (R14.2)."""
        if a is None or b is None:
            return False
        return a == b or any(a in block and b in block for block in self.data["alliances"])

    def units_at(self, where: str) -> list[Unit]:
        """Every unit in a place (cargo included), uid order."""
        return sorted((u for u in self.units.values() if u.where == where), key=lambda u: _uid_key(u.uid))

    def enemies_at(self, where: str, power: str, warships_only: bool = False) -> list[Unit]:
        """Enemy units in a place that make it hostile (R08.2, R24.1): not cargo; at sea only warships and
        the aircraft of carriers when ``warships_only``."""
        out = []
        for u in self.units_at(where):
            if self.allied(u.power, power) or u.aboard is not None:
                continue
            if warships_only and not ({"warship"} & self.profile(u).classes):
                continue
            out.append(u)
        return out

    def friendly(self, where: str, power: str) -> bool:
        """A land territory controlled by the power or an ally (R08.2)."""
        return is_land(self.board, where) and self.allied(self.owners.get(where), power)

    def hostile(self, where: str, power: str) -> bool:
        """Enemy-controlled or holding enemy units (R08.2); a sea zone with enemy warships (R24.1)."""
        if is_sea(self.board, where):
            return bool(self.enemies_at(where, power, warships_only=True))
        owner = self.owners.get(where)
        return (owner is not None and not self.allied(owner, power)) or bool(self.enemies_at(where, power))

    def attackable(self, where: str, power: str) -> bool:
        """Where a Combat Move may end to attack (R08.2): a hostile place, or a sea zone holding any enemy unit
        (transports and Auxiliary Cruisers too, R04.1, though they make no zone hostile, R24.1)."""
        return self.hostile(where, power) or (is_sea(self.board, where) and bool(self.enemies_at(where, power)))

    def true_neutral(self, where: str) -> bool:
        """A land territory no power controls (R11.9)."""
        return is_land(self.board, where) and self.owners.get(where) is None

    def neutral_port(self, u: Unit, zone: str) -> bool:
        """R24.7 (L613): for a unit with Neutral Ports (the Auxiliary Cruiser), a sea zone next to a true neutral
        territory is as at a friendly naval base."""
        return ("neutral-ports" in self.profile(u).abilities and is_sea(self.board, zone)
                and any(self.true_neutral(a) for a in self.board[zone]["adjacent"]))

    def friendly_since_start(self, where: str, power: str) -> bool:
        """Controlled by the power or an ally since the start of the turn (R17.2, R22.1)."""
        return self.allied(self.data["owners_at_start"].get(where), power) and self.friendly(where, power)

    def cargo_of(self, carrier: str) -> list[Unit]:
        """The units aboard ``carrier``."""
        return sorted((u for u in self.units.values() if u.aboard == carrier), key=lambda u: _uid_key(u.uid))

    def new_uid_for(self, power: str) -> str:
        """A fresh unit id for the power: its prefix (n, s ...) and the next number of the game."""
        number = int(self.data["next_id"])
        self.data["next_id"] = number + 1
        return f"{self.data['prefixes'][power]}{number}"

    def industry(self, power: str, major_only: bool = False) -> list[str]:
        """The territories with an industrial complex the power controls."""
        return sorted(a for a, p in self.board.items() if p["industry"] and self.owners.get(a) == power
                      and (not major_only or p["industry"] == "major"))

    def income_of(self, power: str) -> int:
        """The IPC the power collects (R14.1): the income of every territory it controls."""
        return sum(self.board[a]["income"] for a, owner in self.owners.items() if owner == power)

    def alliance_of(self, power: str) -> tuple[str, ...]:
        """The power's alliance block (itself alone if the scenario names none)."""
        for block in self.data["alliances"]:
            if power in block:
                return tuple(block)
        return (power,)


def _uid_key(uid: str) -> tuple[str, int, str]:
    head = uid.rstrip("0123456789")
    tail = uid[len(head):]
    return (head, int(tail) if tail else -1, uid)


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value
