"""The bridge's answers as JSON text: a result, or an error as data with fields (see
:mod:`taluva.bridge`), so that the page never parses message text."""

from __future__ import annotations

import json
from typing import Any

from taluva.formats.sharecode import ShareCodeError
from taluva.play.bylink.errors import LinkMoveError
from taluva.rules.errors import IllegalMoveError, OptionsError, RecordError, TaluvaError

# JSON without the spaces after "," and ":": the view crosses to the page after every step,
# and the spaces were an eighth of it.
_SEPARATORS = (",", ":")


def result(request_id: Any, answer: Any) -> str:
    return json.dumps({"id": request_id, "ok": True, "result": answer}, separators=_SEPARATORS)


def error(request_id: Any, fields: dict[str, Any]) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": fields}, separators=_SEPARATORS)


def error_json(exc: TaluvaError) -> dict[str, Any]:
    """An engine error as the page gets it: see :mod:`taluva.bridge`.

    >>> from taluva.rules.reasons import reason
    >>> error = error_json(IllegalMoveError(reason("tower-level", hex="0,1", level=1)))
    >>> error["rule"], error["code"], error["args"]
    ('R-BUILD-4', 'tower-level', {'hex': '0,1', 'level': 1})
    """
    fields = plain_error(type(exc).__name__, exc.kind, str(exc))
    fields["code"], fields["args"] = exc.code, exc.facts
    if isinstance(exc, IllegalMoveError):
        fields["rule"], fields["reason"] = exc.rule, exc.reason
    elif isinstance(exc, OptionsError):
        fields["rule"] = exc.rule
    elif isinstance(exc, LinkMoveError) and "rule" in exc.facts:  # a link's or step's move
        fields["rule"] = exc.facts["rule"]
    elif isinstance(exc, ShareCodeError):
        fields["reason"] = exc.reason
    elif isinstance(exc, RecordError) and exc.line is not None:
        fields["line"] = exc.line
        if exc.cause is not None:  # the illegal move that stopped the replay, as data
            cause = exc.cause
            fields["rule"] = cause.rule
            fields["cause"] = {"rule": cause.rule, "code": cause.code, "args": cause.facts}
    return fields


def plain_error(type_name: str, kind: str, message: str) -> dict[str, Any]:
    """An error's fields with no rule, reason or facts of its own."""
    return {
        "type": type_name,
        "message": message,
        "kind": kind,
        "rule": None,
        "reason": message,
        "code": kind,
        "args": {},
    }
