"""A decision mail saved as ``.eml`` (session 24, trial21): read as plain text, its quoted-printable body gave the
editor's letter as Reviewer 1, each referee point as the editor's, and "=20" and cut words ("tili= ng") in every
comment. Mails here are built with the standard library, from text written for the test."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.reviews import extract_comments, load_reviews

LETTER = """Ref.: Ms. No. JCT-0001
Tilings of the plane
Journal of Tilings

Dear Dr. Dupré,

The referees have now commented on your paper. Should you choose to revise it, I will gladly read a new version
of it. The comments are appended below.

Yours sincerely,

Hélène Søren
Editor

Reviewers' comments:

Reviewer #1: \n\nThe definition of a tiling in Section 2 should state whether the tiles may overlap on their
boundaries, since the proof of Lemma 3 uses it.

p4 the equation after "we obtain" should read a = 3, not a = 2; please correct it.

Reviewer #2: \n\nPlease add a figure of the tiling for n = 5, and explain why the bound in Theorem 4 is sharp.
"""


def _mail(body: str, *, html: bool = False, attach: bool = False, cte: str = "quoted-printable") -> bytes:
    m = EmailMessage(policy=SMTP)  # CRLF line ends, as mail programs save them
    m["From"] = "Journal of Tilings <em@example.org>"
    m["To"] = "Anaïs Dupré <author@example.org>"
    m["Subject"] = "Décision: JCT-0001"
    if html:
        paragraphs = "".join(f"<p>{p.replace(chr(10), ' ')}</p>" for p in body.split("\n\n"))
        m.set_content(f"<html><head><style>p {{}}</style></head><body>{paragraphs}</body></html>", subtype="html",
                      charset="utf-8", cte=cte)
    else:
        m.set_content(body, charset="utf-8", cte=cte)
    if attach:
        m.add_attachment(b"%PDF-1.4 not read", maintype="application", subtype="pdf", filename="Reviewer 3.pdf")
    return m.as_bytes()


def _comments(path: Path) -> list:
    return extract_comments(load_reviews(path))


@pytest.mark.parametrize("cte", ["quoted-printable", "base64"])
def test_a_saved_mail_is_decoded_before_it_is_read(tmp_path: Path, cte: str) -> None:
    path = tmp_path / "Décision du journal.eml"
    path.write_bytes(_mail(LETTER, cte=cte))
    reviews = load_reviews(path)
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer #1", "Reviewer #2"]  # the letter is the editor's
    text = "\n".join(r.text for r in reviews)
    assert "=20" not in text and "=3D" not in text and "Content-Type" not in text and "Subject:" not in text
    comments = extract_comments(reviews)
    assert any("a = 3, not a = 2" in c.text for c in comments)  # "=3D" decoded, the line's words whole
    assert {c.reviewer for c in comments} == {"Reviewer #1", "Reviewer #2"}
    # the same text as a .txt file reads the same comments: the mail adds nothing and loses nothing
    plain = tmp_path / "letter.txt"
    plain.write_text(LETTER, encoding="utf-8", newline="\r\n")
    assert [c.text for c in comments] == [c.text for c in _comments(plain)]


def test_an_html_mail_is_read_as_its_text_and_attachments_are_named(tmp_path: Path) -> None:
    path = tmp_path / "decision.eml"
    path.write_bytes(_mail(LETTER, html=True, attach=True))
    reviews = load_reviews(path)
    assert [r.reviewer for r in reviews][-2:] == ["Reviewer #1", "Reviewer #2"]
    assert "Dear Dr." not in reviews[-2].text  # the letter before them is no referee's
    assert "<p>" not in reviews[0].text and "p {}" not in reviews[0].text
    assert any("Reviewer 3.pdf" in n and "attachment" in n for n in reviews[0].notices)
    assert any("Theorem 4" in c.text for c in extract_comments(reviews))


def test_a_mail_with_only_an_attachment_says_to_give_it(tmp_path: Path) -> None:
    m = EmailMessage(policy=SMTP)
    m["From"], m["Subject"] = "em@example.org", "Reviews"
    m.add_attachment(b"PK\x03\x04 not read", maintype="application", subtype="octet-stream", filename="reviews.docx")
    path = tmp_path / "only.eml"
    path.write_bytes(m.as_bytes())
    with pytest.raises(InputError, match=r"no text.*reviews\.docx"):
        load_reviews(path)


def test_text_saved_under_eml_is_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "pasted.eml"
    path.write_text(LETTER, encoding="utf-8")
    assert [r.reviewer for r in load_reviews(path)] == ["Editor", "Reviewer #1", "Reviewer #2"]


def test_an_outlook_message_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "Décision.msg"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    with pytest.raises(InputError, match=r"Outlook message: save the mail as \.eml"):
        load_reviews(path)
    assert main(["comments", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Outlook" in err[0]
