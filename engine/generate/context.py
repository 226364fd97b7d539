"""Prompts for generation: versioned templates, rendered for chat or base models,
and paper context trimmed to fit the model.

A template (``resources/prompts/<name>.txt``) starts with ``# version: N``
and has sections ``[system]`` and ``[user]`` (``{field}`` slots), optional
``[example_user]``/``[example_assistant]``, and any task sections a feature
puts into the user turn (Redraft's own prompts carry no worked example: small
models copy it). Chat models get the sections as messages (an example as one
user/assistant turn); base models get a plain completion: the instructions,
an example, then the input, ending in ``Output:``.

``fit_parts`` fills context parts in priority order into the room the model
has left (context size minus the fixed prompt and the answer), trimming or
dropping the rest, and says what it trimmed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.errors import ModelError, RedraftError
from engine.models.protocols import ChatMessage, Generator, Prompt
from engine.resources import prompt as read_prompt

SECTIONS = ("system", "example_user", "example_assistant", "user")
#: Tokens kept free for chat-template markup and rounding.
MARGIN = 32


@dataclass(frozen=True)
class Template:
    name: str
    version: str
    sections: dict[str, str]

    @property
    def label(self) -> str:
        return f"{self.name}@{self.version}"


def load_template(name: str) -> Template:
    text = read_prompt(name)
    first, _, rest = text.partition("\n")
    match = re.match(r"#\s*version:\s*(\S+)", first)
    if not match:
        raise RedraftError(f"prompt {name} lacks its '# version: N' first line")
    parts = re.split(r"^\[(\w+)\]\s*$", rest, flags=re.MULTILINE)
    sections = {key: body.strip() for key, body in zip(parts[1::2], parts[2::2])}
    missing = [s for s in ("system", "user") if s not in sections]
    if missing:
        raise RedraftError(f"prompt {name} lacks section(s) {', '.join(missing)}")
    return Template(name, match.group(1), sections)


def _fill(text: str, fields: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: fields.get(m.group(1), m.group(0)), text)


def is_chat(generator: Generator) -> bool:
    return bool(getattr(generator, "has_chat_template", False))


def render(template: Template, fields: dict[str, str], chat: bool, one_shot: bool = True) -> Prompt:
    """Messages for a chat model, or one completion text for a base model."""
    s = template.sections
    example = one_shot and "example_user" in s and "example_assistant" in s
    user = _fill(s["user"], fields)
    if chat:
        messages: list[ChatMessage] = [{"role": "system", "content": _fill(s["system"], fields)}]
        if example:
            messages += [{"role": "user", "content": s["example_user"]},
                         {"role": "assistant", "content": s["example_assistant"]}]
        messages.append({"role": "user", "content": user})
        return messages
    parts = [_fill(s["system"], fields)]
    if example:
        parts.append(f"Example input:\n{s['example_user']}\n\nExample output:\n{s['example_assistant']}")
    parts.append(f"Input:\n{user}\n\nOutput:")
    return "\n\n".join(parts)


def render_task(template: Template, fields: dict[str, str], task: str, chat: bool, **extra: str) -> Prompt:
    """The prompt with the template's section ``task`` as its ``{task}`` field; ``extra``
    fills slots of the task text (filled once: braces in a value stay as they are)."""
    text = template.sections[task]
    for key, value in extra.items():
        text = text.replace("{" + key + "}", value)
    return render(template, {**fields, "task": text}, chat, one_shot=False)


def prompt_tokens(generator: Generator, rendered: Prompt) -> int:
    if isinstance(rendered, str):
        return generator.count_tokens(rendered)
    return sum(generator.count_tokens(m["content"]) + 4 for m in rendered)


@dataclass
class ContextPart:
    """A piece of paper context: filled by priority (0 first) while room lasts."""

    name: str
    text: str
    priority: int = 0
    #: Below this many tokens of room the part is dropped rather than cut.
    min_tokens: int = 24


@dataclass
class Fitted:
    texts: dict[str, str] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    one_shot: bool = True


def fit_parts(
    generator: Generator, template: Template, fields: dict[str, str], parts: list[ContextPart],
    answer_tokens: int, join: Callable[[dict[str, str]], dict[str, str]],
) -> Fitted:
    """Fit ``parts`` into the model's context; ``join`` maps part texts to template fields."""
    chat = is_chat(generator)
    for one_shot in (True, False):
        empty = join({p.name: "" for p in parts})
        fixed = prompt_tokens(generator, render(template, {**fields, **empty}, chat, one_shot))
        room = generator.n_ctx - fixed - answer_tokens - MARGIN
        if room >= 0:
            break
    else:
        raise ModelError(
            f"{generator.name} holds {generator.n_ctx} tokens: too few for the {template.name} prompt "
            f"and a {answer_tokens}-token answer"
        )
    fitted = Fitted(one_shot=one_shot)
    if not one_shot and "example_user" in template.sections:
        fitted.notices.append(f"{generator.name}: context too small for the worked example; asked without it")
    for part in sorted(parts, key=lambda p: p.priority):
        if not part.text:
            fitted.texts[part.name] = ""
            continue
        need = generator.count_tokens(part.text) + 2
        if need <= room:
            fitted.texts[part.name], room = part.text, room - need
        elif room >= part.min_tokens:
            fitted.texts[part.name] = generator.truncate_to_tokens(part.text, room - 2).rstrip() + " …"
            fitted.notices.append(f"{part.name} trimmed to {room - 2} of {need - 2} tokens to fit {generator.name}")
            room = 0
        else:
            fitted.texts[part.name] = ""
            fitted.notices.append(f"{part.name} left out: no room in {generator.name}'s context")
    return fitted
