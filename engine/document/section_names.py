"""The standard section names of papers in French, German, Spanish, Portuguese, Italian and Dutch, read as English.

The PDF reader knows a paper's front matter and references by their headings ("Abstract", "References"); babel
prints them in the paper's language ("Résumé", "Zusammenfassung", "Referencias", "Literatur"), and a paper written
in that language names its sections so too. Without these, a French or German paper's references were read as body
text to compare, and its abstract as front matter never compared (session 27, trial28; babel's own names, read from
TeX Live 2022's babel-french, -german, -spanish, -portuguese, -italian, -dutch ``.ldf`` files, and the section names
such papers use). Keys are lower case, accents folded ("résumé" -> "resume").
"""

from __future__ import annotations

import re
import unicodedata

#: A heading's key in another language -> the English key the readers know.
FOREIGN = {
    # abstract (babel's \abstractname)
    "resume": "abstract", "zusammenfassung": "abstract", "kurzfassung": "abstract", "resumen": "abstract",
    "resumo": "abstract", "sommario": "abstract", "riassunto": "abstract", "samenvatting": "abstract",
    # references (\refname, \bibname)
    "references": "references", "bibliographie": "references", "references bibliographiques": "references",
    "literatur": "references", "literaturverzeichnis": "references", "quellenverzeichnis": "references",
    "referencias": "references", "bibliografia": "references", "referencias bibliograficas": "references",
    "riferimenti bibliografici": "references", "riferimenti": "references", "referenties": "references",
    "literatuur": "references", "bibliografie": "references",
    # keywords
    "mots cles": "keywords", "mots clefs": "keywords", "schlusselworter": "keywords", "schlagworter": "keywords",
    "palabras clave": "keywords", "palavras chave": "keywords", "parole chiave": "keywords",
    "trefwoorden": "keywords", "sleutelwoorden": "keywords",
    # acknowledgements
    "remerciements": "acknowledgments", "danksagung": "acknowledgments", "agradecimientos": "acknowledgments",
    "agradecimentos": "acknowledgments", "ringraziamenti": "acknowledgments", "dankwoord": "acknowledgments",
    # the usual sections
    "einleitung": "introduction", "einfuhrung": "introduction", "introduccion": "introduction",
    "introducao": "introduction", "introduzione": "introduction", "inleiding": "introduction",
    "methodes": "methods", "methode": "methods", "methodologie": "methodology", "methoden": "methods",
    "methodik": "methodology", "metodos": "methods", "metodologia": "methodology", "metodi": "methods",
    "resultats": "results", "ergebnisse": "results", "resultados": "results", "risultati": "results",
    "resultaten": "results", "diskussion": "discussion", "discusion": "discussion", "discussao": "discussion",
    "discussione": "discussion", "discussie": "discussion", "schlussfolgerung": "conclusion",
    "schlussfolgerungen": "conclusions", "fazit": "conclusion", "zusammenfassung und ausblick": "conclusion",
    "conclusiones": "conclusions", "conclusoes": "conclusions", "conclusao": "conclusion",
    "conclusioni": "conclusions", "conclusie": "conclusion", "conclusies": "conclusions",
    "annexe": "appendix", "annexes": "appendices", "anhang": "appendix", "apendice": "appendix", "anexo": "appendix",
    "appendice": "appendix", "bijlage": "appendix", "travaux connexes": "related work",
    "etat de l art": "related work", "verwandte arbeiten": "related work", "trabajos relacionados": "related work",
    "trabalhos relacionados": "related work", "lavori correlati": "related work",
}
#: "Keywords" in French, German, Spanish, Portuguese, Italian and Dutch, as a regular expression (trial28: a French
#: paper's "Mots-clés : …" was a paragraph of its abstract, compared as body text).
KEYWORD_LABELS = (r"mots[- ]cl[ée]f?s|schl[üu]sselw[öo]rter|schlagw[öo]rter|palabras clave|palavras[- ]chave|"
                  r"parole chiave|trefwoorden")
_NOT_KEY = re.compile(r"[^a-z ]")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """``text`` lower case, accents dropped, anything but letters and spaces made a space, spaces single."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return _SPACES.sub(" ", _NOT_KEY.sub(" ", bare.replace("ß", "ss"))).strip()


def english_key(key: str) -> str:
    """The English key of a heading key (``fold``'s form) in another language, else the key itself."""
    return FOREIGN.get(key, key)


def english_name(text: str) -> str:
    """The English key of a heading's text ("Références" -> "references", "Einleitung" -> "introduction")."""
    return english_key(fold(text))
