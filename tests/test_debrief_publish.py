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
    with running_area_portal(save) as running:
        url = next(iter(running.urls.values()))
        assert fetch(f"{url}/debrief/index.html").status == 404
        assert "/debrief/index.html" not in fetch(url).text
        monkeypatch.setattr(publish, "game_over", lambda game: True)
        assert fetch(f"{url}/debrief/index.html").status == 200
        assert fetch(f"{url}/debrief/frames/002-player-7.png").body.startswith(b"\x89PNG")
        assert "/debrief/index.html" in fetch(url).text
