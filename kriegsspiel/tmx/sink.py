"""Where a map reader puts what it finds: errors (the map cannot be used) and warnings, each with file and line."""
from __future__ import annotations

from dataclasses import dataclass, field

from kriegsspiel.findings import Finding


@dataclass(eq=False)
class FindingSink:
    """Findings about one map (and the tilesets and templates it names); ``path`` is the map."""

    path: str
    findings: list[Finding] = field(default_factory=list)

    def refuse(self, message: str, line: int | None = None, path: str | None = None) -> None:
        """Record an error: the map cannot be used until it is fixed."""
        self.findings.append(Finding(path or self.path, message, "error", line))

    def warn(self, message: str, line: int | None = None, path: str | None = None) -> None:
        """Record a warning: the map is used, but the author should look."""
        self.findings.append(Finding(path or self.path, message, "warning", line))

    @property
    def has_errors(self) -> bool:
        """True once any error was recorded."""
        return any(f.severity == "error" for f in self.findings)
