"""The letter as a Word file (python-docx) and as a PDF (HTML laid out by PyMuPDF's ``Story``)."""

from __future__ import annotations

import html
from pathlib import Path

from engine.letter.content import (
    NO_CHANGE,
    TO_ANSWER,
    UNCONFIRMED,
    Answer,
    Letter,
    Run,
    glued,
)
from engine.project.responses import ResponseKind

INSERT_RGB, DELETE_RGB, TO_ANSWER_RGB, QUOTE_RGB = (0x00, 0x66, 0x00), (0x99, 0x00, 0x00), (0xC0, 0x00, 0x00), \
    (0x33, 0x33, 0x33)


# -- Word ----------------------------------------------------------------------------------------

def _add_runs(paragraph, runs: tuple[Run, ...]) -> None:
    from docx.shared import RGBColor

    for glue, op, text in glued(runs):
        if glue:
            paragraph.add_run(glue)
        run = paragraph.add_run(text)
        if op == "insert":
            run.bold = True
            run.font.color.rgb = RGBColor(*INSERT_RGB)
        elif op == "delete":
            run.font.strike = True
            run.font.color.rgb = RGBColor(*DELETE_RGB)


def _docx_response(doc, answer: Answer) -> None:
    from docx.shared import RGBColor

    r = answer.response
    para = doc.add_paragraph()
    para.add_run("Response. ").bold = True
    if r.kind is ResponseKind.TO_ANSWER:
        mark = para.add_run(f"[{TO_ANSWER}]")
        mark.bold = True
        mark.font.color.rgb = RGBColor(*TO_ANSWER_RGB)
        return
    chunks = [c.strip() for c in r.text.split("\n\n") if c.strip()]
    lead = f"{NO_CHANGE} " if r.kind is ResponseKind.NO_CHANGE else ""
    para.add_run(lead + (chunks[0] if chunks else ""))
    for chunk in chunks[1:]:
        doc.add_paragraph(chunk)


def write_docx(letter: Letter, path: Path) -> None:
    from docx import Document
    from docx.shared import Pt, RGBColor

    doc = Document()
    doc.core_properties.title = f"Response to the reviewers: {letter.title}"[:255]
    doc.add_heading("Response to the reviewers", level=0)
    para = doc.add_paragraph()
    para.add_run("Paper: ").bold = True
    para.add_run(letter.title)
    doc.add_heading("Summary of changes", level=1)
    doc.add_paragraph(" ".join(letter.summary))
    for line in letter.section_lines():
        doc.add_paragraph(line, style="List Bullet")
    doc.add_paragraph(letter.intro)
    for part in letter.reviewers:
        doc.add_heading(part.name, level=1)
        for i, a in enumerate(part.answers, 1):
            doc.add_heading(a.title(i), level=2)
            quote = doc.add_paragraph(style="Quote")
            run = quote.add_run(a.quote)
            run.font.color.rgb = RGBColor(*QUOTE_RGB)
            _docx_response(doc, a)
            if a.changes:
                doc.add_paragraph().add_run("Where the paper changed.").bold = True
                for c in a.changes:
                    item = doc.add_paragraph(style="List Bullet")
                    item.add_run(f"{c.name}: {c.where}")
                    if not c.confirmed:
                        item.add_run(f" ({UNCONFIRMED})").italic = True
                    text = doc.add_paragraph()
                    text.paragraph_format.left_indent = Pt(18)
                    _add_runs(text, c.runs)
            for prop in a.proposals:
                head = doc.add_paragraph()
                head.add_run("New text").bold = True
                head.add_run(f" ({prop.where}):")
                doc.add_paragraph(prop.text, style="Quote")
    doc.save(str(path))


# -- PDF -----------------------------------------------------------------------------------------

LETTER_CSS = """
body {font-family: sans-serif; font-size: 10pt; line-height: 1.35;}
h1 {font-size: 17pt;} h2 {font-size: 14pt; margin-top: 14pt;} h3 {font-size: 11pt; margin-top: 10pt;}
.quote {margin-left: 14pt; color: #333333; font-style: italic;}
.change {margin-left: 14pt;} .where {color: #444444;} .unconfirmed {color: #996600; font-style: italic;}
.ins {color: #006600; font-weight: bold;} .del {color: #990000; text-decoration: line-through;}
.todo {color: #c00000; font-weight: bold;}
"""


def _runs_html(runs: tuple[Run, ...]) -> str:
    return "".join(glue + (f'<span class="ins">{html.escape(t)}</span>' if op == "insert" else
                           f'<span class="del">{html.escape(t)}</span>' if op == "delete" else html.escape(t))
                   for glue, op, t in glued(runs))


def _text_html(text: str) -> str:
    return "<br>".join(html.escape(line) for line in text.strip().split("\n"))


def letter_html(letter: Letter) -> str:
    esc = html.escape
    parts = ["<h1>Response to the reviewers</h1>", f"<p><b>Paper:</b> {esc(letter.title)}</p>",
             "<h2>Summary of changes</h2>", f"<p>{esc(' '.join(letter.summary))}</p>"]
    if letter.section_lines():
        parts.append("<ul>" + "".join(f"<li>{esc(s)}</li>" for s in letter.section_lines()) + "</ul>")
    parts.append(f"<p>{esc(letter.intro)}</p>")
    for part in letter.reviewers:
        parts.append(f"<h2>{esc(part.name)}</h2>")
        for i, a in enumerate(part.answers, 1):
            parts += [f"<h3>{esc(a.title(i))}</h3>", f'<p class="quote">{_text_html(a.quote)}</p>']
            r = a.response
            if r.kind is ResponseKind.TO_ANSWER:
                parts.append(f'<p><b>Response.</b> <span class="todo">[{esc(TO_ANSWER)}]</span></p>')
            else:
                lead = f"{NO_CHANGE} " if r.kind is ResponseKind.NO_CHANGE else ""
                parts.append(f"<p><b>Response.</b> {esc(lead)}{_text_html(r.text)}</p>")
            if a.changes:
                parts.append("<p><b>Where the paper changed.</b></p>")
                for c in a.changes:
                    mark = "" if c.confirmed else f' <span class="unconfirmed">({esc(UNCONFIRMED)})</span>'
                    parts.append(f'<p class="change"><span class="where">{esc(c.name)}: {esc(c.where)}</span>{mark}'
                                 f"<br>{_runs_html(c.runs)}</p>")
            for prop in a.proposals:
                parts.append(f"<p><b>New text</b> ({esc(prop.where)}):</p>"
                             f'<p class="quote">{_text_html(prop.text)}</p>')
    return "<html><body>" + "\n".join(parts) + "</body></html>"


def write_pdf(letter: Letter, path: Path) -> None:
    import pymupdf

    story = pymupdf.Story(html=letter_html(letter), user_css=LETTER_CSS)
    page = pymupdf.paper_rect("a4")
    frame = page + (56, 56, -56, -56)
    writer = pymupdf.DocumentWriter(str(path))
    more = 1
    while more:
        device = writer.begin_page(page)
        more, _ = story.place(frame)
        story.draw(device)
        writer.end_page()
    writer.close()
