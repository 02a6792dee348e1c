"""The shipped Tiled project file is what Tiled reads (its ``propertyTypes`` format) and declares what the loader
reads; the shipped maps, project and tilesets are exactly what their generator scripts write."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from kriegsspiel.rulesets import load_ruleset

REPO = Path(__file__).resolve().parent.parent
PROJECT = REPO / "kriegsspiel" / "data" / "maps" / "kriegsspiel.tiled-project"
#: The usage names Tiled's ClassPropertyType reads from ``useAs`` (libtiled/propertytype.cpp).
USE_AS = {"property", "map", "layer", "object", "tile", "tileset", "wangcolor", "wangset", "project"}
#: The member types Tiled writes for plain values.
MEMBER_TYPES = {"string", "int", "float", "bool", "color", "file", "object", "class"}


@pytest.fixture(scope="module")
def project() -> dict:
    return json.loads(PROJECT.read_text(encoding="utf-8"))


def types_by_name(project: dict) -> dict[str, dict]:
    return {t["name"]: t for t in project["propertyTypes"]}


def test_property_types_follow_tiled_format(project) -> None:
    types = project["propertyTypes"]
    ids = [t["id"] for t in types]
    assert len(set(ids)) == len(ids) and all(isinstance(i, int) and i > 0 for i in ids)
    names = [t["name"] for t in types]
    assert len(set(names)) == len(names)
    for t in types:
        assert t["type"] in ("enum", "class"), t["name"]
        if t["type"] == "enum":
            assert t["storageType"] in ("string", "int") and t["valuesAsFlags"] is False
            assert t["values"] and all(isinstance(v, str) and v for v in t["values"])
            assert len(set(t["values"])) == len(t["values"])
        else:
            assert set(t["useAs"]) <= USE_AS and t["useAs"]
            assert re.fullmatch(r"#[0-9a-f]{8}", t["color"])
            for member in t["members"]:
                assert member["type"] in MEMBER_TYPES, (t["name"], member)
                if "propertyType" in member:
                    enum = types_by_name(project)[member["propertyType"]]
                    # a string-stored enum member holds one of its values
                    assert enum["type"] == "enum" and member["type"] == "string"
                    assert member["value"] in enum["values"]
    for folder in project["folders"]:
        assert (PROJECT.parent / folder).is_dir(), folder


def test_drop_downs_are_the_rule_sets_names(project) -> None:
    types = types_by_name(project)
    for ruleset_id in ("modern-4e", "kriegsspiel-v3"):
        ruleset = load_ruleset(ruleset_id)
        assert set(ruleset.terrain) <= set(types["Terrain"]["values"]), ruleset_id
        assert set(ruleset.structures) <= set(types["StructureKind"]["values"]), ruleset_id
    modern = load_ruleset("modern-4e")
    assert types["Terrain"]["values"] == list(modern.terrain)
    assert types["UnitType"]["values"] == list(modern.unit_types)


def test_classes_carry_the_properties_the_loader_reads(project) -> None:
    types = types_by_name(project)

    def members(name: str) -> dict[str, dict]:
        return {m["name"]: m for m in types[name]["members"]}

    assert types["unit"]["useAs"] == ["object"]
    assert set(members("unit")) == {"side", "unit_type", "heading", "health", "hidden"}
    assert members("unit")["unit_type"]["propertyType"] == "UnitType"
    assert "object" in types["structure"]["useAs"] and "tile" in types["structure"]["useAs"]
    assert members("structure")["kind"]["propertyType"] == "StructureKind"
    assert members("structure")["side"]["type"] == "string"  # an airfield's side: its planes land there
    assert "object" in types["zone"]["useAs"]
    assert types["TerrainTile"]["useAs"] == ["tile"]
    assert members("TerrainTile")["terrain"]["propertyType"] == "Terrain"
    assert {m["type"] for m in types["TerrainTile"]["members"]} == {"string", "int", "bool"}


def _script(path: Path, out: Path) -> ModuleType:
    """Import a generator script with its output folder pointed at ``out``."""
    name = f"_generator_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    finally:
        del sys.modules[name]
    module.HERE = out
    return module


def test_the_map_generator_writes_the_shipped_maps_and_project(tmp_path) -> None:
    _script(REPO / "tools" / "make_maps.py", tmp_path).main()
    for name in ("brandywine.tmx", "coast.tmx", "hex-valley.tmx", "kriegsspiel.tiled-project"):
        assert (tmp_path / name).read_bytes() == (REPO / "kriegsspiel" / "data" / "maps" / name).read_bytes(), name


def test_the_tileset_generator_writes_the_shipped_tilesets(tmp_path) -> None:
    _script(REPO / "tools" / "make_tilesets.py", tmp_path).main()
    shipped = sorted(p.name for p in (REPO / "kriegsspiel" / "data" / "assets").glob("*.*") if p.suffix in (".tsx", ".png"))
    assert sorted(p.name for p in tmp_path.iterdir()) == shipped
    for name in shipped:
        if name.endswith(".tsx"):
            assert (tmp_path / name).read_bytes() == (REPO / "kriegsspiel" / "data" / "assets" / name).read_bytes(), name
        else:  # the same pixels (PNG bytes may differ between encoders)
            made, kept = pygame.image.load(str(tmp_path / name)), pygame.image.load(str(REPO / "kriegsspiel" / "data" / "assets" / name))
            assert made.get_size() == kept.get_size(), name
            assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(kept, "RGBA"), name


def test_the_province_class_defaults_read_as_the_property_left_out(project, tmp_path) -> None:
    """Tiled writes a class member into the map only once the author changes it, so a member's default must
    mean what the reader takes for a missing property: write every default into each province of the
    standard board and the board read back is the same board."""
    from kriegsspiel.rulesets.diplomacy.mapfile import map_from_properties
    from kriegsspiel.tiled.provinces import province_properties

    members = {m["name"]: m for m in types_by_name(project)["province"]["members"]}
    assert types_by_name(project)["province"]["useAs"] == ["object"]
    assert {"abbreviation", "kind", "supply_centre", "home", "army", "fleet", "coasts"} <= set(members)
    shipped = REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx"
    text = shipped.read_text(encoding="utf-8")
    # add each default a province does not set, as Tiled would if the author set it back to the default
    def with_defaults(match: re.Match) -> str:
        block = match.group(0)
        extra = "".join(
            f'    <property name="{name}"{"" if m["type"] == "string" else " type=" + chr(34) + m["type"] + chr(34)} '
            f'value="{str(m["value"]).lower() if m["type"] == "bool" else m["value"]}"/>\n'
            for name, m in members.items() if f'name="{name}"' not in block and name != "abbreviation")
        return block.replace("   </properties>", extra + "   </properties>")
    changed = re.sub(r'<object [^>]*type="province".*?</object>', with_defaults, text, flags=re.S)
    assert changed != text
    (tmp_path / "board.tmx").write_text(changed, encoding="utf-8")
    _, powers, before = province_properties(str(shipped))
    _, powers_after, after = province_properties(str(tmp_path / "board.tmx"))
    assert powers == powers_after
    assert any("army" in props and "army" not in before[abbr] for abbr, props in after.items())
    assert map_from_properties("map", list(powers), after, "board.tmx") == \
        map_from_properties("map", list(powers), before, "board.tmx")
