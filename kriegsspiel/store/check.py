"""``kriegsspiel check`` for saves: is it a save, is it intact, does every record still replay."""
from __future__ import annotations

import re
from pathlib import Path

from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.load import MapLoader, RulesetLoader


def _strip_path(message: str, path: Path) -> tuple[str, int | None]:
    """Split "PATH: line N ...: problem" into the problem and the line."""
    text = message
    prefix = f"{path}: "
    if text.startswith(prefix):
        text = text[len(prefix):]
    line = None
    match = re.match(r"line (\d+)(?: \((record \d+)\))?: ", text)
    if match:
        # the finding carries the line itself: "line 3 (record 2): x" becomes "record 2: x" on line 3
        line = int(match.group(1))
        text = (f"{match.group(2)}: " if match.group(2) else "") + text[match.end():]
    return text, line


def check_save_file(path: str | Path, *, map_loader: MapLoader | None = None,
                    ruleset_loader: RulesetLoader | None = None) -> list[Finding]:
    """Every finding of a save file (errors and warnings). Never raises, never writes."""
    from kriegsspiel.scenario import ScenarioError
    from kriegsspiel.store.opening import session_class_of_save
    from kriegsspiel.store.journal import SaveError, read_save

    path = Path(path)
    try:
        loaded = read_save(path)
    except SaveError as exc:
        message, line = _strip_path(str(exc), path)
        # not a save at all, or its header unreadable: nothing of it can be checked (exit 2); damage in a
        # record is a problem of a save that was read (exit 1)
        return [Finding(str(path), message, "error", line, unreadable=exc.record in (None, 0))]
    findings: list[Finding] = []
    try:
        game = session_class_of_save(loaded).from_loaded(loaded, read_only=True, map_loader=map_loader,
                                                         ruleset_loader=ruleset_loader)
    except ScenarioError as exc:
        return [Finding(str(path), f"the embedded scenario: {f.message}", f.severity, f.line) for f in exc.findings]
    except UserError as exc:
        message, line = _strip_path(str(exc), path)
        return [Finding(str(path), message, "error", line)]
    for note in game.notes:
        message, _ = _strip_path(note, path)
        line = loaded.cut_off.line if loaded.cut_off is not None and "cut off" in note else None
        findings.append(Finding(str(path), message + "; opening it to play on keeps a copy and cuts the tail off"
                                if line else message, "warning", line))
    return findings
