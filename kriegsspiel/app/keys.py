"""Every key and mouse gesture of the umpire's window: the F1 overlay and docs/umpire.md list these."""
from __future__ import annotations

#: (keys, what they do), in the order the help overlay shows them.
KEYS: tuple[tuple[str, str], ...] = (
    ("drag a counter", "move it: the reachable area is shaded, the path and its cost follow the mouse"),
    ("Shift + drop", "force the move the rules refuse (journaled as forced)"),
    ("Space / Backspace while dragging", "drop a waypoint at the mouse / take the last one back"),
    ("Ctrl+B", "movement bands on / off (full move, part-move, attack distance)"),
    ("Ctrl+T", "trails of this turn's moves on / off"),
    ("drag a ship's handle, or R + wheel on it", "turn the ship by a heading order, its cone shown"),
    ("click a counter", "select it: details in the side panel"),
    ("Ctrl+click or Shift+click, Ctrl+drag open ground", "add counters to the selection, to aim an order together"),
    ("A F B M T D K O S C N", "aim attack, fire, bomb, missile, torpedo, dogfight, kamikaze, board, sortie, depth charge, nuke"),
    ("right click a counter", "a menu of its orders (combat, takeoff, land, pulse, airlift, load...) and those aboard it"),
    ("click targets, Enter", "choose the targets, send the order (Shift+click a greyed one, Shift+Enter forces)"),
    ("1 2 3 4 (Ruleset V3)", "aim a combat on the rule set's charts (or right click): click the defenders, Enter rolls"),
    ("a combat pending (Ruleset V3)", "- / + on the panel or Up/Down and + / -: modify; Enter resolves; Esc undoes"),
    ("drag empty ground, right or middle drag, arrow keys", "pan the map"),
    ("mouse wheel, + / -", "zoom about the cursor"),
    ("Home", "fit the whole map in the window"),
    ("F11", "fullscreen on / off"),
    ("P", "projector mode: hide the side panel, enlarge counters and labels"),
    ("R", "ruler: drag between two points for the distance and the selected unit's terrain cost"),
    ("G", "range rings of the selected unit's weapons on / off"),
    ("V, then a number or a click", "view as: choose a player and see exactly the picture they receive; V or Esc: back"),
    ("F9, then 1-9", "players' portal: serve the players' pictures and take their orders; the inbox; a player's QR code"),
    ("F12", "save a screenshot of the window next to the save (viewing as a player: their picture itself)"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo the last command (journaled)"),
    ("Enter or click the console", "type an Umpire shell command (Tab completes, Up/Down history, kept between sessions)"),
    ("Page Up / Page Down, the wheel over the panel", "scroll the console's output back and forth"),
    ("Esc", "leave the console, cancel a drag, the ruler or aiming, close this help"),
    ("F1", "this help (Up/Down, Page Up/Down or the wheel scroll it when it does not fit)"),
)
