"""Generation jobs on the LLM worker: suggestions and TLDRs, their tokens streamed into the widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.job_runner import JobHandle, JobRunner
from desktop.models import ModelOwner
from engine.jobs import CancelToken
from engine.project import Project, SuggestionRecord


class ModelJobs:
    """Runs model work with the ``ModelOwner``'s generator; results go back to the caller to store."""

    def __init__(self, runner: JobRunner, owner: ModelOwner) -> None:
        self.runner = runner
        self.owner = owner
        #: Extra ``EditSuggester`` arguments (max_tokens, max_chars, top_k).
        self.suggest_options: dict[str, Any] = {}

    def set_generator(self, generator: Any) -> None:
        self.owner.set_generator(generator)

    def suggest(self, project: Project, comment_id: str, card: Any,
                on_done: Callable[[SuggestionRecord], None]) -> JobHandle:
        """A suggestion for one comment (``on_done`` stores it); its JSON streams into ``card``."""
        comment, document = project.comment(comment_id), project.new or project.old

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> SuggestionRecord:
            from desktop.generation import TeeGenerator, record_from_suggestion
            from engine.generate.suggest import EditSuggester

            suggester = EditSuggester(TeeGenerator(self.owner.generator(), emit), **self.suggest_options)
            return record_from_suggestion(suggester.suggest(comment, document, cancel))

        def done(rec: SuggestionRecord) -> None:
            card.end_stream()
            on_done(rec)

        def failed(err: BaseException) -> bool:
            card.end_stream()
            recs = project.suggestions.get(comment_id, [])
            card.set_suggestion(recs[-1] if recs else None)
            return False

        card.begin_stream()
        return self.runner.run_streaming_call(work, on_text=card.append_text, label="writing a suggestion",
                                              on_success=done, on_failure=failed)

    def tldr(self, project: Project, mode: str, panel: Any, on_done: Callable[[list[str]], None]) -> JobHandle:
        """TLDR candidates for the latest version (``on_done`` stores them): ``extractive`` or by the LLM."""
        document = project.new or project.old

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> list[str]:
            if mode == "extractive":
                from engine.generate.tldr import extractive_for_document

                result = extractive_for_document(document)
            else:
                from desktop.generation import TeeGenerator
                from engine.generate.tldr import TldrGenerator

                result = TldrGenerator(TeeGenerator(self.owner.generator(), emit)).for_document(document, cancel=cancel)
            return list(dict.fromkeys([c["text"] for c in result["candidates"]] + project.tldrs))

        def done(tldrs: list[str]) -> None:
            panel.end_stream()
            on_done(tldrs)

        panel.begin_stream()
        return self.runner.run_streaming_call(work, on_text=panel.append_text, label="writing TLDRs",
                                              on_success=done, on_failure=lambda err: panel.end_stream(),
                                              llm=mode != "extractive")
