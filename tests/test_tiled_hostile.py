"""Hostile maps (issue 15, items 1 to 4): each built in a temporary folder and checked in a child process
under a 2 GiB memory limit and a time limit; a clear message, exit 2, nothing of the umpire's files drawn."""
from __future__ import annotations

import base64
import os
import resource
import subprocess
import sys
import zlib
from pathlib import Path

import pygame
import pytest

REPO = Path(__file__).resolve().parent.parent
LIMIT = 2 * 1024 ** 3


#: A tighter limit for the bombs: the program checks a map in well under it, and unpacking the bomb whole
#: (512 MiB) could not fit in it.
BOMB_LIMIT = 400 * 1024 ** 2


def run(*args: str, timeout: float = 60.0, env: dict[str, str] | None = None,
        limit: int = LIMIT) -> subprocess.CompletedProcess[str]:
    """``kriegsspiel ARGS`` in a child under the memory limit (bytes of address space)."""
    environment = {**os.environ, "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", **(env or {})}
    return subprocess.run([sys.executable, "-m", "kriegsspiel", *args], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)),
                          env=environment)


def map_text(width: int, height: int, body: str, tileset: str = "") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" '
            f'tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="1">\n{tileset}{body}</map>\n')


def bomb(total: int, wbits: int) -> str:
    """base64 of ``total`` zero bytes deflated (zlib: wbits 15, gzip: 31), made a megabyte at a time."""
    packer = zlib.compressobj(1, zlib.DEFLATED, wbits)
    piece = bytes(1 << 20)
    parts = [packer.compress(piece) for _ in range(total >> 20)]
    parts.append(packer.flush())
    return base64.b64encode(b"".join(parts)).decode("ascii")


@pytest.mark.parametrize("compression, wbits", [("zlib", 15), ("gzip", 31)])
def test_a_layer_that_unpacks_to_half_a_gigabyte_is_refused_without_unpacking_it(tmp_path, compression: str, wbits: int) -> None:
    data = bomb(1 << 29, wbits)  # 512 MiB of zeros in about two megabytes
    layer = (f' <layer id="1" name="terrain" width="64" height="64">\n  <data encoding="base64" '
             f'compression="{compression}">{data}</data>\n </layer>\n')
    path = tmp_path / "bomb.tmx"
    path.write_text(map_text(64, 64, layer))
    done = run("check", str(path), timeout=30, limit=BOMB_LIMIT)
    assert done.returncode == 2, done.stderr
    assert done.stdout.startswith(
        f"{path}:4: layer 'terrain': its compressed tile data unpacks to more than the 16384 bytes the layer holds "
        "(a damaged or hostile file); save the map again from Tiled")
    assert "Traceback" not in done.stderr + done.stdout


def test_a_map_too_big_for_memory_is_refused_before_anything_is_made(tmp_path) -> None:
    path = tmp_path / "huge.tmx"
    path.write_text(map_text(100000, 100000, ""))
    done = run("check", str(path), timeout=30)
    assert done.returncode == 2, done.stderr
    assert done.stdout.startswith(f"{path}:2: the map is 100000x100000 tiles; the most the rules can hold is 67108864 tiles")


def test_thousands_of_nested_groups_are_refused_by_depth(tmp_path) -> None:
    path = tmp_path / "deep.tmx"
    path.write_text(map_text(2, 2, '<group name="g">' * 5000 + "</group>" * 5000))
    done = run("check", str(path), timeout=30)
    assert done.returncode == 2, done.stderr
    assert done.stdout.startswith(f"{path}:3: elements nested more than 100 deep (group layers inside group layers?), "
                                  "which Tiled never writes; flatten the groups in Tiled's Layers view")
    assert "RecursionError" not in done.stderr


def _secret_picture(folder: Path) -> Path:
    """A picture of the umpire's own, outside the map's project: bright magenta."""
    folder.mkdir()
    secret = folder / "secret.png"
    surface = pygame.Surface((32, 32))
    surface.fill((255, 0, 255))
    pygame.image.save(surface, str(secret))
    return secret


def _map_naming(tmp_path: Path, image: str) -> Path:
    project = tmp_path / "downloads" / "campaign"
    project.mkdir(parents=True)
    tileset = (' <tileset firstgid="1" name="stolen" tilewidth="32" tileheight="32" tilecount="1" columns="1">\n'
               f'  <image source="{image}" width="32" height="32"/>\n </tileset>\n')
    layer = ' <layer id="1" name="terrain" width="2" height="2">\n  <data encoding="csv">1,1,1,1</data>\n </layer>\n'
    path = project / "map.tmx"
    path.write_text(map_text(2, 2, layer, tileset))
    return path


@pytest.mark.parametrize("how", ["absolute", "climbing"])
def test_an_image_outside_the_maps_project_is_refused_unless_allowed(tmp_path, how: str) -> None:
    secret = _secret_picture(tmp_path / "home")
    image = str(secret) if how == "absolute" else "../../home/secret.png"
    path = _map_naming(tmp_path, image)
    done = run("check", str(path))
    assert done.returncode == 2
    expected = (f"the absolute path {image}" if how == "absolute" else f"{image}, which lies outside the map's Tiled project")
    assert done.stdout.startswith(f"{path}:4: tileset 'stolen': its image names {expected}")
    out = tmp_path / "p.png"
    preview = run("preview", str(path), "--out", str(out))
    assert preview.returncode == 2 and not out.exists()
    assert "--allow-outside-paths" in preview.stderr
    # the umpire trusts this map: then it is drawn, with the picture
    allowed = run("preview", str(path), "--out", str(out), "--allow-outside-paths")
    assert allowed.returncode == 0, allowed.stderr
    assert tuple(pygame.image.load(str(out)).get_at((5, 5)))[:3] == (255, 0, 255)
    assert run("check", str(path), env={"KRIEGSSPIEL_ALLOW_OUTSIDE_PATHS": "1"}).returncode in (0, 1)


def test_a_tileset_or_template_outside_the_project_is_refused(tmp_path) -> None:
    _secret_picture(tmp_path / "home")
    (tmp_path / "home" / "t.tsx").write_text(
        '<tileset name="t" tilewidth="32" tileheight="32" tilecount="1" columns="1">'
        '<image source="secret.png" width="32" height="32"/></tileset>')
    (tmp_path / "home" / "u.tx").write_text('<template><object name="x" type="unit"/></template>')
    path = _map_naming(tmp_path, "fine.png")
    text = path.read_text().replace('<tileset firstgid="1" name="stolen"', '<tileset firstgid="2" source="../../home/t.tsx"/>\n <tileset firstgid="1" name="stolen"')
    text = text.replace("</map>", ' <objectgroup id="2" name="units"><object id="1" template="../../home/u.tx" x="1" y="1"/></objectgroup>\n</map>')
    path.write_text(text)
    done = run("check", str(path))
    assert done.returncode == 2
    assert f"{path}:3: the tileset names ../../home/t.tsx, which lies outside the map's Tiled project" in done.stdout
    assert "object 1 in layer 'units': its template names ../../home/u.tx, which lies outside" in done.stdout


def test_the_shipped_maps_and_a_project_listing_a_folder_beside_it_stay_allowed() -> None:
    # maps/kriegsspiel.tiled-project lists ../assets, where the shipped maps' tilesets are
    battlefields = ["brandywine.tmx", "coast.tmx", "hex-valley.tmx", "v3-weistritz.tmx"]
    done = run("check", *(str(REPO / "kriegsspiel" / "data" / "maps" / name) for name in battlefields))
    assert done.returncode == 0, done.stdout


def test_a_link_inside_the_project_pointing_out_of_it_is_refused(tmp_path) -> None:
    secret = _secret_picture(tmp_path / "home")
    path = _map_naming(tmp_path, "innocent.png")
    (path.parent / "innocent.png").symlink_to(secret)
    done = run("check", str(path))
    assert done.returncode == 2
    assert done.stdout.startswith(f"{path}:4: tileset 'stolen': its image names innocent.png, which lies outside "
                                  "the map's Tiled project")
