"""The shell's bugs, as the author met them: switching projects leaves no stale view; the PDF
tab opens on the selected comment's highlight; both PDF panes show the same edit; a theme
change keeps the recent list; a cancelled build leaves nothing behind. Screenshots of the
PDF tab go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from desktop.app import Shell
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)
from desktop.project_wizard import ProjectRequest
from engine.document import load_document
from engine.errors import Cancelled
from engine.jobs import run_job
from engine.project import recent_projects
from engine.project.pipeline import build_project_file, building_path, partial_path
from engine.revision import compare
from engine.settings import load_settings
from tests.pdf_factory import make_paper_pdf

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def demo_pdf(markdown: Path, out: Path) -> Path:
    """The demo draft typeset large, so that it spans pages (a highlight is not on page 1)."""
    doc = load_document(markdown)
    sections: dict[str, list[str]] = {}
    for p in doc.paragraphs:
        if p.kind.value == "body" and p.section and p.section[0] != "Abstract":
            sections.setdefault(p.section[0], []).append(p.text)
    abstract = next(p.text for p in doc.paragraphs if p.section and p.section[0] == "Abstract")
    make_paper_pdf(out, title=doc.title, abstract=abstract, sections=list(sections.items()),
                   body_size=15.0, page_size=(420.0, 595.0), margin=40.0)
    return out


@pytest.fixture(scope="module")
def projects(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A two-version PDF project and a draft-only Markdown one, built once."""
    folder = tmp_path_factory.mktemp("projects")
    old, new = demo_pdf(DEMO / "draft_v1.md", folder / "v1.pdf"), demo_pdf(DEMO / "draft_v2.md", folder / "v2.pdf")
    pdfs = run_job(build_project_file(folder / "pdfs.redraft", "two PDFs", old, new, DEMO / "reviews.md",
                                      aligner="bm25"))
    draft = run_job(build_project_file(folder / "draft.redraft", "draft only", DEMO / "draft_v1.md", None,
                                       DEMO / "reviews.md", aligner="bm25"))
    return {"pdfs": pdfs, "draft": draft}


def open_project(qtbot, shell: Shell, path: Path) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)


def region_on_screen(view, region) -> bool:
    """Whether the top of ``region`` of a PdfView is inside its scrolled viewport, and the region
    overlaps it across (a paragraph can be wider than the pane)."""
    box = view.canvas.region_rect(region)
    top, left = view.scroll.verticalScrollBar().value(), view.scroll.horizontalScrollBar().value()
    viewport = view.scroll.viewport()
    return top <= box.top() <= top + viewport.height() and box.left() < left + viewport.width() and box.right() > left


def test_switching_projects_leaves_no_stale_view(qtbot, shell: Shell, projects: dict[str, Path]) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, projects["pdfs"])
    assert w.pdf_old.path and w.pdf_new.path and w.tabs.isTabVisible(1)
    assert w.pdf_new.highlight_count > 0
    pdf_edits = {e.id for e in c.project.diff.edits}
    open_project(qtbot, shell, projects["draft"])
    p = c.project
    assert p.name == "draft only" and w.windowTitle() == "draft only — Redraft"
    # no PDF of the previous project in either pane, and no PDF tab for a Markdown draft
    assert w.pdf_old.path is None and w.pdf_new.path is None and w.pdf_new.highlight_count == 0
    assert not w.tabs.isTabVisible(1)
    assert w.comments.count() == len(p.comments) and c.current_comment in {x.id for x in p.comments}
    assert not w.diff.new_pane.isVisibleTo(w.diff)
    assert all(e.id not in pdf_edits or e.source_ids for e in w.diff.edits)  # draft paragraphs, not edits
    assert w.diff.position_label.text().startswith("Where this comment applies")
    assert w.document.document is p.old and w.coverage.comment_ids() == [x.id for x in p.comments]
    open_project(qtbot, shell, projects["pdfs"])  # and back: everything is the PDF project's again
    assert w.pdf_old.path and w.pdf_new.path and w.tabs.isTabVisible(1)


def test_pdf_tab_opens_on_the_highlight_and_both_panes_follow_the_edit(
        qtbot, shell: Shell, projects: dict[str, Path], tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, projects["pdfs"])
    p = c.project
    cid = next(x.id for x in p.comments if p.aligned_edits(x.id))
    c.select_comment(cid)
    # the author links a second edit by hand, far from the first: the views redraw from the change record
    linked = p.aligned_edits(cid)[0]
    other = [e for e in p.diff.changed_edits() if e.id != linked.id and e.target_ids][-1]
    changes = c.editing.do(lambda s: s.add_link(cid, other.id))
    assert changes.comment_ids == (cid,) and w.commands.undo.isEnabled()
    edits = p.aligned_edits(cid)
    assert [e.id for e in w.diff.edits] == [e.id for e in edits] and len(edits) == 2
    assert w.tabs.currentIndex() == 0  # the diff tab: the PDF panes are hidden so far
    w.show_tab("pdf")
    qtbot.waitUntil(lambda: w.pdf_new.focus_region is not None and not w.pdf_new.scroll_pending, timeout=5_000)
    assert region_on_screen(w.pdf_new, w.pdf_new.focus_region)
    first = w.pdf_new.focus_region
    assert w.pdf_new.page_count > 1 and first.page > 1  # page 1 would not tell the bug from the fix
    assert first.page == w.pdf_new.current_page and first in w.pdf_new.highlights()
    qtbot.wait(300)  # pages render after the first paint
    shot(shell, "app_pdf_first_open", tmp_path)

    # stepping through the comment's edits in the diff moves both panes to the same edit
    w.show_tab("diff")
    for _ in range(len(edits) - 1):
        with qtbot.waitSignal(w.diff.sig_edit_selected, timeout=2_000) as moved:
            w.diff.next_change()
        edit = next(e for e in edits if e.id == moved.args[0])
        olds = [r for pid in edit.source_ids for r in p.paragraph(pid, new=False).regions]
        news = [r for pid in edit.target_ids for r in p.paragraph(pid, new=True).regions]
        if olds:
            assert w.pdf_old.focus_region == olds[0]
        if news:
            assert w.pdf_new.focus_region == news[0]
    w.show_tab("pdf")
    qtbot.waitUntil(lambda: not w.pdf_new.scroll_pending and not w.pdf_old.scroll_pending, timeout=5_000)
    assert region_on_screen(w.pdf_new, w.pdf_new.focus_region) and w.pdf_new.focus_region != first
    if olds:
        assert region_on_screen(w.pdf_old, w.pdf_old.focus_region)
    qtbot.wait(300)
    shot(shell, "app_pdf_last_edit", tmp_path)


def test_the_recent_list_survives_a_theme_change(qtbot, shell: Shell, projects: dict[str, Path]) -> None:
    open_project(qtbot, shell, projects["draft"])
    assert recent_projects() == [projects["draft"].resolve()]
    shell.window.commands.theme_actions["dark"].trigger()  # saves the settings loaded at launch
    assert load_settings().theme == "dark"
    assert recent_projects() == [projects["draft"].resolve()]
    assert shell.window.recent_menu.actions()[0].toolTip() == str(projects["draft"].resolve())


def test_a_cancelled_build_leaves_nothing_behind(qtbot, shell: Shell, projects: dict[str, Path],
                                                 tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = shell.controller
    open_project(qtbot, shell, projects["draft"])
    before = recent_projects()
    target = tmp_path / "new.redraft"
    request = ProjectRequest("new", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"), str(DEMO / "reviews.md"),
                             aligner="bm25")
    with qtbot.waitSignal(c.runner.sig_job_finished, timeout=60_000) as finished:
        handle = c.create_project(request, target)
        handle.cancel()
    assert finished.args[1] == "cancelled"
    assert not target.exists() and not building_path(target).exists() and not partial_path(target).exists()
    assert recent_projects() == before and c.project.name == "draft only"  # the open project stays

    keep = ProjectRequest(**{**request.__dict__, "keep_partial": True})

    def cancelled_while_comparing(*args, **kwargs):  # the user's cancel, landing after the comments were stored
        raise Cancelled()
        yield  # a job generator, like the real one

    monkeypatch.setattr(compare, "iter_diff", cancelled_while_comparing)
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):  # the partial one opens, named as such
        c.create_project(keep, target)
    assert not target.exists() and partial_path(target).is_file()
    assert c.project.path == partial_path(target) and c.project.comments
    assert recent_projects()[0] == partial_path(target).resolve()


def test_one_encoder_kept_until_its_settings_change(qtbot, shell: Shell, projects: dict[str, Path]) -> None:
    """The model owner builds the encoder once for every job, and again only after its settings change."""
    c = shell.controller
    open_project(qtbot, shell, projects["draft"])
    for _ in range(2):  # two jobs that embed: one encoder
        with qtbot.waitSignal(c.runner.sig_job_finished, timeout=120_000) as done:
            c.locate_comments()
        assert done.args[1] == "done"
    assert c.owner.loads["encoder"] == 1 and c.owner.holds["encoder"]
    assert len(c.project.locations) == len(c.project.comments)
    settings = c.preferences.settings
    c.preferences.apply_settings(replace(settings, theme="dark"))  # nothing a model reads
    assert c.owner.holds["encoder"]
    c.preferences.apply_settings(replace(settings, theme="dark", encoder_precision="fp32"))
    assert not c.owner.holds["encoder"]
    with qtbot.waitSignal(c.runner.sig_job_finished, timeout=120_000):
        c.locate_comments()
    assert c.owner.loads["encoder"] == 2 and c.owner.encoder().precision == "fp32"


def test_comment_corrections_redraw_the_list(qtbot, shell: Shell, projects: dict[str, Path], tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    copy = tmp_path / "copy.redraft"
    copy.write_bytes(projects["draft"].read_bytes())
    open_project(qtbot, shell, copy)
    shown = c.current_comment
    count = w.comments.count()
    changes = c.editing.do(lambda s: s.delete_comment(shown))
    assert changes.comment_list and w.comments.count() == count - 1
    assert c.current_comment not in (None, shown) and w.comments.selected_id == c.current_comment
    c.editing.do(lambda s: s.edit_comment(c.current_comment, "Compare against static layer skipping."))
    assert "static layer skipping" in w.comment_header.text()
