"""JSON round-trip for the engine's frozen dataclasses (configs and actions).

Actions and configs travel through save files and the network, so decoding is strict: every
field is checked against its type hint and anything unexpected raises `BadRecord` with a
sentence naming the field. Supported hints are the ones the games use: bool, int, float, str,
None, Literal[...], `X | None`, `tuple[X, ...]`, `tuple[X, Y]` and nested frozen dataclasses.
"""

from __future__ import annotations

import dataclasses
import functools
import types
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from tilegames.core.errors import BadRecord
from tilegames.core.text.i18n import _
from tilegames.core.text.inputs import shown

T = TypeVar("T")


def to_jsonable(value: Any) -> Any:
    """Turn a dataclass (or tuple, or plain value) into lists, dicts and scalars."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def from_jsonable(cls: type[T], data: Any, where: str = "") -> T:
    """Build dataclass `cls` from `data`, checking every field; raise BadRecord otherwise."""
    decoded: T = _decode(cls, data, where or cls.__name__)
    return decoded


def _decode(hint: Any, data: Any, where: str) -> Any:
    origin = get_origin(hint)
    if hint is Any:
        return data
    if hint is type(None) or hint is None:
        if data is not None:
            raise BadRecord(_("{where}: expected nothing (null), got {value}.").format(where=where, value=_show(data)))
        return None
    if origin is Literal:
        allowed = get_args(hint)
        if data not in allowed or isinstance(data, bool) != any(isinstance(a, bool) for a in allowed):
            choices = ", ".join(repr(a) for a in allowed)
            raise BadRecord(_("{where}: expected one of {choices}, got {value}.").format(where=where, choices=choices, value=_show(data)))
        return data
    if origin in (Union, types.UnionType):
        errors = []
        for option in get_args(hint):
            try:
                return _decode(option, data, where)
            except BadRecord as exc:
                errors.append(str(exc))
        raise BadRecord(errors[-1] if errors else _("{where}: no type matches {value}.").format(where=where, value=_show(data)))
    if origin is tuple:
        args = get_args(hint)
        if not isinstance(data, list):
            raise BadRecord(_("{where}: expected a list, got {value}.").format(where=where, value=_show(data)))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise BadRecord(_("{where}: expected {expected} items, got {got}.").format(where=where, expected=len(args), got=len(data)))
        return tuple(_decode(a, item, f"{where}[{i}]") for i, (a, item) in enumerate(zip(args, data)))
    if origin is dict:
        key_hint, value_hint = get_args(hint)
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise BadRecord(_("{where}: expected an object, got {value}.").format(where=where, value=_show(data)))
        return {k: _decode(value_hint, v, f"{where}.{k}") for k, v in data.items()}
    if dataclasses.is_dataclass(hint):
        return _decode_dataclass(hint, data, where)
    if hint is bool:
        if not isinstance(data, bool):
            raise BadRecord(_("{where}: expected true or false, got {value}.").format(where=where, value=_show(data)))
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise BadRecord(_("{where}: expected a whole number, got {value}.").format(where=where, value=_show(data)))
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise BadRecord(_("{where}: expected a number, got {value}.").format(where=where, value=_show(data)))
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise BadRecord(_("{where}: expected text, got {value}.").format(where=where, value=_show(data)))
        return data
    raise TypeError(f"codec cannot decode type {hint!r} (at {where})")


def _decode_dataclass(cls: Any, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise BadRecord(_("{where}: expected an object, got {value}.").format(where=where, value=_show(data)))
    hints, fields = _fields_of(cls)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise BadRecord(_("{where}: unknown field {value}.").format(where=where, value=repr(unknown[0])))
    values = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _decode(hints[name], data[name], f"{where}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise BadRecord(_("{where}: missing field {name}.").format(where=where, name=repr(name)))
    try:
        return cls(**values)
    except (ValueError, TypeError) as exc:
        raise BadRecord(_("{where}: {exc}").format(where=where, exc=exc)) from None


@functools.cache
def _fields_of(cls: Any) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """Type hints and init fields of a dataclass (resolving hints is slow, so once per class)."""
    return get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls) if f.init}


def _show(data: Any) -> str:
    if isinstance(data, (list, dict)):  # only the start: repr of a huge value costs time
        data = type(data)(list(data)[:8]) if isinstance(data, list) else {k: data[k] for k in list(data)[:8]}
    if isinstance(data, int) and not isinstance(data, bool) and abs(data) >= 10**40:
        return "a number of more than 40 digits"
    return shown(repr(data), 40)

