"""The command line: ``kriegsspiel COMMAND ...`` (see docs/design.md, "Command line").

Each command lives in its own module ``kriegsspiel.cli.<module>`` with two functions:
``add_arguments(parser: argparse.ArgumentParser) -> None`` and ``run(args: argparse.Namespace) -> int``.
Only the module of the command being run is imported, so ``kriegsspiel check`` never starts pygame.
Bad input raises :class:`kriegsspiel.errors.UserError`: one line on stderr, exit 2, no traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import tempfile
import threading
import traceback
from collections.abc import Iterator
from typing import Any, NoReturn

from kriegsspiel.errors import Terminated, UserError, printable

#: command name -> (module under kriegsspiel.cli, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "open the umpire's window on a scenario or a save"),
    "shell": ("shell", "the Umpire shell in a terminal; reads commands from stdin"),
    "new": ("new", "start a game from a scenario and write its save"),
    "games": ("games", "list the saved games in the user's games folder"),
    "scenarios": ("scenarios", "list the shipped scenarios, each playable by its name"),
    "check": ("check", "validate maps, scenarios and saves"),
    "measure": ("measure", "measure a move over a map's terrain"),
    "rules": ("rules", "print a rule set"),
    "preview": ("preview", "draw a map to a PNG, optionally as the rules read it"),
    "terrain": ("terrain", "list a map's tile classes and the terrain each becomes"),
    "pov": ("pov", "write the players' pictures of a save"),
    "debrief": ("debrief", "the game replayed for the players: a page for any browser, or a film"),
    "replay": ("replay", "the state of a save after N commands"),
    "verify": ("verify", "replay a save and check every hash and roll"),
    "adopt": ("adopt", "play on a save this machine did not seal, saying so in its journal"),
    "import-umpire": ("import_umpire", "convert an original Umpire gamefile into a scenario"),
    "serve": ("serve", "the players' portal: pictures and reports to phones, orders back"),
    "links": ("links", "the players' secret links to the portal (and QR codes)"),
    "inbox": ("inbox", "the orders the players sent through the portal"),
    "import-phases": ("phase_lines", "build a Diplomacy save from phase lines (JSON Lines, as replay --phases writes)"),
}


def _ruleset_commands() -> dict[str, Any]:
    """The commands the installed rule sets add (``RuleSet.command_lines``), by name; the program's own win."""
    from kriegsspiel.core.plugin import installed_rulesets

    found: dict[str, Any] = {}
    for ruleset in installed_rulesets().values():
        for name, command in ruleset.command_lines().items():
            if name not in COMMANDS:
                found.setdefault(name, command)
    return found


def _province_properties(path: str) -> tuple[str, tuple[str, ...], dict[str, dict[str, Any]]]:
    """The Tiled layer's province-map reader, imported when a command reads one (``battle`` never does)."""
    from kriegsspiel.tiled.provinces import province_properties

    return province_properties(path)


def _usage() -> str:
    lines = ["usage: kriegsspiel COMMAND [ARGS...]", "", "commands:"]
    extra = {name: command.help for name, command in _ruleset_commands().items()}
    listed = {name: help_text for name, (_, help_text) in COMMANDS.items()} | extra
    width = max(len(name) for name in listed)
    for name, help_text in listed.items():
        lines.append(f"  {name.ljust(width)}  {help_text}")
    lines.append("")
    lines.append("'kriegsspiel COMMAND --help' shows a command's arguments; 'kriegsspiel --version' the version and kernels.")
    return "\n".join(lines)


@contextlib.contextmanager
def _ending_on_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP end the command as Ctrl-C does (:class:`Terminated` through every ``finally``:
    the save closed, the pictures written), not at once; the handlers before are restored after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]

    def end(number: int, frame: object) -> None:
        raise Terminated(number)

    before = {number: signal.signal(number, end) for number in numbers}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but a mistake on the command line is one line on stderr (what is wrong and where to look),
    not the usage block followed by the error; exit 2 as argparse does."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; see '{self.prog} --help'\n")


def _version() -> str:
    """``kriegsspiel 0.1.0 (Python 3.11.7; kernels: movement C, sight C)``."""
    import platform

    from kriegsspiel import __version__
    from kriegsspiel.kernels import describe_kernels

    return f"kriegsspiel {__version__} (Python {platform.python_version()}; {describe_kernels()})"


_kernels_noted = False


def _say_missing_kernels() -> None:
    """Once per process, on stderr: the C kernels are missing and how to get them."""
    global _kernels_noted
    if _kernels_noted:
        return
    _kernels_noted = True
    from kriegsspiel.kernels import missing_notice

    notice = missing_notice()
    if notice:
        print(f"kriegsspiel: {notice}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the process exit code (0 ok, 1 problems found, 2 bad input)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        try:
            print(_usage())
        except BrokenPipeError:  # `kriegsspiel --help | head`
            pass
        return 0 if args else 2
    if args[0] == "--version":
        print(_version())
        return 0
    name = args[0]
    for stream in (sys.stdout, sys.stderr):  # a file name of bytes that are not UTF-8 prints as \x.. escapes
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # a stream already written to in another way: leave it
                pass
    for arg in args[1:]:
        if "\0" in arg:  # no path can hold one; os calls would fail with ValueError far from here
            print(printable(f"kriegsspiel {name}: {arg}: a NUL character in an argument; give a real path"),
                  file=sys.stderr)
            return 2
    if name in COMMANDS:
        module_name, help_text = COMMANDS[name]
        try:
            module: Any = importlib.import_module(f"kriegsspiel.cli.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"kriegsspiel.cli.{module_name}":
                print(f"kriegsspiel: the command {name!r} is not available in this version", file=sys.stderr)
                return 2
            raise
    else:  # a command an installed rule set adds (kriegsspiel adjudicate: Diplomacy's); imports that one alone
        from kriegsspiel.core.plugin import ruleset_command

        module = ruleset_command(name)
        if module is None:
            known = [*COMMANDS, *_ruleset_commands()]
            print(f"kriegsspiel: unknown command {name!r}; commands: {', '.join(known)}", file=sys.stderr)
            return 2
        help_text = module.help
        from kriegsspiel.core.plugin import use_province_map_reader

        use_province_map_reader(_province_properties)  # an area game's command may name a Tiled province map
    parser = _OneLineParser(prog=f"kriegsspiel {name}", description=help_text)
    module.add_arguments(parser)
    try:
        parsed = parser.parse_args(args[1:])
    except SystemExit as exc:  # the parser has printed its one-line error (or the --help text)
        return 0 if exc.code == 0 else 2
    try:
        if name in COMMANDS:  # the kernels are the ruler games' moves and sight; a rule set's command needs neither
            _say_missing_kernels()
        with _ending_on_signals():
            return int(module.run(parsed))
    except UserError as exc:
        print(printable(f"kriegsspiel {name}: {exc}"), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"kriegsspiel {name}: interrupted", file=sys.stderr)
        return 130
    except Terminated as exc:
        print(f"kriegsspiel {name}: ended by signal {exc.signal_number}; everything shown was saved", file=sys.stderr)
        return 128 + exc.signal_number
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so in one line, keep the details in a file
        fd, path = tempfile.mkstemp(prefix="kriegsspiel-crash-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as crash:
            traceback.print_exc(file=crash)
        print(
            f"kriegsspiel {name}: internal error ({type(exc).__name__}: {exc}); "
            f"details in {path}; please report it",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
