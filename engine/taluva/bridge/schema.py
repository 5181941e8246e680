"""What each bridge method accepts, declared field by field, and the one step that checks it.

A request's ``params`` reach a method only once every field has its type and is within its
limits: text has a maximum length, lists a maximum number of items, numbers a range; a required
field must be there, an optional one may be absent or null; a field the method does not know is
refused. A field that fails raises its ``error`` (a :class:`~taluva.rules.errors.TaluvaError`:
:class:`BadRequest` unless the field's feature has its own, such as a by-link link's
``LinkFormatError``), naming the field, so the page gets a typed error and never a Python
exception.

>>> schema = {"code": Text(4096, required=True), "step": Int(0, 10_000)}
>>> check("stateAt", schema, {"code": "1abc"})
{'code': '1abc', 'step': None}
>>> check("stateAt", schema, {"code": 3})
Traceback (most recent call last):
...
taluva.bridge.schema.BadRequest: stateAt: code is text, not int
>>> check("stateAt", schema, {"code": "x" * 5000})
Traceback (most recent call last):
...
taluva.bridge.schema.BadRequest: stateAt: code is longer than 4096 characters (5000)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from taluva.rules.errors import TaluvaError

# A seed is any integer a page can send exactly; beyond, a number is no seed.
SEED_LIMIT = 2**63


class BadRequest(TaluvaError):
    """A request the bridge cannot take: not a JSON object, or a field missing, of the wrong
    type or beyond its limits. ``facts`` name the field (``{field}``) where there is one."""

    kind = "bad-request"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self._facts = facts

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self._facts)


ErrorClass = type[TaluvaError]


@dataclass(frozen=True, kw_only=True)
class Field:
    """One field of a request: its JSON type and limits (each kind below declares its own),
    whether it is ``required``, and the ``error`` it raises."""

    required: bool = False
    error: ErrorClass = BadRequest
    kind = "value"

    def check(self, value: Any) -> str | None:
        """What is wrong with ``value`` (present and not null), or None."""
        raise NotImplementedError

    def example(self) -> Any:
        """A value this field takes (for the tests that send every field a wrong one)."""
        raise NotImplementedError

    def refuse(self, method: str, name: str, problem: str) -> TaluvaError:
        message = f"{method}: {name} {problem}"
        if self.error is BadRequest:
            return BadRequest(message, field=name)
        return self.error(message)  # type: ignore[call-arg]


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


@dataclass(frozen=True)
class Text(Field):
    """A string of at most ``longest`` characters."""

    longest: int = 0
    kind = "text"

    def check(self, value: Any) -> str | None:
        if not isinstance(value, str):
            return f"is text, not {_type_name(value)}"
        if len(value) > self.longest:
            return f"is longer than {self.longest} characters ({len(value)})"
        return None

    def example(self) -> Any:
        return ""


@dataclass(frozen=True)
class Int(Field):
    """A whole number from ``low`` to ``high`` (true and false are not numbers)."""

    low: int = -SEED_LIMIT
    high: int = SEED_LIMIT - 1
    kind = "whole number"

    def check(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"is a whole number, not {_type_name(value)}"
        if not self.low <= value <= self.high:
            return f"is {self.low} to {self.high}, not {value}"
        return None

    def example(self) -> Any:
        return max(self.low, min(0, self.high))


@dataclass(frozen=True)
class Number(Field):
    """A finite number from ``low`` to ``high``."""

    low: float = 0.0
    high: float = 0.0
    kind = "number"

    def check(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"is a number, not {_type_name(value)}"
        if not (math.isfinite(value) and self.low <= value <= self.high):
            return f"is {self.low} to {self.high}, not {value}"
        return None

    def example(self) -> Any:
        return self.low


@dataclass(frozen=True)
class Mapping(Field):
    """A JSON object whose text is at most ``largest`` characters (its own fields are its
    feature's to check: a move's, the options')."""

    largest: int = 0
    kind = "object"

    def check(self, value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"is an object, not {_type_name(value)}"
        return _too_large(value, self.largest)

    def example(self) -> Any:
        return {}


@dataclass(frozen=True)
class Items(Field):
    """A list of at most ``most`` items, each checked by ``each`` (any JSON value if None) or,
    for a row, by ``row``'s fields in order."""

    most: int = 0
    each: Field | None = None
    row: tuple[Field, ...] = field(default=())
    kind = "list"

    def check(self, value: Any) -> str | None:
        if not isinstance(value, list):
            return f"is a list, not {_type_name(value)}"
        if len(value) > self.most:
            return f"has more than {self.most} items ({len(value)})"
        for at, item in enumerate(value):
            problem = self._item(item)
            if problem is not None:
                return f"item {at} {problem}"
        return None

    def _item(self, item: Any) -> str | None:
        if self.row:
            if not isinstance(item, list) or len(item) != len(self.row):
                return f"is a list of {len(self.row)}, not {_type_name(item)}"
            return next(
                (f"[{i}] {p}" for i, f in enumerate(self.row) if (p := f.check(item[i]))), None
            )
        if self.each is not None:
            return self.each.check(item)
        return _too_large(item, 4096)

    def example(self) -> Any:
        return []


def _too_large(value: Any, largest: int) -> str | None:
    try:
        size = len(json.dumps(value))
    except (TypeError, ValueError):  # a nesting too deep to write out
        return "cannot be read"
    return None if size <= largest else f"is larger than {largest} characters of JSON ({size})"


Schema = dict[str, Field]


def check(method: str, schema: Schema, params: Any) -> dict[str, Any]:
    """``params`` checked against ``schema``: every field of the schema, absent or null ones as
    None. Raises the failing field's error (see the module docstring)."""
    if not isinstance(params, dict):
        raise BadRequest(
            f"{method}: a request's params are a JSON object, not {_type_name(params)}"
        )
    unknown = sorted(set(params) - set(schema))
    if unknown:
        raise BadRequest(f"{method} takes no field {unknown[0]!r}", field=unknown[0])
    checked: dict[str, Any] = {}
    for name, spec in schema.items():
        value = params.get(name)
        if value is None:
            if spec.required:
                raise spec.refuse(method, name, f"is missing: a {spec.kind} is required")
        else:
            problem = spec.check(value)
            if problem is not None:
                raise spec.refuse(method, name, problem)
        checked[name] = value
    return checked
