"""What a player's browser sends, decoded by the schema layer (kriegsspiel.border) before the portal reads it:
the orders form (text, the page's CSRF token, the round it was written for, "ready") and the JSON body of
``/check`` (``{"orders": TEXT}``). A field of the wrong kind (a file where text belongs, a list, a number of
thousands of digits, JSON nested past any real request) is None here, a short 400 for the sender."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import msgspec

from kriegsspiel.border import convert, decode_json
from kriegsspiel.errors import UserError

#: the deepest JSON a /check body holds: one object of one string
_CHECK_NESTING = 4

_Round = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{1,9}\Z")]
_Token = Annotated[str, msgspec.Meta(max_length=200)]


class OrdersForm(msgspec.Struct):
    """The form a player's page posts (the orders' length is the portal's to judge: it answers with the draft)."""

    orders: str
    csrf: _Token
    round: _Round
    ready: str = ""


class CheckBody(msgspec.Struct):
    """The body of ``/check``: the orders typed so far."""

    orders: str


def orders_form(form: Mapping[str, Any]) -> OrdersForm | None:
    """The posted form as :class:`OrdersForm`, or None when it is not one (a field missing or not text)."""
    fields = {key: form.get(key) for key in ("orders", "csrf", "round", "ready") if form.get(key) is not None}
    try:
        return convert(fields, OrdersForm, "form")
    except UserError:
        return None


def check_body(body: bytes) -> CheckBody | None:
    """The ``/check`` body as :class:`CheckBody`, or None when it is not ``{"orders": TEXT}``."""
    try:
        return decode_json(body, CheckBody, "body", max_nesting=_CHECK_NESTING)
    except UserError:
        return None
