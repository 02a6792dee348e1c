"""One script for the players' page of every game (issue 27 item 5): a ruler game's page and an area game's page
load the same ``/static/player.js``, the two former scripts are gone, and what the script does on a page is
said by the page itself (its data attributes, from what the game's desk gives), not by the kind of game. The
script at work in a browser: tests/test_portal_one_script_browser.py."""
from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from area_portal_support import running_area_portal, write_area_game
from portal_support import RED, fetch, running_portal, write_game

from kriegsspiel.portal.pages import PageInput, follows_in_place
from kriegsspiel.portal.service import RoundStatus
from kriegsspiel.store.desk import Handout, OrderForm, TapBoard

SCRIPT_TAG = '<script src="/static/player.js" defer>'


def _scripts(html: str) -> list[str]:
    return re.findall(r"<script[^>]*>", html)


def test_a_ruler_page_an_area_page_and_an_error_page_load_the_same_one_script(tmp_path: Path) -> None:
    (tmp_path / "ruler").mkdir()
    (tmp_path / "area").mkdir()
    with running_portal(write_game(tmp_path / "ruler")) as ruler, \
            running_area_portal(write_area_game(tmp_path / "area")) as area:
        pages = [fetch(ruler.red), fetch(area.urls["FRANCE"]), fetch(ruler.base + "p/nope")]
        assert [p.status for p in pages] == [200, 200, 404]
        for page in pages:
            assert _scripts(page.text) == [SCRIPT_TAG]
        for base in (ruler.base, area.base):
            served = fetch(base + "static/player.js")
            assert served.status == 200 and served.headers["content-type"].startswith("text/javascript")
            assert served.body == resources.files("kriegsspiel.portal").joinpath("static", "player.js").read_bytes()
            for former in ("portal.js", "area.js", "live.js"):
                assert fetch(base + f"static/{former}").status == 404, former
    shipped = sorted(p.name for p in resources.files("kriegsspiel.portal").joinpath("static").iterdir())
    assert shipped == ["player.js", "portal.css"]


def test_what_the_script_does_on_a_page_is_what_the_page_offers(tmp_path: Path) -> None:
    """The ruler desk offers no check of order lines (they are free text for the umpire) and no tap board:
    its page has neither; its sheets are swapped in live. The area desk's page offers both and is loaded
    again when the phase moves on."""
    (tmp_path / "ruler").mkdir()
    (tmp_path / "area").mkdir()
    with running_portal(write_game(tmp_path / "ruler")) as ruler, \
            running_area_portal(write_area_game(tmp_path / "area")) as area:
        sheet = fetch(ruler.red).text
        assert 'data-follow="sheet"' in sheet and 'data-period="round"' in sheet
        assert "data-check=" not in sheet and 'id="touch"' not in sheet and 'id="verdicts"' not in sheet
        assert ruler.portal.check(RED, "r1 marches") == ()  # and nothing to check against
        board = fetch(area.urls["FRANCE"]).text
        link = area.urls["FRANCE"].split("/", 3)[3]
        assert 'data-follow="page"' in board and 'data-period="phase"' in board
        assert f'data-check="/{link}/check"' in board and 'id="touch"' in board and 'id="verdicts"' in board


_SHEET = Handout(2, "End of round 1", report="r1 is at the mill.", focus=(0.5, 0.5))
_PHASE = Handout(2, "Fall 1901, movement", told=("A PAR - BUR",), results_of="Spring 1901, movement",
                 orders=())


@pytest.mark.parametrize(("handouts", "form", "in_place"), [
    ((_SHEET,), OrderForm("round 2"), True),                                # a ruler game's page
    ((), OrderForm("round 1"), True),                                       # no sheet yet: the first is swapped in
    ((_SHEET,), OrderForm("round 2", checked=True), True),                  # lines checked: the sheet still swaps
    ((_PHASE,), OrderForm("Fall 1901, movement", checked=True), False),    # what the power was told
    ((Handout(1, "Spring 1901", told=()),), OrderForm("Spring 1901"), False),
    ((_SHEET,), OrderForm("round 2", in_force=("A PAR H",)), False),
    ((_SHEET,), OrderForm("round 2", units=()), False),
    ((_SHEET,), OrderForm("round 2", choices=(("Which?", ("a", "b")),)), False),
    ((_SHEET,), OrderForm("round 2", placements=("A PAR B",)), False),
    ((_SHEET,), OrderForm("round 2", centres=("PAR",)), False),
    ((_SHEET,), OrderForm("round 2", duty="Build 2."), False),
    ((_SHEET,), OrderForm("round 2", board=TapBoard((10, 10), ())), False),
    ((_SHEET,), OrderForm("round 2", orders_now=False), False),
])
def test_a_page_follows_in_place_only_when_the_status_carries_all_that_changes(
        handouts: tuple[Handout, ...], form: OrderForm, in_place: bool) -> None:
    page = PageInput(player="P", name="P", base="/p/x", csrf="c", status=RoundStatus(2, True, None, None),
                     key="k", period="round", handouts=handouts, form=form)
    assert follows_in_place(page) is in_place
