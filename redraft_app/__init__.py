"""The ``redraft`` command: the engine's CLI with ``redraft gui`` added on top.

The one package above ``desktop``, ``widgets`` and ``engine`` (the import-linter
layers contract in ``pyproject.toml``): the engine's commands run headless, and
only ``gui`` reaches the desktop app, so the engine never imports ``desktop``.
"""
