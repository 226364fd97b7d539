"""``ModelOwner``: the desktop's one encoder and one generator.

Each is built from the settings by ``engine.models.factory.open_model`` and
loaded once, by the first job that needs it, on that job's worker (the
generator on the one-worker LLM executor). When the settings change, the
models they name are dropped; the next job builds them again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from desktop.job_runner import JobRunner
from engine.settings import Settings

ENCODER_KEYS = ("encoder_path", "encoder_precision")
GENERATOR_KEYS = ("generator_path", "n_gpu_layers", "n_ctx", "n_threads")


class ModelOwner:
    def __init__(self, runner: JobRunner, settings: Callable[[], Settings]) -> None:
        self.runner = runner
        self.settings = settings
        self._encoder: Any = None
        self._generator: Any = None
        self._encoder_lock = threading.Lock()
        self._generator_lock = threading.Lock()
        #: How many times each model was built (a second build means it was dropped in between).
        self.loads = {"encoder": 0, "generator": 0}

    def encoder(self) -> Any:
        """The encoder; call on a worker (it loads there, once)."""
        from engine.models.factory import open_model

        with self._encoder_lock:
            if self._encoder is None:
                self._encoder = open_model("encoder", self.settings())
                self.loads["encoder"] += 1
            return self._encoder

    def generator(self) -> Any:
        """The generator, loaded; call on the LLM worker."""
        from engine.models.factory import open_model

        with self._generator_lock:
            if self._generator is None:
                self._generator = open_model("generator", self.settings()).load()
                self.loads["generator"] += 1
            return self._generator

    def set_generator(self, generator: Any) -> None:
        """Use ``generator`` (any ``Generator``) instead of the one the settings name."""
        with self._generator_lock:
            self._generator = generator

    @property
    def holds(self) -> dict[str, bool]:
        return {"encoder": self._encoder is not None, "generator": self._generator is not None}

    def settings_changed(self, old: Settings, new: Settings) -> None:
        """Drop the models whose settings changed (the generator is closed on the LLM worker)."""
        if any(getattr(old, k) != getattr(new, k) for k in ENCODER_KEYS):
            with self._encoder_lock:
                self._encoder = None
        if any(getattr(old, k) != getattr(new, k) for k in GENERATOR_KEYS):
            with self._generator_lock:
                gone, self._generator = self._generator, None
            if gone is not None and hasattr(gone, "close"):
                self.runner.run_call(lambda cancel: gone.close(), llm=True, label="unloading the model")
