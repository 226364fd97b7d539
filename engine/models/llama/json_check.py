"""Check model output against the JSON schema its grammar was built from.

The grammar already constrains sampling; this catches what it cannot (output
cut short by ``max_tokens``) and the schema keywords grammars ignore. Covers
the subset Redraft's prompts use: type, properties, required, enum, const,
items, minItems/maxItems, minimum/maximum, minLength/maxLength.
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import ModelError

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def parse_json_output(text: str, schema: dict[str, Any]) -> Any:
    """Parse ``text`` and validate it; ``ModelError`` with the reason otherwise."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise ModelError(
            f"model output is not valid JSON ({err.msg} at char {err.pos}); "
            "it may have run out of tokens"
        ) from None
    problem = schema_problem(value, schema)
    if problem:
        raise ModelError(f"model output does not match the schema: {problem}")
    return value


def schema_problem(value: Any, schema: dict[str, Any], where: str = "$") -> str | None:
    """The first way ``value`` breaks ``schema``, or ``None``."""
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        ok = any(
            isinstance(value, _TYPES.get(k, (object,)))
            and not (k in ("integer", "number") and isinstance(value, bool))
            for k in kinds
        )
        if not ok:
            return f"{where} should be {'/'.join(kinds)}"
    if "enum" in schema and value not in schema["enum"]:
        return f"{where} should be one of {schema['enum']}"
    if "const" in schema and value != schema["const"]:
        return f"{where} should be {schema['const']!r}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                return f"{where} lacks '{key}'"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problem = schema_problem(value[key], sub, f"{where}.{key}")
                if problem:
                    return problem
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            return f"{where} has fewer than {schema['minItems']} items"
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            return f"{where} has more than {schema['maxItems']} items"
        if isinstance(schema.get("items"), dict):
            for i, item in enumerate(value):
                problem = schema_problem(item, schema["items"], f"{where}[{i}]")
                if problem:
                    return problem
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            return f"{where} is shorter than {schema['minLength']}"
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            return f"{where} is longer than {schema['maxLength']}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            return f"{where} is below {schema['minimum']}"
        if "maximum" in schema and value > schema["maximum"]:
            return f"{where} is above {schema['maximum']}"
    return None
