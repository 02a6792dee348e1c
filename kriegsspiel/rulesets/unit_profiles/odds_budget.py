"""How much the exact odds may take before the odds are simulated instead (docs/unit-profiles.md, "Odds"):
a memory budget in MB (default 512, ``kriegsspiel battle --odds --memory MB``) and the figures that turn the
search's estimated size into bytes and seconds, measured on mixed land battles of 10 to 15 units a side.

The search's memory is nearly all in its transitions (from a position to what a round may leave of it) and
the volleys it memoizes, both in proportion to the transitions; the interpreter itself (about 60 MB with
numpy) is not counted. ``Chain.estimate`` gives an upper bound of the transitions before the search starts
(measured: 2.0 to 2.4 times the transitions the search then makes); the search also counts the transitions it
makes and stops at the budget's, so the budget holds even where the estimate is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass

#: the memory the exact search may take, MB (tracemalloc's count: the search's own objects)
DEFAULT_MEMORY_MB = 512
#: bytes the search holds per transition it makes, memoized volleys included (measured peak: 210-250)
BYTES_PER_TRANSITION = 280
#: bytes per transition of the estimate (an upper bound of 2.0-2.4 times the transitions made)
BYTES_PER_ESTIMATED = 120
#: seconds of the search per estimated transition (measured about 2.7 µs on one core; taken wider)
SECONDS_PER_ESTIMATED = 4e-6
#: the exact search's time limit, s: beyond its estimate the odds are simulated (answers within 60 s)
EXACT_SECONDS = 25.0
#: the odds' time limit where they are simulated, s, counted from the start (the estimate's time included,
#: at least 1 s of battles): the simulation stops there and says how many battles it fought
SIMULATION_SECONDS = 20.0
#: the most ways one side's units may stand that the estimate walks through before giving up
MOST_PARTS = 4000
#: the most placements of hits (and outcomes of one volley) the estimate makes before it gives up: a battle
#: past it is too big for the budget (15 v 15 mixed units takes about 6,000; each costs up to a millisecond)
ESTIMATE_PLACEMENTS = 20_000
#: the most dice of one volley the estimate takes on (20 v 20 mixed units is already past 512 MB; a volley of
#: hundreds of dice would take the estimate itself minutes)
ESTIMATE_DICE = 60


@dataclass(frozen=True, slots=True)
class OddsBudget:
    """The limits of one odds computation: ``memory_mb`` for the exact search, ``seconds`` for each of the
    exact search (by its estimate) and the simulation (by the clock)."""

    memory_mb: int = DEFAULT_MEMORY_MB
    exact_seconds: float = EXACT_SECONDS
    simulation_seconds: float = SIMULATION_SECONDS

    @property
    def max_transitions(self) -> int:
        """The transitions the search may make within the memory budget (its own guard)."""
        return self.memory_mb * 2**20 // BYTES_PER_TRANSITION

    @property
    def max_estimated(self) -> int:
        """The largest estimate (of transitions) a search is started with: within both memory and time."""
        return int(min(self.memory_mb * 2**20 / BYTES_PER_ESTIMATED, self.exact_seconds / SECONDS_PER_ESTIMATED))

    def too_big(self, estimated: int) -> str | None:
        """Why the search of ``estimated`` transitions is not started (None: it fits the budget)."""
        mb = estimated * BYTES_PER_ESTIMATED / 2**20
        if mb > self.memory_mb:
            return (f"the exact search would take over its memory budget of {self.memory_mb} MB (--memory; "
                    f"estimated {mb:,.0f} MB or more)")
        seconds = estimated * SECONDS_PER_ESTIMATED
        if seconds > self.exact_seconds:
            return (f"the exact search would take over its {self.exact_seconds:.0f} s (estimated {seconds:,.0f} s "
                    "or more)")
        return None
