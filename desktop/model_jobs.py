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

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> tuple[SuggestionRecord, bool]:
            from desktop.generation import record_from_suggestion
            from engine.generate.suggest import EditSuggester

            # The suggester streams labelled fields ("Edit: …", "Response: …"), never raw JSON.
            suggestion = EditSuggester(self.owner.generator(), on_text=emit, **self.suggest_options).suggest(
                comment, document, cancel)
            return record_from_suggestion(suggestion), suggestion.valid

        def done(result: tuple[SuggestionRecord, bool]) -> None:
            rec, valid = result
            card.end_stream()
            if valid:
                on_done(rec)
            else:  # failed its checks after one retry: shown with its flags, never stored as a candidate
                card.set_suggestion(rec)

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

        def work(cancel: CancelToken, emit: Callable[[str], None]) -> tuple[list[dict], list[str]]:
            if mode == "extractive":
                from engine.generate.tldr import extractive_for_document

                result = extractive_for_document(document)
            else:
                from engine.generate.tldr import TldrGenerator

                result = TldrGenerator(self.owner.generator(), on_text=emit).for_document(document, cancel=cancel)
            candidates = result["candidates"]
            passed = [c["text"] for c in candidates if c.get("valid", True) and c.get("text", "").strip()]
            return candidates, list(dict.fromkeys(passed + project.tldrs))

        def done(result: tuple[list[dict], list[str]]) -> None:
            candidates, tldrs = result
            panel.end_stream()
            on_done(tldrs)  # only candidates that passed the checks are saved
            failed = [c for c in candidates if not c.get("valid", True)]
            if failed:  # shown, marked, until the next redraw; never saved
                panel.set_candidates([{"text": t} for t in tldrs] + failed)

        panel.begin_stream()
        return self.runner.run_streaming_call(work, on_text=panel.append_text, label="writing TLDRs",
                                              on_success=done, on_failure=lambda err: panel.end_stream(),
                                              llm=mode != "extractive")
