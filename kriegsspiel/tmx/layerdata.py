"""Tile layer data -> numpy arrays of raw Tiled gids: CSV, base64 (plain, zlib, gzip), and infinite maps' chunks.

Compressed data is unpacked with a bound (the layer's cells x 4 bytes): a few megabytes of zlib that would
unpack to gigabytes are refused after unpacking one byte more than the layer can hold, never allocated.
"""
from __future__ import annotations

import base64
import binascii
import warnings
import zlib
from dataclasses import dataclass

import numpy as np

from kriegsspiel.tmx.xmltree import Node

#: The most cells a map may have (width x height): 8192 x 8192. Every table the rules keep has one entry
#: per cell (about 8 bytes in all), so this keeps a map's tables near half a gigabyte at worst; a bigger
#: map is refused before anything is allocated.
MAX_CELLS = 8192 * 8192
#: The widest or tallest map side in tiles (a 100000 x 1 strip is as unplayable as it is cheap).
MAX_SIDE = 65536


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk of an infinite map's layer: its top-left cell (may be negative) and its gids [row, column]."""

    x: int
    y: int
    gids: np.ndarray


def _bounded_inflate(raw: bytes, limit: int, wbits: int) -> bytes:
    """``raw`` inflated (zlib: wbits 15, gzip: wbits 31), refusing output longer than ``limit`` bytes."""
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(raw, limit + 1)
    if len(out) > limit:
        raise ValueError(
            f"its compressed tile data unpacks to more than the {limit} bytes the layer holds (a damaged or "
            "hostile file); save the map again from Tiled"
        )
    if not inflater.eof:
        raise ValueError("its compressed tile data is cut short; save the map again from Tiled")
    return out


def _csv_problem(text: str, width: int) -> str:
    """What is wrong with CSV tile data numpy refused: the first entry that is not a tile number."""
    for index, item in enumerate(text.split(",")):
        entry = item.strip()
        if not entry.isdigit():
            shown = entry if len(entry) <= 20 else entry[:20] + "..."
            return (
                f"its CSV tile data holds {shown!r} at column {index % max(width, 1)}, row {index // max(width, 1)}, "
                "which is not a tile number; repaint that cell or save the map again from Tiled"
            )
    return "its CSV tile data cannot be read; save the map again from Tiled"


def _decode(node: Node, encoding: str | None, compression: str | None, width: int, height: int) -> np.ndarray:
    if encoding is None:
        raise ValueError(
            "the layer stores its tiles as XML elements, which cannot be read; "
            "set Tile Layer Format to CSV in Map > Map Properties and save"
        )
    if encoding == "csv":
        if compression:
            raise ValueError(f"CSV data with {compression} compression; set Tile Layer Format to CSV and save")
        text = node.text.strip()
        try:
            with warnings.catch_warnings():
                # numpy warns and stops early on text that is not a number; the size check below reports it.
                warnings.simplefilter("ignore")
                gids = np.fromstring(text, dtype=np.uint32, sep=",") if text else np.zeros(0, np.uint32)
        except ValueError:
            raise ValueError(_csv_problem(text, width)) from None
    elif encoding == "base64":
        if compression == "zstd":
            raise ValueError(
                "the layer uses zstd compression, which cannot be read; set Tile Layer Format to CSV "
                "(or Base64 zlib or gzip) in Map > Map Properties and save"
            )
        if compression not in (None, "zlib", "gzip"):
            raise ValueError(f"unknown compression '{compression}'; set Tile Layer Format to CSV and save")
        try:
            raw = base64.b64decode(node.text.strip(), validate=False)
            if compression is not None:
                raw = _bounded_inflate(raw, width * height * 4, 15 if compression == "zlib" else 31)
        except (binascii.Error, zlib.error) as exc:
            raise ValueError(f"its tile data cannot be decoded ({exc}); save the map again from Tiled") from None
        if len(raw) % 4:
            raise ValueError("its tile data is cut short; save the map again from Tiled")
        gids = np.frombuffer(raw, dtype="<u4").astype(np.uint32, copy=False)
    else:
        raise ValueError(f"unknown tile encoding '{encoding}'; set Tile Layer Format to CSV and save")
    if gids.size != width * height:
        raise ValueError(f"it holds {gids.size} tiles but should hold {width}x{height}; save the map again from Tiled")
    return gids.reshape(height, width)


def decode_layer_data(data: Node, width: int, height: int) -> np.ndarray:
    """The raw Tiled gids (flags included) of a ``<data>`` element, as a uint32 array [row, column].

    Raises ValueError with a message (what is wrong; what to do in Tiled) for what cannot be read.
    """
    if data.find("chunk") is not None:
        raise ValueError("the layer is stored in chunks although the map is not infinite; save the map again from Tiled")
    return _decode(data, data.get("encoding"), data.get("compression"), width, height)


def _int(node: Node, key: str) -> int:
    try:
        return int(node.get(key) or "")
    except ValueError:
        raise ValueError(f"a chunk's {key}={node.get(key)!r} is not a whole number; save the map again from Tiled") from None


def decode_chunks(data: Node) -> list[Chunk]:
    """The chunks of an infinite map's ``<data>`` element (``encoding`` and ``compression`` are the data's).

    Raises ValueError naming what cannot be read, as :func:`decode_layer_data`.
    """
    chunks = []
    total = 0
    if data.find("chunk") is None and data.text.strip():
        raise ValueError("the map is marked infinite but the layer holds no chunks; uncheck Map > Map Properties > "
                         "Infinite (or check it again) and save")
    for chunk in data.findall("chunk"):
        width, height = _int(chunk, "width"), _int(chunk, "height")
        if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
            raise ValueError(f"a chunk of {width}x{height} tiles; save the map again from Tiled")
        total += width * height
        if total > MAX_CELLS:
            raise ValueError(f"its chunks hold more than {MAX_CELLS} tiles; make the map smaller")
        gids = _decode(chunk, data.get("encoding"), data.get("compression"), width, height)
        chunks.append(Chunk(_int(chunk, "x"), _int(chunk, "y"), gids))
    return chunks


def used_extent(layers: list[list[Chunk]]) -> tuple[int, int, int, int] | None:
    """(left, top, columns, rows) of the cells painted in any chunk of any layer, or None when none is."""
    left = top = right = bottom = None
    for chunks in layers:
        for chunk in chunks:
            rows, cols = np.nonzero(chunk.gids)
            if not rows.size:
                continue
            x0, x1 = chunk.x + int(cols.min()), chunk.x + int(cols.max()) + 1
            y0, y1 = chunk.y + int(rows.min()), chunk.y + int(rows.max()) + 1
            left = x0 if left is None else min(left, x0)
            top = y0 if top is None else min(top, y0)
            right = x1 if right is None else max(right, x1)
            bottom = y1 if bottom is None else max(bottom, y1)
    if left is None or top is None or right is None or bottom is None:
        return None
    return left, top, right - left, bottom - top


def place_chunks(chunks: list[Chunk], extent: tuple[int, int, int, int]) -> np.ndarray:
    """One layer's chunks laid into a [rows, columns] uint32 array covering ``extent`` (cells outside dropped)."""
    left, top, columns, rows = extent
    out = np.zeros((rows, columns), dtype=np.uint32)
    for chunk in chunks:
        h, w = chunk.gids.shape
        x0, y0 = max(chunk.x, left), max(chunk.y, top)
        x1, y1 = min(chunk.x + w, left + columns), min(chunk.y + h, top + rows)
        if x0 >= x1 or y0 >= y1:
            continue
        part = chunk.gids[y0 - chunk.y:y1 - chunk.y, x0 - chunk.x:x1 - chunk.x]
        target = out[y0 - top:y1 - top, x0 - left:x1 - left]
        np.copyto(target, part, where=part != 0)
    return out
