"""The inbox of any game read from its save alone (``kriegsspiel inbox``): what the serve console's ``inbox``
shows, for a session opened read-only (a running portal may hold the save meanwhile)."""
from __future__ import annotations

from typing import Any


def inbox_of(session: Any, number: int) -> tuple[dict[str, Any], str]:
    """(the inbox of round or phase ``number`` as JSON, as text for the terminal). An area game's inbox is the
    serve console's: each power's orders in force, its last sending, ready or not, and the lines refused,
    under the phase in words ("Winter 1901, adjustments")."""
    if session.kind == "area":
        from kriegsspiel.portal.area_console import area_inbox_text
        from kriegsspiel.portal.area_service import AreaPortal

        portal = AreaPortal(session)
        portal.read_journal()
        area = portal.inbox(number)
        return area, area_inbox_text(area)
    from kriegsspiel.portal.console import inbox_text
    from kriegsspiel.portal.records import inbox

    ruler = inbox(session.journal_entries(), session.players(), number)
    return ruler, inbox_text(ruler)
