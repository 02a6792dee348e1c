"""``kriegsspiel adjudicate [FILE] [--batch] [--strict]``: adjudicate Diplomacy phases given as JSON.

Without ``--batch``: FILE (or stdin when FILE is absent or ``-``) holds one phase as a JSON object in the
interchange format (docs/diplomacy.md, "The interchange format"); the result is printed as one JSON object.
Bad input is one line on stderr naming what is wrong, exit 2. An order that cannot be given (a unit not
there, another power's, an order of another phase) is ignored as DATC 4.E.1 prefers and reported in the
output (``void``, ``errors``); with ``--strict`` it is bad input instead.

With ``--batch``: every non-blank line of stdin (or FILE) is one phase; one result line is written per
input line, in order, flushed at once. A line that cannot be adjudicated (not JSON, an unknown province, a
malformed order, a unit that is not there) gives ``{"id": ..., "error": "line N: ..."}`` on stdout and the
same message on stderr, and the batch goes on; the exit status is then 1 (0 when every line succeeded).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="a phase as JSON (with --batch: JSON Lines); default: stdin")
    parser.add_argument("--batch", action="store_true",
                        help="read one phase per line, write one result line per phase, keep going on errors")
    parser.add_argument("--strict", action="store_true",
                        help="refuse a phase with an order that cannot be given (default: ignore the order, "
                             "as DATC 4.E.1 prefers, and report it as void with an 'errors' list)")


def _open(name: str) -> TextIO:
    if name == "-":
        return sys.stdin
    try:
        return open(name, encoding="utf-8")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise UserError(f"{name}: cannot read ({exc.strerror})") from None


def _decode(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{where}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def run(args: argparse.Namespace) -> int:
    """Adjudicate one phase, or a batch of them; see the module's docstring for output and exit status."""
    from kriegsspiel.rulesets.diplomacy import OrderError, run_phase

    source = _open(args.file)
    where = "stdin" if args.file == "-" else args.file
    try:
        if not args.batch:
            record = _decode(source.read(), where)
            try:
                result = run_phase(record, strict=args.strict)
            except OrderError as exc:
                if not args.strict:
                    raise UserError(f"{where}: {exc}") from None
                print(f"kriegsspiel adjudicate: {where}: {exc}", file=sys.stderr, flush=True)
                return 1  # --strict: the phase is refused for its orders, as the format says
            except UserError as exc:
                raise UserError(f"{where}: {exc}") from None
            print(json.dumps(result), flush=True)
            return 0
        failures = 0
        for number, line in enumerate(source, start=1):
            if not line.strip():
                continue
            record: Any = None
            try:
                record = _decode(line, f"line {number}")
                result = run_phase(record, strict=args.strict)
            except UserError as exc:
                failures += 1
                message = str(exc) if str(exc).startswith(f"line {number}") else f"line {number}: {exc}"
                ident = record.get("id") if isinstance(record, dict) else None
                print(json.dumps({"id": ident, "error": message}), flush=True)
                print(f"kriegsspiel adjudicate: {where}: {message}", file=sys.stderr, flush=True)
                continue
            print(json.dumps(result), flush=True)
        return 1 if failures else 0
    finally:
        if source is not sys.stdin:
            source.close()
