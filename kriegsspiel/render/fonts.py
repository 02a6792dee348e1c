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
