"""The Diplomacy Adjudicator Test Cases, chapter 6, sections A to J (Lucas B. Kruijswijk; the DATC's licence
lets its chapter 6 be copied), as a table: each case's id, its position and orders, and the outcome the DATC
prefers as of version 2.4 (docs/rulings.md, "Diplomacy and Air Power Diplomacy").

Orders are in standard notation, one per line, ``POWER: ORDER``; the units are the ones the orders name
(``units`` adds units that have no order or overrides one, e.g. a fleet on another coast). Expected:

- ``moved``: the units (as they stood) whose move succeeds; every other move fails;
- ``dislodged``: the dislodged units; ``final``: new locations where the coast matters;
- ``retreats``: exact retreat places of a dislodged unit; ``may_retreat``/``no_retreat``: places that must
  (not) be among them; ``retreat_orders`` then ``retreated`` (unit -> where it ends, ``None``: disbanded);
- adjustment cases (``phase="A"``): ``centres`` owned, ``built`` and ``removed``;
- ``results``: result words of the interchange format for some units.

Where the DATC's current text (3.0) differs from version 2.4's preference the case says so in ``note``.
Cases added in DATC 3.0 (6.B.15, 6.C.8, 6.C.9, 6.F.25, 6.G.19, 6.G.20) are included with the outcome 2.4's
rules give, which is the one 3.0 prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    id: str
    orders: str
    moved: tuple[str, ...] = ()
    dislodged: tuple[str, ...] = ()
    units: str = ""
    final: dict[str, str] = field(default_factory=dict)
    retreats: dict[str, list[str]] = field(default_factory=dict)
    may_retreat: dict[str, str] = field(default_factory=dict)
    no_retreat: dict[str, str] = field(default_factory=dict)
    retreat_orders: str = ""
    retreated: dict[str, str | None] = field(default_factory=dict)
    phase: str = "M"
    centres: str = ""
    built: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    results: dict[str, list[str]] = field(default_factory=dict)
    note: str = ""


def c(id: str, orders: str, moved: str = "", dislodged: str = "", **kw) -> Case:  # noqa: A002
    """A case with ``moved`` and ``dislodged`` written as comma-separated unit keys."""
    split = lambda s: tuple(x.strip() for x in s.split(",") if x.strip())  # noqa: E731
    for key in ("built", "removed"):
        if isinstance(kw.get(key), str):
            kw[key] = split(kw[key])
    return Case(id, orders, split(moved), split(dislodged), **kw)


CASES: list[Case] = [
    # ---- 6.A basic checks ----
    c("6.A.1", "ENGLAND: F NTH - PIC", results={"F NTH": ["void"]}),
    c("6.A.2", "ENGLAND: A LVP - IRI"),
    c("6.A.3", "GERMANY: F KIE - MUN"),
    c("6.A.4", "GERMANY: F KIE - KIE"),
    c("6.A.5", """ENGLAND: F NTH C A YOR - YOR
                  ENGLAND: A YOR - YOR
                  ENGLAND: A LVP S A YOR - YOR
                  GERMANY: F LON - YOR
                  GERMANY: A WAL S F LON - YOR""", "F LON", "A YOR"),
    c("6.A.6", "GERMANY: F LON - NTH", units="ENGLAND: F LON"),
    c("6.A.7", """ENGLAND: F LON - BEL
                  ENGLAND: F NTH C A LON - BEL"""),
    c("6.A.8", """ITALY: A VEN - TRI
                  ITALY: A TYR S A VEN - TRI
                  AUSTRIA: F TRI S F TRI""", "A VEN", "F TRI"),
    c("6.A.9", "ITALY: F ROM - VEN"),
    c("6.A.10", """AUSTRIA: A VEN H
                   ITALY: F ROM S A APU - VEN
                   ITALY: A APU - VEN""", results={"F ROM": ["void"]}),
    c("6.A.11", """AUSTRIA: A VIE - TYR
                   ITALY: A VEN - TYR"""),
    c("6.A.12", """AUSTRIA: A VIE - TYR
                   GERMANY: A MUN - TYR
                   ITALY: A VEN - TYR""", results={"A MUN": ["bounced"]}),
    # ---- 6.B coastal issues ----
    c("6.B.1", "FRANCE: F POR - SPA"),
    c("6.B.2", "FRANCE: F GAS - SPA", "F GAS", final={"F GAS": "SPA/NC"}),
    c("6.B.3", "FRANCE: F GAS - SPA/SC"),
    c("6.B.4", """FRANCE: F GAS - SPA/NC
                  FRANCE: F MAR S F GAS - SPA/NC
                  ITALY: F WES - SPA/SC""", "F GAS"),
    c("6.B.5", """FRANCE: F MAR - LYO
                  FRANCE: F SPA/NC S F MAR - LYO
                  ITALY: F LYO H"""),
    c("6.B.6", """ENGLAND: F IRI S F NAO - MAO
                  ENGLAND: F NAO - MAO
                  FRANCE: F SPA/NC S F MAO
                  FRANCE: F MAO H
                  ITALY: F LYO - SPA/SC""", "F NAO", "F MAO"),
    c("6.B.7", """FRANCE: F POR S F MAO - SPA
                  FRANCE: F MAO - SPA/NC
                  ITALY: F LYO S F WES - SPA/SC
                  ITALY: F WES - SPA/SC"""),
    c("6.B.8", """FRANCE: F POR S F GAS - SPA
                  FRANCE: F GAS - SPA/NC
                  ITALY: F LYO S F WES - SPA/SC
                  ITALY: F WES - SPA/SC"""),
    c("6.B.9", """FRANCE: F POR S F MAO - SPA/NC
                  FRANCE: F MAO - SPA/SC
                  ITALY: F LYO S F WES - SPA/SC
                  ITALY: F WES - SPA/SC""", "F WES", results={"F POR": ["void"]}),
    c("6.B.10", "FRANCE: F SPA/NC - LYO", "F SPA/SC", units="FRANCE: F SPA/SC"),
    c("6.B.11", "FRANCE: F SPA/SC - LYO", units="FRANCE: F SPA/NC"),
    c("6.B.12", "FRANCE: A GAS - SPA/NC", "A GAS", final={"A GAS": "SPA"}),
    c("6.B.13", """TURKEY: F BUL/SC - CON
                   TURKEY: F CON - BUL/EC"""),
    c("6.B.14", "RUSSIA: F STP B", phase="A", units="RUSSIA: A WAR", centres="RUSSIA: STP MOS WAR SEV"),
    c("6.B.15", """FRANCE: F POR S F MAO - SPA
                   ENGLAND: F MAO - SPA/NC
                   ITALY: F LYO S F WES - SPA/SC
                   ITALY: F WES - SPA/SC"""),
    # ---- 6.C circular movement ----
    c("6.C.1", """TURKEY: F ANK - CON
                  TURKEY: A CON - SMY
                  TURKEY: A SMY - ANK""", "F ANK, A CON, A SMY"),
    c("6.C.2", """TURKEY: F ANK - CON
                  TURKEY: A CON - SMY
                  TURKEY: A SMY - ANK
                  TURKEY: A BUL S F ANK - CON""", "F ANK, A CON, A SMY"),
    c("6.C.3", """TURKEY: F ANK - CON
                  TURKEY: A CON - SMY
                  TURKEY: A SMY - ANK
                  TURKEY: A BUL - CON"""),
    c("6.C.4", """AUSTRIA: A TRI - SER
                  AUSTRIA: A SER - BUL
                  TURKEY: A BUL - TRI
                  TURKEY: F AEG C A BUL - TRI
                  TURKEY: F ION C A BUL - TRI
                  TURKEY: F ADR C A BUL - TRI
                  ITALY: F NAP - ION""", "A TRI, A SER, A BUL"),
    c("6.C.5", """AUSTRIA: A TRI - SER
                  AUSTRIA: A SER - BUL
                  TURKEY: A BUL - TRI
                  TURKEY: F AEG C A BUL - TRI
                  TURKEY: F ION C A BUL - TRI
                  TURKEY: F ADR C A BUL - TRI
                  ITALY: F NAP - ION
                  ITALY: F TUN S F NAP - ION""", "F NAP", "F ION"),
    c("6.C.6", """ENGLAND: F NTH C A LON - BEL
                  ENGLAND: A LON - BEL
                  FRANCE: F ENG C A BEL - LON
                  FRANCE: A BEL - LON""", "A LON, A BEL"),
    c("6.C.7", """ENGLAND: F NTH C A LON - BEL
                  ENGLAND: A LON - BEL
                  FRANCE: F ENG C A BEL - LON
                  FRANCE: A BEL - LON
                  FRANCE: A BUR - BEL"""),
    c("6.C.8", """TURKEY: F CON - BLA
                  TURKEY: A BUL - CON
                  TURKEY: A SMY S A BUL - CON
                  RUSSIA: F BLA - BUL/EC
                  AUSTRIA: A SER - BUL"""),
    c("6.C.9", """TURKEY: F CON - BLA
                  TURKEY: A SMY S A BUL - CON
                  RUSSIA: F BLA - BUL/EC
                  AUSTRIA: A SER - BUL
                  AUSTRIA: A BUL - CON"""),
    # ---- 6.D supports and dislodges ----
    c("6.D.1", """AUSTRIA: F ADR S A TRI - VEN
                  AUSTRIA: A TRI - VEN
                  ITALY: A VEN H
                  ITALY: A TYR S A VEN"""),
    c("6.D.2", """AUSTRIA: F ADR S A TRI - VEN
                  AUSTRIA: A TRI - VEN
                  AUSTRIA: A VIE - TYR
                  ITALY: A VEN H
                  ITALY: A TYR S A VEN""", "A TRI", "A VEN", results={"A TYR": ["cut"]}),
    c("6.D.3", """AUSTRIA: F ADR S A TRI - VEN
                  AUSTRIA: A TRI - VEN
                  ITALY: A VEN H
                  ITALY: F ION - ADR"""),
    c("6.D.4", """GERMANY: A BER S F KIE
                  GERMANY: F KIE S A BER
                  RUSSIA: F BAL S A PRU - BER
                  RUSSIA: A PRU - BER"""),
    c("6.D.5", """GERMANY: A BER S A MUN - SIL
                  GERMANY: F KIE S A BER
                  GERMANY: A MUN - SIL
                  RUSSIA: F BAL S A PRU - BER
                  RUSSIA: A PRU - BER""", "A MUN"),
    c("6.D.6", """GERMANY: A BER - SWE
                  GERMANY: F BAL C A BER - SWE
                  GERMANY: F PRU S F BAL
                  RUSSIA: F LVN - BAL
                  RUSSIA: F BOT S F LVN - BAL""", "A BER"),
    c("6.D.7", """GERMANY: F BAL - SWE
                  GERMANY: F PRU S F BAL
                  RUSSIA: F LVN - BAL
                  RUSSIA: F BOT S F LVN - BAL
                  RUSSIA: A FIN - SWE""", "F LVN", "F BAL", results={"F PRU": ["void"]}),
    c("6.D.8", """AUSTRIA: F ION H
                  AUSTRIA: A SER S A ALB - GRE
                  AUSTRIA: A ALB - GRE
                  TURKEY: A GRE - NAP
                  TURKEY: A BUL S A GRE""", "A ALB", "A GRE", results={"A GRE": ["no_convoy", "dislodged", "disbanded"]}),
    c("6.D.9", """ITALY: A VEN - TRI
                  ITALY: A TYR S A VEN - TRI
                  AUSTRIA: A ALB S A TRI - SER
                  AUSTRIA: A TRI H""", "A VEN", "A TRI"),
    c("6.D.10", """GERMANY: A BER H
                   GERMANY: F KIE - BER
                   GERMANY: A MUN S F KIE - BER"""),
    c("6.D.11", """GERMANY: A BER - PRU
                   GERMANY: F KIE - BER
                   GERMANY: A MUN S F KIE - BER
                   RUSSIA: A WAR - PRU"""),
    c("6.D.12", """AUSTRIA: F TRI H
                   AUSTRIA: A VIE S A VEN - TRI
                   ITALY: A VEN - TRI"""),
    c("6.D.13", """AUSTRIA: F TRI - ADR
                   AUSTRIA: A VIE S A VEN - TRI
                   ITALY: A VEN - TRI
                   ITALY: F APU - ADR"""),
    c("6.D.14", """AUSTRIA: F TRI H
                   AUSTRIA: A VIE S A VEN - TRI
                   ITALY: A VEN - TRI
                   ITALY: A TYR S A VEN - TRI
                   ITALY: F ADR S A VEN - TRI""", "A VEN", "F TRI"),
    c("6.D.15", """RUSSIA: F CON S F BLA - ANK
                   RUSSIA: F BLA - ANK
                   TURKEY: F ANK - CON""", "F BLA", "F ANK"),
    c("6.D.16", """ENGLAND: A LON H
                   ENGLAND: F NTH C A BEL - LON
                   FRANCE: F ENG S A BEL - LON
                   FRANCE: A BEL - LON""", "A BEL", "A LON"),
    c("6.D.17", """RUSSIA: F CON S F BLA - ANK
                   RUSSIA: F BLA - ANK
                   TURKEY: F ANK - CON
                   TURKEY: A SMY S F ANK - CON
                   TURKEY: A ARM - ANK""", "F ANK", "F CON"),
    c("6.D.18", """RUSSIA: F CON S F BLA - ANK
                   RUSSIA: F BLA - ANK
                   RUSSIA: A BUL S F CON
                   TURKEY: F ANK - CON
                   TURKEY: A SMY S F ANK - CON
                   TURKEY: A ARM - ANK""", "F BLA", "F ANK"),
    c("6.D.19", """RUSSIA: F CON S F BLA - ANK
                   RUSSIA: F BLA - ANK
                   RUSSIA: A SMY S F ANK - CON
                   TURKEY: F ANK - CON""", "F BLA", "F ANK"),
    c("6.D.20", """ENGLAND: F LON S F NTH - ENG
                   ENGLAND: F NTH - ENG
                   ENGLAND: A YOR - LON
                   FRANCE: F ENG H""", "F NTH", "F ENG"),
    c("6.D.21", """AUSTRIA: F TRI H
                   ITALY: A VEN - TRI
                   ITALY: A TYR S A VEN - TRI
                   GERMANY: A MUN - TYR
                   RUSSIA: A SIL - MUN
                   RUSSIA: A BER S A SIL - MUN""", "A SIL", "A MUN"),
    c("6.D.22", """GERMANY: F KIE - MUN
                   GERMANY: A BUR S F KIE - MUN
                   RUSSIA: A MUN - KIE
                   RUSSIA: A BER S A MUN - KIE""", "A MUN", "F KIE"),
    c("6.D.23", """ITALY: F LYO - SPA/SC
                   ITALY: F WES S F LYO - SPA/SC
                   FRANCE: F SPA/NC - LYO
                   FRANCE: F MAR S F SPA/NC - LYO""", "F LYO", "F SPA/NC"),
    c("6.D.24", """FRANCE: A MAR - LYO
                   FRANCE: F SPA/SC S A MAR - LYO
                   ITALY: F LYO H
                   TURKEY: F TYS S F WES - LYO
                   TURKEY: F WES - LYO""", "F WES", "F LYO"),
    c("6.D.25", """GERMANY: A BER S A PRU
                   GERMANY: F KIE S A BER
                   RUSSIA: F BAL S A PRU - BER
                   RUSSIA: A PRU - BER"""),
    c("6.D.26", """GERMANY: A BER S A PRU - SIL
                   GERMANY: F KIE S A BER
                   RUSSIA: F BAL S A PRU - BER
                   RUSSIA: A PRU - BER"""),
    c("6.D.27", """ENGLAND: F SWE - BAL
                   ENGLAND: F DEN S F SWE - BAL
                   GERMANY: A BER H
                   RUSSIA: F BAL C A BER - LVN
                   RUSSIA: F PRU S F BAL"""),
    c("6.D.28", """AUSTRIA: A BUD S F RUM
                   RUSSIA: F RUM - HOL
                   TURKEY: F BLA - RUM
                   TURKEY: A BUL S F BLA - RUM"""),
    c("6.D.29", """AUSTRIA: A BUD S F RUM
                   RUSSIA: F RUM - BUL/SC
                   TURKEY: F BLA - RUM
                   TURKEY: A BUL S F BLA - RUM"""),
    c("6.D.30", """ITALY: F AEG S F CON
                   RUSSIA: F CON - BUL
                   TURKEY: F BLA - CON
                   TURKEY: A BUL S F BLA - CON"""),
    c("6.D.31", """AUSTRIA: A RUM - ARM
                   TURKEY: F BLA S A RUM - ARM""", results={"F BLA": ["void"]}),
    c("6.D.32", """ENGLAND: F EDI S A LVP - YOR
                   ENGLAND: A LVP - YOR
                   FRANCE: F LON S A YOR
                   GERMANY: A YOR - HOL"""),
    c("6.D.33", """AUSTRIA: A SER - BUD
                   AUSTRIA: A VIE - BUD
                   RUSSIA: A GAL S A SER - BUD
                   TURKEY: A BUL - SER""", "A SER, A BUL"),
    c("6.D.34", """GERMANY: A BER - PRU
                   GERMANY: A SIL S A BER - PRU
                   GERMANY: F BAL S A BER - PRU
                   ITALY: A PRU S LVN - PRU
                   RUSSIA: A WAR S A LVN - PRU
                   RUSSIA: A LVN - PRU""", "A BER", "A PRU", results={"A PRU": ["void", "dislodged", "disbanded"]}),
    # ---- 6.E head-to-head battles and beleaguered garrison ----
    c("6.E.1", """GERMANY: A BER - PRU
                  GERMANY: F KIE - BER
                  GERMANY: A SIL S A BER - PRU
                  RUSSIA: A PRU - BER""", "A BER, F KIE", "A PRU"),
    c("6.E.2", """GERMANY: A BER - KIE
                  GERMANY: F KIE - BER
                  GERMANY: A MUN S A BER - KIE"""),
    c("6.E.3", """GERMANY: A BER - KIE
                  GERMANY: A MUN S F KIE - BER
                  ENGLAND: F KIE - BER"""),
    c("6.E.4", """GERMANY: F HOL - NTH
                  GERMANY: F HEL S F HOL - NTH
                  GERMANY: F SKA S F HOL - NTH
                  FRANCE: F NTH - HOL
                  FRANCE: F BEL S F NTH - HOL
                  ENGLAND: F EDI S F NWG - NTH
                  ENGLAND: F YOR S F NWG - NTH
                  ENGLAND: F NWG - NTH
                  AUSTRIA: A KIE S A RUH - HOL
                  AUSTRIA: A RUH - HOL"""),
    c("6.E.5", """GERMANY: F HOL - NTH
                  GERMANY: F HEL S F HOL - NTH
                  GERMANY: F SKA S F HOL - NTH
                  FRANCE: F NTH - HOL
                  FRANCE: F BEL S F NTH - HOL
                  ENGLAND: F EDI S F NWG - NTH
                  ENGLAND: F YOR S F NWG - NTH
                  ENGLAND: F NWG - NTH
                  ENGLAND: F LON S F NWG - NTH
                  AUSTRIA: A KIE S A RUH - HOL
                  AUSTRIA: A RUH - HOL""", "F NWG", "F NTH"),
    c("6.E.6", """GERMANY: F HOL - NTH
                  GERMANY: F HEL S F HOL - NTH
                  FRANCE: F NTH - HOL
                  FRANCE: F BEL S F NTH - HOL
                  FRANCE: F ENG S F HOL - NTH
                  AUSTRIA: A KIE S A RUH - HOL
                  AUSTRIA: A RUH - HOL"""),
    c("6.E.7", """ENGLAND: F NTH H
                  ENGLAND: F YOR S F NWY - NTH
                  GERMANY: F HOL S F HEL - NTH
                  GERMANY: F HEL - NTH
                  RUSSIA: F SKA S F NWY - NTH
                  RUSSIA: F NWY - NTH"""),
    c("6.E.8", """ENGLAND: F NTH - NWY
                  ENGLAND: F YOR S F NWY - NTH
                  GERMANY: F HOL S F HEL - NTH
                  GERMANY: F HEL - NTH
                  RUSSIA: F SKA S F NWY - NTH
                  RUSSIA: F NWY - NTH"""),
    c("6.E.9", """ENGLAND: F NTH - NWG
                  ENGLAND: F YOR S F NWY - NTH
                  GERMANY: F HOL S F HEL - NTH
                  GERMANY: F HEL - NTH
                  RUSSIA: F SKA S F NWY - NTH
                  RUSSIA: F NWY - NTH""", "F NTH, F NWY"),
    c("6.E.10", """ENGLAND: F NTH - DEN
                   ENGLAND: F YOR S F NWY - NTH
                   GERMANY: F HOL S F HEL - NTH
                   GERMANY: F HEL - NTH
                   GERMANY: F DEN - HEL
                   RUSSIA: F SKA S F NWY - NTH
                   RUSSIA: F NWY - NTH"""),
    c("6.E.11", """FRANCE: A SPA - POR VIA
                   FRANCE: F MAO C A SPA - POR
                   FRANCE: F LYO S F POR - SPA/NC
                   GERMANY: A MAR S A GAS - SPA
                   GERMANY: A GAS - SPA
                   ITALY: F POR - SPA/NC
                   ITALY: F WES S F POR - SPA/NC""", "A SPA, F POR", final={"F POR": "SPA/NC"}),
    c("6.E.12", """AUSTRIA: A BUD - RUM
                   AUSTRIA: A SER S A VIE - BUD
                   ITALY: A VIE - BUD
                   RUSSIA: A GAL - BUD
                   RUSSIA: A RUM S A GAL - BUD"""),
    c("6.E.13", """ENGLAND: F EDI S F YOR - NTH
                   ENGLAND: F YOR - NTH
                   FRANCE: F BEL - NTH
                   FRANCE: F ENG S F BEL - NTH
                   GERMANY: F NTH H
                   RUSSIA: F NWG - NTH
                   RUSSIA: F NWY S F NWG - NTH"""),
    c("6.E.14", """ENGLAND: A LVP - EDI
                   RUSSIA: F EDI - LVP"""),
    c("6.E.15", """ENGLAND: F HOL S A RUH - KIE
                   ENGLAND: A RUH - KIE
                   FRANCE: A KIE - BER
                   FRANCE: A MUN S A KIE - BER
                   FRANCE: A SIL S A KIE - BER
                   GERMANY: A BER - KIE
                   GERMANY: F DEN S A BER - KIE
                   GERMANY: F HEL S A BER - KIE
                   RUSSIA: F BAL S A PRU - BER
                   RUSSIA: A PRU - BER"""),
    # ---- 6.F convoys ----
    c("6.F.1", """TURKEY: A GRE - SEV
                  TURKEY: F AEG C A GRE - SEV
                  TURKEY: F CON C A GRE - SEV
                  TURKEY: F BLA C A GRE - SEV""", results={"F CON": ["void"]}),
    c("6.F.2", """ENGLAND: F ENG C A LON - BRE
                  ENGLAND: A LON - BRE
                  FRANCE: A PAR - BRE"""),
    c("6.F.3", """ENGLAND: F ENG C A LON - BRE
                  ENGLAND: A LON - BRE
                  ENGLAND: F MAO S A LON - BRE
                  FRANCE: A PAR - BRE""", "A LON"),
    c("6.F.4", """ENGLAND: F NTH C A LON - HOL
                  ENGLAND: A LON - HOL
                  GERMANY: F SKA - NTH""", "A LON"),
    c("6.F.5", """ENGLAND: F NTH C A LON - HOL
                  ENGLAND: A LON - HOL
                  FRANCE: F ENG - NTH
                  FRANCE: F BEL S F ENG - NTH
                  GERMANY: F SKA - NTH
                  GERMANY: F DEN S F SKA - NTH""", "A LON"),
    c("6.F.6", """ENGLAND: F NTH C A LON - HOL
                  ENGLAND: A LON - HOL
                  GERMANY: A HOL S A BEL
                  GERMANY: A BEL S A HOL
                  GERMANY: F HEL S F SKA - NTH
                  GERMANY: F SKA - NTH
                  FRANCE: A PIC - BEL
                  FRANCE: A BUR S A PIC - BEL""", "F SKA", "F NTH", results={"A LON": ["disrupted"]}),
    c("6.F.7", """ENGLAND: F NTH C A LON - HOL
                  ENGLAND: A LON - HOL
                  GERMANY: F HEL S F SKA - NTH
                  GERMANY: F SKA - NTH""", "F SKA", "F NTH", may_retreat={"F NTH": "HOL"}),
    c("6.F.8", """ENGLAND: F NTH C A LON - HOL
                  ENGLAND: A LON - HOL
                  GERMANY: F HEL S F SKA - NTH
                  GERMANY: F SKA - NTH
                  GERMANY: A BEL - HOL""", "F SKA, A BEL", "F NTH"),
    c("6.F.9", """ENGLAND: F ENG C A LON - BEL
                  ENGLAND: F NTH C A LON - BEL
                  ENGLAND: A LON - BEL
                  FRANCE: F BRE S F MAO - ENG
                  FRANCE: F MAO - ENG""", "A LON, F MAO", "F ENG"),
    c("6.F.10", """ENGLAND: F NTH C A LON - BEL
                   ENGLAND: A LON - BEL
                   GERMANY: F ENG C A LON - BEL
                   FRANCE: F BRE S F MAO - ENG
                   FRANCE: F MAO - ENG""", "A LON, F MAO", "F ENG"),
    c("6.F.11", """ENGLAND: A LON - BEL
                   GERMANY: F ENG C A LON - BEL
                   RUSSIA: F NTH C A LON - BEL
                   FRANCE: F BRE S F MAO - ENG
                   FRANCE: F MAO - ENG""", "A LON, F MAO", "F ENG"),
    c("6.F.12", """ENGLAND: F ENG C A LON - BEL
                   ENGLAND: A LON - BEL
                   ENGLAND: F IRI C A LON - BEL
                   FRANCE: F NAO S F MAO - IRI
                   FRANCE: F MAO - IRI""", "A LON, F MAO", "F IRI"),
    c("6.F.13", """ENGLAND: A LON - BEL
                   ENGLAND: F NTH C A LON - BEL
                   FRANCE: F ENG C A LON - BEL
                   GERMANY: F HOL S F DEN - NTH
                   GERMANY: F DEN - NTH""", "A LON, F DEN", "F NTH"),
    c("6.F.14", """ENGLAND: F LON S F WAL - ENG
                   ENGLAND: F WAL - ENG
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON""", "F WAL", "F ENG", results={"F LON": ["succeeded"]}),
    c("6.F.15", """ENGLAND: F LON S F WAL - ENG
                   ENGLAND: F WAL - ENG
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   ITALY: F IRI C A NAF - WAL
                   ITALY: F MAO C A NAF - WAL
                   ITALY: A NAF - WAL""", "F WAL, A NAF", "F ENG"),
    c("6.F.16", """ENGLAND: F LON S F WAL - ENG
                   ENGLAND: F WAL - ENG
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   GERMANY: F NTH S F BEL - ENG
                   GERMANY: F BEL - ENG"""),
    c("6.F.17", """ENGLAND: F LON S F WAL - ENG
                   ENGLAND: F WAL - ENG
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   FRANCE: F YOR S A BRE - LON
                   GERMANY: F NTH S F BEL - ENG
                   GERMANY: F BEL - ENG""", note="Szykman: the convoy fails, nothing is dislodged"),
    c("6.F.18", """ENGLAND: F NTH C A LON - BEL
                   ENGLAND: A LON - BEL
                   ENGLAND: F ENG S A LON - BEL
                   FRANCE: F BEL S F NTH
                   GERMANY: F HEL S F SKA - NTH
                   GERMANY: F SKA - NTH"""),
    c("6.F.19", """FRANCE: A TUN - NAP
                   FRANCE: F TYS C A TUN - NAP
                   FRANCE: F ION C A TUN - NAP
                   ITALY: F NAP S F ROM - TYS
                   ITALY: F ROM - TYS""", results={"F NAP": ["cut"]}),
    c("6.F.20", """FRANCE: A TUN - NAP
                   FRANCE: F TYS C A TUN - NAP
                   ITALY: F NAP S F ION
                   ITALY: F ION C A TUN - NAP
                   TURKEY: F AEG S F EAS - ION
                   TURKEY: F EAS - ION""", "F EAS", "F ION"),
    c("6.F.21", """RUSSIA: A EDI S A NWY - CLY
                   RUSSIA: F NWG C A NWY - CLY
                   RUSSIA: A NWY - CLY
                   FRANCE: F IRI S F MAO - NAO
                   FRANCE: F MAO - NAO
                   ENGLAND: A LVP - CLY VIA
                   ENGLAND: F NAO C A LVP - CLY
                   ENGLAND: F CLY S F NAO""", "F MAO, A NWY", "F NAO, F CLY"),
    c("6.F.22", """ENGLAND: F EDI - NTH
                   ENGLAND: F LON S F EDI - NTH
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   GERMANY: F BEL S F PIC - ENG
                   GERMANY: F PIC - ENG
                   RUSSIA: A NWY - BEL
                   RUSSIA: F NTH C A NWY - BEL""", "F EDI, F PIC", "F NTH, F ENG"),
    c("6.F.23", """ENGLAND: F EDI - NTH
                   ENGLAND: F YOR S F EDI - NTH
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   GERMANY: F BEL S F ENG
                   GERMANY: F LON S F NTH
                   ITALY: F MAO - ENG
                   ITALY: F IRI S F MAO - ENG
                   RUSSIA: A NWY - BEL
                   RUSSIA: F NTH C A NWY - BEL"""),
    c("6.F.24", """ENGLAND: F EDI - NTH
                   ENGLAND: F LON S F EDI - NTH
                   ENGLAND: F IRI - ENG
                   ENGLAND: F MAO S F IRI - ENG
                   FRANCE: A BRE - LON
                   FRANCE: F ENG C A BRE - LON
                   FRANCE: F BEL S F ENG
                   RUSSIA: A NWY - BEL
                   RUSSIA: F NTH C A NWY - BEL""", "F EDI", "F NTH"),
    c("6.F.25", """GERMANY: A RUH - BEL
                   GERMANY: A HOL S A RUH - BEL
                   GERMANY: A DEN - NWY
                   GERMANY: F SKA C A DEN - NWY
                   GERMANY: A FIN S A DEN - NWY
                   ENGLAND: A YOR - HOL
                   ENGLAND: F NTH C A YOR - HOL
                   ENGLAND: F HEL S A YOR - HOL
                   ENGLAND: A BEL H
                   RUSSIA: F NWG - NTH
                   RUSSIA: F NWY S F NWG - NTH
                   RUSSIA: F SWE - SKA""", "A DEN, A YOR", "F NWY, A HOL"),
    # ---- 6.G convoying to adjacent provinces ----
    c("6.G.1", """ENGLAND: A NWY - SWE
                  ENGLAND: F SKA C A NWY - SWE
                  RUSSIA: A SWE - NWY""", "A NWY, A SWE"),
    c("6.G.2", """ENGLAND: A NWY - SWE
                  RUSSIA: F SWE - NWY
                  GERMANY: F SKA C A NWY - SWE"""),
    c("6.G.3", """FRANCE: F BRE - ENG
                  FRANCE: A PIC - BEL
                  FRANCE: A BUR S A PIC - BEL
                  FRANCE: F MAO S F BRE - ENG
                  ENGLAND: F ENG C A PIC - BEL""", "F BRE, A PIC", "F ENG"),
    c("6.G.4", """FRANCE: F BRE - ENG
                  FRANCE: A PIC - BEL
                  FRANCE: A BUR S A PIC - BEL
                  FRANCE: F MAO S F BRE - ENG
                  ENGLAND: F ENG C A PIC - BEL
                  ENGLAND: A BEL - PIC""", "F BRE, A PIC", "F ENG, A BEL"),
    c("6.G.5", """ITALY: A ROM - APU
                  ITALY: F TYS C A APU - ROM
                  TURKEY: A APU - ROM
                  TURKEY: F ION C A APU - ROM""", "A ROM, A APU"),
    c("6.G.6", """ENGLAND: A LVP - EDI
                  ENGLAND: F ENG C A LVP - EDI
                  GERMANY: A EDI - LVP
                  FRANCE: F IRI H
                  FRANCE: F NTH H
                  RUSSIA: F NWG C A LVP - EDI
                  RUSSIA: F NAO C A LVP - EDI""", "A LVP, A EDI"),
    c("6.G.7", """ENGLAND: F SKA C A SWE - NWY
                  ENGLAND: F NWY - SWE
                  RUSSIA: A SWE - NWY
                  RUSSIA: F BOT C A SWE - NWY""", results={"F BOT": ["no_convoy"]}),
    c("6.G.8", """FRANCE: A BEL - HOL VIA
                  ENGLAND: F NTH - HEL
                  ENGLAND: A HOL - KIE""", "A BEL, F NTH, A HOL",
      note="DATC 2.4: 'via convoy' without a convoy is ignored and the army goes over land (3.0: it fails)"),
    c("6.G.9", """ENGLAND: A NWY - SWE
                  ENGLAND: F SKA C A NWY - SWE
                  ENGLAND: F FIN S A NWY - SWE
                  RUSSIA: A SWE - NWY""", "A NWY, A SWE"),
    c("6.G.10", """ENGLAND: A NWY - SWE VIA
                   ENGLAND: F DEN S A NWY - SWE
                   ENGLAND: F FIN S A NWY - SWE
                   GERMANY: F SKA C A NWY - SWE
                   RUSSIA: A SWE - NWY
                   RUSSIA: F BAR S A SWE - NWY
                   FRANCE: F NWG - NWY
                   FRANCE: F NTH S F NWG - NWY""", "A NWY", "A SWE"),
    c("6.G.11", """ENGLAND: F NWY S F NTH - SKA
                   ENGLAND: F NTH - SKA
                   RUSSIA: A SWE - NWY
                   RUSSIA: F SKA C A SWE - NWY
                   RUSSIA: F BAR S A SWE - NWY""", "F NTH", "F SKA",
      note="DATC 2.4: the move is a convoy (own fleet); Szykman: it fails, the fleet in Skagerrak is dislodged"),
    c("6.G.12", """ENGLAND: A LVP - EDI VIA
                   ENGLAND: F NAO C A LVP - EDI
                   ENGLAND: F NWG C A LVP - EDI
                   GERMANY: A EDI - LVP VIA
                   GERMANY: F NTH C A EDI - LVP
                   GERMANY: F ENG C A EDI - LVP
                   GERMANY: F IRI C A EDI - LVP""", "A LVP, A EDI"),
    c("6.G.13", """AUSTRIA: F ADR C A TRI - VEN
                   AUSTRIA: A TRI - VEN VIA
                   ITALY: A VEN S F ALB - TRI
                   ITALY: F ALB - TRI""", "F ALB", "A TRI"),
    c("6.G.14", """ENGLAND: A NWY - SWE
                   ENGLAND: F DEN S A NWY - SWE
                   ENGLAND: F FIN S A NWY - SWE
                   FRANCE: F NWG - NWY
                   FRANCE: F NTH S F NWG - NWY
                   GERMANY: F SKA C A SWE - NWY
                   RUSSIA: A SWE - NWY VIA
                   RUSSIA: F BAR S A SWE - NWY""", "A NWY", "A SWE"),
    c("6.G.15", """ENGLAND: F NTH C A LON - BEL
                   ENGLAND: A HOL S A LON - BEL
                   ENGLAND: A YOR - LON
                   ENGLAND: A LON - BEL VIA
                   FRANCE: F ENG C A BEL - LON
                   FRANCE: A BEL - LON VIA""", "A LON", "A BEL"),
    c("6.G.16", """ENGLAND: A NWY - SWE
                   ENGLAND: A DEN S A NWY - SWE
                   ENGLAND: F BAL S A NWY - SWE
                   ENGLAND: F NTH - NWY
                   RUSSIA: A SWE - NWY VIA
                   RUSSIA: F SKA C A SWE - NWY
                   RUSSIA: F NWG S A SWE - NWY""", "A NWY, A SWE"),
    c("6.G.17", """ENGLAND: A NWY - SWE VIA
                   ENGLAND: A DEN S A NWY - SWE
                   ENGLAND: F BAL S A NWY - SWE
                   ENGLAND: F SKA C A NWY - SWE
                   ENGLAND: F NTH - NWY
                   RUSSIA: A SWE - NWY
                   RUSSIA: F NWG S A SWE - NWY""", "A NWY, A SWE"),
    c("6.G.18", """ENGLAND: F NTH C A LON - BEL
                   ENGLAND: A HOL S A LON - BEL
                   ENGLAND: A YOR - LON
                   ENGLAND: A LON - BEL
                   ENGLAND: A RUH S A LON - BEL
                   FRANCE: F ENG C A BEL - LON
                   FRANCE: A BEL - LON
                   FRANCE: A WAL S A BEL - LON""", "A LON, A BEL"),
    c("6.G.19", """FRANCE: A MAR - SPA
                   FRANCE: F WES C A MAR - SPA
                   ITALY: F LYO C A MAR - SPA
                   ITALY: A SPA - MAR""", results={"F WES": ["no_convoy"]}),
    c("6.G.20", """FRANCE: F BRE - ENG
                   FRANCE: A PIC - BEL VIA
                   FRANCE: A BUR S A PIC - BEL
                   FRANCE: F MAO S F BRE - ENG
                   ENGLAND: F ENG C A PIC - BEL""", "F BRE", "F ENG",
      note="a convoy was ordered, so 'via' holds; the convoy is disrupted and the army stays"),
    # ---- 6.H retreating ----
    c("6.H.1", """AUSTRIA: F TRI H
                  AUSTRIA: A SER H
                  TURKEY: F GRE H
                  ITALY: A VEN S A TYR - TRI
                  ITALY: A TYR - TRI
                  ITALY: F ION - GRE
                  ITALY: F AEG S F ION - GRE""", "A TYR, F ION", "F TRI, F GRE",
      retreat_orders="""AUSTRIA: F TRI R ALB
                        AUSTRIA: A SER S F TRI - ALB
                        TURKEY: F GRE R ALB""", retreated={"F TRI": None, "F GRE": None}),
    c("6.H.2", """ENGLAND: A LVP - EDI
                  ENGLAND: F YOR S A LVP - EDI
                  ENGLAND: F NWY H
                  GERMANY: A KIE S A RUH - HOL
                  GERMANY: A RUH - HOL
                  RUSSIA: F EDI H
                  RUSSIA: A SWE S A FIN - NWY
                  RUSSIA: A FIN - NWY
                  RUSSIA: F HOL H""", "A LVP, A RUH, A FIN", "F NWY, F EDI, F HOL",
      retreat_orders="""ENGLAND: F NWY R NTH
                        RUSSIA: F EDI R NTH
                        RUSSIA: F HOL S F EDI - NTH""", retreated={"F NWY": None, "F EDI": None, "F HOL": None}),
    c("6.H.3", """ENGLAND: F NTH H
                  ENGLAND: A HOL H
                  GERMANY: F KIE S A RUH - HOL
                  GERMANY: A RUH - HOL""", "A RUH", "A HOL", no_retreat={"A HOL": "YOR"},
      retreat_orders="""ENGLAND: A HOL R YOR
                        ENGLAND: F NTH C A HOL - YOR""", retreated={"A HOL": None}),
    c("6.H.4", """ENGLAND: F NTH H
                  ENGLAND: A HOL H
                  GERMANY: F KIE S A RUH - HOL
                  GERMANY: A RUH - HOL""", "A RUH", "A HOL",
      retreat_orders="""ENGLAND: A HOL R BEL
                        ENGLAND: F NTH R NWG""", retreated={"A HOL": "BEL"}),
    c("6.H.5", """RUSSIA: F CON S F BLA - ANK
                  RUSSIA: F BLA - ANK
                  TURKEY: F ANK H""", "F BLA", "F ANK", retreats={"F ANK": ["ARM"]}),
    c("6.H.6", """AUSTRIA: A BUD S A TRI - VIE
                  AUSTRIA: A TRI - VIE
                  GERMANY: A MUN - BOH
                  GERMANY: A SIL - BOH
                  ITALY: A VIE H""", "A TRI", "A VIE", retreats={"A VIE": ["GAL", "TYR"]}),
    c("6.H.7", """AUSTRIA: A BUD S A TRI - VIE
                  AUSTRIA: A TRI - VIE
                  GERMANY: A MUN S A SIL - BOH
                  GERMANY: A SIL - BOH
                  ITALY: A VIE H
                  ITALY: A BOH H""", "A TRI, A SIL", "A VIE, A BOH",
      retreat_orders="""ITALY: A BOH R TYR
                        ITALY: A VIE R TYR""", retreated={"A BOH": None, "A VIE": None}),
    c("6.H.8", """ENGLAND: A LVP - EDI
                  ENGLAND: F YOR S A LVP - EDI
                  ENGLAND: F NWY H
                  GERMANY: A KIE S A RUH - HOL
                  GERMANY: A RUH - HOL
                  RUSSIA: F EDI H
                  RUSSIA: A SWE S A FIN - NWY
                  RUSSIA: A FIN - NWY
                  RUSSIA: F HOL H""", "A LVP, A RUH, A FIN", "F NWY, F EDI, F HOL",
      retreat_orders="""ENGLAND: F NWY R NTH
                        RUSSIA: F EDI R NTH
                        RUSSIA: F HOL R NTH""", retreated={"F NWY": None, "F EDI": None, "F HOL": None}),
    c("6.H.9", """ENGLAND: F HEL - KIE
                  ENGLAND: F DEN S F HEL - KIE
                  GERMANY: A BER - PRU
                  GERMANY: F KIE H
                  GERMANY: A SIL S A BER - PRU
                  RUSSIA: A PRU - BER""", "F HEL, A BER", "F KIE, A PRU", may_retreat={"F KIE": "BER"}),
    c("6.H.10", """ENGLAND: A KIE H
                   GERMANY: A BER - KIE
                   GERMANY: A MUN S A BER - KIE
                   GERMANY: A PRU H
                   RUSSIA: A WAR - PRU
                   RUSSIA: A SIL S A WAR - PRU""", "A BER, A WAR", "A KIE, A PRU",
      no_retreat={"A KIE": "BER"}, may_retreat={"A PRU": "BER"},
      retreat_orders="""ENGLAND: A KIE R BER
                        GERMANY: A PRU R BER""", retreated={"A KIE": None, "A PRU": "BER"}),
    c("6.H.11", """FRANCE: A GAS - MAR VIA
                   FRANCE: A BUR S A GAS - MAR
                   FRANCE: F MAO C A GAS - MAR
                   FRANCE: F WES C A GAS - MAR
                   FRANCE: F LYO C A GAS - MAR
                   ITALY: A MAR H""", "A GAS", "A MAR", may_retreat={"A MAR": "GAS"}),
    c("6.H.12", """ENGLAND: A LVP - EDI VIA
                   ENGLAND: F IRI C A LVP - EDI
                   ENGLAND: F ENG C A LVP - EDI
                   ENGLAND: F NTH C A LVP - EDI
                   FRANCE: F BRE - ENG
                   FRANCE: F MAO S F BRE - ENG
                   RUSSIA: A EDI - LVP VIA
                   RUSSIA: F NWG C A EDI - LVP
                   RUSSIA: F NAO C A EDI - LVP
                   RUSSIA: A CLY S A EDI - LVP""", "F BRE, A EDI", "A LVP, F ENG", may_retreat={"A LVP": "EDI"}),
    c("6.H.13", """ENGLAND: A PIC H
                   ENGLAND: F ENG C A PIC - LON
                   FRANCE: A PAR - PIC
                   FRANCE: A BRE S A PAR - PIC""", "A PAR", "A PIC", no_retreat={"A PIC": "LON"}),
    c("6.H.14", """ENGLAND: A PIC H
                   ENGLAND: F ENG S A PIC - BEL
                   FRANCE: A PAR - PIC
                   FRANCE: A BRE S A PAR - PIC
                   FRANCE: A BUR H
                   GERMANY: A MUN S A MAR - BUR
                   GERMANY: A MAR - BUR""", "A PAR, A MAR", "A PIC, A BUR",
      retreat_orders="""ENGLAND: A PIC R BEL
                        FRANCE: A BUR R BEL""", retreated={"A PIC": None, "A BUR": None}),
    c("6.H.15", """ENGLAND: F POR H
                   FRANCE: F SPA/SC - POR
                   FRANCE: F MAO S F SPA/SC - POR""", "F SPA/SC", "F POR", retreats={"F POR": []},
      results={"F POR": ["succeeded", "dislodged", "disbanded"]}),
    c("6.H.16", """FRANCE: F MAO - SPA/NC
                   FRANCE: F GAS - SPA/NC
                   FRANCE: F WES H
                   ITALY: F TUN S F TYS - WES
                   ITALY: F TYS - WES""", "F TYS", "F WES", retreats={"F WES": ["LYO", "NAF"]}),
    # ---- 6.I building ----
    c("6.I.1", """GERMANY: A WAR B
                  GERMANY: A KIE B
                  GERMANY: A MUN B""", phase="A", units="GERMANY: A HOL\nGERMANY: A RUH\nGERMANY: A BUR",
      centres="GERMANY: BER KIE MUN HOL", built="A KIE"),
    c("6.I.2", "RUSSIA: F MOS B", phase="A", units="RUSSIA: A WAR\nRUSSIA: F SEV\nRUSSIA: F STP/SC",
      centres="RUSSIA: MOS STP WAR SEV"),
    c("6.I.3", "GERMANY: A BER B", phase="A", units="GERMANY: A BER\nGERMANY: A RUH\nGERMANY: F HOL",
      centres="GERMANY: BER KIE MUN DEN"),
    c("6.I.4", "RUSSIA: A STP/NC B", phase="A", units="RUSSIA: F STP/SC\nRUSSIA: A WAR\nRUSSIA: A SEV",
      centres="RUSSIA: STP MOS WAR SEV"),
    c("6.I.5", "GERMANY: A BER B", phase="A", units="GERMANY: A DEN\nGERMANY: A HOL\nGERMANY: F SWE",
      centres="GERMANY: KIE MUN DEN HOL SWE"),
    c("6.I.6", "GERMANY: A WAR B", phase="A", units="GERMANY: A BER\nGERMANY: A KIE\nGERMANY: A MUN",
      centres="GERMANY: BER KIE MUN WAR"),
    c("6.I.7", """RUSSIA: A MOS B
                  RUSSIA: A MOS B""", phase="A", units="RUSSIA: A WAR\nRUSSIA: A SEV",
      centres="RUSSIA: MOS STP WAR SEV", built="A MOS"),
    # ---- 6.J civil disorder and disbands (distances to home centres: the 2000 rulebook, DATC 2.4) ----
    c("6.J.1", """FRANCE: F LYO D
                  FRANCE: A PIC D
                  FRANCE: A PAR D""", phase="A", units="FRANCE: A PAR\nFRANCE: A PIC", centres="FRANCE: PAR",
      removed="A PIC"),
    c("6.J.2", """FRANCE: A PAR D
                  FRANCE: A PAR D""", phase="A", units="FRANCE: A PAR\nFRANCE: A PIC\nFRANCE: F BRE",
      centres="FRANCE: MAR", removed="A PAR, A PIC"),
    c("6.J.3", "", phase="A", units="RUSSIA: A LVN\nRUSSIA: A SWE", centres="RUSSIA: STP", removed="A SWE"),
    c("6.J.4", "", phase="A", units="RUSSIA: A LVN\nRUSSIA: A UKR", centres="RUSSIA: MOS", removed="A LVN"),
    c("6.J.5", "", phase="A", units="RUSSIA: F SKA\nRUSSIA: F BER", centres="RUSSIA: STP", removed="F BER"),
    c("6.J.6", "", phase="A", units="RUSSIA: F BOT\nRUSSIA: F NTH", centres="RUSSIA: MUN", removed="F NTH",
      note="DATC 3.0 counts to owned centres (Munich) and removes Bothnia; 2.4 counts to home centres: "
           "Bothnia is one move from St Petersburg, the North Sea two"),
    c("6.J.6-equal", "", phase="A", units="RUSSIA: F BOT\nRUSSIA: F BAR", centres="RUSSIA: STP", removed="F BAR",
      note="two fleets at equal distance (one move each): alphabetical, Barents Sea first"),
    c("6.J.7", "", phase="A", units="RUSSIA: A BOH\nRUSSIA: F SKA\nRUSSIA: F NTH", centres="RUSSIA: STP WAR",
      removed="F NTH"),
    c("6.J.8", "", phase="A", units="RUSSIA: A TYR\nRUSSIA: F BAL", centres="RUSSIA: WAR", removed="A TYR"),
    c("6.J.9", "", phase="A", units="RUSSIA: A GRE\nRUSSIA: A SEV\nRUSSIA: F BAL", centres="RUSSIA: STP SEV",
      removed="A GRE"),
    c("6.J.9-b", "", phase="A", units="RUSSIA: A GRE\nRUSSIA: A SEV\nRUSSIA: F SKA", centres="RUSSIA: STP SEV",
      removed="A GRE"),
    c("6.J.10", "", phase="A", units="ITALY: A GRE\nITALY: A PIE", centres="ITALY: NAP", removed="A GRE",
      note="DATC 3.0 counts to the owned Naples and removes Piedmont; to home centres Piedmont is next to "
           "Venice (1) and Greece two moves over the Ionian Sea"),
    c("6.J.10-sea", "", phase="A", units="ITALY: A GRE\nITALY: A SIL", centres="ITALY: NAP", removed="A SIL",
      note="an army counts over sea: Greece is 2 (Ionian Sea, Naples), Silesia 3 over land"),
    c("6.J.11", "", phase="A", units="ITALY: A WAR\nITALY: A TUS", centres="ITALY: WAR", removed="A WAR",
      note="DATC 3.0 counts to owned centres and removes Tuscany; 2.4 counts to home centres: Tuscany is "
           "next to Rome, so the army in Warsaw is removed"),
]
