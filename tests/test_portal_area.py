"""The portal of an area game over HTTP: a page per power with its phase, picture, units and results, orders
checked line by line and put into the game as the umpire's (journaled, undoable), the rules' questions
answered from the page, and the umpire's confirm reaching every page."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pygame
import pytest
from area_portal_support import (
    PROFILES, PROFILES_ATTACK, PROFILES_PURCHASE, answer_until, running_area_portal, send, write_area_game,
)
from portal_support import csrf_of, fetch, first_event, origin_of, post_orders

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import read_save


def _pixels(png: bytes, size: tuple[int, int] | None = None) -> bytes:
    """The pixels of a PNG (its top-left corner of ``size``) and their size."""
    surface = pygame.image.load(io.BytesIO(png))
    if size is not None:
        surface = surface.subsurface(pygame.Rect(0, 0, *size))
    return pygame.image.tobytes(surface, "RGB") + repr(surface.get_size()).encode()


def test_each_power_has_a_link_and_a_page_of_its_own_phase_units_and_form(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        assert sorted(live.urls) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
        assert len(set(live.urls.values())) == 7
        page = fetch(live.urls["FRANCE"])
        assert page.status == 200 and page.headers["cache-control"] == "no-store"
        assert "<h1>France</h1>" in page.text and "Spring 1901, movement" in page.text
        units = page.text.split('id="units"', 1)[1]
        listed = re.findall(r"<summary><code>([^<]+)</code></summary>", units)
        assert listed == ["F BRE", "A PAR", "A MAR"]              # its own units, no other power's
        assert 'id="order-form"' in page.text and 'name="ready"' in page.text
        assert "<code>A PAR - BUR</code>" in units            # the rules' orders for the unit, as help
        picture = fetch(live.urls["FRANCE"] + "/picture/1.png")
        assert picture.status == 200 and picture.headers["content-type"] == "image/png"
        assert picture.body.startswith(b"\x89PNG")
        assert fetch(live.urls["FRANCE"] + "/picture/2.png").status == 404  # no phase 2 yet
    records = read_save(save).records
    issued = [r for r in records if r.kind == "portal" and r.events[0]["portal"] == "link"]
    assert len(issued) == 7 and all(r.events[0]["token_sha256"] not in live.urls[r.events[0]["player"]]
                                    for r in issued)


def test_orders_are_checked_line_by_line_and_entered_as_the_umpires_journaled_and_undoable(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        sent = post_orders(live.urls["FRANCE"], "A PAR-BUR\nF BRE - MAO\nA MAR - XYZ\nENGLAND: F LON - NTH\n"
                                                "france: a mar - spa", ready=True)
        assert sent.status == 303
        assert [(o.power, o.text) for o in live.game.turn.orders] == [
            ("FRANCE", "A PAR - BUR"), ("FRANCE", "F BRE - MAO"), ("FRANCE", "A MAR - SPA")]
        page = fetch(live.urls["FRANCE"]).text
        verdicts = page.split('id="sent-verdicts"', 1)[1].split("</ul>", 1)[0]
        assert re.search(r'class="bad">.*A MAR - XYZ</code><span class="reason">[^<]*unknown province XYZ', verdicts)
        assert re.search(r"ENGLAND: F LON - NTH</code><span class=\"reason\">you give orders for FRANCE only", verdicts)
        assert verdicts.count('class="ok"') == 3 and "you are marked ready" in page
        # a second sending replaces the first: the orders left out are withdrawn, the unit's new order replaces
        assert post_orders(live.urls["FRANCE"], "A PAR - PIC\nA MAR H\nA MAR - GAS").status == 303
        assert [o.text for o in live.game.turn.orders] == ["A PAR - PIC", "A MAR - GAS"]
        page = fetch(live.urls["FRANCE"]).text
        assert "replaced by the later order" in page
        textarea = lambda: fetch(live.urls["FRANCE"]).text.split("<textarea", 1)[1].split("</textarea>")[0]  # noqa: E731
        assert textarea().endswith(">A PAR - PIC\nA MAR H\nA MAR - GAS")   # the sending as written
        # the umpire's undo takes the last order back, as any order the umpire typed (A MAR's earlier one returns)
        assert live.umpire("undo").accepted
        assert [o.text for o in live.game.turn.orders] == ["A MAR - SPA", "A PAR - PIC"]
        assert textarea().endswith(">A MAR - SPA\nA PAR - PIC")  # the form now holds the orders in force
    records = read_save(save).records
    orders = [r for r in records if r.kind == "order"]
    assert [r.command for r in orders[:3]] == ["FRANCE: A PAR - BUR", "FRANCE: F BRE - MAO", "FRANCE: A MAR - SPA"]
    assert all(r.side == "FRANCE" for r in orders)
    sendings = [r.events[0] for r in records if r.kind == "portal" and r.events[0]["portal"] == "orders"]
    assert [s["ready"] for s in sendings] == [True, False] and sendings[0]["phase"] == "S1901M"
    assert [v["ok"] for v in sendings[0]["lines"]] == [True, True, False, False, True]
    with AreaSession.open(save, read_only=True) as again:   # the save replays with the portal's records in it
        assert [o.text for o in again.turn.orders] == ["A MAR - SPA", "A PAR - PIC"]


def test_the_check_endpoint_gives_each_lines_verdict_and_writes_nothing(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        count = live.game.record_count
        link = live.urls["GERMANY"]
        body = json.dumps({"orders": "A BER - KIE\nA MUN - PAR\nF KIE - DEN"}).encode()
        answer = fetch(link + "/check", "POST", body, {"Content-Type": "application/json", "Origin": origin_of(link)})
        assert answer.status == 200
        lines = json.loads(answer.text)["lines"]
        assert [v["ok"] for v in lines] == [True, False, True]
        assert "PAR" in lines[1]["reason"] and lines[0]["text"] == "A BER - KIE"
        assert live.game.record_count == count and live.game.turn.orders == ()
        forged = fetch(link + "/check", "POST", body, {"Content-Type": "application/json", "Origin": "http://evil.example"})
        assert forged.status == 403


def test_after_the_umpires_confirm_every_page_shows_the_next_phase_and_its_results(tmp_path: Path) -> None:
    from kriegsspiel.store.pictures import write_phase_pictures

    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        post_orders(live.urls["FRANCE"], "A PAR - BUR\nA MAR - BUR")
        post_orders(live.urls["GERMANY"], "A MUN - BUR")
        key_before = json.loads(fetch(live.urls["ENGLAND"] + "/status.json").text)["key"]
        assert live.umpire("confirm").accepted
        status = json.loads(fetch(live.urls["ENGLAND"] + "/status.json").text)
        assert status["round"] == 2 and status["phase"] == "Fall 1901, movement" and status["key"] != key_before
        page = fetch(live.urls["FRANCE"]).text
        assert "Orders for Fall 1901, movement" in page and "Results of Spring 1901, movement" in page
        told = page.split('id="told"', 1)[1].split("</ul>", 1)[0]
        assert "BUR" in told and "bounce" in told.lower()
        assert 'name="round" value="2"' in page and "Earlier phases" in page
        # picture 1 is now the resolved phase as 'kriegsspiel pov' draws it for France: its board, without the
        # panel of orders and results (the page lists them as text; on a phone the board gets the width)
        pov = write_phase_pictures(live.game.scenario, *live.game.confirmed_phases()[0], tmp_path / "pov", ["FRANCE"])
        board = (live.game.scenario.board.width_px, live.game.scenario.board.height_px)
        served = fetch(live.urls["FRANCE"] + "/picture/1.png").body
        assert _pixels(served) == _pixels(pov[0].read_bytes(), board)
        assert pygame.image.load(io.BytesIO(pov[0].read_bytes())).get_width() > board[0]  # the file has the panel
        assert fetch(live.urls["FRANCE"] + "/picture/2.png").status == 200
        # orders for the phase that is over are refused, and say where orders go now
        stale = post_orders(live.urls["FRANCE"], "A PAR H", round_number=1)
        assert stale.status == 409 and "Fall 1901, movement" in stale.text


def test_a_power_never_sees_another_powers_orders_before_adjudication(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    secret = "A MAR - PIE"
    with running_area_portal(save) as live:
        england = live.urls["ENGLAND"]
        before = {path: fetch(england + path).body for path in ("", "/status.json", "/picture/1.png")}
        before_event = first_event(england + "/events")[2]
        check = lambda: fetch(england + "/check", "POST", b'{"orders": "F LON - NTH\\nA MAR - PIE"}',  # noqa: E731
                              {"Content-Type": "application/json", "Origin": origin_of(england)}).body
        before_check = check()
        post_orders(live.urls["FRANCE"], secret + "\nA PAR - GAS", ready=True)
        # England's event stream and its check of lines (one naming France's unit) say the same as before
        assert first_event(england + "/events")[2] == before_event and check() == before_check
        assert [o.text for o in live.game.turn.orders] == [secret, "A PAR - GAS"]
        after = {path: fetch(england + path).body for path in ("", "/status.json", "/picture/1.png")}
        assert after["/picture/1.png"] == before["/picture/1.png"]
        assert json.loads(after["/status.json"]) == json.loads(before["/status.json"])
        strip = lambda body: re.sub(rb'name="csrf" value="[^"]+"', b"", body)  # noqa: E731 - a fresh token each page
        assert strip(after[""]) == strip(before[""])
        assert secret.encode() not in after[""] and b"A PAR - GAS" not in after[""]
        # France's own picture does draw its orders (so the comparison above could have failed)
        assert fetch(live.urls["FRANCE"] + "/picture/1.png").body != fetch(england + "/picture/1.png").body


def test_a_blind_power_is_shown_nothing_its_units_do_not_see(tmp_path: Path) -> None:
    """Two blind games that differ only by a Russian army far from France: France's page and picture are the
    same in both; in open games they differ (the test can fail)."""
    def france(blind: bool, without_moscow: bool, name: str) -> tuple[bytes, bytes, str]:
        edits = (('RUSSIA = ["A WAR", "A MOS", ', 'RUSSIA = ["A WAR", '),) if without_moscow else ()
        save = write_area_game(tmp_path / name, blind=blind, edits=edits)
        with running_area_portal(save) as live:
            page = fetch(live.urls["FRANCE"]).body
            picture = fetch(live.urls["FRANCE"] + "/picture/1.png").body
            status = json.loads(fetch(live.urls["FRANCE"] + "/status.json").text)
        return re.sub(rb'(name="csrf" value="|/p/)[^"/]+', b"", page), picture, status["key"]

    blind_a, blind_b = france(True, False, "a"), france(True, True, "b")
    assert blind_a == blind_b
    open_a, open_b = france(False, False, "c"), france(False, True, "d")
    assert open_a[1] != open_b[1]


def test_forged_revoked_and_foreign_addresses_get_the_same_clear_refusal(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        link = live.urls["ITALY"]
        token = link.rsplit("/", 1)[1]
        forged = token[:-1] + ("A" if token[-1] != "A" else "B")
        for path in (f"/p/{forged}", f"/p/{forged}/picture/1.png", f"/p/{forged}/status.json", "/p/x",
                     f"/p/{token}/picture/0.png", f"/p/{token}/../{token}"):
            answer = fetch(live.base.rstrip("/") + path)
            assert answer.status == 404 and "Nothing here. Check the link the umpire gave you." in answer.text, path
        new = live.portal.revoke("ITALY")
        assert fetch(link).status == 404 and fetch(link + "/picture/1.png").status == 404
        assert post_orders(link, "A ROM - APU", csrf="x.y").status == 404
        assert fetch(live.base.rstrip("/") + f"/p/{new}").status == 200
        assert live.game.turn.orders == ()
        # a page's CSRF token and Origin are needed, as for the ruler games
        fresh = live.base.rstrip("/") + f"/p/{new}"
        assert post_orders(fresh, "A ROM - APU", origin=None).status == 403
        assert post_orders(fresh, "A ROM - APU", csrf=csrf_of(fetch(live.urls["FRANCE"]).text)).status == 403
        assert live.game.turn.orders == ()


def test_a_phase_closed_by_the_umpire_takes_no_orders(tmp_path: Path) -> None:
    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        csrf = csrf_of(fetch(live.urls["TURKEY"]).text)  # a page loaded before the umpire closed the phase
        live.portal.close_round()
        page = fetch(live.urls["TURKEY"]).text
        assert 'id="order-form"' not in page and "Spring 1901, movement is closed to orders" in page
        refused = post_orders(live.urls["TURKEY"], "F ANK - BLA", csrf=csrf)
        assert refused.status == 409 and live.game.turn.orders == ()


def test_unit_profiles_the_power_in_turn_orders_and_the_other_answers_the_rules_questions(tmp_path: Path) -> None:
    save = write_area_game(tmp_path, PROFILES)
    with running_area_portal(save) as live:
        nord, sud = live.urls["NORD"], live.urls["SUD"]
        page = fetch(sud).text
        assert "Round 1, Nord: purchase" in page and 'id="order-form"' not in page
        assert "SUD gives no orders in Round 1, Nord: purchase; orders are awaited from NORD" in page
        assert "buy 1 infantry" in fetch(nord).text                  # the purchases it may make, as help
        send(nord, PROFILES_PURCHASE + "\nmove n1 NHM-MIT")
        verdicts = fetch(nord).text.split('id="sent-verdicts"', 1)[1].split("</ul>", 1)[0]
        assert verdicts.count('class="ok"') == 2 and "combat move" in verdicts
        assert [o.text for o in live.game.turn.orders] == ["buy 2 infantry", "buy 1 artillery"]
        assert live.umpire("confirm").accepted
        send(nord, PROFILES_ATTACK)
        assert live.umpire("confirm").accepted
        choice = answer_until(live, "SUD")
        assert choice is not None and choice.question.startswith("FEL r")
        page = fetch(sud).text
        assert escape_q(choice.question) in page
        assert all(f'name="orders" value="{o}"' in page for o in choice.options)
        assert fetch(nord).text.count('class="choice"') == 0       # the question is SUD's alone
        wrong = send(sud, "casualties FEL r9 attacker-fire: s1", ready=True)
        assert wrong.status == 303 and "the rules wait for your answer" in fetch(sud).text
        assert send(sud, choice.options[-1], ready=True).status == 303
        assert [o.text for o in live.game.turn.orders][-1] == choice.options[-1]
        assert live.umpire("confirm").accepted                     # the battle goes on past SUD's answer
        assert choice not in live.game.turn.choices
    answers = [r for r in read_save(save).records if r.kind == "order" and r.side == "SUD"]
    assert [r.command for r in answers] == [f"SUD: {choice.options[-1]}"]


def escape_q(text: str) -> str:
    from html import escape

    return escape(text)


@pytest.mark.parametrize("scenario", ["air-power-1901.toml"])
def test_air_power_wings_are_ordered_from_the_page(tmp_path: Path, scenario: str) -> None:
    save = write_area_game(tmp_path, scenario)
    with running_area_portal(save) as live:
        page = fetch(live.urls["ENGLAND"]).text
        assert "<code>W LON</code>" in page
        send(live.urls["ENGLAND"], "W LON S F LON\nF LON - NTH")
        assert [o.text for o in live.game.turn.orders] == ["W LON S F LON", "F LON - NTH"]


def test_the_windows_portal_serves_an_area_game_and_writes_on_the_windows_thread(tmp_path: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """What the area window needs (F9: WindowPortal.toggle, pump every frame, draw): orders from a phone reach
    the journal on the thread that pumps, the panel names the phase and who sent what."""
    import threading
    import time

    import kriegsspiel.portal.server as server
    from kriegsspiel.app.portal_window import WindowPortal
    from kriegsspiel.portal.links import link_url
    from kriegsspiel.render.overlays import TextCache

    monkeypatch.setattr(server, "lan_address", lambda: "127.0.0.1")
    pygame.display.init()
    pygame.font.init()
    save = write_area_game(tmp_path)
    with AreaSession.open(save) as game:
        window = WindowPortal(game, port=0)
        assert window.toggle().startswith("players' portal at http://127.0.0.1:")
        try:
            url = link_url(window.url, window.portal.tokens()["FRANCE"])
            answers: list[int] = []
            phone = threading.Thread(target=lambda: answers.append(send(url, "A PAR - BUR", ready=True).status))
            phone.start()
            deadline = time.monotonic() + 30
            while phone.is_alive():  # the window's frames
                assert time.monotonic() < deadline
                window.pump()
                time.sleep(0.01)
            assert answers == [303] and [o.text for o in game.turn.orders] == ["A PAR - BUR"]
            records = read_save(save).records
            assert records[-2].command == "FRANCE: A PAR - BUR" and records[-1].kind == "portal"
            seen: list[str] = []

            class Recording(TextCache):
                def get(self, text: str, *args, **kwargs):  # type: ignore[no-untyped-def]
                    seen.append(text)
                    return super().get(text, *args, **kwargs)

            window.draw(pygame.Surface((1000, 700)), Recording(), 16)
            assert "Spring 1901, movement: open to orders" in seen[0]
            assert any(t.startswith("3. FRANCE: received") for t in seen) and "READY" in seen
            assert "A PAR - BUR" in seen and any(t.startswith("1. AUSTRIA: nothing received") for t in seen)
        finally:
            window.server.stop()


#: France with one army in BUR and its three home centres empty; Germany with an army in RUH to support MUN
AUTUMN = (('phase = "S1901M"', 'phase = "F1901M"'), ('FRANCE = ["F BRE", "A PAR", "A MAR"]', 'FRANCE = ["A BUR"]'),
          ('GERMANY = ["F KIE", "A BER", "A MUN"]', 'GERMANY = ["F KIE", "A RUH", "A MUN"]'))


def test_retreat_and_adjustment_phases_are_ordered_from_the_page_too(tmp_path: Path) -> None:
    save = write_area_game(tmp_path, edits=AUTUMN)
    with running_area_portal(save) as live:
        assert send(live.urls["GERMANY"], "A MUN - BUR\nA RUH S A MUN - BUR").status == 303
        assert live.umpire("confirm").accepted
        assert live.game.turn.position.phase == "F1901R"
        page = fetch(live.urls["FRANCE"]).text
        assert f"Orders for {live.game.turn.position.phase_label}</h2>" in page and 'id="order-form"' in page
        assert re.search(r"<code>A BUR - dislodged; may retreat to [^<]*PIC", page)
        germany = fetch(live.urls["GERMANY"]).text
        assert 'id="order-form"' not in germany and "GERMANY gives no orders in Fall 1901" in germany
        assert send(live.urls["FRANCE"], "A BUR R MUN\nA BUR R PIC").status == 303
        sent = fetch(live.urls["FRANCE"]).text.split('id="sent-verdicts"', 1)[1].split("</ul>", 1)[0]
        assert re.search(r"A BUR R MUN</code><span class=\"reason\">[^<]*may retreat to BEL, GAS, MAR, PAR, PIC", sent)
        assert [o.text for o in live.game.turn.orders] == ["A BUR R PIC"]
        assert live.umpire("confirm").accepted
        assert live.game.turn.position.phase == "W1901A"
        page = fetch(live.urls["FRANCE"]).text
        assert "<code>A PAR B</code>" in page                      # the builds it may order, as help
        assert send(live.urls["FRANCE"], "A PAR B\nF BRE B\nA MUN B").status == 303
        sent = fetch(live.urls["FRANCE"]).text.split('id="sent-verdicts"', 1)[1].split("</ul>", 1)[0]
        assert sent.count('class="ok"') == 2 and "MUN" in sent.split('class="bad"', 1)[1]
        assert live.umpire("confirm").accepted
        units = sorted(f"{u.kind} {u.where}" for u in live.game.turn.position.units if u.power == "FRANCE")
        assert units == ["A PAR", "A PIC", "F BRE"]


def test_the_umpires_words_deadline_and_event_stream_reach_the_one_power(tmp_path: Path) -> None:
    from portal_support import first_event

    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        status, headers, event = first_event(live.urls["RUSSIA"] + "/events")
        assert status == 200 and headers["content-type"].startswith("text/event-stream")
        data = json.loads(event.split("data: ", 1)[1])
        assert data["phase"] == "Spring 1901, movement" and data["open"] and len(data["key"]) == 16
        live.portal.tell("RUSSIA", "Your ambassador in Vienna reports troop movements.")
        until = live.portal.set_deadline(20)
        russia, turkey = fetch(live.urls["RUSSIA"]).text, fetch(live.urls["TURKEY"]).text
        assert "Your ambassador in Vienna reports troop movements." in russia and "ambassador" not in turkey
        assert f'data-deadline="{until}"' in russia and f'data-deadline="{until}"' in turkey
        assert json.loads(fetch(live.urls["RUSSIA"] + "/status.json").text)["key"] != data["key"]
    notes = [r.events[0] for r in read_save(save).records if r.kind == "portal" and r.events[0]["portal"] == "note"]
    assert notes == [{"portal": "note", "player": "RUSSIA", "round": 1,
                      "text": "Your ambassador in Vienna reports troop movements."}]


def test_a_blind_power_is_not_told_why_the_umpires_board_refuses_what_its_own_view_allows(tmp_path: Path) -> None:
    """The rule set's check against the power's view accepts, against the umpire's board refuses (a unit the
    power cannot see stands in the way): the page says so without the reason, the umpire's inbox has it."""
    from kriegsspiel.store.desk import HIDDEN_REFUSAL

    save = write_area_game(tmp_path, blind=True)
    with running_area_portal(save) as live:
        rules = live.game.scenario.rules
        real = rules.check_order

        def check(position, power, text):  # type: ignore[no-untyped-def]
            verdict = real(position, power, text)
            if position is live.game.turn.position and "BUR" in text:  # the umpire's board, not the view
                return type(verdict)(False, verdict.text, "a German army you cannot see holds MUN's road")
            return verdict
        live.game.scenario.rules.check_order = check  # type: ignore[method-assign]
        send(live.urls["FRANCE"], "A PAR - BUR\nA MAR - SPA")
        page = fetch(live.urls["FRANCE"]).text
        assert escape_q(HIDDEN_REFUSAL) in page and "German" not in page
        assert [o.text for o in live.game.turn.orders] == ["A MAR - SPA"]
        refused = live.portal.inbox()["players"]["FRANCE"]["refused"]
        assert refused == [{"line": "A PAR - BUR", "reason": "a German army you cannot see holds MUN's road"}]
    sending = next(r.events[0] for r in read_save(save).records if r.kind == "portal" and r.events[0]["portal"] == "orders")
    assert sending["lines"][0]["reason"] == HIDDEN_REFUSAL and "German" in sending["lines"][0]["umpire_reason"]
    with running_area_portal(save) as again:  # read back from the journal after a restart, the same
        assert again.portal.inbox()["players"]["FRANCE"]["refused"] == refused
        assert "German" not in fetch(again.urls["FRANCE"]).text


def test_the_serve_terminals_portal_commands_for_an_area_game(tmp_path: Path) -> None:
    from kriegsspiel.portal.console import PortalShell

    save = write_area_game(tmp_path)
    with running_area_portal(save) as live:
        shell = PortalShell(live.portal, live.base, live.portal.gate)
        said = lambda line: shell.handle(line).text  # noqa: E731
        assert said("tell fra: hold the line") == "added to the page of FRANCE for Spring 1901, movement"
        refused = shell.handle("tell Narnia: hello")
        assert not refused.ok and refused.text.startswith("tell: no player 'Narnia'")
        refused = shell.handle("tell FRANCE hello")
        assert not refused.ok and refused.text.startswith("tell: write 'tell PLAYER: what they learn'")
        assert not shell.handle("deadline soon").ok
        assert said("deadline 5000") == "deadline: give between 1 and 1440 minutes"
        assert said("links").count("/p/") == 7
        old = live.urls["ITALY"]
        revoked = said("revoke italy")
        assert revoked.startswith("the old link of ITALY is revoked; the new one: http://")
        assert fetch(old).status == 404 and fetch(revoked.rsplit(" ", 1)[1]).status == 200
        assert said("ENGLAND: F LON - NTH") == "ENGLAND: F LON - NTH"   # the area shell's commands
        assert "England: nothing received; 1 order in force" in said("inbox")
        assert said("close") == "Spring 1901, movement is closed to orders"
        assert "(closed)" in said("inbox") and "players' portal:" in said("help")
