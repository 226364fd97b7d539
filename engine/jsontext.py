"""JSON from files a user gives: one ``InputError`` line for every way it can be wrong."""

from __future__ import annotations

import json
from typing import Any

from engine.errors import InputError


def parse_json(raw: str, where: str) -> Any:
    """``json.loads(raw)``; a syntax error or nesting too deep for the parser (``[[[[…``) becomes an
    ``InputError`` that starts with ``where`` (a file name, or ``name:line``)."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError as err:
        raise InputError(f"{where}: not JSON ({err.msg}, line {err.lineno})") from None
    except RecursionError:
        raise InputError(f"{where}: JSON nested too deeply to read") from None
