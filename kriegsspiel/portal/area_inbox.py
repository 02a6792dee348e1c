"""The inbox of an area game's phase: per power whether it gives orders, its orders in force, its last sending,
ready or not, and the lines refused. One implementation for the serve console (from the portal's memory) and
``kriegsspiel inbox`` (from the journal alone); it draws nothing, so the terminal's inbox loads no pygame."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kriegsspiel.portal import records as rec


def power_names(scenario: Any) -> dict[str, str]:
    """Who plays each power: the scenario's ``[[players]]``, else the power's own name."""
    named = {p.power: p.name for p in scenario.players}
    return {power: named.get(power, power.title()) for power in scenario.powers}


def phase_inbox(session: Any, number: int, sent: Sequence[rec.ReceivedOrders], closed: bool,
                deadline: str | None, refused_of: Callable[[rec.ReceivedOrders], list[dict[str, str]]]) -> dict[str, Any]:
    """The inbox of phase ``number`` of ``session`` (the phase being ordered, or one confirmed earlier: then the
    orders it was resolved with). ``sent`` are the sendings for that phase, oldest first; ``refused_of`` gives
    a sending's refused lines as ``{"line", "reason"}``."""
    turn = session.turn if number == session.phase_number() else session.confirmed_phases()[number - 1][0]
    ordering = set(session.scenario.rules.powers_to_order(turn.position)) if not turn.choices else set()
    asked = {c.power for c in turn.choices}
    names = power_names(session.scenario)
    out: dict[str, Any] = {"round": number, "phase": turn.position.phase_label, "closed": closed,
                           "deadline": deadline, "players": {}}
    for power in session.scenario.powers:
        mine = [o for o in sent if o.player == power]
        last = mine[-1] if mine else None
        out["players"][power] = {
            "name": names[power], "orders_now": power in ordering, "asked": power in asked,
            "in_force": [o.text for o in turn.orders if o.power == power],
            "latest": last.to_json() if last else None, "sendings": len(mine),
            "ready": bool(last and last.ready), "refused": refused_of(last) if last else [],
        }
    return out


def journal_inbox(session: Any, number: int) -> dict[str, Any]:
    """:func:`phase_inbox` read from the session's journal alone (``kriegsspiel inbox``; a running portal may
    hold the save meanwhile): the sendings, their lines' verdicts, the phases closed and the deadlines."""
    records = session.journal_entries()
    refused: dict[int, list[dict[str, str]]] = {}
    for record in records:
        data = rec.portal_data(record)
        if data is not None and data["portal"] == rec.ORDERS and isinstance(data.get("lines"), list):
            refused[record.seq] = [
                {"line": str(v.get("line", "")), "reason": str(v.get("umpire_reason") or v.get("reason") or "")}
                for v in data["lines"] if isinstance(v, dict) and not v.get("ok")]
    sent = [o for o in rec.received_orders(records) if o.round == number]
    return phase_inbox(session, number, sent, number in rec.closed_rounds(records), rec.deadlines(records).get(number),
                       lambda sending: refused.get(sending.record, []))


def area_inbox_text(inbox: dict[str, Any]) -> str:
    """The inbox of a phase for the terminal: per power, what it sent and what is in force."""
    head = f"inbox of {inbox['phase']} (phase {inbox['round']})" + (" (closed)" if inbox["closed"] else "") + \
        (f", due by {inbox['deadline']}" if inbox["deadline"] else "")
    lines = [head]
    for power, entry in inbox["players"].items():
        who = entry["name"] if entry["name"].upper() == power else f"{entry['name']} ({power})"
        if not entry["orders_now"] and not entry["asked"] and not entry["in_force"]:
            lines.append(f"  {who}: gives no orders in this phase")
            continue
        latest = entry["latest"]
        force = f"{len(entry['in_force'])} order{'s' if len(entry['in_force']) != 1 else ''} in force"
        asked = "; the rules wait for its answer" if entry["asked"] else ""
        if latest is None:
            lines.append(f"  {who}: nothing received; {force}{asked}")
        else:
            times = f", sent {entry['sendings']} times, the last counts" if entry["sendings"] > 1 else ""
            lines.append(f"  {who}: {'READY, ' if entry['ready'] else ''}received {latest['at'][11:19]} UTC "
                         f"(digest {latest['digest']}{times}); {force}{asked}")
        lines += [f"    {text}" for text in entry["in_force"]]
        lines += [f"    refused: {v['line']}: {v['reason']}" for v in entry["refused"]]
    return "\n".join(lines)
