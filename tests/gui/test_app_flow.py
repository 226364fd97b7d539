"""The whole flow on the cgo18 data, through the New Project dialog and the window:
build, comments, diff and PDF for a comment, a suggestion streamed by a real
(tiny) model, accept / reject / undo / redo, exports, reopen. Screenshots of each
main view go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from desktop.app import Shell, build_shell
from engine.models.llama.llm import LlamaGenerator
from engine.project import SuggestionRecord, recent_projects
from engine.settings import Settings
from tests.gguf_factory import tiny_gguf  # noqa: F401
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]


def build_cgo18(qtbot, shell: Shell, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    files = [str(cgo / "submission.pdf"), str(cgo / "camera_ready.pdf"), str(Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md")]
    wizard = shell.controller.new_project_dialog(files=files)
    wizard.name.setText("CGO 2018")
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("bm25"))
    assert wizard.problem_text() == ""
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=240_000):
        wizard.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_whole_flow_on_cgo18(qtbot, shell: Shell, shared_data: Path, tiny_gguf: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    shot(shell, "app_empty", tmp_path)
    build_cgo18(qtbot, shell, shared_data)
    project = c.project
    assert project.name == "CGO 2018" and project.diff is not None and len(project.comments) >= 5
    assert w.comments.count() == len(project.comments)
    assert c.current_comment is not None  # the first comment with aligned edits is selected
    assert project.path in recent_projects()

    # a comment with edits: the diff shows them, the PDF pages highlight their paragraphs
    first = c.current_comment
    cid = next(x.id for x in project.comments if x.id != first and project.aligned_edits(x.id))
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment(cid)
    assert c.current_comment == cid
    edits = project.aligned_edits(cid)
    assert [e.id for e in w.diff.edits] == [e.id for e in edits]
    regions = [r for e in edits for pid in e.target_ids for r in project.paragraph(pid).regions]
    assert regions and w.pdf_new.highlights() == regions
    w.show_tab("diff")
    shot(shell, "app_diff", tmp_path)
    w.show_tab("pdf")
    qtbot.wait(200)
    shot(shell, "app_pdf", tmp_path)
    w.show_tab("coverage")
    shot(shell, "app_coverage", tmp_path)
    w.show_tab("diff")

    # a real model that writes noise (the tiny random GGUF): its text streams into the card, fails the checks
    # after one retry, and is stored through the session like any other (issue 35), its typed flags with it;
    # the card shows it flagged with Accept disabled, and it is never offered as the comment's response
    c.owner.set_generator(LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1))
    c.editing.suggest_options = {"max_tokens": 40, "max_chars": 40, "top_k": 2}
    before = len(project.suggestions.get(cid, []))
    c.suggest()
    qtbot.waitUntil(lambda: not w.suggestion.streaming and w.suggestion.suggestion() is not None, timeout=120_000)
    assert w.suggestion.failed() and not w.suggestion.accept_button.isEnabled()
    assert not w.suggestion.accept_button.isDefault()  # Enter cannot put it in the letter
    failed = project.suggestions[cid][-1]
    assert len(project.suggestions[cid]) == before + 1 and w.suggestion.suggestion() is failed
    assert failed.failed and any(f.failed and f.code for f in failed.flags)  # typed, with their codes
    stored = c.session.store.load().suggestions[cid]
    assert len(stored) == before + 1 and stored[-1].flags == failed.flags  # the same flags on disk
    assert w.response.suggested == ""  # its response is not offered to the letter
    shot(shell, "app_suggestion_failed", tmp_path)

    # a suggestion that passed the checks is stored through the session, as the job does
    passed = SuggestionRecord(id="s-flow", comment_id=cid, response="We now compare against the offline setting.",
                              edit="We compare online and offline iterative compilation in Section 5.",
                              location=edits[0].target_ids[0], model="test")
    with qtbot.waitSignal(c.sig_suggestion_changed, timeout=10_000) as added:
        c.editing.do(lambda s: s.add_suggestion(passed))
    rec = project.suggestion(added.args[0])
    assert rec.comment_id == cid and rec.edit and rec.status == "pending"
    assert w.suggestion.suggestion() is rec or w.suggestion.suggestion().id == rec.id
    assert w.suggestion.accept_button.isEnabled() and w.suggestion.accept_button.isDefault()
    where = project.paragraph_where(rec.location)  # the card names the paragraph, not its id (new-user trial)
    assert where and f"at {where} ·" in w.suggestion.meta.text() and rec.location not in w.suggestion.meta.text()

    # accept, reject, undo, redo: the card and the store agree
    w.suggestion.sig_suggestion_accepted.emit(rec.id)
    assert project.suggestion(rec.id).status == "accepted" and w.commands.undo.isEnabled()
    w.suggestion.sig_suggestion_rejected.emit(rec.id)
    assert c.session.store.load().suggestion(rec.id).status == "rejected"
    w.commands.undo.trigger()
    assert c.project.suggestion(rec.id).status == "accepted"
    assert c.session.store.load().suggestion(rec.id).status == "accepted"
    assert w.suggestion.suggestion().status == "accepted"
    w.commands.redo.trigger()
    assert c.session.store.load().suggestion(rec.id).status == "rejected"
    w.commands.undo.trigger()
    shot(shell, "app_suggestion", tmp_path)

    # exports: the letter (Markdown and PDF) and the HTML report
    letter = tmp_path / "response.md"
    with qtbot.waitSignal(c.sig_export_written, timeout=60_000):
        c.exports.export_letter(letter)
    text = letter.read_text(encoding="utf-8")
    assert rec.response.strip()[:20] in text and project.comment(cid).text[:30] in text
    pdf = tmp_path / "response.pdf"
    with qtbot.waitSignal(c.sig_export_written, timeout=60_000):
        c.exports.export_letter(pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-"
    report = tmp_path / "report.html"
    with qtbot.waitSignal(c.sig_export_written, timeout=60_000):
        c.exports.export_report(report)
    assert "<html" in report.read_text(encoding="utf-8").lower()

    # a comment no edit addresses: the diff shows where in the draft it applies, the old PDF marks it
    missed = next((x.id for x in project.comments
                   if not project.aligned_edits(x.id) and project.located_paragraphs(x.id)), None)
    assert missed is not None
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment(missed)
    located = project.located_paragraphs(missed)
    assert [e.id for e in w.diff.edits] == [e.id for e in project.location_edits(missed)]
    assert all(any(p.id in e.source_ids for e in w.diff.edits) for p in located)
    changed = sum(1 for e in w.diff.edits if e.changed)
    assert w.diff.position_label.text() == f"Not addressed · where it applies: {len(located)} draft paragraphs" + (
        f" · {changed} changed, not linked to it" if changed else "")
    assert w.pdf_old.highlights() == [r for p in located for r in p.regions]
    counterparts = [project.paragraph(pid) for e in w.diff.edits for pid in e.target_ids]
    assert counterparts and w.pdf_new.highlights() == [r for p in counterparts for r in p.regions]
    w.show_tab("pdf")
    qtbot.wait(200)
    shot(shell, "app_located", tmp_path)
    w.show_tab("diff")

    # reopen: a fresh window sees the same project, with the accepted suggestion
    path = project.path
    c.close()
    other = build_shell(Settings(theme="dark"))
    qtbot.addWidget(other.window)
    other.window.show()
    with qtbot.waitSignal(other.controller.sig_project_loaded, timeout=60_000):
        other.controller.open_paths([str(path)])
    again = other.controller.project
    assert [x.id for x in again.comments] == [x.id for x in project.comments]
    assert again.suggestion(rec.id).status == "accepted"
    other.controller.select_comment(cid)
    shot(other, "app_dark", tmp_path)
    other.controller.close()
