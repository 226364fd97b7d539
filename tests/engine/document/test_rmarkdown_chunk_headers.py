"""R Markdown chunks whose header holds a backtick, and an author list with affiliations, on a paper written in the
test (session 25, trial23's second paper): CommonMark takes ```` ```{r, fig.cap = "the `fit` object"} ```` for no
fence, so each later fence closed the one before: the paragraph after such a chunk read as code, the next chunk's
header as text, and no caption was found. Its YAML ``author:`` listed every name in one item, then one item per
affiliation opening on its mark (``$^1$ School of ...``)."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind, load_document

PAPER = """---
title: "Fitting ranges with modules"
author:
  - Ann Heron$^1$, Basil Wren$^2$ & Cora Finch$^1$
  - $^1$ School of Field Studies, A University, A Town
  - $^2$ Institute of Ranges, Another Town
---

# Methods

Each module is a function, and a workflow chains them.

```{r diagram, echo = FALSE, fig.cap = "How the `workflow` function chains the five `module` types."}
knitr::include_graphics("figs/diagram.png")
```

The following code runs one workflow with the default settings of every module.

```{r run, eval = FALSE, echo = TRUE}
fit <- workflow(occurrence = Points, model = Logistic)
```

The fitted object holds the data, the code and the results.
"""


def test_a_backtick_in_a_chunk_header_leaves_every_fence_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "paper.Rmd"
    path.write_text(PAPER, encoding="utf-8")
    doc = load_document(path)
    kinds = [(p.kind, p.text) for p in doc.paragraphs if p.kind != ParagraphKind.HEADING]
    assert kinds == [
        (ParagraphKind.BODY, "Each module is a function, and a workflow chains them."),
        (ParagraphKind.CAPTION, "How the 'workflow' function chains the five 'module' types."),
        (ParagraphKind.BODY, "The following code runs one workflow with the default settings of every module."),
        (ParagraphKind.OTHER, "fit <- workflow(occurrence = Points, model = Logistic)"),  # printed: echo = TRUE
        (ParagraphKind.BODY, "The fitted object holds the data, the code and the results."),
    ]


def test_names_listed_in_one_item_and_affiliations_under_them(tmp_path: Path) -> None:
    path = tmp_path / "paper.Rmd"
    path.write_text(PAPER, encoding="utf-8")
    assert load_document(path).authors == ["Ann Heron", "Basil Wren", "Cora Finch"]


def test_a_caption_in_an_r_string_prints_its_escaped_characters(tmp_path: Path) -> None:
    path = tmp_path / "paper.Rmd"
    path.write_text('# Results\n\n```{r map, echo = FALSE, fig.cap = "Ranges above a 5\\\\% threshold \\\\& below it."}\n'
                    'plot(1)\n```\n', encoding="utf-8")
    (caption,) = [p.text for p in load_document(path).paragraphs if p.kind == ParagraphKind.CAPTION]
    assert caption == "Ranges above a 5% threshold & below it."
