"""Fonts by pixel size, loaded once (pygame's bundled font, so no system font is needed headless)."""
from __future__ import annotations

import pygame

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size_px`` pixels (cached). Initialises pygame.font when needed."""
    key = (max(6, int(size_px)), bold)
    if not pygame.font.get_init():
        _FONTS.clear()  # fonts made before pygame.font.quit() are dead
        pygame.font.init()
    cached = _FONTS.get(key)
    if cached is not None:
        return cached
    loaded = pygame.font.Font(None, key[0])
    loaded.set_bold(bold)
    _FONTS[key] = loaded
    return loaded


def forget_fonts() -> None:
    """Drop every loaded font; call it when pygame is shut down (``pygame.quit``) so a later start reloads."""
    _FONTS.clear()


def fit_lines(text: str, face: pygame.font.Font, width_px: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width_px``; a word wider than that (a long save
    name or path) is broken too, after a ``/``, ``-`` or ``_`` where it can, so nothing runs off or is lost."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if face.size(trial)[0] <= width_px or not line:
            line = trial
        else:
            out.append(line)
            line = word
        while face.size(line)[0] > width_px and len(line) > 1:
            cut = len(line)
            while cut > 1 and face.size(line[:cut])[0] > width_px:
                cut -= 1
            nice = max(line.rfind(mark, 0, cut) for mark in "/-_")
            cut = nice + 1 if nice > cut // 2 else cut
            out.append(line[:cut])
            line = line[cut:]
    out.append(line)
    return out
