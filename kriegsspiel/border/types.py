"""The value types outside data is decoded into: strings without control characters and of bounded length,
whole numbers in the ranges the program can use (never a 5,000-digit one), finite numbers only."""
from __future__ import annotations

from typing import Annotated

import msgspec

#: printable text on one line: names, ids, paths, hashes
NO_CONTROL = r"^[^\x00-\x1f\x7f]*\Z"
#: text of several lines (a scenario's text, a message): line breaks and tabs, no other control character
LINES = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*\Z"

#: a name, an id, a side, a unit type: one printable line of at most 200 characters
Name = Annotated[str, msgspec.Meta(max_length=200, pattern=NO_CONTROL)]
#: a path as a file wrote it (a scenario's map, a save's scenario): one printable line
PathText = Annotated[str, msgspec.Meta(max_length=4096, pattern=NO_CONTROL)]
#: a hash or a seal in hexadecimal
#: lower-case hexadecimal digits
HEX = r"^[0-9a-f]*\Z"
Hex = Annotated[str, msgspec.Meta(max_length=128, pattern=HEX)]
#: a seed as a scenario may give it: 0 to 2^63 - 1
Seed = Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]
#: a count or a number in a sequence (records, rounds, units): 0 to 2^31 - 1
Count = Annotated[int, msgspec.Meta(ge=0, le=2**31 - 1)]
#: any whole number the program computes with (a die's value, a coordinate in cells): within 64 bits
Whole = Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
