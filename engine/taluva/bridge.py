"""The page's single entry point into the engine: JSON text in, JSON text out.

The Web Worker calls :func:`handle` with a request ``{"id": .., "method": .., "params": {..}}``
and posts back the response. Only strings cross the JS-Python bridge, so nothing of Python's
object model leaks into the page.

>>> import json
>>> json.loads(handle('{"id": 1, "method": "ping", "params": {}}'))
{'id': 1, 'ok': True, 'result': 'pong'}
>>> json.loads(handle('{"id": 2, "method": "nope", "params": {}}'))["error"]["type"]
'UnknownMethod'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from taluva import __version__

Handler = Callable[..., Any]
_METHODS: dict[str, Handler] = {}


def method(name: str) -> Callable[[Handler], Handler]:
    """Register a bridge method under ``name``."""

    def register(fn: Handler) -> Handler:
        _METHODS[name] = fn
        return fn

    return register


@method("ping")
def _ping() -> str:
    return "pong"


@method("version")
def _version() -> str:
    return __version__


def handle(request_json: str) -> str:
    """Answer one JSON request; errors come back as data, never as a Python exception."""
    request_id: Any = None
    try:
        request = json.loads(request_json)
        request_id = request.get("id")
        name = request["method"]
        params = request.get("params") or {}
        fn = _METHODS.get(name)
        if fn is None:
            return _error(request_id, "UnknownMethod", f"no engine method named {name!r}")
        return json.dumps({"id": request_id, "ok": True, "result": fn(**params)})
    except (ValueError, KeyError, TypeError) as exc:
        return _error(request_id, type(exc).__name__, str(exc))


def _error(request_id: Any, kind: str, message: str) -> str:
    return json.dumps(
        {"id": request_id, "ok": False, "error": {"type": kind, "message": message}}
    )
