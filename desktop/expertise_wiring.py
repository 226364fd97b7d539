"""The Expertise tab's wiring: reviewer profiles in, scores with evidence out.

The panel only asks (add, remove, score); this object opens the file dialogs,
loads profiles and scores them against the open project's paper on a worker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog

from desktop.job_runner import JobHandle, JobRunner
from engine.document.model import Document
from engine.inputs import DRAFT_SUFFIXES, name_filter
from engine.jobs import CancelToken
from widgets.expertise_panel import ExpertisePanel

_FILTERS = {"paper": name_filter("Papers", DRAFT_SUFFIXES),
            "bibtex": "BibTeX (*.bib *.bibtex)",
            "openreview": "OpenReview JSONL or Semantic Scholar JSON (*.jsonl *.json)"}


def paper_of(document: Document, paper_id: str = "paper") -> Any:
    """The submission as the scorers see it: title and abstract (or the first body text)."""
    from engine.expertise.profile import Paper

    abstract = document.abstract or " ".join(p.text for p in document.body()[:3])
    return Paper(id=paper_id, title=document.title, abstract=abstract, authors=list(document.authors))


class ExpertiseWiring(QObject):
    sig_export_written = Signal(str)  # path

    def __init__(self, panel: ExpertisePanel, runner: JobRunner, document: Callable[[], Document | None],
                 encoder: Callable[[], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.runner = runner
        self.document = document
        #: The owner's encoder (call on a worker).
        self.encoder = encoder
        self.profiles: list[Any] = []
        #: reviewer -> the path their profile was read from (kept in the open project)
        self.paths: dict[str, str] = {}
        #: the open project's store (``ProjectSession.store``), where the profile paths are kept
        self.store: Any = None
        panel.sig_profile_add_requested.connect(self.ask_profile)
        panel.sig_profile_remove_requested.connect(self.remove_profile)
        panel.sig_score_requested.connect(self.score)
        panel.sig_export_requested.connect(lambda: self.export_csv())

    def ask_profile(self, kind: str) -> None:
        if kind == "folder":
            path = QFileDialog.getExistingDirectory(self.panel, "Folder of the reviewer's papers (PDF)")
        else:
            path, _ = QFileDialog.getOpenFileName(self.panel, "Reviewer profile", "", _FILTERS.get(kind, ""))
        if path:
            self.add_profile(path)

    def use_store(self, store: Any) -> list[JobHandle]:
        """A project was opened: the profiles it keeps are read again and shown instead of the previous ones (a
        project that keeps none leaves the shown ones, as before); adding or removing one is kept in it."""
        from engine.expertise.saved import saved_profile_paths

        self.store = store
        saved = saved_profile_paths(store)
        if not saved:
            return []
        self.profiles, self.paths = [], {}
        self.panel.set_profiles([])
        return [self.add_profile(p, save=False) for p in saved]  # a folder moved away: its message, then dropped

    def add_profile(self, path: str | Path, save: bool = True) -> JobHandle:
        from engine.expertise.profile import load_profile

        return self.runner.run_call(lambda cancel: load_profile(path), label=f"reading {Path(path).name}",
                                    on_success=lambda profile: self._added(profile, str(path), save))

    def _added(self, profile: Any, path: str = "", save: bool = True) -> None:
        self.profiles = [p for p in self.profiles if p.reviewer != profile.reviewer] + [profile]
        self.paths = {k: v for k, v in self.paths.items() if k != profile.reviewer}
        if path:
            self.paths[profile.reviewer] = path
        self.panel.set_profiles(self.profiles)
        if save:
            self._save()
        else:  # read back from the project: its kept scores come back while they still hold
            self._restore_scores()

    def _restore_scores(self) -> None:
        """Show the scores kept in the project for the profiles read so far, if the paper and each reviewer's papers
        read as they did when scored (a reviewer whose papers changed is named: Score again)."""
        from engine.expertise.saved import saved_scores

        document = self.document()
        if self.store is None or document is None:
            return
        reports, scored = saved_scores(self.store, self.profiles, paper_of(document))
        if not reports:
            return
        stale = [p.reviewer for p in self.profiles if p.reviewer not in {r.reviewer for r in reports}]
        note = f"Scores kept in the project from {scored.replace('T', ' ')[:16]} UTC."
        if stale:
            note += f" Not scored since their papers changed or were added: {', '.join(stale)}; Score again."
        self.panel.set_results(reports, note)

    def remove_profile(self, reviewer: str) -> None:
        self.profiles = [p for p in self.profiles if p.reviewer != reviewer]
        self.paths.pop(reviewer, None)
        self.panel.set_profiles(self.profiles)
        self._save()

    def _save(self) -> None:
        from engine.errors import InputError
        from engine.expertise.saved import save_profile_paths

        if self.store is None:
            return
        try:
            save_profile_paths(self.store, [self.paths[p.reviewer] for p in self.profiles if p.reviewer in self.paths])
        except InputError:  # the project was closed meanwhile: nothing to keep them in
            self.store = None

    def score(self) -> JobHandle | None:
        """Score every profile against the project's paper (revised version when there is one)."""
        document = self.document()
        if document is None or not self.profiles:
            return None
        paper, profiles, get_encoder = paper_of(document), list(self.profiles), self.encoder

        def work(cancel: CancelToken) -> list[Any]:
            from engine.expertise.evidence import explain

            encoder = get_encoder()
            reports = []
            for profile in profiles:
                cancel.check()
                reports.append(explain(profile, paper, "fused", encoder=encoder))
            return reports

        return self.runner.run_call(work, label="scoring reviewer expertise",
                                    on_success=lambda reports: self._scored(reports, profiles, paper))

    def _scored(self, reports: list[Any], profiles: list[Any], paper: Any) -> None:
        """Show the scores and keep them in the open project (trial22: they were lost on closing)."""
        from engine.errors import InputError
        from engine.expertise.saved import save_scores

        self.panel.set_results(reports)
        if self.store is None:
            return
        try:
            save_scores(self.store, reports, profiles, paper)
        except InputError:  # the project was closed meanwhile: nothing to keep them in
            self.store = None

    def export_csv(self, path: str | Path | None = None) -> JobHandle | None:
        """The shown scores as CSV (a save dialog when no ``path``); a refusal (not .csv, no such folder) writes
        nothing and is shown like any failed job."""
        from desktop.exports import with_filter_suffix
        from engine.expertise.export import write_expertise_csv

        reports = list(self.panel.results)
        if not reports:
            return None
        if path is None:
            chosen_path, chosen = QFileDialog.getSaveFileName(self.panel, "Export the expertise table",
                                                              str(Path.home() / "expertise.csv"), "CSV (*.csv)")
            if not chosen_path:
                return None
            path = with_filter_suffix(chosen_path, chosen)
        sizes = {p.reviewer: len(p.papers) for p in self.profiles}

        def work(cancel: CancelToken) -> str:
            return str(write_expertise_csv(reports, path, sizes))

        return self.runner.run_call(work, label="writing the expertise table", on_success=self.sig_export_written.emit)
