"""The page's single entry point into the engine: JSON text in, JSON text out.

The Web Worker calls :func:`handle` with a request ``{"id": .., "method": .., "params": {..}}``
and posts back the response. Only strings cross the JS-Python bridge, so nothing of Python's
object model leaks into the page.

>>> import json
>>> json.loads(handle('{"id": 1, "method": "ping", "params": {}}'))
{'id': 1, 'ok': True, 'result': 'pong'}
>>> json.loads(handle('{"id": 2, "method": "nope", "params": {}}'))["error"]["kind"]
'unknown-method'

An error is data with fields, so the page never parses message text: ``type`` and ``message``
(the exception's class and text), ``kind`` (a stable word), ``rule`` (the RULES.md id of an
illegal move, else null), ``reason`` (the sentence without its prefix), ``code`` and ``args``
(what the page phrases: for an illegal move the reason's code, message ``reason.<code>``, else
the error's, message ``error.<code>``; see :mod:`taluva.rules.reasons`) and, for a record, ``line``
where known.

The bridge is a table of doors (:mod:`taluva.bridge.doors`): each method declares its request's
fields (:mod:`taluva.bridge.schema`), one step checks them, and the door hands the checked
request to the feature that answers it. A malformed request (a number where text goes, a missing
or unknown field, text beyond its length) is refused with a typed error naming the field, never
a Python exception:

>>> error = json.loads(handle('{"id": 3, "method": "bylinkRead", "params": {"link": 7}}'))["error"]
>>> error["kind"], error["code"], error["message"]
('bylink', 'bylink-format', 'bylinkRead: link is text, not int')
>>> error = json.loads(handle('{"id": 4, "method": "stateAt", "params": {}}'))["error"]
>>> error["type"], error["kind"], error["args"]
('BadRequest', 'bad-request', {'field': 'step'})
"""

from __future__ import annotations

import json
from typing import Any

from taluva.bridge.doors import METHODS
from taluva.bridge.replies import error, error_json, plain_error, result
from taluva.bridge.schema import BadRequest, check
from taluva.formats.jsonio import json_depth
from taluva.rules.errors import TaluvaError

__all__ = ["METHODS", "error_json", "handle"]

# A request is far smaller (a record, the largest field, is at most 100,000 characters) and
# nests a few levels: deeper JSON is refused before it is parsed, since parsing it overflows
# the WebAssembly stack in Pyodide, a crash of the worker and not a Python exception.
MAX_REQUEST = 1_000_000
MAX_DEPTH = 32


def handle(request_json: str) -> str:
    """Answer one JSON request; errors come back as data, never as a Python exception."""
    request_id: Any = None
    try:
        request = _parse(request_json)
        if not isinstance(request, dict):
            raise BadRequest("a request is a JSON object {id, method, params}")
        request_id = request.get("id")
        name = request.get("method")
        if not isinstance(name, str):
            raise BadRequest(f"a request's method is text, not {type(name).__name__}")
        door = METHODS.get(name)
        if door is None:
            fields = plain_error(
                "UnknownMethod", "unknown-method", f"no engine method named {name!r}"
            )
            fields["args"] = {"method": name}
            return error(request_id, fields)
        params = request.get("params")
        return result(
            request_id, door.answer(check(name, door.schema, {} if params is None else params))
        )
    except TaluvaError as exc:
        return error(request_id, error_json(exc))
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        message = f"{type(exc).__name__}: {exc}"
        return error(request_id, plain_error("BadRequest", "bad-request", message))


def _parse(text: str) -> Any:
    """The request's JSON, once it is known to be of a size and depth a request has."""
    if not isinstance(text, str) or len(text) > MAX_REQUEST:
        raise BadRequest(f"a request is JSON text of at most {MAX_REQUEST} characters")
    if text.count("[") + text.count("{") > MAX_DEPTH:  # else it cannot nest deeper
        deepest = json_depth(text)
        if deepest > MAX_DEPTH:
            raise BadRequest(f"a request nests at most {MAX_DEPTH} levels, not {deepest}")
    return json.loads(text)
