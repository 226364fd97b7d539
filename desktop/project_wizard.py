"""The New Project dialog: the draft, an optional revised version, the reviews, a name.

Create does not close it: the dialog asks for the build (``sig_create_requested``), shows its
progress, and closes only once the project is built. A build that fails or is cancelled
leaves it open with the message and everything the author chose or typed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.build_steps import BuildSteps
from engine.align.config import DEFAULT_METHOD
from engine.align.letter import LETTER_SUFFIXES, letter_problem
from engine.inputs import DRAFT_SUFFIXES, draft_format_names, name_filter, review_format_names, review_suffixes
from engine.project.pipeline import default_project_path
from engine.project.schema import SUFFIX
from widgets.path_field import PathField as _PathField

DRAFT_FILTER = name_filter("Drafts", DRAFT_SUFFIXES) + ";;All files (*)"


#: The authors' response letter's file dialog filter (``engine.align.letter.letter_text`` reads these).
LETTER_FILTER = name_filter("Response letters", LETTER_SUFFIXES) + ";;All files (*)"


def review_filter() -> str:
    """The reviews file dialog's filter, from the table of formats (``engine.inputs.REVIEW_FORMATS``)."""
    return name_filter("Reviews", review_suffixes()) + ";;All files (*)"
def _learned_name() -> str:
    """The learned aligner's choice, naming how many revisions its shipped model was fitted on, read from the model's
    own record (``meta.train``): a count written here went stale (the dialog said 43 after the refit on 58)."""
    from engine.resources import resource

    try:
        raw = json.loads(resource("models", "align", "learned.json").read_text(encoding="utf-8"))
        count = len(raw.get("meta", {}).get("train", []))
    except (OSError, ValueError, AttributeError):
        count = 0
    fitted = f"fitted on {count} real revisions" if count else "fitted on real revisions"
    return f"Learned: a model {fitted} (slower the first time)"


_ALIGNER_NAMES = {"learned": _learned_name(),
                  "evidence": "Evidence: place, references, quotes, changed words (half the time on a first run)",
                  "hybrid": "Hybrid: BM25 + embeddings", "bm25": "BM25 only (fastest)"}
#: The dialog's choices, the one default (``engine.align.config.DEFAULT_METHOD``) first and marked so.
ALIGNERS = ((DEFAULT_METHOD, f"{_ALIGNER_NAMES[DEFAULT_METHOD]} (default)"),
            *((k, v) for k, v in _ALIGNER_NAMES.items() if k != DEFAULT_METHOD))


@dataclass
class ProjectRequest:
    """What the dialog asks for; ``app.py`` turns it into ``build_project`` arguments."""

    name: str
    old_path: str
    new_path: str | None
    reviews: str  # a file path or pasted text
    aligner: str = DEFAULT_METHOD
    #: If the build fails or is cancelled, keep what was done as "NAME (partial).redraft".
    keep_partial: bool = False
    #: Build even from doubtful inputs: reviews that read as a paper or an author response, two alike versions.
    force: bool = False
    #: The authors' response letter (a file; optional): kept in the project, the statuses read what it says.
    response: str | None = None
    #: The versions from a git history instead of two files (``engine.project.git_build.GitVersions``;
    #: ``desktop/git_wizard.py``).
    git: Any = None


#: Words of a file name that say whose file it is (trial24: a journal's bundle dropped on the window).
_RESPONSE_WORDS = ("response", "reply", "rebuttal", "answer")
_REVIEW_WORDS = ("review", "comment", "meta", "referee")
_LATER_WORDS = ("revis", "resubmi", "camera", "final", "accepted")
#: A decision mail saved under its subject ("Decision on EMSE-D-20-00187.pdf", "Decision for MS-042"; trial32: the
#: PDF became the draft and the draft was dropped).
_DECISION_MAIL = re.compile(r"(?:^|[^a-z])decision[\s_-]+(?:on|for|re|notice|notification|letter|e?-?mail)(?:[^a-z]|$)")
_VERSION = re.compile(r"(?:^|[^a-z])(?:v|r|rev|round)[ _-]?(\d+)(?!\d)")


def version_rank(name: str) -> int:
    """How late a version a draft's file name says it is: a revised-version word counts 100, a version or round
    number (``v2``, ``R1``, ``rev3``) its number; 0 when the name says neither (``paper.pdf`` before
    ``paper.R1.pdf``)."""
    name = Path(name).stem.lower()
    numbers = [int(n) for n in _VERSION.findall(name)]
    return 100 * any(w in name for w in _LATER_WORDS) + (max(numbers) if numbers else 0)


def guess_roles(paths: list[str]) -> dict[str, str]:
    """Split dropped files into draft / revised / reviews / response by name and suffix.

    A file named like the authors' answer (response, reply, rebuttal, answer) is the response, even when it names
    the reviewers ("response to reviewers"); else one named like the reviews (review, comment, meta, referee, or
    a decision letter or mail, "Decision on …", or "decision" in a .txt's name, or in one of three papers: a
    journal's holds the reports) is the reviews; else one
    named "letter" (a cover letter) is
    the response. Of the rest, the draft is the earlier version and the revised the later by
    name (``version_rank``: "revised", "R1", "v2"), in the order given when the names do not say.
    """
    roles: dict[str, str] = {}
    drafts = []
    for p in paths:
        name = Path(p).name.lower()
        suffix = Path(p).suffix.lower()
        if suffix in LETTER_SUFFIXES and any(w in name for w in _RESPONSE_WORDS):
            roles.setdefault("response", p)
        elif suffix in review_suffixes() and (any(w in name for w in _REVIEW_WORDS) or "decision" in name and (
                "letter" in name or "mail" in name or suffix == ".txt") or _DECISION_MAIL.search(name)):
            roles.setdefault("reviews", p)
        elif suffix in LETTER_SUFFIXES and "letter" in name:
            roles.setdefault("response", p)
        elif suffix in review_suffixes() and suffix not in DRAFT_SUFFIXES:  # OpenReview JSON, say
            roles.setdefault("reviews", p)
        elif suffix in DRAFT_SUFFIXES:
            drafts.append(p)
    if len(drafts) > 2 and "reviews" not in roles:  # three papers: one named "decision" is the mail, not a version
        mail = [p for p in drafts if "decision" in Path(p).name.lower()]
        if len(mail) == 1 and Path(mail[0]).suffix.lower() in review_suffixes():
            roles["reviews"] = mail[0]
            drafts.remove(mail[0])
    drafts = sorted(drafts[:2], key=version_rank) + drafts[2:]  # stable: the order given when names do not say
    if drafts:
        roles["old"] = drafts[0]
    if len(drafts) > 1:
        roles["new"] = drafts[1]
    return roles


def free_project_path(name: str) -> Path:
    """``default_project_path(name)``, numbered when that file already exists."""
    path = first = default_project_path(name)
    n = 2
    while path.exists():  # "Paper (round 2)" taken: "Paper (round 2) (2)", its own brackets kept
        path = first.with_name(f"{first.stem} ({n}){SUFFIX}")
        n += 1
    return path


def file_problem(path: str) -> str:
    """Why ``path`` cannot be read as a draft or reviews ("" when it can, as far as a glance tells)."""
    file = Path(path)
    if not file.is_file():
        return f"No such file: {path}"
    try:
        size = file.stat().st_size
        with file.open("rb") as f:
            head = f.read(5)
    except OSError as err:
        return f"Cannot read {file.name}: {err.strerror or err}"
    if size == 0:
        return f"{file.name} is empty (0 bytes): choose the file with the paper or the reviews in it."
    if file.suffix.lower() == ".pdf" and head != b"%PDF-":
        return f"{file.name} is not a PDF (it does not start like one)."
    if head.startswith(b"\xd0\xcf\x11\xe0"):  # a password-protected Word file, or a .doc: said before Create
        from engine.document.docx import ole_document

        what = ole_document(file)
        return f"{file.name} {what}." if what else ""
    return ""


def response_problem(path: str) -> str:
    """Why ``path`` cannot be read as the authors' response letter: a missing file as any other field says it, then
    the letter reader's glance (empty, a folder, old Word, OpenDocument, RTF, binary: ``letter_problem``)."""
    return file_problem(path) if not Path(path).expanduser().exists() else letter_problem(path)


def reviews_problem(path: str) -> str:
    """Why ``path`` cannot be read as the reviews: a folder gets the CLI's line (``folder_message``)."""
    from engine.reviews.load import folder_message

    folder = Path(path).expanduser()
    return folder_message(folder) if path.strip() and folder.is_dir() else file_problem(path)


class ProjectWizard(BuildSteps, QDialog):
    """Collects a ``ProjectRequest``; files can be browsed for or dropped on the dialog."""

    sig_create_requested = Signal(object)  # ProjectRequest
    sig_cancel_requested = Signal()  # Cancel while the project is being built

    def __init__(self, parent: QWidget | None = None, files: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Project")
        self.setAccessibleName("New project")
        self.setAcceptDrops(True)
        self.setMinimumWidth(560)
        self.name = QLineEdit()
        self.name.setAccessibleName("Project name")
        self.name.setPlaceholderText("e.g. CGO submission, round 1")
        self.draft = _PathField("Draft", DRAFT_FILTER, f"the version the reviewers read ({draft_format_names()})")
        self.revised = _PathField("Revised version", DRAFT_FILTER, "optional: the revised version")
        self.review_file = _PathField("Reviews file", review_filter(), f"reviews as {review_format_names()}")
        self.review_text = QPlainTextEdit()
        self.review_text.setAccessibleName("Pasted reviews")
        self.review_text.setPlaceholderText("Paste the reviews here; start each one with a line like 'Reviewer 1'.")
        self.reviews = QTabWidget()
        self.reviews.setAccessibleName("Reviews source")
        file_page = QWidget()
        file_layout = QVBoxLayout(file_page)
        file_layout.addWidget(self.review_file)
        file_layout.addStretch(1)
        self.reviews.addTab(file_page, "From a file")
        self.reviews.addTab(self.review_text, "Pasted text")
        self.letter = _PathField("Authors' response", LETTER_FILTER, "optional: your response letter to the reviewers; "
                                 "the statuses then read what it says of each point")
        self._build_controls(ALIGNERS)

        form = QFormLayout()
        form.addRow("&Name:", self.name)
        form.addRow("&Draft:", self.draft)
        form.addRow("&Revised:", self.revised)
        form.addRow("Re&views:", self.reviews)
        form.addRow("Authors' res&ponse:", self.letter)
        form.addRow("&Alignment:", self.aligner)
        self.keep_partial = QCheckBox("Keep a partial project if the build fails or is cancelled")
        self.keep_partial.setToolTip("Saved as “NAME (partial).redraft”; otherwise a stopped build leaves nothing")
        self.keep_partial.setAccessibleName("Keep a partial project")
        form.addRow("", self.keep_partial)
        hint = QLabel("Tip: drop the files on this dialog.")
        hint.setEnabled(False)
        self.form = QWidget()
        self.form.setLayout(form)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(hint)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        for signal in (self.draft.sig_path_changed, self.revised.sig_path_changed, self.review_file.sig_path_changed,
                       self.letter.sig_path_changed,
                       self.name.textChanged, self.review_text.textChanged, self.reviews.currentChanged):
            signal.connect(self._validate)
        self.draft.sig_path_changed.connect(self._suggest_name)
        if files:
            self.add_files(files)
        self._validate()

    # -- API -----------------------------------------------------------------------------

    def add_files(self, paths: list[str]) -> None:
        """Fill the fields from files (dropped, or given on the command line)."""
        roles = guess_roles(paths)
        if "old" in roles:
            self.draft.set_path(roles["old"])
        if "new" in roles:
            self.revised.set_path(roles["new"])
        if "reviews" in roles:
            self.review_file.set_path(roles["reviews"])
            self.reviews.setCurrentIndex(0)
        if "response" in roles:
            self.letter.set_path(roles["response"])

    def set_pasted_reviews(self, text: str) -> None:
        self.review_text.setPlainText(text)
        self.reviews.setCurrentIndex(1)

    def request(self) -> ProjectRequest:
        pasted = self.reviews.currentIndex() == 1
        return ProjectRequest(
            name=self.name.text().strip(),
            old_path=self.draft.path(),
            new_path=self.revised.path() or None,
            reviews=self.review_text.toPlainText() if pasted else self.review_file.path(),
            aligner=self.aligner.currentData(),
            keep_partial=self.keep_partial.isChecked(),
            response=self.letter.path() or None,
        )

    def problem_text(self) -> str:
        """What stops the project from being created ("" when nothing does)."""
        req = self.request()
        if not req.old_path:
            return "Choose the draft."
        if req.new_path and (problem := file_problem(req.new_path)):
            return problem
        if problem := file_problem(req.old_path):
            return problem
        if not req.reviews.strip():
            return "Choose a reviews file or paste the reviews."
        if self.reviews.currentIndex() == 0 and (problem := reviews_problem(req.reviews)):
            return problem
        if req.response and (problem := response_problem(req.response)):
            return problem
        if not req.name:
            return "Give the project a name."
        return ""

    # -- internals -----------------------------------------------------------------------

    def _validate(self) -> None:
        if self.building:
            return
        problem = self.problem_text()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        self._say(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def _suggest_name(self, path: str) -> None:
        if path and not self.name.text().strip():
            self.name.setText(Path(path).stem.replace("_", " "))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.add_files(paths)
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
