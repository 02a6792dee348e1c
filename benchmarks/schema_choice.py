"""Which library decodes a save's lines fastest, with every value checked for its type (issue 28: the schema
layer's choice; docs/schema.md). Run: ``python -m benchmarks.schema_choice``.

The 20,000-record save of case_saves (the demo scenario played by the shell's orders) is read once; each
candidate then turns every line into checked values, best of nine (the machine is shared: the best run is the least disturbed):

- json + checks: ``json.loads`` and the hand-written isinstance checks the reader had before the schema layer;
- msgspec typed: ``msgspec.json.decode(line, type=RecordLine)``, straight from the bytes;
- msgspec two-step: msgspec's untyped decode, then ``msgspec.convert`` to RecordLine (what the reader does, as
  it needs the dict for hashing a line not written canonically);
- pydantic: a pydantic 2 model of the same fields, ``model_validate_json`` from the bytes (strict);
- cattrs, when installed: ``json.loads`` then ``cattrs.structure`` into an attrs class.
"""
from __future__ import annotations

import json
import time
from typing import Any

from benchmarks.case_saves import _long_save


def _old_checks(data: dict[str, Any]) -> bool:
    rolls, events = data["rolls"], data["events"]
    return (type(data["seq"]) is int and type(data["command"]) is str and type(data["forced"]) is bool
            and (data["refusal"] is None or type(data["refusal"]) is str) and type(rolls) is list
            and all(type(r) is list and len(r) == 2 and type(r[0]) is int and type(r[1]) is int for r in rolls)
            and type(events) is list and all(type(e) is dict for e in events)
            and (data["target"] is None or type(data["target"]) is int) and type(data["round"]) is int
            and type(data["side"]) is str and type(data["at"]) is str)


def _best(run, lines: list[bytes]) -> float:
    times = []
    for _ in range(9):
        start = time.perf_counter()
        run(lines)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    import msgspec

    from kriegsspiel.border.save_schema import RecordLine

    raw = _long_save().read_bytes().splitlines()
    lines = [line for line in raw[1:] if b'"kind":"snapshot"' not in line]
    print(f"{len(lines):,} record lines, {sum(map(len, lines)) / 1e6:.1f} MB")
    typed = msgspec.json.Decoder(RecordLine)
    untyped = msgspec.json.Decoder()
    candidates = {
        "json + isinstance checks": lambda ls: [_old_checks(json.loads(x)) for x in ls],
        "msgspec typed": lambda ls: [typed.decode(x) for x in ls],
        "msgspec decode + convert": lambda ls: [msgspec.convert(untyped.decode(x), RecordLine, strict=True)
                                                for x in ls],
    }
    try:
        from typing import Annotated

        import pydantic

        class PydRecord(pydantic.BaseModel):
            model_config = pydantic.ConfigDict(strict=True)
            seq: Annotated[int, pydantic.Field(ge=1, le=2**31 - 1)]
            kind: Annotated[str, pydantic.Field(max_length=1000, pattern=r"^[^\x00-\x1f\x7f]*$")]
            command: str
            forced: bool
            refusal: str | None
            rolls: list[Annotated[list[int], pydantic.Field(min_length=2, max_length=2)]]
            events: list[dict[str, Any]]
            target: int | None
            round: Annotated[int, pydantic.Field(ge=0)]
            side: Annotated[str, pydantic.Field(max_length=1000, pattern=r"^[^\x00-\x1f\x7f]*$")]
            at: str
            prev: Annotated[str, pydantic.Field(max_length=128)]
            hash: Annotated[str, pydantic.Field(max_length=128)]
            seal: str = ""

        candidates["pydantic 2 (strict, from JSON)"] = lambda ls: [PydRecord.model_validate_json(x) for x in ls]
        candidates["pydantic 2 (strict, from json.loads)"] = lambda ls: [PydRecord.model_validate(json.loads(x))
                                                                         for x in ls]
    except ImportError:
        print("pydantic: not installed")
    try:
        import cattrs  # noqa: F401
    except ImportError:
        print("cattrs: not installed")
    for name, run in candidates.items():
        print(f"{name:40s} {_best(run, lines):.3f} s")


if __name__ == "__main__":
    main()
