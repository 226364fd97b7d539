"""The Expertise tab's wiring: reviewer profiles in, scores with evidence out.

The panel only asks (add, remove, score); this object opens the file dialogs,
loads profiles and scores them against the open project's paper on a worker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from desktop.job_runner import JobHandle, JobRunner
from engine.document.model import Document
from engine.jobs import CancelToken
from widgets.expertise_panel import ExpertisePanel

_FILTERS = {"bibtex": "BibTeX (*.bib)", "openreview": "OpenReview profile (*.jsonl *.json)"}


def paper_of(document: Document, paper_id: str = "paper") -> Any:
    """The submission as the scorers see it: title and abstract (or the first body text)."""
    from engine.expertise.profile import Paper

    abstract = document.abstract or " ".join(p.text for p in document.body()[:3])
    return Paper(id=paper_id, title=document.title, abstract=abstract, authors=list(document.authors))


class ExpertiseWiring(QObject):
    def __init__(self, panel: ExpertisePanel, runner: JobRunner, document: Callable[[], Document | None],
                 encoder: Callable[[], Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.runner = runner
        self.document = document
        #: The owner's encoder (call on a worker).
        self.encoder = encoder
        self.profiles: list[Any] = []
        panel.sig_profile_add_requested.connect(self.ask_profile)
        panel.sig_profile_remove_requested.connect(self.remove_profile)
        panel.sig_score_requested.connect(self.score)

    def ask_profile(self, kind: str) -> None:
        if kind == "folder":
            path = QFileDialog.getExistingDirectory(self.panel, "Folder of the reviewer's papers (PDF)")
        else:
            path, _ = QFileDialog.getOpenFileName(self.panel, "Reviewer profile", "", _FILTERS.get(kind, ""))
        if path:
            self.add_profile(path)

    def add_profile(self, path: str | Path) -> JobHandle:
        from engine.expertise.profile import load_profile

        return self.runner.run_call(lambda cancel: load_profile(path), label=f"reading {Path(path).name}",
                                    on_success=self._added)

    def _added(self, profile: Any) -> None:
        self.profiles = [p for p in self.profiles if p.reviewer != profile.reviewer] + [profile]
        self.panel.set_profiles(self.profiles)

    def remove_profile(self, reviewer: str) -> None:
        self.profiles = [p for p in self.profiles if p.reviewer != reviewer]
        self.panel.set_profiles(self.profiles)

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

        return self.runner.run_call(work, label="scoring reviewer expertise", on_success=self.panel.set_results)
