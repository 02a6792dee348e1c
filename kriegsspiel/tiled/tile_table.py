"""A value per Tiled tile number (gid, flags removed), sized by the tiles that have one, not by the highest gid.

A map numbers its tiles from each tileset's ``firstgid``; a table indexed directly by gid would cost the
highest gid's entries even when a map uses ten tiles numbered from 2,000,000. A :class:`TileTable` keeps only
the tiles given a value: in a dense window from the lowest to the highest of them when that window is not much
larger than their count (the usual map: tiles numbered 1..N, one array lookup per cell), else as a sorted
array searched per cell (``np.searchsorted``). Either way its memory grows with the tiles used.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

#: a dense window may hold eight entries per tile with a value and twice this many more (a few KB); it starts at
#: gid 0 when its lowest tile is within four entries per tile and this many of 0
_DENSE_SLACK = 4096


@dataclass(frozen=True, eq=False)
class TileTable:
    """Values of the tiles that have one (``default`` for every other gid, 0 included).

    ``low`` and ``dense`` when dense: the value of gid g is ``dense[g - low]`` for low <= g < low + len(dense) - 1,
    and ``dense[-1]`` is the default (so is ``dense[0]`` when ``low`` is 0). Otherwise ``gids`` (sorted) and ``values`` side by side.
    """

    default: float | int
    dtype: np.dtype
    low: int
    dense: np.ndarray | None
    gids: np.ndarray
    values: np.ndarray

    @classmethod
    def build(cls, entries: Mapping[int, float | int], default: float | int, dtype: type | np.dtype) -> TileTable:
        """A table of ``entries`` (gid -> value; gids >= 1)."""
        kind = np.dtype(dtype)
        gids = np.array(sorted(entries), dtype=np.int64)
        values = np.array([entries[g] for g in gids.tolist()], dtype=kind)
        low = int(gids[0]) if len(gids) else 0
        if low <= 4 * len(gids) + _DENSE_SLACK:
            low = 0  # a window from gid 0 is looked up without arithmetic on the layer (see at)
        span = int(gids[-1]) - low + 1 if len(gids) else 0
        if span <= 8 * len(gids) + 2 * _DENSE_SLACK:
            dense = np.full(span + 1, default, dtype=kind)  # the last entry: the default, for every gid outside
            dense[gids - low] = values
            return cls(default, kind, low, dense, gids, values)
        return cls(default, kind, 0, None, gids, values)

    @property
    def nbytes(self) -> int:
        """The memory its arrays take (bytes)."""
        return self.gids.nbytes + self.values.nbytes + (self.dense.nbytes if self.dense is not None else 0)

    def has_values(self) -> bool:
        """Whether any tile has a value."""
        return bool(len(self.gids))

    def at(self, gids: np.ndarray) -> np.ndarray:
        """The value of each gid of ``gids`` (any shape, non-negative integers), as an array of that shape."""
        gids = np.asarray(gids)
        if gids.dtype.kind != "i":  # unsigned gids would wrap below the window
            gids = gids.astype(np.int64)
        if not len(self.gids):  # no tile has a value (most maps give no tile a blocks_sight)
            return np.full(gids.shape, self.default, dtype=self.dtype)
        if self.dense is not None:
            # indexing by the layer's own int32 costs no 64-bit copy of it (np.take would make one); a gid
            # below the window or beyond it goes to the last entry, the default (and dense[0] is the default
            # when the window starts at gid 0, as on the usual map)
            last = len(self.dense) - 1
            index = gids
            if self.low:
                index = gids - np.asarray(self.low, dtype=gids.dtype)
                np.putmask(index, index < 0, last)
            if index.size and index.max() > last:
                index = np.minimum(index, last)
            return self.dense[index]
        where = np.searchsorted(self.gids, gids)
        clipped = np.minimum(where, len(self.gids) - 1)
        found = self.gids[clipped] == gids
        return np.where(found, self.values[clipped], np.asarray(self.default, dtype=self.dtype)).astype(
            self.dtype, copy=False)

    def get(self, gid: int) -> float | int:
        """The value of one gid."""
        return self.at(np.array([gid]))[0].item()
