"""An IEEEtran journal paper of our own, as LaTeX source, for tests that typeset it with pdflatex (trial29).

Journal mode, two columns: ``\\thanks`` notes with the received/revised dates and affiliations, memberships beside
the authors' names, "Index Terms", ``\\IEEEPARstart``, sections in small capitals, a footnote, a long reference
list (set 2 pt under the text), biographies with and without a photo frame, and optionally a table and a figure
spanning both columns and an appendix. All text is written here (``sample_paragraph`` and the strings below).
"""

from __future__ import annotations

from tests.pdf_factory import sample_paragraph

NOTES = ("Manuscript received March 3, 2026; revised June 9, 2026. This work was supported in part by a grant "
         "of the Northern Energy Research Fund.",
         "M. Holtby and T. Wierzba are with the Department of Electrical Engineering, Fjordvik Institute of "
         "Technology, Norway (e-mail: holtby@fjordvik.example).",
         "L. Ferrandi is with the School of Mechanical Systems, University of Castelmonte, Italy.")
FOOTNOTE = "We counted two hundred rate increases per day on the second turbine with the threshold tuned as before."
BIOS = (("Maren Holtby", "(M'18) received the M.Sc. and Ph.D. degrees in electrical engineering from the Fjordvik "
         "Institute of Technology in 2014 and 2018. Her research interests include low-power sensing and condition "
         "monitoring."),
        ("Tomasz Wierzba", "received the M.Sc. degree in automatic control in 2020. He is working toward the Ph.D. "
         "degree, designing wireless sensor hardware for rotating machines."),
        ("Lucia Ferrandi", "(SM'21) is a Professor of Mechanical Systems at the University of Castelmonte. She has "
         "worked on gearbox diagnostics for wind and marine applications for fifteen years."))
TABLE = ("\\begin{table*}[!t]\\caption{Battery Life and Detection Delay on the Four Turbines}\\label{tab:r}\\centering\n"
         "\\begin{tabular}{lcccccc}\\hline Scheme & Power (mW) & Life (days) & Delay A (min) & Delay B (min) & "
         "Switches per day & Alarms per month\\\\ \\hline Fixed rate & 41.2 & 36 & 0 & 0 & -- & 0.4\\\\ "
         "Threshold & 19.7 & 75 & 3.5 & 11.2 & 212 & 2.1\\\\ Proposed & 10.9 & 137 & 1.4 & 1.9 & 9 & 0.6\\\\ \\hline"
         "\\end{tabular}\\end{table*}\n")
FIGURE = ("\\begin{figure*}[!t]\\centering\\setlength{\\unitlength}{1mm}\\begin{picture}(170,30)"
          "\\put(0,0){\\framebox(80,30){}}\\put(90,0){\\framebox(80,30){}}"
          "\\put(4,25){\\small (a) Second turbine, low rate}\\put(94,25){\\small (b) Second turbine, statistic}"
          "\\end{picture}\\caption{Spectra and the detector's statistic on the second turbine.}\\label{fig:s}"
          "\\end{figure*}\n")


_VENUES = ("IEEE Trans. Ind. Electron.", "Mech. Syst. Signal Process.", "IEEE Sensors J.", "IEEE Trans. Signal Process.",
           "IEEE Internet Things J.", "Proc. IEEE Int. Conf. Acoust., Speech Signal Process.")


def reference(i: int) -> str:
    """The ``i``-th entry: each reads differently (alike entries at one place on two pages read as a running footer)."""
    title = sample_paragraph(200 + i, 6 + i % 5).rstrip(".")
    return (f"A.~Author{i} and B.~Writer{i % 7}, ``{title},'' \\emph{{{_VENUES[i % len(_VENUES)]}}}, "
            f"vol.~{10 + i}, no.~{1 + i % 12}, pp.~{100 + 37 * i}--{109 + 37 * i + i % 9}, {1990 + i % 30}.")


def ieee_journal(paragraphs: list[str], references: int = 40, floats: bool = False, appendix: str = "",
                 bios: bool = True) -> str:
    """The paper's source: ``paragraphs`` as the body (the first opens with a drop cap, the third carries the
    footnote), ``references`` entries, the floats after the second paragraph when ``floats``, an appendix
    (``\\appendices``, one section titled ``appendix``) after the conclusion."""
    first, *rest = paragraphs
    body = [f"\\IEEEPARstart{{{first[0]}}}{{{first[1:].split(' ', 1)[0]}}} {first.split(' ', 1)[1]}"] + rest
    if len(body) > 2:
        body[2] = body[2] + f"\\footnote{{{FOOTNOTE}}}"
    if floats:
        body.insert(2, TABLE + FIGURE)
    half = len(body) // 2
    thanks = "".join(f"\\thanks{{{n}}}" for n in NOTES)
    refs = "\n".join(f"\\bibitem{{r{i}}} {reference(i)}" for i in range(references))
    bio_tex = "".join(
        f"\\begin{{IEEEbiography}}[{{\\framebox[1in][c]{{\\rule{{0pt}}{{1.2in}}}}}}]{{{name}}}\n{text}\n"
        "\\end{IEEEbiography}\n" if i != 1 else
        f"\\begin{{IEEEbiographynophoto}}{{{name}}}\n{text}\n\\end{{IEEEbiographynophoto}}\n"
        for i, (name, text) in enumerate(BIOS)) if bios else ""
    appendix_tex = f"\\appendices\n\\section{{{appendix}}}\n{sample_paragraph(90, 70)}\n" if appendix else ""
    return (
        "\\documentclass[journal]{IEEEtran}\n\\begin{document}\n"
        "\\title{Adaptive Sampling for Low-Power Vibration Monitoring}\n"
        "\\author{Maren~Holtby,~\\IEEEmembership{Member,~IEEE,} Tomasz~Wierzba,\n"
        f"and~Lucia~Ferrandi,~\\IEEEmembership{{Senior~Member,~IEEE}}{thanks}}}\n\\maketitle\n"
        f"\\begin{{abstract}}{sample_paragraph(80, 90)}\\end{{abstract}}\n"
        "\\begin{IEEEkeywords}Condition monitoring, adaptive sampling, wind energy.\\end{IEEEkeywords}\n"
        "\\section{Introduction}\n" + "\n\n".join(body[:half]) + "\n\\section{Method}\n" + "\n\n".join(body[half:])
        + f"\n\\section{{Conclusion}}\n{sample_paragraph(81, 60)}\n{appendix_tex}"
        f"\\begin{{thebibliography}}{{99}}\n{refs}\n\\end{{thebibliography}}\n{bio_tex}\\end{{document}}\n")
