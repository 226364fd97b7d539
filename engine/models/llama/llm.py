"""``LlamaGenerator``: any GGUF through llama-cpp-python, one inference at a time.

- Loads lazily (``llama_cpp`` is imported on first use), after checking the
  file and that it fits in memory; ``n_gpu_layers`` defaults to all layers
  when the build supports GPU offload, else 0 (a request for GPU on a
  CPU-only build falls back to CPU with a ``RedraftWarning`` and a notice).
- Prompt prefix reuse: one ``Llama`` object keeps the KV cache of what it
  evaluated last; the prompt is evaluated in chunks from the longest common
  prefix (checking the cancel token between chunks). An optional
  ``PrefixCache`` restores a saved prefix after an unrelated request.
- Cancel is checked after every sampled token; JSON-schema and GBNF grammars
  constrain sampling; a lock serialises inference on the model.
"""

from __future__ import annotations

import math
import threading
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError, ModelError, RedraftWarning
from engine.jobs import CancelToken
from engine.models.llama.backend import cpu_has_amx, gpu_build_hint, visible_gpu
from engine.models.llama.chat import RenderedPrompt, render_prompt, template_formatter
from engine.models.llama.gguf_info import GGUFInfo, read_gguf_info
from engine.models.llama.json_check import parse_json_output
from engine.models.llama.support import (
    compile_grammar,
    model_params,
    next_token_logprobs,
    resolve_gpu_layers,
    token_text,
)
from engine.models.llama.memory import check_fits
from engine.models.llama.prefix_cache import PrefixCache, common_prefix_length
from engine.models.protocols import GenerationOptions, Prompt, generation_options

PREFILL_CHUNK = 256


class LlamaGenerator:
    """A ``Generator`` backed by one ``llama_cpp.Llama`` object."""

    def __init__(
        self,
        model_path: str | Path,
        n_ctx: int = 4096,
        n_gpu_layers: int | None = None,
        threads: int | None = None,
        n_batch: int = 512,
        name: str | None = None,
        prefix_cache: PrefixCache | None = None,
        memory_limit: int | None = None,
        extra_buffers: bool | None = None,
    ) -> None:
        self.model_path = Path(model_path)
        self.name = name or self.model_path.stem
        self.requested_ctx = n_ctx
        self.requested_gpu_layers = n_gpu_layers
        self.threads = threads
        self.n_batch = n_batch
        self.prefix_cache = prefix_cache
        self.memory_limit = memory_limit
        #: llama.cpp's extra weight buffers (repacking, AMX); ``None``: off on AMX CPUs only.
        self.extra_buffers = extra_buffers
        self.notices: list[str] = []
        #: Token counts of the last request: prompt, reused from the KV cache, sampled.
        self.last_usage: dict[str, int] = {}
        self.info: GGUFInfo | None = None
        self.n_gpu_layers = 0
        self._llm: Any = None
        self._formatter: Any = None
        self._load_lock = threading.Lock()
        self._lock = threading.Lock()

    # -- loading -------------------------------------------------------------
    def load(self) -> "LlamaGenerator":
        """Load the model now (otherwise the first request does)."""
        with self._load_lock:
            if self._llm is None:
                self._llm = self._open()
        return self

    def _open(self) -> Any:
        import llama_cpp

        info = read_gguf_info(self.model_path)
        n_ctx = min(self.requested_ctx, info.context_length) if info.context_length else self.requested_ctx
        layers, notice = resolve_gpu_layers(self.requested_gpu_layers, bool(llama_cpp.llama_supports_gpu_offload()))
        if notice:
            self.notices.append(notice)
            warnings.warn(notice, RedraftWarning, stacklevel=3)
        elif layers == 0 and self.requested_gpu_layers is None:
            hint = gpu_build_hint("CPU", visible_gpu())
            if hint:
                self.notices.append(hint)
        try:
            check_fits(info, n_ctx, on_gpu=layers != 0, available_bytes=self.memory_limit)
        except ModelError as err:
            if layers == 0 or self.requested_gpu_layers is not None:
                raise
            self.notices.append(f"running on CPU: {err}")  # automatic offload only: try RAM
            layers = 0
            check_fits(info, n_ctx, on_gpu=False, available_bytes=self.memory_limit)
        extra = self.extra_buffers if self.extra_buffers is not None else not cpu_has_amx()
        try:
            with model_params(use_extra_bufts=extra):
                llm = llama_cpp.Llama(
                    model_path=str(self.model_path),
                    n_ctx=n_ctx,
                    n_batch=min(self.n_batch, n_ctx),
                    n_gpu_layers=layers,
                    n_threads=self.threads,
                    n_threads_batch=self.threads,
                    logits_all=False,
                    verbose=False,
                )
        except (ValueError, RuntimeError, OSError) as err:
            reason = str(err)
            if reason.startswith("Failed to load model from file"):  # llama.cpp's own reason, not the path (trial26)
                from engine.models.llama.runnable import load_refusal

                reason = load_refusal(self.model_path, vocab_only=False) or reason
            raise ModelError(f"llama.cpp could not load {self.model_path.name} (architecture '{info.architecture}'): "
                             f"{reason}; choose another model (Settings, or --model)") from None
        self.info, self.n_gpu_layers = info, layers
        template = llm.metadata.get("tokenizer.chat_template")
        if template:
            self._formatter = template_formatter(
                template, token_text(llm, llm.token_bos()), token_text(llm, llm.token_eos())
            )
        return llm

    def _model(self) -> Any:
        return self._llm if self._llm is not None else self.load()._llm

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    @property
    def n_ctx(self) -> int:
        llm = self._model()
        # llama.cpp may pad the context; llama-cpp-python's token buffer keeps the asked size.
        return min(int(llm.n_ctx()), len(llm.input_ids))

    @property
    def has_chat_template(self) -> bool:
        self._model()
        return self._formatter is not None

    def close(self) -> None:
        with self._lock, self._load_lock:
            if self._llm is not None:
                self._llm.close()
                self._llm = None

    # -- tokens ----------------------------------------------------------------
    def _tokenize(self, rendered: RenderedPrompt) -> list[int]:
        llm = self._model()
        return llm.tokenize(
            rendered.text.encode("utf-8"), add_bos=not rendered.templated, special=rendered.templated
        )

    def count_tokens(self, text: str) -> int:
        return len(self._model().tokenize(text.encode("utf-8"), add_bos=False, special=False))

    def truncate_to_tokens(self, text: str, max_tokens: int) -> str:
        llm = self._model()
        tokens = llm.tokenize(text.encode("utf-8"), add_bos=False, special=False)
        if len(tokens) <= max_tokens:
            return text
        return llm.detokenize(tokens[: max(max_tokens, 0)]).decode("utf-8", errors="ignore")

    # -- generation ------------------------------------------------------------
    def generate(
        self, prompt: Prompt, options: GenerationOptions | None = None, cancel: CancelToken | None = None,
        **changes: Any,
    ) -> str:
        opts = generation_options(options, **changes)
        text = "".join(self.stream(prompt, opts, cancel))
        if opts.json_schema is not None:
            parse_json_output(text, opts.json_schema)
        return text

    def generate_json(self, prompt: Prompt, schema: dict[str, Any], **changes: Any) -> Any:
        """Generate under ``schema`` and return the parsed, validated value."""
        return parse_json_output(self.generate(prompt, json_schema=schema, **changes), schema)

    def stream(
        self, prompt: Prompt, options: GenerationOptions | None = None, cancel: CancelToken | None = None,
        **changes: Any,
    ) -> Iterator[str]:
        """Yield the completion piece by piece; raises ``Cancelled`` within one token (a wrong option at once)."""
        return self._stream(prompt, generation_options(options, **changes), cancel)

    def _stream(self, prompt: Prompt, opts: GenerationOptions, cancel: CancelToken | None) -> Iterator[str]:
        from llama_cpp import StoppingCriteriaList

        llm = self._model()
        rendered = render_prompt(prompt, self._formatter)
        compiled = compile_grammar(llm, opts.json_schema, opts.grammar)

        usage = {"prompt_tokens": 0, "reused_tokens": 0, "completion_tokens": 0}

        def cancelled(_ids: Any, _logits: Any) -> bool:
            usage["completion_tokens"] += 1
            return cancel is not None and cancel.cancelled

        with self._lock:
            tokens = self._tokenize(rendered)
            self._check_room(len(tokens))
            max_tokens = max(1, min(opts.max_tokens, self.n_ctx - len(tokens) - 1))  # a retry's doubled budget must fit
            self.last_usage = usage
            usage["prompt_tokens"] = len(tokens)
            usage["reused_tokens"] = self._prefill(tokens, cancel)
            pieces = llm.create_completion(
                tokens,
                max_tokens=max_tokens,
                temperature=opts.temperature,
                seed=opts.seed,
                repeat_penalty=opts.repeat_penalty,
                stop=list(opts.stop) + list(rendered.stop),
                grammar=compiled,
                stream=True,
                stopping_criteria=StoppingCriteriaList([cancelled]),
            )
            finished = False
            try:
                for chunk in pieces:
                    if cancel is not None and cancel.cancelled:
                        break
                    text = chunk["choices"][0]["text"]
                    if text:
                        yield text
                else:
                    finished = True
            finally:
                pieces.close()
            if finished:  # llama-cpp-python calls the criteria once more after sampling ends
                usage["completion_tokens"] = max(usage["completion_tokens"] - 1, 0)
            if cancel is not None:
                cancel.check()

    def prefill(self, prompt: Prompt, cancel: CancelToken | None = None, remember: bool = False) -> int:
        """Evaluate ``prompt`` now (e.g. a paper's context) and return its token count.

        With ``remember`` and a ``PrefixCache``, its KV state is saved so that a
        later prompt starting with it skips the work even after other requests.
        """
        with self._lock:
            tokens = self._tokenize(render_prompt(prompt, self._formatter))
            self._check_room(len(tokens))
            self._prefill(tokens, cancel)
            if remember and self.prefix_cache is not None:
                self.prefix_cache.save(self._llm)
            return len(tokens)

    def _check_room(self, n_tokens: int) -> None:
        if n_tokens >= self.n_ctx:
            raise InputError(
                f"the prompt is {n_tokens} tokens but {self.name} holds {self.n_ctx}; shorten it"
            )

    def _prefill(self, tokens: list[int], cancel: CancelToken | None) -> int:
        """Evaluate ``tokens`` from the longest prefix already in the KV cache.

        At least the last token is evaluated, so the context holds fresh logits
        for it and ``create_completion`` samples at once (its "prompt already
        cached" path) instead of evaluating the last token a second time; with
        a 262k vocabulary each logits row costs ~0.1 s on one CPU thread.
        Returns how many tokens were reused (not evaluated again).
        """
        llm = self._llm
        if getattr(llm, "_is_recurrent", False) or getattr(llm, "_is_hybrid", False):
            return 0  # no partial KV removal: leave it to llama-cpp-python
        last = len(tokens) - 1
        keep = min(common_prefix_length(llm.input_ids[: llm.n_tokens].tolist(), tokens), last)
        if self.prefix_cache is not None and len(self.prefix_cache):
            # Only a saved prefix the prompt starts with in full: a restored
            # sliding-window cache (Gemma 3) holds just the window's last tokens.
            found = self.prefix_cache.best(tokens)
            if found is not None and found[1] == found[0].n_tokens and min(found[1], last) > keep:
                if self.prefix_cache.restore(llm, found[0], min(found[1], last)):
                    keep = min(found[1], last)
        if keep < llm.n_tokens:
            llm._ctx.kv_cache_seq_rm(-1, keep, -1)
            llm.n_tokens = keep
        for start in range(keep, len(tokens), PREFILL_CHUNK):
            if cancel is not None:
                cancel.check()
            llm.eval(tokens[start : start + PREFILL_CHUNK])
        return keep

    # -- scoring ---------------------------------------------------------------
    def choice_logprobs(self, prompt: Prompt, choices: Sequence[str] = ("yes", "no")) -> dict[str, float]:
        """Log-probability that the continuation is each choice (with or without a leading space)."""
        import llama_cpp

        if not choices:
            raise InputError("no choices to score")
        llm = self._model()
        rendered = render_prompt(prompt, self._formatter)
        with self._lock:
            tokens = self._tokenize(rendered)
            self._check_room(len(tokens) + 8)
            self._prefill(tokens, None)
            first = next_token_logprobs(llm, llama_cpp)
            out: dict[str, float] = {}
            for choice in choices:
                logps = []
                for seq in self._choice_sequences(rendered, tokens, choice):
                    logp = float(first[seq[0]])
                    for i in range(1, len(seq)):
                        llm.n_tokens = len(tokens) + i - 1
                        llm.eval(seq[i - 1 : i])
                        logp += float(next_token_logprobs(llm, llama_cpp)[seq[i]])
                    logps.append(logp)
                out[choice] = float(np.logaddexp.reduce(logps)) if logps else -math.inf
            llm.n_tokens = min(llm.n_tokens, len(tokens))
            return out

    def choice_probabilities(self, prompt: Prompt, choices: Sequence[str] = ("yes", "no")) -> dict[str, float]:
        """Next-token probabilities of ``choices``, normalised to sum to 1 over them."""
        logps = self.choice_logprobs(prompt, choices)
        values = np.array(list(logps.values()), dtype=np.float64)
        if not np.isfinite(values).any():
            return {c: 1.0 / len(logps) for c in logps}
        probs = np.exp(values - values.max())
        probs /= probs.sum()
        return {c: float(p) for c, p in zip(logps, probs)}

    def _choice_sequences(self, rendered: RenderedPrompt, tokens: list[int], choice: str) -> list[list[int]]:
        """Token sequences of ``choice`` as a continuation of the prompt, deduplicated."""
        llm = self._llm
        seqs: list[list[int]] = []
        for variant in dict.fromkeys([choice, " " + choice.lstrip()]):
            joint = self._tokenize(RenderedPrompt(rendered.text + variant, rendered.templated))
            if joint[: len(tokens)] == tokens and len(joint) > len(tokens):
                seq = joint[len(tokens) :]
            else:
                seq = llm.tokenize(variant.encode("utf-8"), add_bos=False, special=False)
            if seq and seq not in seqs:
                seqs.append(seq)
        return seqs
