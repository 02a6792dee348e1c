"""Sight and fog of war at their edges, as the rules word them: the border of the map, the limit of sight range,
structures, players who command nothing."""
from __future__ import annotations
