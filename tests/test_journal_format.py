"""The save format of docs/saves.md, key by key: what a reader accepts and what it refuses as damage."""
from __future__ import annotations
