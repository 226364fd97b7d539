"""The small interfaces features depend on: a text ``Generator`` (with its ``GenerationOptions``) and an
``Encoder``.

Features take these as constructor arguments; ``LlamaGenerator`` and
``TransformersEncoder`` implement them, and tests pass small real models.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, Union, runtime_checkable

from engine.jobs import CancelToken

if TYPE_CHECKING:  # for the annotations only: the app's window starts without numpy
    import numpy as np


class ChatMessage(TypedDict):
    role: str  # "system", "user" or "assistant"
    content: str


#: A plain completion prompt, or chat messages rendered with the model's template.
Prompt = Union[str, Sequence[ChatMessage]]


@dataclass(frozen=True)
class GenerationOptions:
    """How one completion is sampled: the one list of what ``Generator.generate`` and ``stream`` take."""

    max_tokens: int = 256
    temperature: float = 0.0
    seed: int | None = None
    #: Sampling constrained to this JSON schema (``generate`` also checks the text against it).
    json_schema: dict[str, Any] | None = None
    #: Sampling constrained to this GBNF grammar.
    grammar: str | None = None
    stop: Sequence[str] = ()
    #: Above 1, tokens of the last 64 become less likely (small models loop without it).
    repeat_penalty: float = 1.0


def generation_options(options: GenerationOptions | None = None, **changes: Any) -> GenerationOptions:
    """``options`` (the defaults when ``None``) with ``changes`` to its fields; an unknown field is a
    ``TypeError``."""
    return replace(options or GenerationOptions(), **changes)


@runtime_checkable
class Generator(Protocol):
    """A local text generator (one inference at a time)."""

    name: str

    @property
    def n_ctx(self) -> int: ...

    def generate(
        self, prompt: Prompt, options: GenerationOptions | None = None, cancel: CancelToken | None = None,
        **changes: Any,
    ) -> str:
        """The completion text; raises ``Cancelled`` if ``cancel`` fires. ``changes`` replace fields of
        ``options`` (``generate(prompt, max_tokens=12)``); an unknown one is a ``TypeError``."""
        ...

    def stream(
        self, prompt: Prompt, options: GenerationOptions | None = None, cancel: CancelToken | None = None,
        **changes: Any,
    ) -> Iterator[str]:
        """The completion, piece by piece as tokens are sampled (the same options as ``generate``)."""
        ...

    def choice_probabilities(
        self, prompt: Prompt, choices: Sequence[str] = ("yes", "no")
    ) -> dict[str, float]:
        """Probability of each choice as the continuation, normalised over the choices."""
        ...

    def count_tokens(self, text: str) -> int: ...

    def truncate_to_tokens(self, text: str, max_tokens: int) -> str: ...


@runtime_checkable
class Encoder(Protocol):
    """A sentence encoder returning L2-normalised float32 rows."""

    name: str

    @property
    def dim(self) -> int: ...

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray: ...


@runtime_checkable
class ModelSource(Protocol):
    """Where model-backed work takes its models (``engine.project.work``): the CLI's ``ConfiguredModels``
    opens the ones the settings name; the app's ``ModelOwner`` lends the ones its jobs loaded. Each call may
    load on first use, so call it on the worker that runs the work (the generator on the LLM worker)."""

    def encoder(self) -> Encoder: ...

    def generator(self) -> Generator: ...
