"""A minimal XML tree that remembers line numbers, so that map messages can say where to look.

ElementTree forgets line numbers; expat (which ElementTree uses underneath) knows them. Building our own
small tree on expat costs about as much as ElementTree: the big tile data is one text node.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from kriegsspiel.border import open_input
from kriegsspiel.errors import UserError


#: The deepest element nesting a map or tileset may have. Tiled's own files nest a handful of levels (map,
#: groups, layer, data); thousands of nested ``<group>`` elements are an attack on the recursion limit.
MAX_DEPTH = 100


class XmlSyntaxError(ValueError):
    """The file is not well-formed XML, or nests too deep (``nesting``). ``line`` is 1-based."""

    def __init__(self, message: str, line: int, nesting: bool = False) -> None:
        super().__init__(message)
        self.line = line
        self.nesting = nesting


@dataclass(eq=False, slots=True)
class Node:
    """One XML element: its tag, attributes, children, text and the line it starts on."""

    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The element's own text (not its children's)."""
        return "".join(self.text_parts)

    def get(self, key: str, default: str | None = None) -> str | None:
        """An attribute's value, or ``default``."""
        return self.attrib.get(key, default)

    def find(self, tag: str) -> Node | None:
        """The first direct child with this tag, or None."""
        for child in self.children:
            if child.tag == tag:
                return child
        return None

    def findall(self, tag: str) -> list[Node]:
        """The direct children with this tag, in document order."""
        return [child for child in self.children if child.tag == tag]

    def iter(self, tag: str | None = None) -> Iterator[Node]:
        """This element and all its descendants with ``tag`` (every one when None), in document order."""
        stack = [self]
        while stack:
            node = stack.pop()
            if tag is None or node.tag == tag:
                yield node
            stack.extend(reversed(node.children))


class _TooDeep(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


def parse_xml(data: bytes) -> Node:
    """Parse a whole XML document and return its root element.

    Raises XmlSyntaxError (with the line) when the document is not well-formed or nests elements deeper
    than :data:`MAX_DEPTH`.
    """
    parser = expat.ParserCreate()
    parser.buffer_text = True
    root: list[Node] = []
    stack: list[Node] = []

    def start(tag: str, attrib: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise _TooDeep(parser.CurrentLineNumber)
        node = Node(tag, attrib, parser.CurrentLineNumber)
        if stack:
            stack[-1].children.append(node)
        else:
            root.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(text: str) -> None:
        if stack:
            stack[-1].text_parts.append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(data, True)
    except _TooDeep as exc:
        raise XmlSyntaxError(
            f"elements nested more than {MAX_DEPTH} deep (group layers inside group layers?), which Tiled never "
            "writes; flatten the groups in Tiled's Layers view",
            exc.line,
            nesting=True,
        ) from None
    except expat.ExpatError as exc:
        raise XmlSyntaxError(expat.ErrorString(exc.code), exc.lineno) from None
    except LookupError as exc:  # the XML declaration names an encoding Python does not know
        raise XmlSyntaxError(str(exc), 1) from None
    if not root:
        raise XmlSyntaxError("no XML element found", 1)
    return root[0]


class _HeadDone(Exception):
    pass


#: Bytes fed to the parser at a time when only the head of a file is wanted.
HEAD_PIECE = 65536


def read_head(path: str) -> Node | None:
    """The root element of a Tiled file with only its ``<properties>`` child, read from the start of the file
    and stopping at the first other child (a tileset or layer): a map's properties without reading its tiles.

    None when the file cannot be read or is not well-formed before that point.
    """
    parser = expat.ParserCreate()
    stack: list[Node] = []
    root: list[Node] = []

    def start(tag: str, attrib: dict[str, str]) -> None:
        if len(stack) == 1 and tag != "properties":
            raise _HeadDone
        if len(stack) >= MAX_DEPTH:
            raise _HeadDone
        node = Node(tag, attrib, parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def chars(text: str) -> None:
        if stack:
            stack[-1].text_parts.append(text)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        with open_input(path, "map") as handle:
            while True:
                piece = handle.read(HEAD_PIECE)
                parser.Parse(piece, not piece)
                if not piece:
                    break
    except _HeadDone:
        pass
    except (OSError, expat.ExpatError, LookupError, UserError):  # UserError: not a regular file
        return None
    return root[0] if root else None
