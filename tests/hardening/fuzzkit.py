"""Shared pieces of the fuzz tests: a fixed hypothesis profile, token-soup text
strategies, byte mutation of real files, and a per-parser input counter whose
totals the hardening ``conftest`` prints at the end of the run.

A parser under fuzz may only return or raise ``RedraftError`` with a one-line
message; any other exception fails the test (hypothesis shrinks it first).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from engine.errors import RedraftError

#: Inputs tried per parser in this run (printed in the terminal summary).
COUNTS: Counter[str] = Counter()
#: Inputs rejected with a clear ``RedraftError`` per parser.
REJECTED: Counter[str] = Counter()


def profile(examples: int) -> settings:
    """Deterministic, database-less, no deadline: the same inputs on every CI run."""
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )


def check(name: str, parse: Callable[[], Any]) -> Any:
    """Run one parse; a ``RedraftError`` must be a non-empty single line."""
    COUNTS[name] += 1
    try:
        return parse()
    except RedraftError as err:
        message = str(err)
        assert message.strip(), f"{name}: empty error message ({type(err).__name__})"
        assert "\n" not in message, f"{name}: multi-line error message: {message!r}"
        REJECTED[name] += 1
        return None


def soup_from_bytes(data: bytes, tokens: list[str]) -> str:
    """Decode a hypothesis byte string into text: most bytes pick a format token,
    some a plain character, some (with the next two bytes) any code point,
    lone surrogates included (written to disk they become invalid UTF-8)."""
    out: list[str] = []
    i = 0
    while i < len(data):
        b = data[i]
        i += 1
        if b < 150:
            out.append(tokens[b % len(tokens)])
        elif b < 240:
            out.append(_PLAIN[b - 150])
        else:
            hi = data[i] if i < len(data) else 0
            lo = data[i + 1] if i + 1 < len(data) else 0
            i += 2
            out.append(chr(((b - 240) << 16 | hi << 8 | lo) % 0x110000))
    return "".join(out)


_PLAIN = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()[]{}<>'\"-_=+*/\\|#$%&@~^`\n\n\n\t\r"
          "\u00e9\u00df\u4e2d\u0627\ufb01\u00a0\u200b\u202e\ufeff\U0001f600\x00\x0c")[:90].ljust(90, " ")


def soup(tokens: list[str], max_bytes: int = 80) -> st.SearchStrategy[str]:
    """Text made of format tokens mixed with arbitrary characters (cheap to generate, shrinks well)."""
    return st.binary(max_size=max_bytes).map(lambda data: soup_from_bytes(data, tokens))


def mutate(rng: random.Random, seed: bytes) -> bytes:
    """``seed`` with a few byte flips, random bytes, inserted junk, cut spans, a duplicated span and/or a truncation."""
    data = bytearray(seed)
    for _ in range(rng.randint(1, 8)):
        if not data:
            break
        kind = rng.randint(0, 5)
        at = rng.randrange(len(data))
        if kind == 0:
            data[at] ^= 1 << rng.randint(0, 7)
        elif kind == 1:
            data[at] = rng.choice((0, 0xFF, 0x7F, 0x80, rng.randrange(256)))
        elif kind == 2:
            data[at:at] = rng.randbytes(rng.randint(1, 16))
        elif kind == 3:
            del data[at:at + rng.randint(1, 256)]
        elif kind == 4:
            span = data[at:at + rng.randint(1, 64)]
            data[rng.randrange(len(data)):0] = span * rng.randint(1, 4)
        else:
            data[at:at + 8] = rng.randbytes(8)
    if rng.random() < 0.3:
        data = data[: rng.randrange(len(data) + 1)]
    return bytes(data)


def mutation_batch(name: str, seeds: list[bytes], seed: int, count: int, parse: Callable[[bytes], Any]) -> None:
    """``count`` mutations of ``seeds`` from ``random.Random(seed)``; an unexpected
    exception fails with the seed, the index and the input that caused it."""
    rng = random.Random(seed)
    for index in range(count):
        data = mutate(rng, rng.choice(seeds))
        try:
            check(name, lambda: parse(data))
        except AssertionError:
            raise
        except Exception as err:  # noqa: BLE001 - this is what the fuzzer looks for
            raise AssertionError(f"{name}: {type(err).__name__}: {err} (seed {seed}, input {index}: "
                                 f"{data[:400]!r}{'...' if len(data) > 400 else ''})") from err
