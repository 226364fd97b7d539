"""A web address the model writes that the paper and the comment do not have is a failed check (an author's trial,
session 32: the embedded model's fix of a typo in a Markdown paper gave an R package an address it never had, and the
rewrite was offered with one info flag). Paper and comments in invented words."""

from __future__ import annotations

from engine.generate.checks import check_edit, unknown_links

PAPER = ("The vole package is on CRAN (https://cran.example.org/web/packages/vole/index.html) and its guide at "
         "https://fenlab.example.net/vole/. The levee data are at doi:10.5555/fens.2011.4.")
COMMENT = "Line 12: it needs correction at 'thwe' in the text about the burrow counts."


def test_an_address_of_neither_the_paper_nor_the_comment_fails() -> None:
    edit = "Users can install vole from CRAN (https://cran-vole0123456789), which counts the burrows."
    checked = check_edit(edit, COMMENT, PAPER, PAPER)
    failed = [f for f in checked.flags if f.failed]
    assert [f.code for f in failed] == ["unknown_link"]
    assert "https://cran-vole0123456789" in failed[0].message and "(" not in failed[0].message.split(": ")[1][:30]


def test_the_papers_and_the_comments_addresses_pass_however_written() -> None:
    edit = ("Users can install vole from CRAN (cran.example.org/web/packages/vole/index.html); see the guide, "
            "HTTPS://FENLAB.EXAMPLE.NET/vole, the data (https://doi.org/10.5555/fens.2011.4) and www.voles.example.com.")
    assert unknown_links(edit, f"{PAPER}\n{COMMENT} See www.voles.example.com for the counts.") == []


def test_a_new_doi_or_www_address_is_named_once() -> None:
    edit = "The counts follow 10.5555/bogs.1999.7 (www.bogs.example.com). See www.bogs.example.com."
    assert unknown_links(edit, PAPER) == ["10.5555/bogs.1999.7", "www.bogs.example.com"]
