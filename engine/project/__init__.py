"""Projects: everything about one paper's revision, saved in one SQLite file.

Open one with ``ProjectSession.open(path)``: the session owns the project and is
the only writer of its file; each operation returns a ``Changes`` record.
"""

from engine.project.model import STATUSES, Project, SuggestionRecord
from engine.project.pipeline import default_project_path
from engine.project.recent import forget_project, recent_projects, remember_project
from engine.project.session import Changes, ProjectSession
from engine.project.store import ProjectStore

__all__ = [
    "STATUSES", "Changes", "Project", "ProjectSession", "ProjectStore", "SuggestionRecord", "default_project_path",
    "forget_project", "recent_projects", "remember_project",
]
