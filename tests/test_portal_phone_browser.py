"""The area games' pages on a phone (Chromium at 390x844, as a player holds it): the receipt says when lines
were refused, the "board changed" notice appears beside the text box, the winter page says how many units to
build or remove. Needs Playwright and Chromium (tests/browser_support.py); ``KRIEGSSPIEL_SHOTS=DIR`` keeps
the screenshots."""
from __future__ import annotations

from pathlib import Path

from browser_support import browser, phone, shot, wait_until  # noqa: F401 - browser: the fixture

from area_portal_support import running_area_portal, write_area_game

#: a winter: France lost two units (may build 2 in its empty homes), Germany gained one (must remove 1)
WINTER = (('phase = "S1901M"', 'phase = "W1901A"'), ('FRANCE = ["F BRE", "A PAR", "A MAR"]', 'FRANCE = ["A BUR"]'),
          ('GERMANY = ["F KIE", "A BER", "A MUN"]', 'GERMANY = ["F KIE", "A BER", "A MUN", "A RUH"]'))


def _in_view(page, selector: str) -> bool:
    box = page.eval_on_selector(selector, "e => { const r = e.getBoundingClientRect(); "
                                          "return [r.top, r.bottom, r.height]; }")
    return box[2] > 0 and box[0] >= 0 and box[1] <= 844


def test_a_sending_with_a_refused_line_gets_a_receipt_in_the_colour_of_a_problem(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        page.fill("#orders-text", "A PAR - BUR\nA MAR - XYZ\nF BRE - MAO")
        page.check("input[name=ready]")
        page.click("#order-form button[type=submit]")
        page.wait_for_selector("#receipt")
        receipt = page.inner_text("#receipt")
        assert "2 of 3 lines accepted; 1 refused" in receipt and "you are marked ready" in receipt
        assert page.get_attribute("#receipt", "class") == "receipt problem"
        assert page.get_attribute("#receipt", "role") == "alert"
        colour = page.eval_on_selector("#receipt", "e => getComputedStyle(e).backgroundColor")
        assert colour == "rgb(248, 215, 218)"  # the problems' red, not the receipt's green
        shot(page, tmp_path, "phone-10a-refused-receipt", full=True)
        # all accepted: green again
        page.fill("#orders-text", "A PAR - BUR\nA MAR - SPA\nF BRE - MAO")
        page.click("#order-form button[type=submit]")
        wait_until(page, "!document.getElementById('receipt').classList.contains('problem')")
        assert "refused" not in page.inner_text("#receipt")
        assert page.eval_on_selector("#receipt", "e => getComputedStyle(e).backgroundColor") == "rgb(223, 240, 216)"
        assert problems == []
        context.close()


def test_the_board_changed_notice_is_shown_beside_the_text_box(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        page.click("#orders-text")
        page.keyboard.type("A PAR - BUR")
        page.eval_on_selector("#orders-text", "e => e.scrollIntoView({block: 'center'})")
        assert not _in_view(page, "#news") or page.is_hidden("#news")
        assert live.umpire("confirm").accepted  # the phase moves on under the typing
        wait_until(page, "!document.getElementById('stale').hidden")
        assert "your text is not sent yet" in page.inner_text("#stale")
        assert _in_view(page, "#stale") and _in_view(page, "#orders-text")
        text_box = page.eval_on_selector("#orders-text", "e => e.getBoundingClientRect().bottom")
        notice = page.eval_on_selector("#stale", "e => e.getBoundingClientRect().top")
        assert 0 <= notice - text_box < 40  # right under the text box
        assert page.input_value("#orders-text") == "A PAR - BUR"  # the typing is kept, not reloaded away
        shot(page, tmp_path, "phone-10b-board-changed")
        assert problems == []
        context.close()


def test_the_winter_page_says_how_many_to_build_or_remove_and_opens_the_builds(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path, edits=WINTER)
    with running_area_portal(save) as live:
        assert live.game.turn.position.phase == "W1901A"
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        duty = page.inner_text("#duty")
        assert duty.startswith("You may build 2 units") and "BRE, MAR, PAR" in duty
        assert "holds" not in page.inner_text("#orders")  # the movement hint belongs to movement
        assert page.eval_on_selector("#placements", "d => d.open")
        assert page.is_visible("#placements li >> text=A PAR B")
        shot(page, tmp_path, "phone-11a-winter-build", full=True)
        page.goto(live.urls["GERMANY"])
        assert page.inner_text("#duty").startswith("You must remove 1 unit ")
        shot(page, tmp_path, "phone-11b-winter-remove")
        page.goto(live.urls["ITALY"])  # three centres, three units: no orders this winter
        assert page.query_selector("#duty") is None and page.query_selector("#no-orders") is not None
        assert problems == []
        context.close()


def test_the_movement_page_says_a_unit_without_an_order_holds(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        assert "a unit without an order holds" in page.inner_text("#duty")
        assert problems == []
        context.close()


def _tap_province(page, live, abbreviation: str) -> None:
    """A finger on the province's centre (as the map gives it), wherever the picture is drawn on the page."""
    board = live.portal.order_form("FRANCE").board
    x, y = next(p.centre for p in board.provinces if p.abbreviation == abbreviation)
    left, top, width = page.eval_on_selector("#touch", "s => { const r = s.getBoundingClientRect(); "
                                                       "return [r.left, r.top, r.width]; }")
    scale = width / board.size_px[0]
    at = (left + x * scale, top + y * scale)
    hit = page.evaluate(f"(() => {{ const e = document.elementFromPoint({at[0]}, {at[1]}); "
                        "return e && e.getAttribute('data-p'); })()")
    assert hit == abbreviation  # the finger lands on that province's shape (or a unit in it), nothing else
    page.touchscreen.tap(*at)


def test_orders_by_touch_a_unit_then_a_province_puts_the_checked_order_in_the_text_box(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        wait_until(page, "document.getElementById('picture').complete")
        assert page.is_visible("#touch") and page.is_visible("#tap-help")
        page.eval_on_selector("#touch", "s => s.scrollIntoView({block: 'center'})")
        # a move: the army in Paris, then Burgundy
        page.tap("#touch circle.unit.mine[data-p='PAR']")
        assert "Your" in page.inner_text("#tap-help") and "PAR" in page.inner_text("#tap-help")
        shot(page, tmp_path, "phone-9a-unit-chosen")
        _tap_province(page, live, "BUR")
        assert page.input_value("#orders-text").splitlines() == ["A PAR - BUR"]
        wait_until(page, "document.querySelectorAll('#verdicts li.ok').length === 1")  # checked as if typed
        assert page.inner_text("#verdicts li.ok code") == "A PAR - BUR"
        # a support: the army in Marseilles, then the army in Paris, then Burgundy
        page.tap("#touch circle.unit.mine[data-p='MAR']")
        page.tap("#touch circle.unit.mine[data-p='PAR']")
        _tap_province(page, live, "BUR")
        assert page.input_value("#orders-text").splitlines() == ["A PAR - BUR", "A MAR S A PAR - BUR"]
        wait_until(page, "document.querySelectorAll('#verdicts li.ok').length === 2")
        # a second order for the same unit replaces its first; tapping a unit twice holds
        page.tap("#touch circle.unit.mine[data-p='PAR']")
        page.tap("#touch circle.unit.mine[data-p='PAR']")
        assert page.input_value("#orders-text").splitlines() == ["A MAR S A PAR - BUR", "A PAR H"]
        # the list of a unit's legal orders is tapped too
        page.click("#units summary >> text=F BRE")
        page.tap("#units button.order-example[data-order='F BRE - MAO']")
        assert page.input_value("#orders-text").splitlines() == ["A MAR S A PAR - BUR", "A PAR H", "F BRE - MAO"]
        wait_until(page, "document.querySelectorAll('#verdicts li.ok').length === 3")
        assert live.game.turn.orders == ()  # composed and checked, not sent
        page.eval_on_selector("#orders-text", "e => e.scrollIntoView({block: 'center'})")
        shot(page, tmp_path, "phone-9b-orders-by-touch")
        # typing stays: the text box takes typed lines beside the tapped ones
        page.click("#orders-text")
        page.keyboard.press("End")
        page.keyboard.type("A MAR - XYZ")
        wait_until(page, "document.querySelectorAll('#verdicts li.bad').length === 1")
        # the zoom is a button now that taps give orders; it opens on France's units
        page.click("#zoom")
        assert page.eval_on_selector(".scroller", "f => f.classList.contains('zoomed') && f.scrollLeft > 0")
        assert problems == []
        context.close()


def test_the_board_is_worked_by_keyboard_and_named_for_screen_readers(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        labels = page.eval_on_selector_all("#touch [tabindex='0']", "es => es.map(e => e.getAttribute('aria-label'))")
        assert "Paris (PAR)" in labels and "Burgundy (BUR)" in labels
        assert "Your unit A PAR, in Paris" in labels and "Your unit F BRE, in Brest" in labels
        assert "Germany's unit A MUN, in Munich" in labels  # not blind: Germany is seen
        page.focus("#touch circle.unit.mine[data-p='PAR']")
        page.keyboard.press("Enter")
        page.focus("#touch path.province[data-p='PIC']")
        page.keyboard.press("Enter")
        assert page.input_value("#orders-text").splitlines() == ["A PAR - PIC"]
        assert problems == []
        context.close()


def test_a_blind_board_names_no_unit_the_power_cannot_see(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path, blind=True)
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        seen = {u.where for u in live.portal.desk.view_of("FRANCE").position.units}
        named = page.eval_on_selector_all("#touch .unit", "es => es.map(e => e.getAttribute('data-p'))")
        assert set(named) <= {w.split("/")[0] for w in seen} and "MOS" not in named and "PAR" in named
        assert problems == []
        context.close()


def test_a_ruler_games_zoomed_picture_opens_on_the_players_units(browser, tmp_path: Path) -> None:
    from portal_support import running_portal, write_game

    save = write_game(tmp_path)  # b1 in the west, r1 in the east
    with running_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.red)
        wait_until(page, "document.getElementById('picture').complete && "
                          "document.getElementById('picture').naturalWidth > 0")
        fx, fy = (float(v) for v in page.get_attribute("#picture", "data-focus").split(","))
        assert fx > 0.5  # Red's unit stands in the east
        page.click("#picture")
        left, client, natural = page.eval_on_selector(
            ".scroller", "f => [f.scrollLeft, f.clientWidth, f.querySelector('img').naturalWidth]")
        assert left > 0  # not the map's top-left corner
        assert left <= fx * natural <= left + client  # Red's unit is in the frame
        shot(page, tmp_path, "phone-12-ruler-zoomed")
        assert "r1" in page.inner_text("#report") and ".0, " not in page.inner_text("#report")  # words, not (x, y)
        assert problems == []
        context.close()


def test_orders_by_touch_on_an_air_power_page(browser, tmp_path: Path) -> None:
    save = write_area_game(tmp_path, "air-power-1901.toml")
    with running_area_portal(save) as live:
        context, page, problems = phone(browser)
        page.goto(live.urls["FRANCE"])
        wait_until(page, "document.getElementById('picture').complete")
        page.eval_on_selector("#touch", "s => s.scrollIntoView({block: 'center'})")
        page.tap("#touch circle.unit.mine[data-p='PAR']")
        _tap_province(page, live, "PIC")
        assert page.input_value("#orders-text").splitlines() == ["A PAR - PIC"]
        wait_until(page, "document.querySelectorAll('#verdicts li.ok').length === 1")
        assert problems == []
        context.close()


def _finger_on(page, size_px: tuple[int, int], at: tuple[float, float]) -> tuple[float, float]:
    """Where on the page a point of the picture (picture pixels) is, wherever the picture is drawn."""
    left, top, width = page.eval_on_selector("#touch", "s => { const r = s.getBoundingClientRect(); "
                                                       "return [r.left, r.top, r.width]; }")
    scale = width / size_px[0]
    return left + at[0] * scale, top + at[1] * scale


def _hit(page, at: tuple[float, float]) -> dict:
    return page.evaluate(f"(() => {{ const e = document.elementFromPoint({at[0]}, {at[1]}); "
                         "return e ? {p: e.getAttribute('data-p'), uid: e.getAttribute('data-uid'), "
                         "label: e.getAttribute('aria-label')} : null; })()")


def test_orders_by_touch_on_a_crowded_unit_profiles_province_choose_the_counter_tapped(browser, tmp_path: Path) -> None:
    """Nordheim holds ten of Nord's counters in rows: a finger on the dive bomber's counter (where the picture
    draws it) chooses the dive bomber, and the province taps after it give its order line."""
    from area_portal_support import PROFILES, PROFILES_PURCHASE, send

    from kriegsspiel.pov.area import AreaPictureInput, board_picture, province_of
    from kriegsspiel.scenario.area import province_drawings
    from kriegsspiel.store.phase_desk import power_view

    save = write_area_game(tmp_path, PROFILES)
    with running_area_portal(save) as live:
        send(live.urls["NORD"], PROFILES_PURCHASE)
        assert live.umpire("confirm").accepted  # Nord's combat move: its aircraft may fly from Nordheim
        scenario = live.game.scenario
        view = power_view(scenario, live.game.turn, "NORD")
        board = scenario.board
        size = (board.width_px, board.height_px)
        drawings = province_drawings(board)
        shown = AreaPictureInput(view.position.phase, "NORD", view.position, view.orders, view.told,
                                 scenario.rules.unit_symbols())
        # where the picture draws each counter (its own drawing, not the tap layer's idea of it)
        known = {d.abbreviation for d in drawings}
        on_map = [u for u in view.position.units if province_of(u.where) in known]
        drawn = dict(zip((u.uid for u in on_map), board_picture(size, drawings, shown).counters))
        assert sum(u.where == "NHM" for u in on_map) >= 5
        bomber = next(u for u in on_map if u.where == "NHM" and u.kind == "dive-bomber")
        context, page, problems = phone(browser)
        page.goto(live.urls["NORD"])
        wait_until(page, "document.getElementById('picture').complete")
        page.eval_on_selector("#touch", "s => s.scrollIntoView({block: 'center'})")
        # every counter of Nordheim answers a finger on its middle with its own unit
        for u in on_map:
            if u.where == "NHM":
                assert _hit(page, _finger_on(page, size, drawn[u.uid].center))["uid"] == u.uid
        # the layer outlined for the screenshot (through the CSSOM: the page's CSP refuses a style tag)
        page.eval_on_selector_all("#touch .unit, #touch .province", "es => es.forEach(e => { "
                                  "e.style.stroke = e.classList.contains('unit') ? '#e00' : '#06c'; "
                                  "e.style.strokeWidth = '2'; })")
        page.touchscreen.tap(*_finger_on(page, size, drawn[bomber.uid].center))
        assert f"unit {bomber.uid} (" in page.inner_text("#tap-help")
        shot(page, tmp_path, "phone-9c-crowded-province-outlined")
        # then the sea zones it flies over: the province taps (a counter there stands for its province)
        for where in ("WNS", "WSS"):
            centre = next(d.centre for d in drawings if d.abbreviation == where)
            at = _finger_on(page, size, centre)
            assert _hit(page, at)["p"] == where
            page.touchscreen.tap(*at)
        order = f"move {bomber.uid} NHM-WNS-WSS"
        page.tap(f"#tap-choices button.order-example[data-order='{order}']")
        assert page.input_value("#orders-text").splitlines() == [order]
        wait_until(page, "document.querySelectorAll('#verdicts li.ok').length === 1")  # checked as if typed
        assert live.game.turn.orders == () or all(o.power != "NORD" for o in live.game.turn.orders)
        assert problems == []
        context.close()
