"""The rules core: pure functions over frozen values. Imports the standard library and numpy only.

No pygame, no pytmx, no file I/O here: loaders pass data in, callers write data out.
"""
from __future__ import annotations
