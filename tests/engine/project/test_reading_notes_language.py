"""A project on a paper and reviews not in English says so once each, in the reading notes the app and the CLI show
(session 27, trial28: a French paper and its French reviews were read without a word on what works): the paper's note
names its language and what works for it, the reviews' note what Redraft did with them. Paper and reviews invented for
the test, in French."""

from __future__ import annotations

from pathlib import Path

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.notes import paper_language_notes, reading_notes, worth_showing
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

INTRO = ("Nous étudions la date de la débâcle d'une rivière avec un modèle hydraulique à une dimension. Le modèle "
         "est calé sur les hivers de 1990 à 2005 et validé sur ceux de 2006 à 2020, ce qui donne une erreur moyenne "
         "de 4,5 jours sur la date observée.")
METHOD = ("La résistance de la glace est un paramètre du modèle : nous la faisons varier de 10 % autour de sa valeur "
          "de référence et nous donnons la date de débâcle obtenue pour chaque valeur dans le tableau 2.")
DRAFT = f"# La débâcle d'une rivière\n\n## Introduction\n\n{INTRO}\n\n## Méthodes\n\n{METHOD}\n"
REVISED = DRAFT.replace("de 4,5 jours", "de 4,2 jours") + (
    "\nLe débit de la station amont est ajouté à la figure 4 pour que le lecteur puisse comparer les deux séries.\n")
REVIEWS = """# Rapporteur 1

Le manuscrit est clair, mais plusieurs points doivent être précisés.

1. Les périodes de calage et de validation doivent être séparées plus nettement dans le texte.
2. Ajouter le débit de la station amont dans la figure 4 pour la comparaison.
3. Donner la sensibilité de la date de débâcle à la résistance de la glace.
"""


def test_a_french_paper_and_reviews_are_named_once_each(tmp_path: Path, capsys) -> None:
    files = {}
    for name, text in (("v1.md", DRAFT), ("v2.md", REVISED), ("rapports.md", REVIEWS)):
        files[name] = tmp_path / name
        files[name].write_text(text, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", files["v1.md"], files["v2.md"],
                                      files["rapports.md"], aligner="bm25"))
    with ProjectSession.open(path) as session:
        project = session.project
        assert len(project.comments) == 3  # each numbered point
        notes = reading_notes(project)
        paper = [n for n in notes if n.source == "revised" and "paper seems to be in French" in n.text]
        reviews = [n for n in notes if n.source == "reviews" and "reviews seem to be in French" in n.text]
        assert len(paper) == 1 and len(reviews) == 1
        assert "the diff, the marked PDF, the letter and the exports work" in paper[0].text
        assert worth_showing(project)  # the app's notes bar opens by itself when the project is opened again
    assert main(["project", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("paper seems to be in French") == 1 and out.count("reviews seem to be in French") == 1


def test_an_english_paper_has_no_language_note(tmp_path: Path) -> None:
    draft = tmp_path / "v1.md"
    draft.write_text("# A paper\n\n## Introduction\n\nWe study the date of river ice break-up with a hydraulic model "
                     "that is calibrated on the winters from 1990 to 2005 and validated on the winters after them, "
                     "and we report the error of the model on the observed dates.\n", encoding="utf-8")
    reviews = tmp_path / "reviews.md"
    reviews.write_text("# Reviewer 1\n\n1. Please report the sensitivity of the date to the ice strength.\n",
                       encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", draft, None, reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        assert paper_language_notes(session.project) == [] and not worth_showing(session.project)
        assert not any("seem to be in" in n.text for n in reading_notes(session.project))


def test_no_comment_of_a_french_project_reads_addressed_until_the_author_confirms(tmp_path: Path) -> None:
    """The link and status models read English: a sure link on French text reads "partly (check)"; the same link in
    an English project reads "addressed"; confirming it makes it addressed in both."""
    from dataclasses import replace

    from engine.align.records import Alignment
    from engine.align.status import Status

    for name, (draft, revised, reviews), expected in (
            ("fr", (DRAFT, REVISED, REVIEWS), Status.PARTLY),
            ("en", (ENGLISH_DRAFT, ENGLISH_DRAFT.replace("4.5 days", "4.2 days"), ENGLISH_REVIEWS), Status.ADDRESSED)):
        folder = tmp_path / name
        folder.mkdir()
        paths = []
        for file, text in (("v1.md", draft), ("v2.md", revised), ("reviews.md", reviews)):
            paths.append(folder / file)
            paths[-1].write_text(text, encoding="utf-8")
        path = run_job(build_project_file(folder / "p.redraft", "p", *paths, aligner="bm25"))
        with ProjectSession.open(path) as session:
            project = session.project
            comment = project.comments[0].id
            edit = project.diff.edits[0].id
            project.alignments[comment] = replace(Alignment(comment, [edit]), scores={edit: 0.95}, calibrated=True)
            assert project.status(comment) is expected, name
            assert project.models_read(comment) is (name == "en")


ENGLISH_DRAFT = ("# River ice\n\n## Introduction\n\nWe study the date of river ice break-up with a hydraulic model "
                 "that is calibrated on the winters from 1990 to 2005 and validated on the later winters, with a mean "
                 "error of 4.5 days on the observed date.\n")
ENGLISH_REVIEWS = "# Reviewer 1\n\n1. Please report the mean error of the model on the validation winters.\n"
