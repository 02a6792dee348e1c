"""``python -m benchmarks [--json] [--only NAME] [--repeats N]``: run the registered cases and print a table."""
from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from pathlib import Path

from benchmarks import CASES, Case, CaseResult


def load_cases() -> dict[str, str]:
    """Import every ``benchmarks/case_*.py`` module so that its cases register themselves.

    Returns the modules that could not be imported (a missing optional library, a bug), with the error:
    one broken topic must not stop the others from being measured.
    """
    here = Path(__file__).resolve().parent
    broken: dict[str, str] = {}
    for module in sorted(pkgutil.iter_modules([str(here)]), key=lambda m: m.name):
        if module.name.startswith("case_"):
            try:
                importlib.import_module(f"benchmarks.{module.name}")
            except Exception as exc:
                broken[f"benchmarks/{module.name}.py"] = f"{type(exc).__name__}: {exc}"
    return broken


def _selected(only: list[str] | None) -> list[Case]:
    if not only:
        return list(CASES.values())
    # A name selects itself and every case under it: "movement" selects "movement.path-15".
    return [c for c in CASES.values() if any(c.name == o or c.name.startswith(o + ".") for o in only)]


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000.0:.3f} ms"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks; returns 0 even when goals are missed (the harness reports, it does not judge),
    1 when a case raised (its error is printed in place of its figures) or, without --only, a case module could
    not be imported; 2 for an unknown --only name."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.add_argument("--only", action="append", metavar="NAME", help="run only this case or group (repeatable)")
    parser.add_argument("--repeats", type=int, default=15, help="timed runs per measurement (median); default 15")
    args = parser.parse_args(argv)
    broken = load_cases()
    for path, message in broken.items():
        print(f"python -m benchmarks: {path} cannot be imported ({message}); its cases are skipped", file=sys.stderr)
    cases = _selected(args.only)
    if not CASES:
        print("python -m benchmarks: no benchmark cases are registered", file=sys.stderr)
        return 0
    if not cases:
        known = ", ".join(CASES) or "none"
        print(f"python -m benchmarks: no case matches {args.only}; known cases: {known}", file=sys.stderr)
        return 2
    from kriegsspiel.kernels import describe_kernels, kernels_in_use

    kernels = kernels_in_use()  # a ratio means little without knowing whether C or Python was timed
    if not args.json:
        print(describe_kernels(), flush=True)
    rows = []
    errors: dict[str, str] = {}
    for bench in cases:
        try:
            result: CaseResult = bench.run(args.repeats)
        except Exception as exc:  # a broken case must not hide the others' figures
            errors[bench.name] = f"{type(exc).__name__}: {exc}"
            if not args.json:
                print(f"{bench.name:<32} ERROR {errors[bench.name]}", flush=True)
            continue
        rows.append((bench, result))
        if not args.json:
            ratio = result.ratio
            mark = "MISSED" if bench.missed(result) else "ok"
            if mark == "ok" and bench.max_ratio is not None and ratio is None:
                mark = "no reference: ratio not judged"
            extra = " ".join(f"{k}={v}" for k, v in result.extra.items())
            print(
                f"{bench.name:<32} project {_ms(result.project_seconds):>12}  reference "
                f"{_ms(result.reference_seconds):>12}  ratio {'-' if ratio is None else f'{ratio:.2f}':>6}  "
                f"goal: {bench.goal} [{mark}]" + (f"  {extra}" if extra else ""),
                flush=True,
            )
    if args.json:
        out = {
            bench.name: {
                "project_seconds": result.project_seconds,
                "reference_seconds": result.reference_seconds,
                "ratio": result.ratio,
                "goal": bench.goal,
                "missed": bench.missed(result),
                "extra": dict(result.extra),
                "kernels": kernels,
            }
            for bench, result in rows
        }
        out.update({name: {"error": message} for name, message in errors.items()})
        print(json.dumps(out, indent=2))
    # a missed goal is a finding, not a failure; a case that crashed is a failure, and so is a module that
    # could not be imported when every case was asked for
    return 1 if errors or (broken and not args.only) else 0


if __name__ == "__main__":
    sys.exit(main())
