"""The inbox of any game read from its save alone (``kriegsspiel inbox``): what the serve console's ``inbox``
shows, for a session opened read-only (a running portal may hold the save meanwhile)."""
from __future__ import annotations

from typing import Any


def inbox_of(session: Any, number: int) -> tuple[dict[str, Any], str]:
    """(the inbox of round or phase ``number`` as JSON, as text for the terminal). An area game's inbox is the
    serve console's: each power's orders in force, its last sending, ready or not, and the lines refused,
    under the phase in words ("Winter 1901, adjustments")."""
    if session.kind == "area":
        from kriegsspiel.portal.area_inbox import area_inbox_text, journal_inbox

        area = journal_inbox(session, number)
        return area, area_inbox_text(area)
    from kriegsspiel.portal.records import inbox, inbox_text

    ruler = inbox(session.journal_entries(), session.players(), number)
    return ruler, inbox_text(ruler)
