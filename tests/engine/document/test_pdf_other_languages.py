"""A paper typeset in French, German, Spanish or Portuguese with babel (session 27, trial28): its references, under
"Références", "Literatur", "Referencias" or "Referências", are references, not body text to compare; its keywords
line ("Mots-clés : …") is front matter; authors joined by "et" or "und" are each an author. The papers are invented
for the test and typeset here with pdflatex."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.section_names import english_name
from tests.optional import has_tex, typeset

PAPERS = {
    "french": ("Méthodes", "Mots-clés : glace, rivière, débâcle.", "Nous étudions la date de la débâcle d'une rivière "
               "avec un modèle hydraulique, et nous comparons les résultats aux observations de trente hivers. "),
    "ngerman": ("Methoden", "Schlüsselwörter: Eis, Fluss, Eisaufbruch.", "Wir untersuchen den Zeitpunkt des "
                "Eisaufbruchs eines Flusses mit einem hydraulischen Modell und vergleichen die Ergebnisse mit den "
                "Beobachtungen von dreißig Wintern. "),
    "spanish": ("Métodos", "Palabras clave: hielo, río, deshielo.", "Estudiamos la fecha del deshielo de un río con "
                "un modelo hidráulico y comparamos los resultados con las observaciones de treinta inviernos. "),
    "portuguese": ("Métodos", "Palavras-chave: gelo, rio, degelo.", "Estudamos a data do degelo de um rio com um "
                   "modelo hidráulico e comparamos os resultados com as observações de trinta invernos. "),
}
AUTHORS = {"french": "Anne Martin et Louis Petit", "ngerman": "Anna Schmidt und Paul Weber",
           "spanish": "Ana García \\and Pablo Ruiz", "portuguese": "Ana Silva \\and Paulo Souza"}


@pytest.mark.parametrize("language", sorted(PAPERS))
def test_a_paper_typeset_in_another_language_keeps_its_references_apart(tmp_path: Path, language: str) -> None:
    if not has_tex(f"{language}.ldf"):
        pytest.skip(f"babel's {language} is not installed")
    methods, keywords, prose = PAPERS[language]
    source = (
        "\\documentclass{article}\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}"
        f"\\usepackage[{language}]{{babel}}\n\\title{{Un titre de test}}\\author{{{AUTHORS[language]}}}\\date{{}}\n"
        f"\\begin{{document}}\\maketitle\n\\begin{{abstract}}{prose}\\end{{abstract}}\n\\noindent {keywords}\n"
        f"\\section{{Introduction}}{prose * 3}\n\\section{{{methods}}}{prose * 3}\n"
        "\\begin{thebibliography}{9}\\bibitem{a} A. Martin. Un modèle de glace. Revue 3 (2020) 1--9.\n"
        "\\bibitem{b} L. Petit. Un autre modèle. Revue 4 (2021) 10--19.\\end{thebibliography}\\end{document}\n")
    doc = load_document(typeset(tmp_path, source))
    refs = [p for p in doc.paragraphs if p.kind is ParagraphKind.REFERENCE]
    assert len(refs) == 2 and "A. Martin" in refs[0].text and "L. Petit" in refs[1].text
    body = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
    assert not any(t.startswith(keywords.split()[0].rstrip(":")) for t in body)  # the keywords are front matter
    assert not any("Martin" in t or "Petit" in t for t in body)
    assert [s.title for s in doc.sections][:2] == ["Introduction", methods]
    if language in ("french", "ngerman"):  # "et", "und" between two names
        assert len(doc.authors) == 2, doc.authors


def test_standard_section_names_read_as_their_english_keys() -> None:
    assert english_name("Références") == "references"
    assert english_name("Literaturverzeichnis") == "references"
    assert english_name("Referências") == "references"
    assert english_name("Mots-clés") == "keywords"
    assert english_name("Zusammenfassung") == "abstract"
    assert english_name("Einleitung") == "introduction"
    assert english_name("Related Work") == "related work"  # English stays as it is
