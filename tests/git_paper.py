"""A paper kept in git, built for a test with dulwich (no ``git`` program needed): ``main.tex`` inputs
``sections/intro`` and cites ``refs.bib``, with a figure; commit 1 is the submitted version (tag ``submitted``),
commit 2 the revision that answers the review (a sentence on the data set's size), commit 3 touches only code.
Written by us for the tests."""

from __future__ import annotations

from pathlib import Path

MAIN = r"""\documentclass{article}
\begin{document}
\title{Sorting Small Arrays Quickly}
\maketitle
\input{sections/intro}
\section{Method}
We sort each array with an insertion sort below a cut-off and with merge sort above it.
\includegraphics{figures/plot}
\bibliographystyle{plain}
\bibliography{refs}
\end{document}
"""
INTRO = r"""\section{Introduction}
Sorting small arrays is common in databases and in compilers \cite{knuth}.
We measure a hybrid sort on arrays of up to sixty four elements.
"""
#: The sentence the revision adds, answering the review's request.
ADDED = "The benchmark holds ten thousand arrays drawn from three public data sets."
REVIEWS = """Reviewer 1

1. Please say how large the benchmark is and where its arrays come from.
"""
BIB = "@book{knuth, title={The Art of Computer Programming}, author={Knuth, Donald}, year={1998}}\n"
#: The commits' subjects, oldest first.
SUBJECTS = ("Submitted version", "Answer reviewer 1: the benchmark's size", "Benchmark script")


def make_paper_repo(root: Path) -> Path:
    """The repository described above, in ``root`` (created); returns ``root``."""
    from dulwich import porcelain

    root.mkdir(parents=True, exist_ok=True)
    repo = porcelain.init(str(root))
    files = {"main.tex": MAIN, "sections/intro.tex": INTRO, "refs.bib": BIB, "figures/plot.png": "not a real png"}
    when = 1_700_000_000

    def commit(changes: dict[str, str], subject: str, at: int) -> bytes:
        for rel, text in changes.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        porcelain.add(repo, [str(root / rel) for rel in changes])
        return porcelain.commit(repo, message=subject.encode(), author=b"Ada Author <ada@example.org>",
                                committer=b"Ada Author <ada@example.org>", author_timestamp=at,
                                commit_timestamp=at, author_timezone=0, commit_timezone=0)

    commit(files, SUBJECTS[0], when)
    porcelain.tag_create(repo, b"submitted")
    commit({"sections/intro.tex": INTRO + ADDED + "\n"}, SUBJECTS[1], when + 86400)
    commit({"code/run.py": "print('benchmark')\n"}, SUBJECTS[2], when + 2 * 86400)
    repo.close()
    return root
