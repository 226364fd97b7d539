"""``Changes``: what one ``ProjectSession`` operation changed, for the views to redraw only that."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Changes:
    """What one operation changed. ``everything`` means: redraw the whole project."""

    #: Comments whose status, links, response or suggestions changed.
    comment_ids: tuple[str, ...] = ()
    #: The suggestion whose status or edit changed, or that was added.
    suggestion_id: str | None = None
    #: Comment statuses (addressed, answered, ...) may have changed.
    statuses: bool = False
    tldrs: bool = False
    locations: bool = False
    #: Comments were added, removed, merged, split or rewritten: the comment list is redrawn.
    comment_list: bool = False
    #: What undo and redo can do may have changed.
    history: bool = False
    everything: bool = False
    #: The operation named: what the status bar can say ("Undid: link R1.1-e3").
    label: str = ""

    @property
    def any(self) -> bool:
        return bool(self.comment_ids or self.suggestion_id or self.statuses or self.tldrs or self.locations
                    or self.comment_list or self.history or self.everything)


NOTHING = Changes()
