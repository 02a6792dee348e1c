"""The result words as the interchange format defines them (docs/diplomacy.md, "Result words"), a row per word
and per reason for it, and the convoy-intent ruling (docs/diplomacy.md, "Convoys that cannot exist")."""
from __future__ import annotations

import pytest

from kriegsspiel.rulesets.diplomacy import OrderError, run_phase


def _units(text: str) -> list[dict[str, str]]:
    out = []
    for item in text.split(","):
        power, kind, loc = item.split()
        out.append({"power": power, "type": kind, "loc": loc})
    return out


def _orders(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for item in text.split(";"):
        power, order = item.split(":")
        out.setdefault(power.strip(), []).append(order.strip())
    return out


def _phase(name: str, units: str, orders: str, centres: dict | None = None) -> dict:
    return {"id": name, "phase": name, "before": {"units": _units(units), "centers": centres or {}},
            "orders": _orders(orders)}


ROWS = [
    # (the format's words for the case, phase, units, orders, {unit: words})
    ("succeeded: nothing went wrong", "S1901M", "FRANCE A PAR", "FRANCE: A PAR - BUR", {"A PAR": ["succeeded"]}),
    ("bounced: a move that failed", "S1901M", "FRANCE A PAR, GERMANY A MUN",
     "FRANCE: A PAR - BUR; GERMANY: A MUN - BUR", {"A PAR": ["bounced"], "A MUN": ["bounced"]}),
    ("cut: a support attacked from elsewhere", "S1901M", "FRANCE A PAR, FRANCE A MAR, ITALY A PIE",
     "FRANCE: A PAR - BUR; FRANCE: A MAR S A PAR - BUR; ITALY: A PIE - MAR", {"A MAR": ["cut"]}),
    ("void: a support of an order not given", "S1901M", "FRANCE A PAR, FRANCE A MAR",
     "FRANCE: A PAR - PIC; FRANCE: A MAR S A PAR - BUR", {"A MAR": ["void"], "A PAR": ["succeeded"]}),
    ("void: a support that would dislodge a unit of the supporting power", "S1901M",
     "GERMANY A BER, RUSSIA A PRU, GERMANY A SIL", "GERMANY: A BER H; RUSSIA: A PRU - BER; GERMANY: A SIL S A PRU - BER",
     {"A SIL": ["void"], "A PRU": ["bounced"], "A BER": ["succeeded"]}),
    ("void: a support against its own unit that moves away does count", "S1901M",
     "GERMANY A BER, RUSSIA A PRU, GERMANY A SIL", "GERMANY: A BER - KIE; RUSSIA: A PRU - BER; GERMANY: A SIL S A PRU - BER",
     {"A SIL": ["succeeded"], "A PRU": ["succeeded"], "A BER": ["succeeded"]}),
    ("void: an illegal move", "S1901M", "ENGLAND F NTH", "ENGLAND: F NTH - PIC", {"F NTH": ["void"]}),
    ("dislodged", "S1901M", "FRANCE A PAR, FRANCE A MAR, GERMANY A BUR",
     "FRANCE: A PAR - BUR; FRANCE: A MAR S A PAR - BUR", {"A BUR": ["succeeded", "dislodged"]}),
    ("no_convoy: a move by convoy that no chain could carry, nothing dislodged", "S1901M",
     "ENGLAND A LON, ENGLAND F NTH", "ENGLAND: A LON - NWY; ENGLAND: F NTH H",
     {"A LON": ["no_convoy"], "F NTH": ["succeeded"]}),
    ("no_convoy: a convoy paradox (Szykman, DATC 6.F.17): nothing dislodged",
     "S1901M", "ENGLAND F LON, ENGLAND F WAL, FRANCE A BRE, FRANCE F ENG, FRANCE F YOR, GERMANY F NTH, GERMANY F BEL",
     "ENGLAND: F LON S F WAL - ENG; ENGLAND: F WAL - ENG; FRANCE: A BRE - LON; FRANCE: F ENG C A BRE - LON;"
     "FRANCE: F YOR S A BRE - LON; GERMANY: F NTH S F BEL - ENG; GERMANY: F BEL - ENG",
     {"A BRE": ["no_convoy"], "F ENG": ["no_convoy"], "F WAL": ["bounced"]}),
    ("no_convoy: a convoy whose army went over land", "S1901M",
     "ENGLAND A WAL, ENGLAND F NTH, ENGLAND F ENG", "ENGLAND: A WAL - YOR; ENGLAND: F NTH C A WAL - YOR",
     {"A WAL": ["succeeded"], "F NTH": ["no_convoy"]}),
    ("succeeded: a convoy the army travelled by", "S1901M", "ENGLAND A LON, ENGLAND F NTH",
     "ENGLAND: A LON - NWY; ENGLAND: F NTH C A LON - NWY", {"A LON": ["succeeded"], "F NTH": ["succeeded"]}),
    ("disrupted: a convoying fleet dislodged", "S1901M",
     "ENGLAND A LON, ENGLAND F NTH, GERMANY F HEL, GERMANY F DEN",
     "ENGLAND: A LON - BEL; ENGLAND: F NTH C A LON - BEL; GERMANY: F HEL - NTH; GERMANY: F DEN S F HEL - NTH",
     {"A LON": ["disrupted"], "F NTH": ["no_convoy", "dislodged"]}),
    ("disbanded: a dislodged unit with no retreat", "S1901M",
     "ENGLAND F POR, FRANCE F SPA/SC, FRANCE F MAO", "FRANCE: F SPA/SC - POR; FRANCE: F MAO S F SPA/SC - POR",
     {"F POR": ["succeeded", "dislodged", "disbanded"]}),
]


@pytest.mark.parametrize(("what", "name", "units", "orders", "words"), ROWS, ids=[r[0] for r in ROWS])
def test_result_words(what: str, name: str, units: str, orders: str, words: dict[str, list[str]]) -> None:
    results = run_phase(_phase(name, units, orders))["results"]
    for unit, expected in words.items():
        assert results[unit] == expected, unit


def test_the_convoy_intent_ruling_moves_the_army_over_land() -> None:
    """`A WAL - YOR` with England's own `F NTH C A WAL - YOR`: no chain of the fleets ordered to convoy it reaches
    from Wales to Yorkshire (a fleet in the Channel that does not convoy makes none), so there is no intent to
    convoy and the army goes over land."""
    for others in ("", ", ENGLAND F ENG", ", FRANCE F ENG", ", ENGLAND F IRI"):
        out = run_phase(_phase("S1901M", "ENGLAND A WAL, ENGLAND F NTH" + others,
                               "ENGLAND: A WAL - YOR; ENGLAND: F NTH C A WAL - YOR"))
        assert {"power": "ENGLAND", "type": "A", "loc": "YOR"} in out["units"], others
        assert out["results"]["A WAL"] == ["succeeded"] and out["results"]["F NTH"] == ["no_convoy"], others


def test_a_chain_of_own_fleets_is_an_intent_to_convoy() -> None:
    """With the Channel convoying too, the chain reaches: the army goes by sea (DATC 2.4 prefers the convoy
    where the army's own power convoys it), and a Channel fleet dislodged leaves it disrupted in Wales."""
    out = run_phase(_phase("S1901M", "ENGLAND A WAL, ENGLAND F NTH, ENGLAND F ENG, FRANCE F BRE, FRANCE F PIC",
                           "ENGLAND: A WAL - YOR; ENGLAND: F NTH C A WAL - YOR; ENGLAND: F ENG C A WAL - YOR;"
                           "FRANCE: F BRE - ENG; FRANCE: F PIC S F BRE - ENG"))
    assert {"power": "ENGLAND", "type": "A", "loc": "WAL"} in out["units"]
    assert out["results"]["A WAL"] == ["disrupted"] and out["results"]["F ENG"] == ["no_convoy", "dislodged"]


WINTER = {"RUSSIA": ["MOS", "STP", "WAR", "SEV"]}


def test_an_ordered_disband_succeeds_civil_disorder_disbands() -> None:
    out = run_phase(_phase("W1901A", "FRANCE A PAR, FRANCE A PIC, FRANCE F BRE", "FRANCE: A PIC D",
                           {"FRANCE": ["MAR"]}))
    assert out["results"]["A PIC"] == ["succeeded"]
    assert out["results"]["F BRE"] == ["disbanded"], "farther from home than Paris: civil disorder"


def test_a_duplicate_build_never_hides_the_build_carried_out() -> None:
    """DATC 6.I.7: two builds in Moscow; one is carried out."""
    out = run_phase(_phase("W1901A", "RUSSIA A WAR, RUSSIA A SEV", "RUSSIA: A MOS B; RUSSIA: A MOS B", WINTER))
    assert out["results"]["A MOS"] == ["succeeded"]
    assert out["units"].count({"power": "RUSSIA", "type": "A", "loc": "MOS"}) == 1


def test_a_surplus_build_is_void() -> None:
    out = run_phase(_phase("W1901A", "RUSSIA A WAR, RUSSIA A SEV, RUSSIA A UKR", "RUSSIA: A MOS B; RUSSIA: F STP/NC B",
                           WINTER))
    assert out["results"] == {"A MOS": ["succeeded"], "F STP/NC": ["void"]}


def test_a_duplicate_disband_names_the_duplicate() -> None:
    """DATC 6.J.2: A PAR disbanded twice; the second is the duplicate, not a unit that is not there."""
    record = _phase("W1901A", "FRANCE A PAR, FRANCE A PIC, FRANCE F BRE", "FRANCE: A PAR D; FRANCE: A PAR D",
                    {"FRANCE": ["MAR"]})
    out = run_phase(record)
    assert out["results"]["A PAR"] == ["succeeded"]
    [error] = out["errors"]
    assert error["order"] == "A PAR D" and "second disband of A PAR" in error["reason"]
    with pytest.raises(OrderError, match="second disband of A PAR"):
        run_phase(record, strict=True)
