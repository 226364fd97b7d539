"""Errors and warnings that Redraft reports to the user.

A ``RedraftError`` carries a message fit to show as-is: one line, no traceback.
The CLI prints it and exits with code 2; the desktop shows it in a dialog.
"""


class RedraftError(Exception):
    """A failure the user can act on; ``str(err)`` is a one-line message."""


class InputError(RedraftError):
    """A file or text given by the user cannot be used."""


class DoubtfulInput(InputError):
    """An input that is probably not what it was given as (a paper or an author response given as the reviews, the
    same version given twice): the CLI stops unless ``--force``, the app asks whether to go on."""


class ModelError(RedraftError):
    """A model cannot be loaded or run."""


class Cancelled(RedraftError):
    """The user cancelled a long-running job."""

    def __init__(self, message: str = "cancelled") -> None:
        super().__init__(message)


class RedraftWarning(UserWarning):
    """Something was degraded but the work went on (truncation, CPU fallback)."""
