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
import os
import sys
from typing import Any

from kriegsspiel.errors import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="a phase as JSON (with --batch: JSON Lines); default: stdin")
    parser.add_argument("--batch", action="store_true",
                        help="read one phase per line, write one result line per phase, keep going on errors")
    parser.add_argument("--strict", action="store_true",
                        help="refuse a phase with an order that cannot be given (default: ignore the order, "
                             "as DATC 4.E.1 prefers, and report it as void with an 'errors' list)")


def _decode(data: bytes, where: str, base: str) -> dict[str, Any]:
    """One phase decoded by the schema layer (types, ranges, nesting, the maxima of phase_schema) and its
    ``map`` checked (:func:`_check_map`); raises SchemaError naming ``where`` and the key."""
    from kriegsspiel.border import MAX_JSON_NESTING, decode_json, to_plain
    from kriegsspiel.rulesets.diplomacy.phase_schema import PhaseInput, check_counts

    phase: PhaseInput = decode_json(data, PhaseInput, where, max_nesting=MAX_JSON_NESTING)
    check_counts(phase, where)
    if isinstance(phase.map, str):
        _check_map(phase.map, where, base)
    return to_plain(phase)


def _check_map(name: str, where: str, base: str) -> None:
    """``map`` is "standard" or a province map (.tmx, or the TOML form) that is a regular file within the map
    cap, inside the current folder, the input file's folder (``base``) or the shipped maps, unless the umpire
    lifted the rule (KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS=1)."""
    from kriegsspiel.border import SchemaError, check_input, inside_folders, outside_allowed
    from kriegsspiel.data import maps_folder

    if name.lower() == "standard":
        return
    if not name.lower().endswith((".tmx", ".toml")):
        raise SchemaError(where, "map", f"{name!r}: give \"standard\" or the path of a .tmx province map")
    folders = (os.getcwd(), base, str(maps_folder()))
    if not outside_allowed() and not inside_folders(name, folders):
        raise SchemaError(where, "map", f"{name!r} lies outside the current folder, the input's folder and the "
                          "shipped maps; copy the map there, or if you trust it set KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS=1")
    try:
        check_input(name, "map")
    except UserError as exc:
        raise SchemaError(where, "map", str(exc)) from None


def _ident(data: bytes | None) -> Any:
    """The ``id`` of a phase line that could not be read, when it can be found (echoed in its error line)."""
    import msgspec

    class _Id(msgspec.Struct):
        id: str | int | None = None

    try:
        return msgspec.json.decode(data or b"", type=_Id).id
    except (msgspec.MsgspecError, UnicodeDecodeError, RecursionError):
        return None


def run(args: argparse.Namespace) -> int:
    """Adjudicate one phase, or a batch of them; see the module's docstring for output and exit status."""
    from kriegsspiel.border import MAX_JSON_LINE_BYTES, json_lines, read_json_source, source_name
    from kriegsspiel.rulesets.diplomacy import OrderError, run_phase

    where = source_name(args.file)
    base = os.path.dirname(os.path.abspath(args.file)) if args.file != "-" else os.getcwd()
    if not args.batch:
        record = _decode(read_json_source(args.file), where, base)
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
    for number, line in json_lines(args.file):
        if line is not None and not line.strip():
            continue
        decoded: dict[str, Any] | None = None
        try:
            if line is None:
                raise UserError(f"longer than a phase's line may be ({MAX_JSON_LINE_BYTES:,} bytes); skipped")
            decoded = _decode(line, f"line {number}", base)
            result = run_phase(decoded, strict=args.strict)
        except UserError as exc:
            failures += 1
            message = str(exc) if str(exc).startswith(f"line {number}") else f"line {number}: {exc}"
            ident = decoded.get("id") if isinstance(decoded, dict) else _ident(line)
            print(json.dumps({"id": ident, "error": message}), flush=True)
            print(f"kriegsspiel adjudicate: {where}: {message}", file=sys.stderr, flush=True)
            continue
        print(json.dumps(result), flush=True)
    return 1 if failures else 0
