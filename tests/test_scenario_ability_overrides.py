"""``[overrides.TYPE]`` abilities (what the old Umpire gamefiles said in lists): move_and_fire, hidden_by_default,
heading_limit and hide_terrain change the type for this scenario only; a wrong value is a finding with its line."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.scenario import check_scenario_file, load_scenario
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}


def test_ability_overrides_change_the_type_for_this_scenario(tmp_path: Path) -> None:
    text = GOOD_SCENARIO + ('\n[overrides.light-cavalry]\nhide_terrain = ["plains"]\nmove_and_fire = false\n'
                            '\n[overrides.corvette]\nheading_limit = "none"\n'
                            '\n[overrides.medium-artillery]\nheading_limit = 90\nhidden_by_default = true\n')
    types = load_scenario(write_scenario(tmp_path, text), **LOADERS).ruleset.unit_types
    assert types["light-cavalry"].hide_terrain == ("plains",) and types["light-cavalry"].move_and_fire is False
    assert types["corvette"].heading_limit is None
    assert types["medium-artillery"].heading_limit == 90.0 and types["medium-artillery"].hidden_by_default is True
    base = fake_ruleset().unit_types
    assert base["light-cavalry"].hide_terrain != ("plains",) and base["corvette"].heading_limit == 30.0


def test_wrong_ability_overrides_are_findings_with_their_lines(tmp_path: Path) -> None:
    text = GOOD_SCENARIO + ('\n[overrides.light-cavalry]\nhide_terrain = ["forrest"]\nmove_and_fire = "yes"\n'
                            '\n[overrides.corvette]\nheading_limit = 400\n\n[overrides.infantry]\nhide_terrain = 3\n')
    path = write_scenario(tmp_path, text)
    lines = text.splitlines()
    found = {f.message: f.line for f in check_scenario_file(path, **LOADERS)}

    def line_of(key: str, after: str) -> int:
        start = lines.index(after)
        return next(i for i in range(start, len(lines)) if lines[i].startswith(key)) + 1

    expected = {
        "overrides.light-cavalry.hide_terrain: unknown terrain or structure 'forrest'":
            line_of("hide_terrain", "[overrides.light-cavalry]"),
        "overrides.light-cavalry.move_and_fire: must be true or false, not 'yes'":
            line_of("move_and_fire", "[overrides.light-cavalry]"),
        "overrides.corvette.heading_limit: must be degrees (more than 0, at most 360) or \"none\"":
            line_of("heading_limit", "[overrides.corvette]"),
        "overrides.infantry.hide_terrain: must be a list of terrain ids and structure kinds, not a whole number":
            line_of("hide_terrain", "[overrides.infantry]"),
    }
    for start, line in expected.items():
        match = [(m, n) for m, n in found.items() if m.startswith(start)]
        assert match, (start, found)
        assert match[0][1] == line, (start, match)
    assert any("did you mean 'forest'" in m for m in found)
