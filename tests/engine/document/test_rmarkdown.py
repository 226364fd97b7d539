"""R Markdown and Quarto papers (``engine/document/rmarkdown.py``), on papers written in the test: a session-23 trial
gave an ``.Rmd`` paper, read as plain text (its YAML header, R chunks and every heading one body paragraph each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, detect_format, load_document
from engine.inputs import REVIEW_FORMATS

RMD = r"""---
title: "Soil moisture and beetle counts"
author:
  - name: Ada Field
    affiliation: A university
  - name: Ben Plot
abstract: |
  We count **beetles** on twelve plots.

  Counts rise with soil moisture.
output:
  bookdown::pdf_book:
    base_format: rticles::springer_article
bibliography: refs.bib
---

```{r setup, include = FALSE}
library(ggplot2)
counts <- read.csv("counts.csv")
```

\linenumbers

# Introduction {#sec:intro}

\begin{tabularx}{\textwidth}{lX}

\hline

GLM & generalised linear model \\

\end{tabularx}

Beetles respond to moisture \cite{Smith2019,Lee2020} and to shade [@Ng2018; @Ode2017, p. 4].
We counted \textcolor{blue}{`r nrow(counts)` \textit{pitfall}} traps (see Figure \@ref(fig:map) and \ref{sec:methods}).

# Methods {-}

(ref:mapcap) Map of the *twelve* plots.

```{r map, fig.cap = "(ref:mapcap)"}
plot(counts)
```

```{r shown}
summary(counts)
```

```{r moisture, echo = FALSE, fig.cap = "Counts against soil moisture."}
plot(counts$moisture, counts$n)
```

\noindent \textbullet{} Plots were visited weekly.

\begin{equation}
y = a + b x
\end{equation}

\FloatBarrier

\begin{table}

\begin{tabularx}{\textwidth}{|X|}

\hline
\multicolumn{1}{|c|}{\textbf{Box 1: First steps}} \\

\textbf{1.} Learn the basics of \textit{R} first, from the manuals at \url{https://example.org/manuals}. \\

\hline
\end{tabularx}
\end{table}

# Literature cited

Smith, A. 2019. Beetles. Journal of Plots 3:1-9.
"""

QMD = """---
title: Shade and beetles
author: Ada Field and Ben Plot
---

## Results {.unnumbered}

::: {#fig-shade}
![](shade.png)

Counts in the shade.
:::

```{python}
#| fig-cap: "Counts by hour."
import math
```

```{python}
#| echo: false
hidden_setup = 1
```

As @fig-shade shows, counts fall in the shade (@tbl-counts); see @Ng2018 or mail ada@example.org.
"""


def test_an_rmd_paper_reads_as_its_markdown(tmp_path: Path) -> None:
    path = tmp_path / "paper.Rmd"
    path.write_text(RMD, encoding="utf-8")
    assert detect_format(path) == "markdown"
    doc = load_document(path)
    assert doc.title == "Soil moisture and beetle counts"
    assert doc.authors == ["Ada Field", "Ben Plot"]
    assert doc.abstract == "We count beetles on twelve plots. Counts rise with soil moisture."
    abstract = [p for p in doc.paragraphs if p.section == ("Abstract",)]
    assert [p.text for p in abstract] == ["We count beetles on twelve plots.", "Counts rise with soil moisture."]
    assert all(p.line == 7 for p in abstract)  # the header's abstract line, so a suggestion can say where
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert headings == ["Introduction", "Methods", "Literature cited"]
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY and p.section != ("Abstract",)]
    assert body == [
        "Beetles respond to moisture [Smith2019, Lee2020] and to shade [Ng2018, Ode2017]. We counted r nrow(counts) "
        "pitfall traps (see Figure ?? and ??).",
        "\u2022 Plots were visited weekly.",
        "1. Learn the basics of R first, from the manuals at https://example.org/manuals.",
    ]
    captions = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert captions == ["Map of the twelve plots.", "Counts against soil moisture."]
    assert [p.kind for p in doc.paragraphs].count(ParagraphKind.EQUATION) == 1
    others = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.OTHER]
    assert any("generalised linear model" in t for t in others)
    # the code a reader of the typeset paper sees: the chunk without echo = FALSE or include = FALSE
    code = [t for t in others if "counts" in t]
    assert code == ["plot(counts)", "summary(counts)"], code
    assert not any("linenumbers" in p.text or "FloatBarrier" in p.text or "y = a" in p.text for p in doc.paragraphs)
    refs = [p for p in doc.paragraphs if p.kind is ParagraphKind.REFERENCE]
    assert len(refs) == 1 and refs[0].text.startswith("Smith, A. 2019")
    assert [s.title for s in doc.sections] == ["Introduction", "Methods", "Literature cited"]


def test_a_quarto_paper_drops_its_div_fences_and_reads_cross_references(tmp_path: Path) -> None:
    path = tmp_path / "paper.qmd"
    path.write_text(QMD, encoding="utf-8")
    doc = load_document(path)
    assert doc.title == "Shade and beetles" and doc.authors == ["Ada Field", "Ben Plot"]
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING] == ["Results"]
    assert [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY] == [
        "Counts in the shade.",
        "As Figure shows, counts fall in the shade (Table); see Ng2018 or mail ada@example.org.",
    ]
    assert "Counts by hour." in [p.text for p in doc.paragraphs if p.kind is ParagraphKind.CAPTION]
    assert not any(":::" in p.text or "hidden_setup" in p.text for p in doc.paragraphs)


@pytest.mark.parametrize("header", ["---\ntitle: [unclosed\n---\n", "---\n- a list, not a header\n---\n"])
def test_a_front_matter_that_is_no_header_gives_no_title_and_no_text(tmp_path: Path, header: str) -> None:
    path = tmp_path / "paper.md"
    path.write_text(header + "\n## Results\n\nCounts fall in the shade.\n", encoding="utf-8")
    doc = load_document(path)
    assert [p.text for p in doc.paragraphs] == ["Results", "Counts fall in the shade."]
    assert [p.line for p in doc.paragraphs] == [header.count("\n") + 2, header.count("\n") + 4]


def test_rmd_and_qmd_reviews_are_read_as_markdown() -> None:
    assert REVIEW_FORMATS[".rmd"].name == REVIEW_FORMATS[".qmd"].name == "Markdown"
