"""File → New Project…: the dialog, and the build on a worker; the project opens only once built.

The build is the CLI's (``engine.project.pipeline.build_and_load``), its guards included: reviews that read as a
paper or like a rebuttal, and a revised version with the draft's content, are refused with why, and the dialog
asks whether to go on: the same files given again (Create again) are built anyway (the CLI's ``--force``). Once
built, the reading-notes bar lists how the files were read (a review given more than once kept once, tracked Word
changes read as accepted, a reply to the reviewers after the paper left out: ``engine.project.notes``).
The session opens on the project the build loaded, lent the app's models (``ModelOwner``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from desktop.git_wizard import GitWizard
from desktop.job_runner import JobHandle, JobRunner, error_message
from desktop.models import ModelOwner
from desktop.project_wizard import ProjectRequest, ProjectWizard, free_project_path
from engine.errors import Cancelled, DoubtfulInput, RedraftError
from engine.jobs import CancelToken
from engine.project.session import ProjectSession


class Builds:
    """Builds new projects; ``opened`` gets each project once built (``AppController.use_session``),
    ``open_partial`` the partial file kept when a build failed."""

    def __init__(self, parent, runner: JobRunner, owner: ModelOwner, opened: Callable[..., None],
                 open_partial: Callable[[Path], object]) -> None:
        self.parent, self.runner, self.owner = parent, runner, owner
        self.opened, self.open_partial = opened, open_partial
        #: Inputs refused as doubtful once (a paper or a response as the reviews, the same version twice), as
        #: (draft, revised, reviews): given again, they are built.
        self.warned: set[tuple[str, str, str]] = set()

    def new_project_dialog(self, files: list[str] | None = None) -> ProjectWizard:
        """The New Project dialog; it stays open through the build, and after a failed one."""
        wizard = ProjectWizard(self.parent, files=files)
        wizard.sig_create_requested.connect(lambda request: self.create_project(request, wizard=wizard))
        self.runner.sig_job_progress.connect(wizard.show_progress)
        wizard.open()
        return wizard

    def git_project_dialog(self, folder: str = "") -> GitWizard:
        """File → New Project from a Git History…: the dialog; it stays open through the build, and after a failed
        one, as the New Project dialog does."""
        wizard = GitWizard(self.parent, self.runner, folder=folder)
        wizard.sig_create_requested.connect(lambda request: self.create_project(request, wizard=wizard))
        self.runner.sig_job_progress.connect(wizard.show_progress)
        wizard.open()
        return wizard

    def wire(self, actions) -> None:
        """File → New Project… and New Project from a Git History…"""
        actions.new_project.triggered.connect(lambda: self.new_project_dialog())
        actions.new_from_git.triggered.connect(lambda: self.git_project_dialog())

    def create_project(self, request: ProjectRequest, path: str | Path | None = None,
                       after: Callable[[ProjectSession], None] | None = None,
                       wizard: ProjectWizard | GitWizard | None = None) -> JobHandle:
        """Build a project on a worker; it gets its name, and replaces the open one, only once built.
        From a ``wizard``, the wizard shows the progress, closes once the project is open, and
        says what went wrong (keeping its inputs) if the build fails or is stopped."""
        from engine.align.config import aligner_encoder
        from engine.project.pipeline import build_and_load, partial_path

        target, owner = Path(path) if path else free_project_path(request.name), self.owner
        given = (request.old_path, request.new_path or "", request.reviews, repr(request.git))
        force = request.force or given in self.warned

        def job(cancel: CancelToken):
            options = dict(overwrite=path is not None, keep_partial=request.keep_partial, aligner=request.aligner,
                           encoder=aligner_encoder(owner, request.aligner), cancel=cancel, force=force,  # it locates too
                           response=request.response)
            if request.git is not None:  # the versions from a git history (desktop/git_wizard.py)
                from engine.project.git_build import build_from_git

                built = yield from build_from_git(target, request.name, request.git, request.reviews, **options)
            else:
                built = yield from build_and_load(target, request.name, request.old_path, request.new_path,
                                                  request.reviews, **options)
            session = warm_view_imports(ProjectSession.open(target, built, models=owner))
            if after is not None:
                after(session)
            return session

        def failed(err: BaseException) -> bool:
            kept = request.keep_partial and partial_path(target).is_file()
            if kept:
                self.open_partial(partial_path(target))
            if wizard is None:
                return False
            message = "Stopped: nothing was built." if isinstance(err, Cancelled) else error_message(err)
            if isinstance(err, DoubtfulInput):
                self.warned.add(given)
                message += " Create again to build it anyway."
            if kept:
                message += f" What was built is open as “{partial_path(target).name}”."
            wizard.show_error(message)
            if isinstance(err, DoubtfulInput):
                wizard.offer_anyway()
            return isinstance(err, (Cancelled, RedraftError))  # a bug is still logged and shown by the runner

        def built(session: ProjectSession) -> None:
            self.opened(session, notes=True)  # the reading-notes bar: how the files were read
            if wizard is not None:
                wizard.set_building(None)
                wizard.accept()

        handle = self.runner.run_job(job, label=f"building “{request.name}”", on_success=built, on_failure=failed)
        if wizard is not None:
            wizard.set_building(handle.id)
            wizard.sig_cancel_requested.connect(handle.cancel)
        return handle


def warm_view_imports(session: ProjectSession) -> ProjectSession:
    """Import on the worker what drawing ``session``'s project imports first: the reviews' units for the reading
    notes, and PyMuPDF for the PDF panes when a version is a PDF or LaTeX (its typeset PDF is shown). Imported by the
    UI thread as the project was drawn, they froze the window for 0.8 of the 1.4 s it spent drawing a new-user
    trial's long paper (session 24, trial21; once per run of the app). Returns ``session``."""
    import engine.reviews.units  # noqa: F401

    p = session.project
    if any(d is not None and d.source_format in ("pdf", "latex") for d in (p.old, p.new)):
        import pymupdf  # noqa: F401
    return session
