"""Speed benchmarks: the project's time against a reference implementation, measured in the same process.

Run ``python -m benchmarks [--json] [--only NAME] [--repeats N]``; the first line (in JSON, each case's ``kernels``) says
whether the C kernels or their Python references were timed. Each topic lives in its own module
``benchmarks/case_<topic>.py`` that registers its cases with :func:`case`::

    from benchmarks import CaseResult, case, median_seconds

    @case("movement.reachable-128", goal="ratio <= 1.0", max_ratio=1.0)
    def reachable_small(repeats: int) -> CaseResult:
        ...set up outside the timed calls...
        project = median_seconds(lambda: project_call(), repeats)
        reference = median_seconds(lambda: reference_call(), repeats)
        return CaseResult(project, reference, {"cells": 1234})

A case returns the project's median seconds, the reference's median seconds (None when the case has no
reference or the reference library is missing) and extra figures by name. The harness reports; it does not
judge: it prints "MISSED" beside a goal that was not met and still exits 0. A case that raises is printed as
ERROR (the others still run) and makes the exit status 1.
"""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CaseResult:
    """What one case measured. Times are median seconds over the repeats."""

    project_seconds: float
    reference_seconds: float | None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        """Project time / reference time (lower is better); None without a reference."""
        if self.reference_seconds is None or self.reference_seconds <= 0.0:
            return None
        return self.project_seconds / self.reference_seconds


@dataclass(frozen=True, slots=True)
class Case:
    """A registered benchmark case.

    ``goal`` is the goal in words; ``max_ratio`` and ``max_project_seconds`` are its machine-checkable parts
    (None = not part of the goal). ``run`` takes the number of repeats and returns a CaseResult.
    """

    name: str
    goal: str
    run: Callable[[int], CaseResult]
    max_ratio: float | None = None
    max_project_seconds: float | None = None
    missed_when: Callable[[CaseResult], bool] | None = None  # a goal on the extra figures

    def missed(self, result: CaseResult) -> bool:
        """True when ``result`` does not meet this case's goal."""
        if self.missed_when is not None and self.missed_when(result):
            return True
        ratio = result.ratio
        if self.max_ratio is not None and ratio is not None and ratio > self.max_ratio:
            return True
        if self.max_project_seconds is not None and result.project_seconds > self.max_project_seconds:
            return True
        return False


#: Every registered case, by name, in registration order.
CASES: dict[str, Case] = {}


def case(
    name: str,
    *,
    goal: str,
    max_ratio: float | None = None,
    max_project_seconds: float | None = None,
    missed_when: Callable[[CaseResult], bool] | None = None,
) -> Callable[[Callable[[int], CaseResult]], Callable[[int], CaseResult]]:
    """Register the decorated function as the benchmark case ``name`` (unique, e.g. "movement.path-15").

    ``max_ratio`` and ``max_project_seconds`` are the goal's limits; ``missed_when(result)`` may judge a goal
    on the extra figures instead. Raises ValueError when the name is already registered.
    """

    def register(run: Callable[[int], CaseResult]) -> Callable[[int], CaseResult]:
        if name in CASES:
            raise ValueError(f"benchmark case {name!r} is registered twice")
        CASES[name] = Case(name, goal, run, max_ratio, max_project_seconds, missed_when)
        return run

    return register


def median_seconds(call: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """The median wall time of ``call()`` in seconds over ``repeats`` runs, after ``warmup`` untimed runs."""
    for _ in range(warmup):
        call()
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
