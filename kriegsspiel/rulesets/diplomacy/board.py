"""The province map of an area game: provinces, named coasts and adjacency per unit kind.

A *location* is where a unit stands: a province abbreviation (``"PAR"``), or for a fleet on a province with
named coasts the province and the coast (``"STP/NC"``). Adjacency is never derived from geometry: it is given
explicitly per unit kind, because touching shapes do not decide it reliably (straits, coasts, Switzerland).
The property names below are the convention shared by the TOML data files and Tiled province maps
(docs/diplomacy.md):

- ``kind``: ``land`` (inland), ``coast``, ``sea`` or ``impassable``;
- ``supply_centre`` (bool), ``home`` (the power whose home centre it is), ``coasts`` (named coasts);
- ``army``: provinces an army may move to; ``fleet``: locations a fleet may move to;
  ``fleet_<coast>`` (e.g. ``fleet_nc``): the same for a fleet on that named coast.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

KINDS = ("land", "coast", "sea", "impassable")


def _sorted_pair(a: str, b: str) -> tuple[str, str]:
    """``a`` and ``b`` in sorted order."""
    return (a, b) if a <= b else (b, a)


def province_of(location: str) -> str:
    """``"STP/NC"`` -> ``"STP"``; a location without a coast is its province."""
    return location.partition("/")[0]


def coast_of(location: str) -> str | None:
    """``"STP/NC"`` -> ``"NC"``; ``None`` without a coast."""
    parts = location.split("/", 1)
    return parts[1] if len(parts) == 2 else None


@dataclass(frozen=True, slots=True)
class Province:
    """One province: its abbreviation, name, kind, supply centre and home power, named coasts."""

    abbr: str
    name: str
    kind: str
    supply_centre: bool = False
    home: str | None = None
    coasts: tuple[str, ...] = ()


@dataclass(slots=True)
class ProvinceMap:
    """A province map: provinces by abbreviation, the powers, and adjacency per unit kind.

    ``army_adj[p]`` is the set of provinces an army in ``p`` may move to; ``fleet_adj[loc]`` the set of
    locations a fleet at ``loc`` may move to (coast-qualified where the province has named coasts).
    """

    name: str
    powers: tuple[str, ...]
    provinces: dict[str, Province]
    army_adj: dict[str, frozenset[str]]
    fleet_adj: dict[str, frozenset[str]]
    _fleet_prov_adj: dict[str, frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._fleet_prov_adj = {
            loc: frozenset(province_of(t) for t in targets) for loc, targets in self.fleet_adj.items()
        }

    # --- queries -------------------------------------------------------------------------------------------
    def is_sea(self, province: str) -> bool:
        """True for a sea province (where fleets may convoy)."""
        p = self.provinces.get(province)
        return p is not None and p.kind == "sea"

    def is_land(self, province: str) -> bool:
        """True for an inland or coastal province (where armies may stand)."""
        p = self.provinces.get(province)
        return p is not None and p.kind in ("land", "coast")

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """The locations a fleet may occupy in a province: its named coasts, or the province itself;
        none for an inland or impassable province."""
        p = self.provinces[province]
        if p.kind not in ("coast", "sea"):
            return ()
        return tuple(f"{province}/{c}" for c in p.coasts) if p.coasts else (province,)

    def army_moves(self, province: str) -> frozenset[str]:
        """Provinces an army in ``province`` may move to without a convoy."""
        return self.army_adj.get(province, frozenset())

    def fleet_moves(self, location: str) -> frozenset[str]:
        """Locations a fleet at ``location`` may move to."""
        return self.fleet_adj.get(location, frozenset())

    def fleet_reaches_province(self, location: str, province: str) -> bool:
        """Whether a fleet at ``location`` may move to some location of ``province``."""
        return province in self._fleet_prov_adj.get(location, frozenset())

    def adjacent_pairs(self) -> dict[tuple[str, str], str]:
        """Every adjacent pair of provinces (sorted abbreviations) -> ``"both"``, ``"army"`` or ``"fleet"``."""
        pairs: dict[tuple[str, str], set[str]] = {}
        for a, targets in self.army_adj.items():
            for b in targets:
                pairs.setdefault(_sorted_pair(a, b), set()).add("army")
        for loc, targets in self.fleet_adj.items():
            for t in targets:
                pairs.setdefault(_sorted_pair(province_of(loc), province_of(t)), set()).add("fleet")
        return {k: ("both" if len(v) == 2 else next(iter(v))) for k, v in pairs.items()}

    def supply_centres(self) -> list[str]:
        """The supply centres, sorted."""
        return sorted(p.abbr for p in self.provinces.values() if p.supply_centre)

    def home_centres(self, power: str) -> list[str]:
        """The home supply centres of ``power``, sorted."""
        return sorted(p.abbr for p in self.provinces.values() if p.home == power and p.supply_centre)

    def sea_route_exists(self, origin: str, dest: str, seas: set[str] | frozenset[str]) -> bool:
        """Whether an army in ``origin`` could be carried to ``dest`` through the sea provinces ``seas``
        (each step sea-to-sea by fleet adjacency; the first and last seas touch the coasts)."""
        if origin == dest:
            return False
        start = [s for s in seas if self.fleet_reaches_province(s, origin)]
        seen = set(start)
        queue = deque(start)
        while queue:
            sea = queue.popleft()
            if self.fleet_reaches_province(sea, dest):
                return True
            for nxt in self.fleet_moves(sea):
                if nxt in seas and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return False

    def distances(self, targets: set[str], kind: str) -> dict[str, int]:
        """Moves from every location to the nearest of ``targets`` (provinces), for civil disorder.

        ``kind == "A"``: an army may count steps over land and sea alike (the 2000 rulebook), over the union
        of army and fleet adjacency, by province. ``kind == "F"``: a fleet counts only fleet moves, by
        location, so a fleet is measured from the coast it stands on to any coast of a target.
        Locations that cannot reach a target are absent.
        """
        if kind == "A":
            graph: dict[str, set[str]] = {}
            for a, ts in self.army_adj.items():
                graph.setdefault(a, set()).update(ts)
            for loc, ts in self.fleet_adj.items():
                graph.setdefault(province_of(loc), set()).update(province_of(t) for t in ts)
            start = [t for t in targets if t in graph or t in self.provinces]
        else:
            graph = {loc: set(ts) for loc, ts in self.fleet_adj.items()}
            start = [loc for t in targets for loc in self.fleet_locations(t) if loc in graph]
        dist = {s: 0 for s in start}
        queue = deque(start)
        while queue:
            here = queue.popleft()
            for nxt in graph.get(here, ()):
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist
