"""Handler of ``message``: a message from the side to move to a side or a player, through the fog of war.

docs/rulings.md: with fog of war F a message fails with probability 1/F (a roll of 1 on a dF); a failed message is
lost, intercepted by the enemy (a side other than the sender's and the recipient's; where there is none, the
message is lost) or altered, in the proportions of the rule set's constants
``message_lost_in_4``, ``message_intercepted_in_4`` and ``message_altered_in_4`` (Fourth Edition 2, 1, 1: one
roll of a die with as many faces as their sum).
"""
from __future__ import annotations

import re

from kriegsspiel.core.commands import Message
from kriegsspiel.core.dice import Dice
from kriegsspiel.core import events as ev
from kriegsspiel.core.events import Accepted, Rejected
from kriegsspiel.core.game._ruling import Ruling, rule_number
from kriegsspiel.core.state import GameState, MessageRecord, SharedLog

_FAILURES = ("message_lost_in_4", "message_intercepted_in_4", "message_altered_in_4")


def resolve_recipient(state: GameState, name: str) -> tuple[str, str] | None:
    """The recipient called ``name`` (case-insensitive): ("side", SIDE) or ("player", PLAYER), or None."""
    folded = name.casefold()
    for side in state.sides:
        if side.casefold() == folded:
            return "side", side
    for player in state.setup.players:
        if player.name.casefold() == folded:
            return "player", player.name
    return None


def message(state: GameState, command: Message, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Send a message. Not forceable: an unknown recipient. Forcing a message delivers it without rolling."""
    found = resolve_recipient(state, command.recipient)
    if found is None:
        names = [*state.sides, *(p.name for p in state.setup.players)]
        return Rejected(
            f"there is no side or player {command.recipient!r}; recipients: {', '.join(names)}", forceable=False
        )
    kind, recipient = found
    ruling = Ruling(forced)
    if state.finished and (refusal := ruling.refuse("the game is over")):
        return refusal
    sender = state.side_to_move
    weights = [int(rule_number(state.ruleset, key)) for key in _FAILURES]
    received_by: str | None  # None: the message was lost
    received_text: str | None
    outcome, received_by, received_text = "delivered", recipient, command.text
    # The umpire's forced message is his own word: it arrives as written.
    if not forced and dice.one_in(int(state.setup.fog_of_war)):
        roll = dice.roll(sum(weights))
        if roll <= weights[0]:
            outcome, received_by, received_text = "lost", None, None
        elif roll <= weights[0] + weights[1]:
            interceptor = _interceptor(state, sender, kind, recipient, dice)
            if interceptor is None:
                # no third side to catch it (its recipient does not "intercept" its own message): it is lost
                outcome, received_by, received_text = "lost", None, None
            else:
                outcome, received_by, received_text = "intercepted", interceptor, command.text
        else:
            outcome, received_text = "altered", alter_text(command.text, dice)
    record = MessageRecord(state.round, sender, recipient, command.text, outcome, received_by, received_text)
    event: ev.Event
    if outcome == "delivered":
        event = ev.MessageDelivered(sender, recipient, command.text)
    elif outcome == "lost":
        event = ev.MessageLost(sender, recipient, command.text)
    elif outcome == "intercepted":
        event = ev.MessageIntercepted(sender, recipient, command.text, str(received_by))
    else:
        event = ev.MessageAltered(sender, recipient, command.text, str(received_text))
    # a state's messages are a SharedLog (GameState makes them one); a new log shares the old one's past
    return ruling.accept(state.replace(messages=SharedLog(state.messages) + (record,)), [event])


def _interceptor(state: GameState, sender: str, kind: str, recipient: str, dice: Dice) -> str | None:
    """The side that intercepts a failed message: one of the sides other than the sender's and the recipient's
    (a die picks among several), or None when there is none."""
    recipient_side = recipient if kind == "side" else next(p.side for p in state.setup.players if p.name == recipient)
    enemies = [s for s in state.sides if s not in (sender, recipient_side)]
    if not enemies:
        return None
    return enemies[0] if len(enemies) == 1 else enemies[dice.roll(len(enemies)) - 1]


def alter_text(text: str, dice: Dice) -> str:
    """A message garbled in transit: one word chosen by a die is changed. A word with digits gets other digits
    (each digit rolled on a d10 and never kept); another word is dropped. A one-word message becomes "...".
    """
    words = text.split()
    index = dice.roll(len(words)) - 1
    word = words[index]
    if re.search(r"\d", word):

        def other_digit(match: re.Match[str]) -> str:
            digit = int(match.group(0))
            new = dice.roll(10) - 1
            return str(new if new != digit else (digit + 1) % 10)

        words[index] = re.sub(r"\d", other_digit, word)
    elif len(words) > 1:
        del words[index]
    else:
        words[index] = "..."
    return " ".join(words)
