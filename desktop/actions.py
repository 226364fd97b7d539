"""Every menu and toolbar action, built in one place with its shortcut and tip.

``Actions`` only creates the ``QAction`` objects; ``app.py`` connects their
``triggered`` signals to the controller, ``main_window.py`` puts them in menus.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QWidget

from engine.letter.formats import suffixes_text

Key = QKeySequence.StandardKey


class Actions:
    """The application's actions, as attributes (``actions.new_project`` ...)."""

    def __init__(self, parent: QWidget) -> None:
        def make(text: str, tip: str, shortcut: QKeySequence | Key | str | None = None) -> QAction:
            action = QAction(text, parent)
            action.setStatusTip(tip)
            action.setToolTip(tip)
            if shortcut is not None:
                action.setShortcut(QKeySequence(shortcut))
                action.setToolTip(f"{tip} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
            parent.addAction(action)  # shortcuts work even when the menu bar is hidden
            return action

        self.new_project = make("&New Project…", "Start a project from a draft and its reviews", Key.New)
        self.new_from_git = make("New Project from a &Git History…", "Start a project from your paper's git "
                                 "repository (an Overleaf project, say): the commit you sent and the one you revised")
        self.open_project = make("&Open…", "Open a project, a draft or reviews", Key.Open)
        self.new_round = make("New Ro&und…", "Take a new revised version or new reviews, keeping your responses")
        self.add_letter = make("Add Authors' Res&ponse…", "Add the authors' response letter to this round: the "
                               "statuses are read again with it, and you are told which moved and why")
        self.export_letter = make("Export Response &Letter…", f"Write the response to reviewers ({suffixes_text()})",
                                  "Ctrl+E")
        self.export_report = make("Export Re&vision Report…", "Write an HTML report with the diffs", "Ctrl+Shift+E")
        self.export_marked = make("Export &Marked-up PDF…", "The revised PDF with every change highlighted and, in "
                                  "the margin, the comments it answers")
        self.export_coverage = make("Export &Coverage Table…", "One row per comment with its status and edits, "
                                    "for an area chair's spreadsheet (.csv)")
        self.settings = make("&Settings…", "Models, GPU layers, context size, threads, theme", Key.Preferences)
        if self.settings.shortcut().isEmpty():
            self.settings.setShortcut(QKeySequence("Ctrl+,"))
        self.quit = make("&Quit", "Quit Redraft", Key.Quit)
        if self.quit.shortcut().isEmpty():
            self.quit.setShortcut(QKeySequence("Ctrl+Q"))
        self.quit.setMenuRole(QAction.MenuRole.QuitRole)
        self.settings.setMenuRole(QAction.MenuRole.PreferencesRole)

        self.undo = make("&Undo", "Undo the last step: a suggestion kept or rejected, a link, a mark, a response",
                         Key.Undo)
        self.redo = make("&Redo", "Redo what was undone", "Ctrl+Shift+Z")
        self.undo.setEnabled(False)
        self.redo.setEnabled(False)
        self.respond = make("&Write Response", "Write or edit your response to the selected comment", "Ctrl+R")
        self.find_comment = make("&Find Comment", "Filter the comment list", Key.Find)

        # the links between the selected comment and the revision's edits (undoable)
        self.confirm_link = make("&Confirm Link", "The edit on screen addresses the selected comment", "Ctrl+L")
        self.reject_link = make("Re&ject Link", "The edit on screen does not address the comment: unlink it",
                                "Ctrl+Shift+L")
        self.link_edit = make("&Link an Edit…", "Link an edit the aligner missed to the selected comment",
                              "Ctrl+Alt+L")
        # corrections to the extracted comments (kept, and replayed when the reviews are read again)
        # Shift+: F2 and Delete alone belong to the suggestion card (edit, reject it: in the card and this list)
        self.edit_comment = make("Edit Comment &Text…", "Correct the text of the selected comment", "Shift+F2")
        self.delete_comment = make("&Delete Comment", "Not a comment after all: remove it", "Shift+Del")
        self.merge_next = make("&Merge with Next", "Join the comment and the next one of the same reviewer")
        self.merge_selected = make("Merge &Selected", "Join the selected comments into the first")
        self.split_comment = make("S&plit Comment…", "Two requests in one comment: split it in two")
        self.change_reviewer = make("Change Re&viewer…", "Give the comment to another reviewer")
        self.change_type = make("Change T&ype…", "Say what the comment asks for (experiment, typo, …)")
        self.add_comment = make("&Add Comment…", "A request the extraction missed: add it, with its reviewer")
        for action in (self.edit_comment, self.delete_comment):
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # live only in the comment list
        self.corrections = [self.edit_comment, self.delete_comment, self.merge_next, self.merge_selected,
                            self.split_comment, self.change_reviewer, self.change_type, self.add_comment]
        self.links = [self.confirm_link, self.reject_link, self.link_edit]
        # the author's mark on the selected comment (undoable): its links reach past the cap (engine.align.throughout)
        self.mark_throughout = make("Answered T&hroughout the Paper", "You answered the selected comment in many "
                                    "places: link it to more edits, past its usual five", "Ctrl+Shift+T")
        self.mark_throughout.setCheckable(True)
        self.mark_throughout.setEnabled(False)

        self.next_comment = make("N&ext Comment", "Select the next comment", "Ctrl+Down")
        self.previous_comment = make("Pre&vious Comment", "Select the previous comment", "Ctrl+Up")
        self.show_diff = make("&Diff", "Show the word diff of the comment's edits", "Ctrl+1")
        self.show_pdf = make("&PDF", "Show the pages with the comment's paragraphs", "Ctrl+2")
        self.show_document = make("Docu&ment", "Show the document outline", "Ctrl+3")
        self.show_coverage = make("&Coverage", "Area-chair view: which comments each revision addressed", "Ctrl+4")
        self.show_expertise = make("E&xpertise", "Reviewer expertise profiles and scores", "Ctrl+5")

        # the PDF panes, both at once (live while the PDF tab is shown)
        self.zoom_in = make("Zoom &In", "Larger PDF pages", Key.ZoomIn)
        self.zoom_out = make("Zoom &Out", "Smaller PDF pages", Key.ZoomOut)
        self.fit_width = make("&Fit Width", "PDF pages as wide as their pane", "Ctrl+0")
        self.zoom_in.setShortcuts([QKeySequence("Ctrl++"), QKeySequence("Ctrl+=")])  # + needs Shift on most keyboards
        self.fit_column = make("Fit Co&lumn", "One text column as wide as its pane (two-column papers)", "Ctrl+9")
        self.zoom = [self.zoom_in, self.zoom_out, self.fit_width, self.fit_column]
        #: The View menu's views, in the order of the window's tabs.
        self.views = [self.show_diff, self.show_pdf, self.show_document, self.show_coverage, self.show_expertise]

        self.suggest = make("&Suggest Edit", "Generate a suggested edit for the selected comment", "Ctrl+G")
        self.tldr = make("&TLDR", "Write TLDR candidates for the revised paper", "Ctrl+T")
        self.cancel_job = make("&Cancel Job", "Stop the running job", "Esc")
        self.cancel_job.setEnabled(False)

        self.theme_group = QActionGroup(parent)
        self.theme_actions: dict[str, QAction] = {}
        for name, label in (("system", "Follow &System"), ("light", "&Light"), ("dark", "&Dark")):
            action = QAction(label, parent)
            action.setCheckable(True)
            action.setData(name)
            self.theme_group.addAction(action)
            self.theme_actions[name] = action
        self.getting_started = make("&Getting Started", "How Redraft works, every shortcut, what the labels mean",
                                    Key.HelpContents)
        if self.getting_started.shortcut().isEmpty():
            self.getting_started.setShortcut(QKeySequence("F1"))
        self.reading_notes = make("Reading &Notes", "How Redraft read the draft, the revised version and the reviews")
        self.reading_notes.setEnabled(False)  # until a project with notes is open
        self.about = make("&About Redraft", "Version and licence")
        self.about.setMenuRole(QAction.MenuRole.AboutRole)

    def set_theme(self, name: str) -> None:
        self.theme_actions.get(name, self.theme_actions["system"]).setChecked(True)
