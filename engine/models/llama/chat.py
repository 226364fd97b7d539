"""Turn a prompt (plain text or chat messages) into the text a model reads.

Chat models: the Jinja chat template stored in the GGUF metadata, rendered by
llama-cpp-python's ``Jinja2ChatFormatter``. That formatter compiles templates
in ``jinja2.sandbox.ImmutableSandboxedEnvironment`` (llama-cpp-python 0.3.36,
``llama_chat_format.py``), so a hostile template in a downloaded model cannot
reach Python internals or mutate the messages; ``template_formatter`` refuses
to run one that is not sandboxed. Base models (no chat template): a plain transcript ending with ``Assistant:``.

Messages that end with an ``assistant`` message are a continuation: the
model writes on from that message's text (e.g. after ``"Edit:"``), so a
feature can fix the start of the answer without a grammar.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import InputError, ModelError
from engine.models.protocols import ChatMessage, Prompt

_ROLES = {"system", "user", "assistant"}


@dataclass(frozen=True)
class RenderedPrompt:
    text: str
    #: True when ``text`` came from a chat template: it holds special tokens
    #: (BOS, turn markers) that the tokenizer must parse, and no BOS is added.
    templated: bool
    stop: tuple[str, ...] = ()


def check_messages(messages: Sequence[ChatMessage]) -> list[dict[str, str]]:
    if not messages:
        raise InputError("no chat messages to send to the model")
    out = []
    for message in messages:
        role, content = message.get("role"), message.get("content")
        if role not in _ROLES or not isinstance(content, str):
            raise InputError(f"bad chat message (role {role!r}): needs a role in {sorted(_ROLES)} and text")
        out.append({"role": role, "content": content})
    return out


def plain_transcript(messages: Sequence[ChatMessage]) -> str:
    """A template-free rendering for base models."""
    parts = []
    for message in messages:
        if message["role"] == "system":
            parts.append(message["content"].strip())
        else:
            parts.append(f"{message['role'].capitalize()}: {message['content'].strip()}")
    parts.append("Assistant:")
    return "\n\n".join(parts)


def template_formatter(template: str, bos_token: str, eos_token: str) -> Any:
    """llama-cpp-python's formatter for ``template``, checked to be sandboxed."""
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from llama_cpp.llama_chat_format import Jinja2ChatFormatter

    try:
        formatter = Jinja2ChatFormatter(template=template, eos_token=eos_token, bos_token=bos_token)
    except Exception as err:  # jinja2 syntax errors and friends
        raise ModelError(f"the model's chat template does not compile: {_first_line(err)}") from None
    compiled = getattr(formatter, "_environment", None)
    if not isinstance(getattr(compiled, "environment", None), ImmutableSandboxedEnvironment):
        raise ModelError("this llama-cpp-python renders chat templates outside a sandbox; refusing")
    return formatter


def render_prompt(prompt: Prompt, formatter: Any | None) -> RenderedPrompt:
    """Plain strings pass through; messages go through the template or a transcript."""
    if isinstance(prompt, str):
        return RenderedPrompt(text=prompt, templated=False)
    messages = check_messages(prompt)
    lead = ""
    if messages[-1]["role"] == "assistant" and len(messages) > 1:
        lead, messages = messages[-1]["content"], messages[:-1]
    if formatter is None:
        text = plain_transcript(messages) + (f" {lead}" if lead else "")
        return RenderedPrompt(text=text, templated=False, stop=("\nUser:",))
    try:
        response = formatter(messages=messages)
    except Exception as err:  # SecurityError, UndefinedError, raise_exception(...)
        raise ModelError(f"the model's chat template failed: {_first_line(err)}") from None
    stop = response.stop if isinstance(response.stop, list) else [response.stop] if response.stop else []
    return RenderedPrompt(text=response.prompt + lead, templated=True, stop=tuple(s for s in stop if s))


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
