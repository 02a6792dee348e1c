"""``kriegsspiel battle [FILE] [--batch] [--odds [N]] [--memory MB]``: fight one unit-profiles battle given as
JSON (docs/unit-profiles.md), or give its odds; ``--batch`` reads and writes JSON Lines."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kriegsspiel.errors import UserError

DEFAULT_BATTLES = 10_000
DEFAULT_MEMORY_MB = 512  # odds_budget.DEFAULT_MEMORY_MB (not imported: the CLI imports the rule set lazily)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE (default stdin), --batch, --odds [N], --memory MB."""
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
    """One battle (as decoded by the schema) -> its output object; raises UserError for a bad battle."""
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


def _decode(data: bytes, where: str) -> Any:
    """The battle JSON ``data`` decoded by the schema layer (types, ranges, nesting, the maxima of
    battle_schema); raises SchemaError naming ``where`` and the key."""
    from kriegsspiel.border import MAX_JSON_NESTING, decode_json, to_plain
    from kriegsspiel.rulesets.unit_profiles.battle_schema import BattleInput, check_counts

    battle: BattleInput = decode_json(data, BattleInput, where, max_nesting=MAX_JSON_NESTING)
    check_counts(battle, where)
    return to_plain(battle)


def _ident(data: bytes) -> Any:
    """The ``id`` of a battle line that could not be read, when it can be found (echoed in its error line)."""
    import msgspec

    class _Id(msgspec.Struct):
        id: str | int | None = None

    try:
        return msgspec.json.decode(data, type=_Id).id
    except (msgspec.MsgspecError, UnicodeDecodeError, RecursionError):
        return None


def _batch(name: str, odds: int | None, memory_mb: int) -> int:
    from kriegsspiel.border import MAX_JSON_LINE_BYTES, json_lines, source_name

    where = source_name(name)
    failed = 0
    for number, line in json_lines(name):
        raw: Any = None
        try:
            if line is None:
                raise UserError(f"{where} line {number}: longer than a battle's line may be "
                                f"({MAX_JSON_LINE_BYTES:,} bytes); skipped")
            raw = _decode(line, f"{where} line {number}")
            out = _resolve(raw, odds, memory_mb)
        except UserError as exc:
            text = str(exc)
            prefix = f"{where} line {number}"
            ident = raw.get("id") if isinstance(raw, dict) else (_ident(line) if line else None)
            out = {"id": ident, "error": text if text.startswith(prefix) else f"{prefix}: {text}"}
        if "error" in out:
            failed += 1
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 1 if failed else 0


def run(args: argparse.Namespace) -> int:
    """Fight the battle (or the batch) and print the result; raises UserError for bad input (exit 2).
    With --batch the exit status is 1 when some line got an error line."""
    from kriegsspiel.border import read_json_source, source_name

    if args.odds is not None and args.odds < 1:
        raise UserError(f"--odds {args.odds}: the number of battles must be at least 1")
    if args.memory < 1:
        raise UserError(f"--memory {args.memory}: give the exact search at least 1 MB")
    if args.batch:
        return _batch(args.file, args.odds, args.memory)
    name = source_name(args.file)
    raw = _decode(read_json_source(args.file), name)
    try:
        out = _resolve(raw, args.odds, args.memory)
    except UserError as exc:
        raise UserError(f"{name}: {exc}") from None
    print(json.dumps(out, indent=2))
    return 0
