"""The umpire's inbox of a round (or phase): per player, every sending of orders, the one that counts (the
last), ready or not, the lines the rules refused, and what the game's desk says of the player's duty (whether
it gives orders now, whether the rules wait for its answer, its orders in force). One implementation for the
serve console (from the portal's memory) and ``kriegsspiel inbox`` (from the journal alone, for a session
opened read-only: a running portal may hold the save meanwhile). It draws nothing: it loads no pygame.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kriegsspiel.errors import printable
from kriegsspiel.portal import records as rec
from kriegsspiel.store.desk import Desk, LineVerdict


def inbox_of(desk: Desk, number: int, received: Iterable[rec.ReceivedOrders],
             verdicts: dict[int, tuple[LineVerdict, ...]], closed: set[int], due: dict[int, str]) -> dict[str, Any]:
    """The inbox of round or phase ``number`` as JSON-ready data, from every sending ``received``, their
    lines' ``verdicts`` (by record), the rounds closed and the deadlines."""
    sent = [r for r in received if r.round == number]
    duties = desk.duties(number)
    out: dict[str, Any] = {"round": number, "period": desk.period, "phase": desk.phase_name(number),
                           "closed": number in closed, "deadline": due.get(number), "players": {}}
    for player in desk.players:
        mine = [r for r in sent if r.player == player]
        last = mine[-1] if mine else None
        duty = duties[player]
        out["players"][player] = {
            "name": desk.names[player], "orders": [r.to_json() for r in mine],
            "latest": last.to_json() if last else None, "sendings": len(mine), "ready": bool(last and last.ready),
            "orders_now": duty.orders_now, "asked": duty.asked,
            "in_force": None if duty.in_force is None else list(duty.in_force),
            "refused": [{"line": v.line, "reason": v.umpire_reason or v.reason or ""}
                        for v in (verdicts.get(last.record, ()) if last else ()) if not v.ok],
        }
    return out


def session_inbox(session: Any, number: int) -> tuple[dict[str, Any], str]:
    """(the inbox of round or phase ``number`` of ``session`` read from its journal alone, as text)."""
    records = session.journal_entries()
    inbox = inbox_of(session.desk(), number, rec.received_orders(records), rec.line_verdicts(records),
                     rec.closed_rounds(records), rec.deadlines(records))
    return inbox, inbox_text(inbox)


def inbox_text(inbox: dict[str, Any]) -> str:
    """The inbox for the terminal: per player, ready or not, what it sent and what counts, the lines refused."""
    period, number, phase = inbox["period"], inbox["round"], inbox["phase"]
    head = f"inbox of {phase}" + ("" if phase.startswith(f"{period} {number}") else f" ({period} {number})") + \
        (" (closed)" if inbox["closed"] else "") + (f", due by {inbox['deadline']}" if inbox["deadline"] else "")
    lines = [head]
    for player, entry in inbox["players"].items():
        who = entry["name"] if entry["name"].upper() == player.upper() else f"{entry['name']} ({player})"
        in_force = entry["in_force"]
        if not entry["orders_now"] and not entry["asked"] and not in_force:
            lines.append(f"  {who}: gives no orders in this {period}")
            continue
        latest = entry["latest"]
        force = "" if in_force is None else \
            f"; {len(in_force)} order{'s' if len(in_force) != 1 else ''} in force"
        asked = "; the rules wait for its answer" if entry["asked"] else ""
        if latest is None:
            lines.append(f"  {who}: nothing received{force}{asked}")
        else:
            times = f", sent {entry['sendings']} times, the last counts" if entry["sendings"] > 1 else ""
            at = latest["at"]
            lines.append(f"  {who}: {'READY, ' if entry['ready'] else ''}received {at[11:19]} UTC "
                         f"(digest {latest['digest']}{times}){force}{asked}" + (":" if in_force is None else ""))
        shown = (latest["text"].splitlines() or [""] if latest else []) if in_force is None else in_force
        lines += [f"    {text}" for text in shown]
        lines += [f"    refused: {v['line']}: {v['reason']}" for v in entry["refused"]]
    return printable("\n".join(lines))  # a player's text never moves the umpire's cursor nor clears the screen
