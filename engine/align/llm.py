"""LLM aligners: pairwise (one comment, one edit: yes/no) and multi-edit (all
comments and a chunk of the diff at once, JSON out), after ARIES appendix C.

Pairwise reads the answer from the next-token probabilities of "yes" and
"no" (``Generator.choice_probabilities``), never from generated prose; the
comment comes before the edit so consecutive prompts share a long prefix.
Multi-edit asks for grammar-constrained JSON whose ids are enums of the ids
shown; ids are still checked (unknown ones dropped) and long runs of
consecutive edits for one comment are flagged (ARIES saw over-generation).
"""

from __future__ import annotations

import json
from collections.abc import Generator as Gen

import numpy as np

from engine.align.base import ScoredAligner
from engine.align.text import edit_text
from engine.errors import ModelError
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Generator
from engine.resources import prompt
from engine.revision import Edit
from engine.reviews.model import ReviewComment

#: A run of this many consecutive candidate edits for one comment is flagged.
LONG_RUN = 4


def default_generator() -> Generator:
    """The generator the settings name (the embedded one by default), built the one way models are built."""
    from engine.models.factory import open_model

    return open_model("generator")



def pack_by_cost(costs: list[int], room: int) -> list[list[int]]:
    """Indexes packed greedily, in order, into groups whose costs add up to at most ``room``
    (a single item larger than ``room`` still gets a group of its own)."""
    groups: list[list[int]] = [[]]
    used = 0
    for i, cost in enumerate(costs):
        if groups[-1] and used + cost > room:
            groups.append([])
            used = 0
        groups[-1].append(i)
        used += cost
    return groups

class _LLMAligner(ScoredAligner):
    def __init__(self, generator: Generator | None, threshold: float, max_edits: int | None, min_chars: int) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self._generator = generator

    @property
    def generator(self) -> Generator:
        if self._generator is None:
            self._generator = default_generator()
        return self._generator

    def _fit(self, text: str, max_tokens: int) -> str:
        return self.generator.truncate_to_tokens(text, max_tokens)


class PairwiseLLMAligner(_LLMAligner):
    name = "llm-pairwise"

    def __init__(self, generator: Generator | None = None, threshold: float = 0.5, max_edits: int | None = 5,
                 min_chars: int = 0, comment_tokens: int = 200, edit_tokens: int = 400) -> None:
        super().__init__(generator, threshold, max_edits, min_chars)
        self.comment_tokens, self.edit_tokens = comment_tokens, edit_tokens
        #: Optional boolean mask (comments × edits) of the pairs to ask about; others score 0.
        self.mask: np.ndarray | None = None

    def budgets(self) -> tuple[str, int, int]:
        """The prompt (one-shot, or zero-shot when the examples leave too little room) and the
        token budgets of the comment and the edit, shrunk to fit the model's context."""
        for name in ("align_pairwise", "align_pairwise_0shot"):
            fixed = self.generator.count_tokens(prompt(name).replace("{comment}", "").replace("{edit}", ""))
            room = self.generator.n_ctx - fixed - 24
            if room >= 96:
                if name != "align_pairwise":
                    self.notices.append(f"{self.generator.name}: context too small for the one-shot prompt; asked zero-shot")
                comment = min(self.comment_tokens, room // 3)
                return name, comment, min(self.edit_tokens, room - comment)
        raise ModelError(f"{self.generator.name} has too small a context for the alignment prompt")

    def pair_prompt(self, comment: ReviewComment, edit: Edit, budgets: tuple[str, int, int] | None = None) -> str:
        name, c_tokens, e_tokens = budgets or self.budgets()
        return (prompt(name)
                .replace("{comment}", self._fit(comment.full_text, c_tokens))
                .replace("{edit}", self._fit(edit_text(edit, "diff"), e_tokens)))

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        matrix = np.zeros((len(comments), len(edits)), dtype=np.float32)
        mask = self.mask if self.mask is not None else np.ones_like(matrix, dtype=bool)
        total, done = int(mask.sum()), 0
        budgets = self.budgets() if total else ("align_pairwise", 0, 0)
        for i, c in enumerate(comments):
            for j, e in enumerate(edits):
                if not mask[i, j]:
                    continue
                if cancel is not None:
                    cancel.check()
                yield Progress(done, total, f"asking about {c.id} and {e.id}")
                probs = self.generator.choice_probabilities(self.pair_prompt(c, e, budgets), ("yes", "no"))
                matrix[i, j] = probs.get("yes", 0.0)
                done += 1
        yield Progress(total, total, "pairs scored")
        return matrix


def salvage_json(raw: str) -> dict | None:
    """The answer as JSON; output cut short by the token limit keeps its complete records."""
    try:
        value = json.loads(raw)
        return value if isinstance(value, dict) else None
    except ValueError:
        pass
    end = raw.rfind("}")
    while end > 0:
        try:
            value = json.loads(raw[: end + 1] + "]}")
            return value if isinstance(value, dict) else None
        except ValueError:
            end = raw.rfind("}", 0, end)
    return None


def runs(indexes: list[int]) -> list[list[int]]:
    """Consecutive runs in sorted ``indexes``."""
    out: list[list[int]] = []
    for k in sorted(set(indexes)):
        if out and k == out[-1][-1] + 1:
            out[-1].append(k)
        else:
            out.append([k])
    return out


class MultiEditLLMAligner(_LLMAligner):
    name = "llm-multi"

    def __init__(self, generator: Generator | None = None, threshold: float = 0.5, max_edits: int | None = None,
                 min_chars: int = 0, edit_tokens: int = 300, ids_per_comment: int = 6, output_tokens: int = 1024) -> None:
        super().__init__(generator, threshold, max_edits, min_chars)
        self.edit_tokens, self.ids_per_comment, self.output_tokens = edit_tokens, ids_per_comment, output_tokens

    def _chunks(self, comments_block: str, edits: list[Edit]) -> list[list[int]]:
        """Edit indexes per prompt, as many as fit the context beside the comments and the answer."""
        base = self.generator.count_tokens(prompt("align_multi").replace("{comments}", comments_block))
        room = self.generator.n_ctx - base - self.output_tokens - 16
        if room < 64:
            raise ModelError("the comments leave no room for the diff in the model's context; use fewer comments")
        return pack_by_cost([self.generator.count_tokens(self._edit_block(e)) + 2 for e in edits], room)

    def _edit_block(self, e: Edit) -> str:
        return f"{self._fit(edit_text(e, 'diff'), self.edit_tokens)}\nsection: {e.section}\nedit id: {e.id}"

    def schema(self, comment_ids: list[str], edit_ids: list[str]) -> dict:
        return {
            "type": "object",
            "properties": {"alignments": {"type": "array", "maxItems": len(comment_ids), "items": {
                "type": "object",
                "properties": {
                    "comment_id": {"type": "string", "enum": comment_ids},
                    "edit_ids": {"type": "array", "maxItems": self.ids_per_comment,
                                 "items": {"type": "string", "enum": edit_ids}},
                },
                "required": ["comment_id", "edit_ids"],
            }}},
            "required": ["alignments"],
        }

    def _comment_groups(self, comments: list[ReviewComment]) -> list[list[ReviewComment]]:
        """Comments split so each group leaves at least half the free context for the diff."""
        fixed = self.generator.count_tokens(prompt("align_multi").replace("{comments}", "").replace("{edits}", ""))
        room = (self.generator.n_ctx - fixed - self.output_tokens) // 2
        costs = [self.generator.count_tokens(self._comment_block(c)) + 2 for c in comments]
        return [[comments[i] for i in group] for group in pack_by_cost(costs, room)]

    def _comment_block(self, c: ReviewComment) -> str:
        return f"{self._fit(c.full_text, 200)}\ncomment id: {c.id}"

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        matrix = np.zeros((len(comments), len(edits)), dtype=np.float32)
        row = {c.id: i for i, c in enumerate(comments)}
        plan = []
        for group in self._comment_groups(comments):
            block = "\n\n".join(self._comment_block(c) for c in group)
            plan.extend((group, block, chunk) for chunk in self._chunks(block, edits))
        for k, (group, block, chunk) in enumerate(plan):
            if cancel is not None:
                cancel.check()
            yield Progress(k, len(plan), f"diff part {k + 1} of {len(plan)}")
            col = {edits[j].id: j for j in chunk}
            text = (prompt("align_multi").replace("{comments}", block)
                    .replace("{edits}", "\n\n".join(self._edit_block(edits[j]) for j in chunk)))
            raw = "".join(self.generator.stream(text, max_tokens=self.output_tokens, cancel=cancel,
                                                json_schema=self.schema([c.id for c in group], list(col))))
            answer = salvage_json(raw)
            if answer is None:
                self.notices.append(f"diff part {k + 1}: no usable answer (not JSON)")
                continue
            for item in answer.get("alignments", []):
                i = row.get(str(item.get("comment_id")))
                if i is None:
                    continue
                picked = [col[e] for e in item.get("edit_ids", []) if e in col]  # unknown ids dropped
                for run in runs(picked):
                    if len(run) >= LONG_RUN:
                        self.notes.setdefault(comments[i].id, []).append(
                            f"{len(run)} consecutive edits {edits[run[0]].id}..{edits[run[-1]].id} (possible over-generation)")
                matrix[i, picked] = 1.0
        yield Progress(len(plan), len(plan), "diff read")
        return matrix
