"""The one accessor for shipped resources (prompts, styles, icons, demo project)."""

from __future__ import annotations

from importlib import resources as _resources
from importlib.abc import Traversable

from engine.errors import RedraftError


def resource(*parts: str) -> Traversable:
    """A file or folder under the ``resources`` package; fails loudly if absent."""
    node = _resources.files("resources")
    for part in parts:
        node = node.joinpath(part)
    if not node.is_file() and not node.is_dir():
        raise RedraftError(f"missing resource: {'/'.join(parts)}")
    return node


def prompt(name: str) -> str:
    """The text of ``resources/prompts/<name>.txt``."""
    return resource("prompts", f"{name}.txt").read_text(encoding="utf-8")


#: What Help → About, the installer's version info and the package metadata say of the licences
#: (resources/models/LICENSES.md has the details).
LICENCE_NOTE = ("Redraft is MIT-licensed, except its comment-extraction models, which are fitted on DISAPERE and "
                "are CC BY-NC 4.0: non-commercial use only. The embedded MiniLM and SmolLM2 models are Apache-2.0.")
