"""The check made while an order is typed counts the step's earlier orders (issue 31, item 4): a purchase is
checked against the money the purchases before it leave ("NORD has 8", not the 20 at the start of the step),
in the rule set, in the session that journals the orders, and in the portal's check of a sending's lines."""
from __future__ import annotations

from pathlib import Path

from area_portal_support import PROFILES, write_area_game
from kriegsspiel.portal.service import Portal
from kriegsspiel.store import AreaSession
from unit_profiles_area_helpers import RULES, position, resolve


def test_a_purchase_is_checked_against_the_money_left_by_the_orders_before_it() -> None:
    pos = position(step="purchase", treasury=20)
    assert RULES.check_order(pos, "NORD", "buy 3 infantry").accepted           # 9 of 20: alone it is fine
    verdict = RULES.check_order_among(pos, "NORD", "buy 3 infantry", ["buy armor", "buy 1 infantry"])
    assert not verdict.accepted and verdict.reason == "3 infantry cost 9 IPC; NORD has 8"
    assert RULES.check_order_among(pos, "NORD", "buy 2 infantry", ["buy armor", "buy 1 infantry"]).accepted
    # what the check says is what the resolution does
    result, _ = resolve(pos, {"NORD": ["buy armor", "buy 1 infantry", "buy 3 infantry"]})
    assert any(line.startswith("refused: buy 3 infantry") and "NORD has 8" in line for line in result.lines)
    # an earlier order with the same text is the one this order replaces: not counted twice
    assert RULES.check_order_among(pos, "NORD", "buy 2 armor", ["buy 2 armor"]).accepted


def test_placements_count_the_places_filled_before() -> None:
    def bought(game) -> None:  # type: ignore[no-untyped-def]
        game.data["bought"]["NORD"] = {"infantry": 3, "artillery": 1}
    pos = position(step="place", edit=bought)
    assert RULES.check_order(pos, "NORD", "place artillery HAF").accepted
    verdict = RULES.check_order_among(pos, "NORD", "place artillery HAF", ["place 3 infantry HAF"])
    assert not verdict.accepted and "at most 3" in (verdict.reason or "")


def test_the_session_refuses_the_order_that_overspends_when_it_is_given(tmp_path: Path) -> None:
    save = write_area_game(tmp_path, PROFILES)
    with AreaSession.open(save) as game:
        assert game.submit("NORD: buy armor").accepted and game.submit("NORD: buy 1 infantry").accepted
        out = game.submit("NORD: buy 3 infantry")
        assert not out.accepted and out.reason == "3 infantry cost 9 IPC; NORD has 8"
        assert game.submit("NORD: buy 2 infantry").accepted


def test_the_portal_checks_a_sendings_lines_in_order(tmp_path: Path) -> None:
    save = write_area_game(tmp_path, PROFILES)
    with AreaSession.open(save) as game:
        verdicts = Portal(game).check("NORD", "buy armor\nbuy 1 infantry\nbuy 3 infantry\nbuy 2 infantry")
        assert [v.ok for v in verdicts] == [True, True, False, True]
        assert verdicts[2].reason == "3 infantry cost 9 IPC; NORD has 8"
