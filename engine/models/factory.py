"""The one way to get a model from the settings: ``open_model("encoder" | "generator", settings)``.

The desktop's model owner and every CLI command build their encoder and
generator here, so they embed and generate the same way. Nothing is loaded:
the encoder loads on its first ``encode``, the generator on ``load()`` or its
first call (both on a worker in the app).
"""

from __future__ import annotations

from typing import Any

from engine.errors import InputError
from engine.settings import Settings, load_settings

KINDS = ("encoder", "generator")
#: Name the embedded encoder's vectors are cached under.
EMBEDDED_ENCODER_NAME = "all-MiniLM-L6-v2"


def open_model(kind: str, settings: Settings | None = None, *, path: str = "", **overrides: Any) -> Any:
    """The encoder or generator ``settings`` name (the saved settings when None).

    ``path`` replaces the settings' folder or GGUF (a CLI ``--encoder``/``--model``);
    ``overrides`` go to the backend (``cache=None``, ``runtime="torch"``, ``n_ctx=...``).
    Empty paths mean the embedded MiniLM encoder and the embedded SmolLM2 generator.
    """
    settings = settings if settings is not None else load_settings()
    if kind == "encoder":
        if path or not settings.encoder_path:
            return _encoder(settings, path, overrides)
        try:
            return _encoder(settings, settings.encoder_path, overrides)
        except InputError as err:  # a folder moved or deleted since it was chosen: say where it was chosen
            raise InputError(f"{err} (chosen in Settings → Encoder folder; leave it empty for the embedded "
                             f"{EMBEDDED_ENCODER_NAME})") from None
    if kind == "generator":
        return _generator(settings, path or settings.generator_path, overrides)
    raise ValueError(f"unknown model kind {kind!r}: use one of {', '.join(KINDS)}")


def _encoder(settings: Settings, folder: str, overrides: dict[str, Any]) -> Any:
    from engine.models.encoders.embed_cache import EmbeddingCache
    from engine.models.encoders.encoder import open_encoder

    options: dict[str, Any] = {
        "precision": settings.encoder_precision if settings.encoder_precision in ("int8", "fp32") else "int8"}
    options.update(overrides)
    if "cache" not in options:
        options["cache"] = EmbeddingCache()
    if folder:
        return open_encoder(folder, **options)
    from engine.models import embedded

    encoder = open_encoder(embedded.encoder_path(), name=EMBEDDED_ENCODER_NAME, **options)
    encoder.weights_id = embedded.encoder_weights_id()  # no 87 MB hash on a first run
    return encoder


def _generator(settings: Settings, key: str, overrides: dict[str, Any]) -> Any:
    from engine.models.registry import open_generator

    options: dict[str, Any] = {"n_ctx": settings.n_ctx}
    if settings.n_gpu_layers >= 0:
        options["n_gpu_layers"] = settings.n_gpu_layers
    if settings.n_threads > 0:
        options["threads"] = settings.n_threads
    options.update(overrides)
    return open_generator(key or "embedded", **options)


class ConfiguredModels:
    """A ``ModelSource`` for headless work (the CLI, a session opened without one): the encoder and generator
    the settings name (or the paths given), each opened once, on first use. The app lends its own
    (``desktop.models.ModelOwner``), loaded once for every job."""

    def __init__(self, settings: Settings | None = None, *, encoder_path: str = "", generator_path: str = "",
                 encoder: Any = None, generator: Any = None) -> None:
        self.settings = settings
        self.encoder_path, self.generator_path = encoder_path, generator_path
        self._encoder, self._generator = encoder, generator

    def encoder(self) -> Any:
        if self._encoder is None:
            self._encoder = open_model("encoder", self.settings, path=self.encoder_path)
        return self._encoder

    @property
    def holds(self) -> dict[str, bool]:
        return {"encoder": self._encoder is not None, "generator": self._generator is not None}

    def generator(self) -> Any:
        if self._generator is None:
            self._generator = open_model("generator", self.settings, path=self.generator_path).load()
        return self._generator
