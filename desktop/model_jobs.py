"""Generation jobs on the LLM worker: suggestions and TLDRs, their tokens streamed into the widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from desktop.job_runner import JobHandle, JobRunner
from engine.jobs import CancelToken
from engine.project import Project, ProjectStore, SuggestionRecord
from engine.settings import Settings


class ModelJobs:
    """Holds the one generator (opened on the LLM worker on first use) and runs model work."""

    def __init__(self, runner: JobRunner, settings: Callable[[], Settings]) -> None:
        self.runner = runner
        self.settings = settings
        self._generator: Any = None
        #: Extra ``EditSuggester`` arguments (max_tokens, max_chars, top_k).
        self.suggest_options: dict[str, Any] = {}

    def set_generator(self, generator: Any) -> None:
        """Use ``generator`` (any ``Generator``) instead of the one the settings name."""
        self._generator = generator

    def generator(self) -> Any:
        """The generator; call on the LLM worker (it loads there)."""
        if self._generator is None:
            from desktop.generation import open_generator

            self._generator = open_generator(self.settings()).load()
        return self._generator

    def unload(self) -> None:
        """Forget the generator (settings changed); it is closed on the LLM worker."""
        old, self._generator = self._generator, None
        if old is not None and hasattr(old, "close"):
            self.runner.run_call(lambda cancel: old.close(), llm=True, label="unloading the model")

    def suggest(self, project: Project, store: ProjectStore, comment_id: str, card: Any,
                on_done: Callable[[SuggestionRecord], None]) -> JobHandle:
        """A suggestion for one comment, stored; its JSON streams into ``card`` as it is written."""
        comment, document = project.comment(comment_id), project.new or project.old

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> SuggestionRecord:
            from desktop.generation import TeeGenerator, record_from_suggestion
            from engine.generate.suggest import EditSuggester

            suggester = EditSuggester(TeeGenerator(self.generator(), emit), **self.suggest_options)
            rec = record_from_suggestion(suggester.suggest(comment, document, cancel))
            store.add_suggestion(rec)
            return rec

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

    def tldr(self, project: Project, store: ProjectStore, mode: str, panel: Any,
             on_done: Callable[[list[str]], None]) -> JobHandle:
        """TLDR candidates for the latest version: ``extractive`` (instant) or by the LLM (streamed)."""
        document = project.new or project.old

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> list[str]:
            if mode == "extractive":
                from engine.generate.tldr import extractive_for_document

                result = extractive_for_document(document)
            else:
                from desktop.generation import TeeGenerator
                from engine.generate.tldr import TldrGenerator

                result = TldrGenerator(TeeGenerator(self.generator(), emit)).for_document(document, cancel=cancel)
            tldrs = list(dict.fromkeys([c["text"] for c in result["candidates"]] + project.tldrs))
            store.set_tldrs(tldrs)
            return tldrs

        def done(tldrs: list[str]) -> None:
            panel.end_stream()
            on_done(tldrs)

        panel.begin_stream()
        return self.runner.run_streaming_call(work, on_text=panel.append_text, label="writing TLDRs",
                                              on_success=done, on_failure=lambda err: panel.end_stream(),
                                              llm=mode != "extractive")
