"""Every key and mouse gesture of the area-game window (Diplomacy, Air Power Diplomacy, unit profiles): its F1
overlay and docs/diplomacy.md list these. The board's gestures are the ruler games' window's (app/keys.py)."""
from __future__ import annotations

from kriegsspiel.app.debrief_menu import HELP_ROW as DEBRIEF_HELP

#: (keys, what they do), in the order the help overlay shows them.
AREA_KEYS: tuple[tuple[str, str], ...] = (
    ("drag a counter onto a province", "its move (or retreat) there, where it may go outlined (white: by sea); a menu when several orders fit (a wing: move, raid, patrol)"),
    ("drag an army to a coast it reaches by sea", "a menu of the convoy routes: the army's VIA move and the fleets' convoys, one click"),
    ("right click a counter", "a menu of its orders: hold, moves, supports, convoys, a wing's missions (withdraw its order first)"),
    ("right click an empty home centre", "its builds (adjustment phase); while the rules wait: the choice's answers; elsewhere: the debrief"),
    ("type, Enter", "a shell command: orders (FRANCE: A PAR - BUR; ...; the refused stay in the console), adjudicate, confirm, withdraw, queries"),
    ("Adjudicate, Confirm phase... buttons", "what the phase would give (tags on the board) / resolve it, after asking (Enter or Y: yes, Esc or N: no)"),
    ("drag empty board, right or middle drag, arrow keys", "pan the board"),
    ("mouse wheel, + / - (console empty)", "zoom about the cursor"),
    ("Home", "fit the whole board in the window"),
    ("F9, then 1-9", "players' portal: a page per power for their orders; the inbox; a power's QR code (Esc hides it)"),
    ("F11", "fullscreen on / off"),
    ("Ctrl+Q", "quit: every order is already in the save"),
    ("F12", "save a screenshot of the window next to the save"),
    ("F2", "set-up mode (before the first order): place units on provinces; Ctrl+S writes a scenario"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo the last command; what one gesture or line gave (a convoy's orders) goes as one"),
    ("Page Up / Page Down, the wheel over the panel", "scroll the log back and forth"),
    ("Esc", "close a menu or this help, cancel a drag, clear the console"),
    DEBRIEF_HELP,
    ("F1", "this help (and, where the game draws military symbols, the key of the counters on the board)"),
)
