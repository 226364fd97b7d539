"""Projects: everything about one paper's revision, saved in one SQLite file."""

from engine.project.model import STATUSES, Project, SuggestionRecord
from engine.project.recent import forget_project, recent_projects, remember_project
from engine.project.pipeline import default_project_path
from engine.project.store import ProjectStore

__all__ = [
    "STATUSES", "Project", "ProjectStore", "SuggestionRecord", "default_project_path",
    "forget_project", "recent_projects", "remember_project",
]
