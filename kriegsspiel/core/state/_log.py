"""An append-only sequence that shares its past: the messages a game state holds.

Every accepted ``message`` makes a new state whose messages are the old ones plus one. As a tuple, each state
would hold its own copy of every message pointer, so the states a session keeps for undo (dozens) would cost
dozens of copies of the game's whole correspondence, growing with every command. A :class:`SharedLog` keeps
its items in full chunks of :data:`CHUNK` that later logs share, and only a short tail of its own: appending
costs O(CHUNK + number of chunks / CHUNK) and a state's own share of memory stays small however long the game.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

#: items per shared chunk; a log holds ``len // CHUNK`` chunk references and fewer than CHUNK items of its own
CHUNK = 64


class SharedLog(Sequence[Any]):
    """An immutable sequence equal to the tuple of its items (and hashed like it); ``log + items`` is a new
    log sharing this one's full chunks. Slicing gives a tuple."""

    __slots__ = ("_chunks", "_tail", "_length")
    _chunks: tuple[tuple[Any, ...], ...]
    _tail: tuple[Any, ...]
    _length: int

    def __init__(self, items: Iterable[Any] = ()) -> None:
        chunks: tuple[tuple[Any, ...], ...] = ()
        tail: tuple[Any, ...] = ()
        if isinstance(items, SharedLog):
            chunks, tail = items._chunks, items._tail
        else:
            chunks, tail = _grow((), (), tuple(items))
        self._chunks = chunks
        self._tail = tail
        self._length = len(chunks) * CHUNK + len(tail)

    def __add__(self, other: Iterable[Any]) -> SharedLog:
        if isinstance(other, (str, bytes)) or not isinstance(other, Iterable):
            return NotImplemented
        log = SharedLog.__new__(SharedLog)
        log._chunks, log._tail = _grow(self._chunks, self._tail, tuple(other))
        log._length = len(log._chunks) * CHUNK + len(log._tail)
        return log

    def __radd__(self, other: Iterable[Any]) -> SharedLog:
        if not isinstance(other, tuple):
            return NotImplemented
        return SharedLog(other + tuple(self))

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Any]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        length = self._length
        if index < 0:
            index += length
        if not 0 <= index < length:
            raise IndexError("log index out of range")
        chunk, offset = divmod(index, CHUNK)
        if chunk < len(self._chunks):
            return self._chunks[chunk][offset]
        return self._tail[offset]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SharedLog):
            if other._length != self._length:
                return False
            if other._chunks is self._chunks or other._chunks == self._chunks:
                return other._tail == self._tail
            return tuple(self) == tuple(other)
        if isinstance(other, tuple):
            return len(other) == self._length and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __reduce__(self) -> tuple[type, tuple[tuple[Any, ...]]]:
        return SharedLog, (tuple(self),)

    def __repr__(self) -> str:
        return f"SharedLog({tuple(self)!r})"


def _grow(chunks: tuple[tuple[Any, ...], ...], tail: tuple[Any, ...],
          more: tuple[Any, ...]) -> tuple[tuple[tuple[Any, ...], ...], tuple[Any, ...]]:
    """``chunks`` and ``tail`` with ``more`` appended: full chunks move out of the tail (new tuples, so the
    chunks already there stay shared with the logs that hold them)."""
    items = tail + more
    if len(items) < CHUNK:
        return chunks, items
    full = len(items) // CHUNK * CHUNK
    return chunks + tuple(items[k:k + CHUNK] for k in range(0, full, CHUNK)), items[full:]
