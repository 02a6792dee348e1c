"""``kriegsspiel battle [FILE] [--batch] [--odds [N]] [--memory MB]``: fight one unit-profiles battle given as
JSON (docs/unit-profiles.md), or give its odds; ``--batch`` reads and writes JSON Lines."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from kriegsspiel.errors import UserError

DEFAULT_BATTLES = 10_000
DEFAULT_MEMORY_MB = 512  # odds_budget.DEFAULT_MEMORY_MB (not imported: the CLI imports the rule set lazily)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE (default stdin), --batch, --odds [N]."""
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="the battle as one JSON object (with --batch: one per line); default stdin")
    parser.add_argument("--batch", action="store_true",
                        help="JSON Lines in and out: one result line per input line, a bad line gets an error line")
    parser.add_argument("--odds", nargs="?", type=int, const=DEFAULT_BATTLES, default=None, metavar="N",
                        help="print the probability of each result instead of one battle: exact where the battle "
                             f"allows, else N seeded battles (default {DEFAULT_BATTLES})")
    parser.add_argument("--memory", type=int, default=DEFAULT_MEMORY_MB, metavar="MB",
                        help="with --odds: the memory the exact search may take; a battle estimated to need more "
                             f"is simulated (default {DEFAULT_MEMORY_MB})")


def _resolve(raw: Any, odds: int | None, memory_mb: int = DEFAULT_MEMORY_MB) -> dict[str, Any]:
    """One battle object -> its output object; raises UserError for a bad battle."""
    from kriegsspiel.rulesets.unit_profiles import (
        DiceExhausted, OddsBudget, battle_odds, fight, load_rules, parse_battle,
    )

    spec = parse_battle(raw, load_rules())
    if odds is not None:
        return battle_odds(spec, odds, OddsBudget(memory_mb))
    try:
        return fight(spec)
    except DiceExhausted as exc:
        raise UserError(f"dice: {exc}") from None


def _open(name: str) -> TextIO:
    if name == "-":
        return sys.stdin
    try:
        return open(name, encoding="utf-8")
    except OSError as exc:
        raise UserError(f"{name}: cannot be read ({exc.strerror}); check the path") from None


def _batch(name: str, source: TextIO, odds: int | None, memory_mb: int) -> int:
    failed = 0
    for number, line in enumerate(source, start=1):
        raw: Any = None
        try:
            raw = json.loads(line)
            out = _resolve(raw, odds, memory_mb)
        except json.JSONDecodeError as exc:
            out = {"id": None, "error": f"{name} line {number}: not JSON ({exc.msg} at column {exc.colno})"}
        except UserError as exc:
            out = {"id": raw.get("id") if isinstance(raw, dict) else None, "error": f"{name} line {number}: {exc}"}
        if "error" in out:
            failed += 1
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 1 if failed else 0


def run(args: argparse.Namespace) -> int:
    """Fight the battle (or the batch) and print the result; raises UserError for bad input (exit 2).
    With --batch the exit status is 1 when some line got an error line."""
    if args.odds is not None and args.odds < 1:
        raise UserError(f"--odds {args.odds}: the number of battles must be at least 1")
    if args.memory < 1:
        raise UserError(f"--memory {args.memory}: give the exact search at least 1 MB")
    name = "stdin" if args.file == "-" else args.file
    source = _open(args.file)
    try:
        if args.batch:
            return _batch(name, source, args.odds, args.memory)
        text = source.read()
    finally:
        if source is not sys.stdin:
            source.close()
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{name} line {exc.lineno}: not JSON ({exc.msg}); a battle is one JSON object, "
                        "see docs/unit-profiles.md") from None
    try:
        out = _resolve(raw, args.odds, args.memory)
    except UserError as exc:
        raise UserError(f"{name}: {exc}") from None
    print(json.dumps(out, indent=2))
    return 0
