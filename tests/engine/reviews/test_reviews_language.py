"""Reviews not in English (session 27, trial28: a French paper's French referee reports gave one comment for nine
numbered points, and the second report was read as the first's). The language is named by a count of common words;
a review not in English has each numbered or bulleted point as a comment, and says so once; reviewer headings in
French, German, Spanish and Portuguese start a review. Every review here is invented for the test."""

from __future__ import annotations

import pytest

from engine.reviews.comments import extract_comments
from engine.reviews.headings import reviewer_name
from engine.reviews.language import english_notice, is_english, language_of
from engine.reviews.parse import parse_reviews

FRENCH = """# Rapport du rapporteur 1 — premier tour

Le manuscrit étudie la fonte des glaces de rivière avec un modèle hydraulique. C'est un travail sérieux, mais
plusieurs points doivent être précisés avant la publication.

## Commentaires majeurs

1. La période de calage de 1990 à 2005 recouvre la période de validation : les auteurs doivent séparer les deux.
2. Le texte ne donne pas la sensibilité de la date de débâcle au paramètre de résistance de la glace.
3. Il manque le débit de la station amont dans la figure 4, ce qui rend la comparaison difficile pour le lecteur.

## Commentaires mineurs

1. Préciser les unités du tableau 2.
2. La conversion des débits en volumes annuels aiderait le lecteur non spécialiste.

# Rapport 3 — Une autre personne, une université

Les contrôles de sensibilité sont convaincants et la discussion des limites est claire.

1. La validation sur une seule rivière reste une limite que le texte doit dire dans la conclusion.
2. Le modèle est à une dimension : le papier ne doit pas parler des effets latéraux du courant.
"""

GERMAN = ("Die Autoren untersuchen die Frage, ob das neue Verfahren die Temperatur genauer misst als das alte. "
          "Die Ergebnisse sind für eine Stichprobe von 120 Proben angegeben, aber die Abweichung wird nicht mit "
          "den früheren Arbeiten verglichen, und die Methode ist nur knapp beschrieben.")
SPANISH = ("Los autores estudian si el nuevo método mide la temperatura con más precisión que el anterior. Los "
           "resultados se dan para una muestra de 120 piezas, pero la desviación no se compara con los trabajos "
           "anteriores y el método se describe de forma breve.")
PORTUGUESE = ("Os autores estudam se o novo método mede a temperatura com mais precisão do que o anterior. Os "
              "resultados são dados para uma amostra de 120 peças, mas o desvio não se compara com os trabalhos "
              "anteriores e o método é descrito de forma breve.")
ENGLISH = ("The authors study whether the new method measures the temperature more precisely than the old one. The "
           "results are given for a sample of 120 pieces, but the deviation is not compared with the prior work and "
           "the method is described only briefly.")


@pytest.mark.parametrize(("text", "language"), [(FRENCH, "French"), (GERMAN, "German"), (SPANISH, "Spanish"),
                                                (PORTUGUESE, "Portuguese"), (ENGLISH, "English")])
def test_the_language_is_named_by_its_common_words(text: str, language: str) -> None:
    assert language_of(text) == language
    assert is_english(text) is (language == "English")


def test_a_short_text_or_another_script_is_not_named_as_a_latin_language() -> None:
    assert language_of("Merci pour ce travail.") is None and is_english("Merci pour ce travail.")
    greek = "Οι συγγραφείς μελετούν αν η νέα μέθοδος μετρά τη θερμοκρασία με μεγαλύτερη ακρίβεια. " * 3
    assert language_of(greek) == "not in Latin script" and not is_english(greek)
    assert "a script other than Latin" in english_notice(greek)


def test_the_notice_names_the_language_and_says_what_still_works() -> None:
    note = english_notice(FRENCH)
    assert note.startswith("the reviews seem to be in French, not English")
    assert "each numbered or bulleted point is taken as a comment" in note and "the diff" in note
    assert english_notice(ENGLISH) is None


def test_reviewer_headings_in_other_languages_start_a_review() -> None:
    assert reviewer_name("# Rapport du rapporteur 1 — premier tour") == "Reviewer 1"
    assert reviewer_name("# Rapport 3 — Une autre personne, une université") == "Reviewer 3"
    assert reviewer_name("## Gutachter 2") == "Reviewer 2"
    assert reviewer_name("Gutachten 1:") == "Reviewer 1"
    assert reviewer_name("Informe del evaluador 2") == "Reviewer 2"
    assert reviewer_name("Parecer 2") == "Reviewer 2"
    assert reviewer_name("Rapporteur n° 2") == "Reviewer 2"
    assert reviewer_name("Rapport annuel 2021") is None  # no reviewer's number
    assert reviewer_name("Rapport 3 pages plus loin le texte continue sans tiret") is None


def test_each_numbered_point_of_a_review_not_in_english_is_a_comment() -> None:
    reviews = parse_reviews(FRENCH, source="markdown")
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 3"]
    notes = reviews[0].notices
    assert sum("seem to be in French" in n for n in notes) == 1  # said once
    comments = extract_comments(reviews, encoder="lexical")
    assert [c.id for c in comments] == ["R1.1", "R1.2", "R1.3", "R1.4", "R1.5", "R3.1", "R3.2"]
    assert comments[1].text.startswith("Le texte ne donne pas la sensibilité")
    assert comments[-1].text.startswith("Le modèle est à une dimension")


def test_one_reviewer_in_another_language_among_english_ones_is_named() -> None:
    text = (f"# Reviewer 1\n\n{ENGLISH} Please compare the method with the prior work on this problem.\n\n"
            f"# Reviewer 2\n\n{ENGLISH} The authors should describe the method in more detail.\n\n"
            f"# Reviewer 3\n\n{SPANISH}\n\n1. Comparar la desviación con los trabajos anteriores.\n"
            "2. Describir el método con más detalle en la sección 3.\n")
    reviews = parse_reviews(text, source="markdown")
    notes = [n for n in reviews[0].notices if "seem to be in" in n]
    assert notes and all(n.startswith("Reviewer 3: the reviews seem to be in Spanish") for n in notes)
    comments = extract_comments(reviews, encoder="lexical")
    assert [c.text[:9] for c in comments if c.reviewer == "Reviewer 3"] == ["Comparar ", "Describir"]
