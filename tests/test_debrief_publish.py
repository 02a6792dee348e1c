"""The debrief published to the players (issue 33 item 4): only a finished game's, and the portal shows it to
the players' links only while the game is over."""
from __future__ import annotations

from pathlib import Path

from portal_support import fetch, running_portal
from test_pov_cli import SCENARIO, write_map

from kriegsspiel.cli import main
from kriegsspiel.store import Game


def one_round_game(folder: Path) -> Path:
    write_map(folder)
    scenario = folder / "field.toml"
    scenario.write_text(SCENARIO.replace('first_side = "Blue"', 'first_side = "Blue"\nrounds = 1'), encoding="utf-8")
    save = folder / "field.kssave"
    with Game.new(scenario, save) as game:
        assert game.submit("move b1 > 4.5,5.5").accepted
        assert game.submit("turn").accepted
    return save


def finish(save: Path) -> None:
    with Game.open(save) as game:
        assert game.submit("turn").accepted
        assert game.state.finished


def test_a_game_in_play_is_not_published_and_the_portal_shows_nothing(tmp_path: Path, capsys) -> None:
    save = one_round_game(tmp_path)
    assert main(["debrief", str(save), "--publish"]) == 2
    assert "still in play" in capsys.readouterr().err
    assert not (tmp_path / "field-debrief").exists()
    # an umpire's copy written by hand into the published place is still not served while the game is on
    assert main(["debrief", str(save), "--out", str(tmp_path / "field-debrief")]) == 0
    with running_portal(save) as running:
        url = next(iter(running.urls.values()))
        assert fetch(f"{url}/debrief/index.html").status == 404
        assert "/debrief/index.html" not in fetch(url).text  # no link on the player's page either


def test_a_finished_games_debrief_is_served_to_every_link(tmp_path: Path) -> None:
    save = one_round_game(tmp_path)
    finish(save)
    assert main(["debrief", str(save), "--publish"]) == 0
    assert (tmp_path / "field-debrief" / "index.html").is_file()
    with running_portal(save) as running:
        for url in running.urls.values():
            assert f'{url.split("://", 1)[1].split("/", 1)[1]}/debrief/index.html' in fetch(url).text.replace("&#x27;", "'")
            page = fetch(f"{url}/debrief/index.html")
            assert page.status == 200 and {k.lower(): v for k, v in page.headers.items()}["content-type"].startswith("text/html")
            assert "Debrief: Field test" in page.text
            assert fetch(f"{url}/debrief/debrief.js").status == 200
            picture = fetch(f"{url}/debrief/frames/001-umpire.png")
            assert picture.status == 200 and picture.body.startswith(b"\x89PNG")
            assert fetch(f"{url}/debrief/../field.kssave").status == 404
            assert fetch(f"{url}/debrief/frames/../../field.kssave").status == 404
        base = next(iter(running.urls.values())).rsplit("/p/", 1)[0]
        assert fetch(f"{base}/p/not-a-token/debrief/index.html").status == 404


def test_an_area_games_portal_serves_the_debrief_only_when_the_game_is_over(tmp_path: Path, monkeypatch) -> None:
    """A Diplomacy game is long to finish: the game's end is stood in for by ``game_over``; the rest is real."""
    from area_portal_support import running_area_portal
    from debrief_support import diplomacy_save

    import kriegsspiel.debrief.publish as publish

    save = diplomacy_save(tmp_path)
    assert main(["debrief", str(save), "--publish"]) == 2  # in play: refused
    assert main(["debrief", str(save), "--out", str(publish.published_folder(save))]) == 0
    # publishing a finished game marks the folder: that mark stands in for it here
    (publish.published_folder(save) / publish.MARK).write_text("published by the umpire\n", encoding="utf-8")
    with running_area_portal(save) as running:
        url = next(iter(running.urls.values()))
        assert fetch(f"{url}/debrief/index.html").status == 404
        assert "/debrief/index.html" not in fetch(url).text
        monkeypatch.setattr(publish, "game_over", lambda game: True)
        assert fetch(f"{url}/debrief/index.html").status == 200
        (publish.published_folder(save) / publish.MARK).unlink()  # the umpire's own copy: not the players'
        assert fetch(f"{url}/debrief/index.html").status == 404
        assert "/debrief/index.html" not in fetch(url).text
        (publish.published_folder(save) / publish.MARK).write_text("published\n", encoding="utf-8")
        assert fetch(f"{url}/debrief/frames/002-player-7.png").body.startswith(b"\x89PNG")
        assert "/debrief/index.html" in fetch(url).text


def test_the_film_is_served_and_linked_only_once_published_and_never_to_a_revoked_link(tmp_path: Path) -> None:
    """Item 2: the film goes to the players with the page when the umpire publishes; before that (the umpire's
    own copy and film in the same folder), while the game is in play, and to a revoked or made-up link: 404,
    and no page names the film."""
    import kriegsspiel.debrief.publish as publish

    save = one_round_game(tmp_path)
    folder = publish.published_folder(save)
    # in play: the umpire's copy with its film where the published one would go is not served
    assert main(["debrief", str(save), "--out", str(folder), "--movie", str(folder / "debrief.mp4")]) == 0
    (folder / publish.MARK).write_text("by hand\n", encoding="utf-8")  # even marked: the game is in play
    with running_portal(save) as running:
        url = running.urls['Blue HQ']
        assert fetch(f"{url}/debrief/debrief.mp4").status == 404
        assert fetch(f"{url}/debrief/index.html").status == 404
        assert "debrief.mp4" not in fetch(url).text
    (folder / publish.MARK).unlink()
    finish(save)
    with running_portal(save) as running:  # over, but not published: the umpire's copy stays the umpire's
        assert fetch(f"{running.urls['Blue HQ']}/debrief/debrief.mp4").status == 404
        assert "debrief" not in fetch(running.urls['Blue HQ']).text.lower().split("</header>")[0]
    assert main(["debrief", str(save), "--publish", "--movie", str(tmp_path / "film.mp4")]) == 0
    assert (folder / "debrief.mp4").read_bytes() == (tmp_path / "film.mp4").read_bytes()
    assert 'href="debrief.mp4"' in (folder / "index.html").read_text(encoding="utf-8")
    with running_portal(save) as running:
        for url in running.urls.values():
            path = url.split("://", 1)[1].split("/", 1)[1]
            assert f"/{path}/debrief/debrief.mp4" in fetch(url).text  # linked from the player's page
            film = fetch(f"{url}/debrief/debrief.mp4")
            assert film.status == 200 and film.body == (folder / "debrief.mp4").read_bytes()
            assert {k.lower(): v for k, v in film.headers.items()}["content-type"] == "video/mp4"
        assert fetch(f"{running.base}/p/not-a-token/debrief/debrief.mp4").status == 404
        old = running.urls['Blue HQ']
        running.portal.revoke("Blue HQ")
        assert fetch(f"{old}/debrief/debrief.mp4").status == 404
        assert fetch(f"{old}/debrief/index.html").status == 404
        assert fetch(f"{running.urls['Red HQ']}/debrief/debrief.mp4").status == 200
    # publishing again without a film takes the film away from the players
    assert main(["debrief", str(save), "--publish"]) == 0
    assert not (folder / "debrief.mp4").exists()
    with running_portal(save) as running:
        assert fetch(f"{running.urls['Red HQ']}/debrief/debrief.mp4").status == 404
        assert "debrief.mp4" not in fetch(running.urls['Red HQ']).text
