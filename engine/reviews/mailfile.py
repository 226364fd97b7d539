"""Reviews saved as a mail file (``.eml``): the decision mail as a mail program saves it.

A saved mail is its headers, then a body in a transfer encoding: quoted-printable ("=20" at each line's end, "=3D"
for "=", "=C3=A9" for "é", a long line cut with a trailing "="), or base64. Read as plain text, a new-user trial's
decision mail gave the editor's letter as Reviewer 1 and the referee's points as the editor's, each with "=20" in
it (session 24, trial21). Here the mail is read with the standard library's ``email`` package: the text parts of
its body, decoded in their own character set, in order (a forwarded mail's attached message too; an HTML-only
part as its text), and a notice naming the attachments, which are not read (a report sent as a PDF or Word file:
give that file as the reviews)."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage, Message
from html.parser import HTMLParser
from pathlib import Path

from engine.errors import InputError

#: Attachments named in the notice, at most.
NAMED_ATTACHMENTS = 3
#: Headers at least one of which a saved mail has (a text file's first line "Note: ..." parses as a header too).
_MAIL_HEADERS = {"from", "to", "subject", "date", "message-id", "mime-version", "content-type", "received"}
#: Bytes of a mail file read at most (a mail with its attachments can be large; the text parts come first).
MAX_MAIL_BYTES = 50 * 1024 * 1024


def mail_text(path: Path) -> tuple[str, list[str]] | None:
    """The text of the mail in ``path``, its parts joined by blank lines, and its notices; None when the file has no
    mail headers (text saved under ``.eml``: read it as text)."""
    try:
        size = path.stat().st_size
        if size > MAX_MAIL_BYTES:
            raise InputError(f"{path.name} is a mail of {size // (1024 * 1024)} MB, over the "
                             f"{MAX_MAIL_BYTES // (1024 * 1024)} MB read: save the reviews' text alone")
        with path.open("rb") as f:
            msg = email.message_from_binary_file(f, policy=email.policy.default)
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    if not any(k.lower() in _MAIL_HEADERS for k in msg.keys()):
        return None
    plain: list[str] = []
    html: list[str] = []
    attached: list[str] = []
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() == "message":
            continue
        name = part.get_filename()
        if name or part.get_content_disposition() == "attachment":
            attached.append(name or part.get_content_type())
            continue
        kind = part.get_content_type()
        if kind == "text/plain":
            plain.append(_decoded(part))
        elif kind == "text/html":
            html.append(html_text(_decoded(part)))
    texts = [t for t in (plain or html) if t.strip()]
    notices = []
    if attached:
        shown = ", ".join(attached[:NAMED_ATTACHMENTS]) + (" and more" if len(attached) > NAMED_ATTACHMENTS else "")
        notices.append(f"read the text of the mail, not its {len(attached)} attachment"
                       f"{'s' if len(attached) != 1 else ''} ({shown}): if the reviews are in one, give that file")
    if not texts:
        raise InputError(f"{path.name}: the mail has no text"
                         + (f", only attachments ({', '.join(attached[:NAMED_ATTACHMENTS])}): give the one with "
                            "the reviews" if attached else ""))
    return "\n\n".join(t.replace("\r\n", "\n").strip("\n") for t in texts), notices


def _decoded(part: Message) -> str:
    """A text part decoded from its transfer encoding and character set (an unknown or wrong set: UTF-8, then
    Windows-1252, never an error)."""
    if isinstance(part, EmailMessage):
        try:
            return str(part.get_content())
        except (LookupError, UnicodeError, AssertionError, ValueError):
            pass
    data = part.get_payload(decode=True) or b""
    if not isinstance(data, bytes):
        return str(data)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


_BLOCK_TAGS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "hr"}


class _HTMLText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head"):
            self.skip += 1
        elif tag in _BLOCK_TAGS:
            self.out.append("\n\n" if tag != "br" else "\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        elif tag in _BLOCK_TAGS:
            self.out.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(re.sub(r"[ \t\r\n]+", " ", data))


def html_text(markup: str) -> str:
    """The text of an HTML mail body: paragraphs, list items and line breaks as new lines, no markup."""
    parser = _HTMLText()
    parser.feed(markup)
    parser.close()
    text = "".join(parser.out)
    text = "\n".join(line.strip() for line in text.split("\n"))
    return re.sub(r"\n{3,}", "\n\n", text).strip()
