"""The menus of the area window: a unit's orders (right click), a drop that fits several orders, a build, a
choice's answers, and a convoy's routes. Each row is a set of orders, (power, order) pairs, that a click
gives together through the session (one Ctrl+Z takes them back)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from kriegsspiel.render.fonts import font

_INK = (25, 25, 25)
_TITLE = (60, 50, 30)
#: the most rows in one column; more orders (a wing has dozens) go on in further columns
MENU_ROWS = 24


@dataclass
class Menu:
    """An open menu: ``options`` its rows' words, ``commands`` the orders each row gives (default: the row's
    own words, an order of ``power``), ``at`` the top-left of its first row (screen), ``title`` a line above
    the rows that says what they are for (not clickable)."""

    power: str
    options: list[str]
    at: tuple[int, int]
    commands: list[tuple[tuple[str, str], ...]] = field(default_factory=list)
    title: str = ""
    row_height: int = 20
    width: int = 240

    def __post_init__(self) -> None:
        if not self.commands:
            self.commands = [((self.power, option),) for option in self.options]
        if self.title:
            self.width = max(self.width, font(14).size(max(self.options, key=len))[0] + 16)

    def rows(self) -> int:
        return max(1, min(len(self.options), MENU_ROWS))

    def rect(self) -> pygame.Rect:
        """Where its rows stand: columns of at most MENU_ROWS."""
        columns = -(-len(self.options) // self.rows())
        return pygame.Rect(self.at[0], self.at[1], self.width * columns, self.row_height * self.rows())

    def index_at(self, point: tuple[int, int]) -> int | None:
        """The row under a screen point, or None."""
        if not self.rect().collidepoint(point):
            return None
        index = (point[0] - self.at[0]) // self.width * self.rows() + (point[1] - self.at[1]) // self.row_height
        return index if 0 <= index < len(self.options) else None

    def option_at(self, point: tuple[int, int]) -> str | None:
        """The words of the row under a screen point, or None."""
        index = self.index_at(point)
        return None if index is None else self.options[index]

    def command_at(self, point: tuple[int, int]) -> tuple[tuple[str, str], ...] | None:
        """The orders the row under a screen point gives, or None."""
        index = self.index_at(point)
        return None if index is None else self.commands[index]

    def outline(self) -> pygame.Rect:
        """All it covers (screen): its rows and the title above them."""
        rect = self.rect()
        top = self.row_height if self.title else 0
        title_w = font(14, bold=True).size(self.title)[0] + 12 if self.title else 0
        return pygame.Rect(rect.x, rect.y - top, max(rect.width, title_w), rect.height + top)

    def keep_inside(self, area: pygame.Rect) -> None:
        """Move it (as little as may be) so that it lies wholly in ``area`` (the board seen), title included."""
        box = self.outline()
        top = box.height - self.rect().height
        x = max(area.left, min(box.x, area.right - box.width))
        y = max(area.top, min(box.y, area.bottom - box.height))
        self.at = (x, y + top)

    def draw(self, target: pygame.Surface, area: pygame.Rect | None = None) -> None:
        """Draw it, moved first so that it stays whole in ``area`` (default: on ``target``)."""
        self.keep_inside(area or target.get_rect())
        top = self.row_height if self.title else 0
        title_w = font(14, bold=True).size(self.title)[0] + 12 if self.title else 0
        rect = self.rect()
        if self.title:
            head = pygame.Rect(rect.x, rect.y - top, max(rect.width, title_w), top)
            pygame.draw.rect(target, (236, 228, 200), head)
            pygame.draw.rect(target, _INK, head, 1)
            target.blit(font(14, bold=True).render(self.title, True, _TITLE), (head.x + 6, head.y + 3))
        pygame.draw.rect(target, (255, 255, 250), rect)
        pygame.draw.rect(target, _INK, rect, 1)
        face = font(14)
        for i, option in enumerate(self.options):
            column, row = divmod(i, self.rows())
            target.blit(face.render(option, True, _INK),
                        (rect.x + column * self.width + 6, rect.y + row * self.row_height + 3))


def convoy_menu(order: str, ways: Sequence[tuple[tuple[str, str], ...]], at: tuple[int, int]) -> Menu:
    """The menu a drop opens for an army that can only go (or was asked to go) by sea: one row per route,
    naming its fleets (and their powers when not the army's), giving the army's order and every fleet's
    convoy order together; a last row gives the army's order alone (its convoys to be given by hand)."""
    power, own = ways[0][0]
    labels, commands = [], []
    for way in ways:
        fleets = ", ".join(text.split(" C ")[0] + ("" if p == power else f" ({p})") for p, text in way[1:])
        labels.append(f"convoy by {fleets}")
        commands.append(tuple(way))
    labels.append(f"{own} alone (convoys by hand)")
    commands.append(((power, own),))
    return Menu(power, labels, at, commands=commands, title=f"{power}: {order} by sea?")
