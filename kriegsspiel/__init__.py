"""kriegsspiel: the umpire's table for Kriegsspiel.

Layers (data flows down, nothing below imports anything above it):
``cli`` -> ``app`` -> ``render`` / ``pov`` -> ``tiled`` / ``scenario`` / ``store`` -> ``core``.
"""
from __future__ import annotations

__version__ = "0.1.0"
