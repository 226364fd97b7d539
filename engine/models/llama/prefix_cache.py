"""Saved KV states of long shared prompt prefixes (a paper's context).

One ``Llama`` object already keeps the KV cache of the previous prompt, so
requests that share a prefix and arrive one after another reuse it for free.
A ``PrefixCache`` covers the other case: an unrelated request came in between.
It stores the KV state of one sequence (``llama_state_seq_get_data``: keys and
values only, not the logits arrays that make ``Llama.save_state`` slow for big
vocabularies) and puts it back when a later prompt starts with those tokens.
"""

from __future__ import annotations

import ctypes
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PrefixState:
    tokens: tuple[int, ...]
    data: bytes

    @property
    def n_tokens(self) -> int:
        return len(self.tokens)


def common_prefix_length(a: Sequence[int], b: Sequence[int]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


class PrefixCache:
    """Least-recently-used saved prefix states, bounded by count and bytes."""

    def __init__(self, max_states: int = 4, max_bytes: int = 1 << 30) -> None:
        self.max_states = max_states
        self.max_bytes = max_bytes
        self._states: OrderedDict[tuple[int, ...], PrefixState] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0

    def __len__(self) -> int:
        return len(self._states)

    @property
    def size_bytes(self) -> int:
        return sum(len(s.data) for s in self._states.values())

    def save(self, llm: Any) -> PrefixState:
        """Store the KV state of the tokens ``llm`` has evaluated so far."""
        import llama_cpp

        n = int(llm.n_tokens)
        tokens = tuple(int(t) for t in llm.input_ids[:n])
        size = llama_cpp.llama_state_seq_get_size(llm.ctx, 0)
        buffer = (ctypes.c_uint8 * size)()
        written = llama_cpp.llama_state_seq_get_data(llm.ctx, buffer, size, 0)
        state = PrefixState(tokens=tokens, data=bytes(buffer[:written]))
        with self._lock:
            self._states[tokens] = state
            self._states.move_to_end(tokens)
            while len(self._states) > self.max_states or (
                len(self._states) > 1 and self.size_bytes > self.max_bytes
            ):
                self._states.popitem(last=False)
        return state

    def best(self, tokens: Sequence[int]) -> tuple[PrefixState, int] | None:
        """The saved state sharing the longest prefix with ``tokens``, and that length."""
        with self._lock:
            found: tuple[PrefixState, int] | None = None
            for state in self._states.values():
                n = common_prefix_length(state.tokens, tokens)
                if n and (found is None or n > found[1]):
                    found = (state, n)
            if found is not None:
                self._states.move_to_end(found[0].tokens)
            return found

    def restore(self, llm: Any, state: PrefixState, keep: int) -> bool:
        """Put ``state`` back into ``llm`` and keep its first ``keep`` tokens."""
        import llama_cpp

        llm._ctx.kv_cache_seq_rm(-1, 0, -1)
        buffer = (ctypes.c_uint8 * len(state.data)).from_buffer_copy(state.data)
        if llama_cpp.llama_state_seq_set_data(llm.ctx, buffer, len(state.data), 0) == 0:
            llm.reset()
            return False
        llm.input_ids[: state.n_tokens] = state.tokens
        llm.n_tokens = state.n_tokens
        if keep < state.n_tokens:
            llm._ctx.kv_cache_seq_rm(-1, keep, -1)
            llm.n_tokens = keep
        llm._requires_eval = True
        self.hits += 1
        return True
