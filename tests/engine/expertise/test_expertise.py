"""Expertise profiles, scorers, evidence and the CLI on small hand-made profiles."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.expertise.evidence import author_key, explain, find_conflicts
from engine.expertise.matrix import expertise_estimate, read_archives, read_submissions, score_matrix
from engine.expertise.profile import Paper, Profile, load_profile, load_submission, select_recent
from engine.expertise.scorers import Corpus, aggregate, tokens, tpms_scores
from tests.pdf_factory import make_paper_pdf

NLP = [
    Paper("n1", "Neural machine translation with attention",
          "We train an encoder-decoder transformer for machine translation between English and German.", 2022),
    Paper("n2", "Low-resource translation by back-translation",
          "Back-translation of monolingual text improves neural machine translation for low-resource languages.", 2021),
    Paper("n3", "Multilingual language models for translation",
          "A multilingual pretrained language model translates sentences across many languages.", 2020),
]
BIO = [
    Paper("b1", "Protein folding kinetics in yeast cells",
          "We measure folding rates of proteins in living yeast cells with fluorescence microscopy.", 2022),
    Paper("b2", "Gene expression under heat shock",
          "Heat shock changes gene expression and chaperone protein levels in yeast.", 2021),
]
MT_SUB = Paper("s-mt", "Improving neural translation of rare words",
               "Neural machine translation struggles with rare words; we add a copy mechanism to the transformer.")
BIO_SUB = Paper("s-bio", "Chaperones and protein folding in yeast",
                "Chaperone proteins assist protein folding in yeast cells under stress.")


def profiles() -> list[Profile]:
    return [Profile("nlp", list(NLP)), Profile("bio", list(BIO))]


def test_tokens_stem_and_drop_stop_words():
    assert tokens("The Translations of translated Café words, a b") == ["translat", "translat", "cafe", "word"]


def test_aggregate_by_hand():
    # 2 submissions × 4 profile papers; reviewer 0 owns papers 0-2, reviewer 1 owns paper 3 only
    sim = np.array([[0.9, 0.3, 0.6, 0.2], [0.1, 0.2, 0.3, 0.8]], dtype=np.float32)
    groups = np.array([[0, 1, 2], [3, -1, -1]])
    np.testing.assert_allclose(aggregate(sim, groups, "max"), [[0.9, 0.3], [0.2, 0.8]], rtol=1e-6)
    np.testing.assert_allclose(aggregate(sim, groups, "mean"), [[0.6, 0.2], [0.2, 0.8]], rtol=1e-6)
    top3 = aggregate(sim, groups, "top3")
    assert top3[0].tolist() == pytest.approx([0.9 + 0.6 / 2 + 0.3 / 3, 0.3 + 0.2 / 2 + 0.1 / 3])
    assert top3[1].tolist() == pytest.approx([0.2, 0.8])  # missing s2, s3 count as 0
    with pytest.raises(InputError):
        aggregate(sim, groups, "median")


def test_tpms_matches_a_hand_computation():
    profs = [Profile("r", [Paper("p", "graph graph kernel")])]
    subs = [Paper("s1", "graph kernel"), Paper("s2", "kernel method")]
    scores = tpms_scores(Corpus(profs, subs), "title")
    # docs: r={graph:2, kernel:1}, s1={graph:1, kernel:1}, s2={kernel:1, method:1}; N=3
    idf = {"graph": np.log(3 / 2), "kernel": np.log(3 / 3), "method": np.log(3 / 1)}
    r = {"graph": 1.0 * idf["graph"], "kernel": 0.75 * idf["kernel"]}
    s1 = {"graph": idf["graph"], "kernel": idf["kernel"]}
    cos = sum(r[w] * s1[w] for w in r) / np.linalg.norm(list(r.values())) / np.linalg.norm(list(s1.values()))
    assert scores[0, 0] == pytest.approx(cos, rel=1e-5)
    assert scores[0, 1] == pytest.approx(0.0, abs=1e-6)  # only "kernel" shared, and its idf is 0


@pytest.mark.parametrize("scorer", ["tpms", "tpms-title", "tfidf-top3", "tfidf-max", "tfidf-mean",
                                    "embed-top3", "embed-max", "fused"])
def test_each_scorer_prefers_the_matching_reviewer(scorer):
    result = score_matrix(profiles(), [MT_SUB, BIO_SUB], scorer)
    assert result.reviewers == ["nlp", "bio"] and result.submissions == ["s-mt", "s-bio"]
    nlp, bio = result.scores
    assert nlp[0] > nlp[1] and bio[1] > bio[0]
    assert json.loads(json.dumps(result.to_dict()))["nlp"]["s-mt"] == pytest.approx(float(nlp[0]), abs=1e-5)


def test_unknown_scorer_and_missing_full_text():
    with pytest.raises(InputError, match="unknown scorer"):
        score_matrix(profiles(), [MT_SUB], "bm99")
    with pytest.raises(InputError, match="full texts"):
        score_matrix(profiles(), [MT_SUB], "tpms-full")


def test_tpms_full_uses_the_text():
    profs = [Profile("r", [Paper("p", "A study", "", text="sparse graph kernels for molecules")])]
    subs = [Paper("s1", "Another study", "", text="graph kernels"), Paper("s2", "Another study", "", text="poetry")]
    result = score_matrix(profs, subs, "tpms-full")
    assert result.scores[0, 0] > result.scores[0, 1]


def test_select_recent_keeps_newest_and_shuffles_ties_by_seed():
    papers = [Paper(f"p{i}", f"t{i}", year=2020 + (i % 3)) for i in range(9)] + [Paper("old", "x", year=None)]
    chosen = select_recent(papers, 4, seed=1)
    assert [p.year for p in chosen] == [2022, 2022, 2022, 2021]
    assert chosen == select_recent(papers, 4, seed=1)
    orders = {tuple(p.id for p in select_recent(papers, 3, seed=s)) for s in range(10)}
    assert len(orders) > 1  # ties really are shuffled
    assert select_recent(papers, 20, seed=0)[-1].id == "old"  # no year sorts last


def test_profile_from_bibtex(tmp_path):
    bib = tmp_path / "me.bib"
    bib.write_text(
        "@article{a, title={Neural {M}achine Translation}, author={Doe, Jane and Roe, Rick},\n"
        " year={2021}, abstract={We \\emph{translate}.}}\n"
        "@inproceedings{b, title={Older Work}, author={Jane Doe}, year=2015}\n"
    )
    profile = load_profile(bib, recent=1)
    assert profile.source == "bibtex" and profile.reviewer == "me"
    [paper] = profile.papers
    assert (paper.title, paper.abstract, paper.year) == ("Neural Machine Translation", "We translate.", 2021)
    assert paper.authors == ["Doe, Jane", "Roe, Rick"]
    assert any("most recent" in n for n in profile.notices)


def test_profile_from_semantic_scholar_and_openreview(tmp_path):
    s2 = tmp_path / "author.json"
    s2.write_text(json.dumps({"papers": [
        {"paperId": "x1", "title": "T1", "abstract": "A1", "year": 2019, "authors": [{"name": "Jane Doe"}]},
        {"paperId": "x2", "title": "", "abstract": None},
    ]}))
    profile = load_profile(s2)
    assert [p.id for p in profile.papers] == ["x1"] and profile.papers[0].authors == ["Jane Doe"]
    assert any("skipped" in n for n in profile.notices)
    orv = tmp_path / "~Jane_Doe1.jsonl"
    orv.write_text("\n".join(json.dumps(r) for r in [
        {"id": "o1", "content": {"title": "Old", "abstract": "a"}, "cdate": 1262304000000},  # 2010
        {"id": "o2", "content": {"title": {"value": "New"}, "abstract": {"value": "b"}, "year": 2023}},
    ]))
    profile = load_profile(orv)
    assert profile.reviewer == "Jane_Doe1" and [p.year for p in profile.papers] == [2023, 2010]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(InputError, match="not JSON"):
        load_profile(bad)
    with pytest.raises(InputError, match="not found"):
        load_profile(tmp_path / "nope.bib")


def test_profile_from_a_pdf_folder(tmp_path):
    folder = tmp_path / "papers"
    folder.mkdir()
    make_paper_pdf(folder / "one.pdf", title="Attention for Machine Translation", authors=["Jane Doe"],
                   abstract="We study attention in neural machine translation systems.",
                   sections=[("Introduction", ["Translation is hard. " * 5])])
    make_paper_pdf(folder / "two.pdf", title="Protein Folding in Yeast", authors=["Rick Roe"],
                   abstract="We measure protein folding rates in yeast cells.",
                   sections=[("Introduction", ["Proteins fold. " * 5])])
    profile = load_profile(folder)
    assert profile.source == "documents"
    titles = sorted(p.title for p in profile.papers)
    assert titles == ["Attention for Machine Translation", "Protein Folding in Yeast"]
    assert all("yeast" in p.abstract or "translation" in p.abstract for p in profile.papers)
    paper = load_submission(folder / "one.pdf")
    report = explain(profile, paper, "tfidf-top3")
    assert [c.kind for c in report.conflicts][:1] == ["same-paper"]
    assert report.evidence[0].title == "Attention for Machine Translation"


def test_conflicts_same_title_and_shared_author():
    prof = Profile("r", [Paper("p", "Deep Nets, Revisited!", authors=["Doe, Jane"])])
    sub = Paper("s", "deep nets revisited", authors=["J. Doe", "Someone Else"])
    kinds = sorted(c.kind for c in find_conflicts(prof, sub))
    assert kinds == ["same-paper", "shared-author"]
    assert author_key("Jane Doe") == author_key("Doe, Jane") == author_key("J. Doe") == "doe j"
    assert find_conflicts(prof, Paper("s2", "Other", authors=["John Smith"])) == []


def test_explain_gives_evidence_terms_and_an_estimate():
    report = explain(Profile("nlp", list(NLP)), MT_SUB, "fused")
    assert report.estimate is not None and 1.0 <= report.estimate <= 5.0
    assert report.evidence[0].id in {"n1", "n2"} and report.evidence[0].embed is not None
    assert "translation" in report.shared_terms and "neural" in report.shared_terms
    assert report.conflicts == []
    far = explain(Profile("bio", list(BIO)), MT_SUB, "fused")
    assert far.score < report.score and far.estimate < report.estimate


def test_expertise_estimate_is_monotone_and_bounded():
    values = expertise_estimate(np.linspace(0, 2, 50))
    assert (np.diff(values) >= 0).all() and values.min() >= 1 and values.max() <= 5


def write_track(tmp_path):
    archives = tmp_path / "archives"
    archives.mkdir()
    for name, papers in (("nlp", NLP), ("bio", BIO)):
        (archives / f"~{name}.jsonl").write_text("\n".join(
            json.dumps({"id": p.id, "content": {"title": p.title, "abstract": p.abstract, "year": p.year}})
            for p in papers))
    subs = tmp_path / "submissions.json"
    subs.write_text(json.dumps({s.id: {"id": s.id, "content": {"title": s.title, "abstract": s.abstract}}
                                for s in (MT_SUB, BIO_SUB)}))
    return archives, subs


def test_read_track(tmp_path):
    archives, subs = write_track(tmp_path)
    assert [p.reviewer for p in read_archives(archives)] == ["bio", "nlp"]
    assert [s.id for s in read_submissions(subs)] == ["s-mt", "s-bio"]
    with pytest.raises(InputError):
        read_archives(tmp_path / "missing")


def test_cli_matrix_writes_the_gold_standard_format(tmp_path, capsys):
    archives, subs = write_track(tmp_path)
    out = tmp_path / "out" / "scores.json"
    code = main(["expertise", "--matrix", "--reviewers", str(archives), "--submissions", str(subs),
                 "--out", str(out), "--scorer", "tpms"])
    assert code == 0
    scores = json.loads(out.read_text())
    assert set(scores) == {"nlp", "bio"} and set(scores["nlp"]) == {"s-mt", "s-bio"}
    assert scores["nlp"]["s-mt"] > scores["nlp"]["s-bio"]
    assert "2 reviewers x 2 submissions" in capsys.readouterr().out


def test_cli_single_paper(tmp_path, capsys):
    archives, _ = write_track(tmp_path)
    paper = tmp_path / "paper.json"
    paper.write_text(json.dumps({"id": "s", "content": {"title": MT_SUB.title, "abstract": MT_SUB.abstract}}))
    assert main(["expertise", "--profile", str(archives / "~nlp.jsonl"), "--paper", str(paper), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scorer"] == "fused" and data["reviewer"] == "nlp" and len(data["evidence"]) == 3
    assert main(["expertise", "--profile", str(archives / "~nlp.jsonl"), "--paper", str(paper)]) == 0
    text = capsys.readouterr().out
    assert "estimated expertise" in text and "shared key terms" in text


def test_cli_errors_are_one_line(tmp_path, capsys):
    assert main(["expertise", "--profile", str(tmp_path / "none.bib"), "--paper", str(tmp_path / "x.pdf")]) == 2
    assert "redraft: error: profile not found" in capsys.readouterr().err
    assert main(["expertise", "--matrix", "--reviewers", str(tmp_path)]) == 2
    assert "--matrix needs" in capsys.readouterr().err


def test_cli_eval_expertise_on_a_hand_made_track(tmp_path, capsys):
    draw = tmp_path / "d_20_1"
    draw.mkdir()
    write_track(draw)
    header = ["ParticipantID"] + [f"Paper{k}" for k in range(1, 11)] + [f"Expertise{k}" for k in range(1, 11)]
    rows = [["nlp", "s-mt", "s-bio"] + [""] * 8 + ["5.0", "1.0"] + [""] * 8,
            ["bio", "s-mt", "s-bio"] + [""] * 8 + ["2.0", "4.5"] + [""] * 8]
    tsv = tmp_path / "ratings.tsv"
    tsv.write_text("\n".join("\t".join(r) for r in [header, *rows]) + "\n")
    args = ["eval", "expertise", "--ratings", str(tsv), "--datasets", str(tmp_path), "--scorer", "tpms",
            "--bootstrap", "50", "--json"]
    assert main(args) == 0
    [result] = json.loads(capsys.readouterr().out)["results"]
    assert result["scorer"] == "tpms" and result["loss"] == 0.0 and result["easy"] == 1.0
    assert result["easy_triples"] == 2 and result["participants"] == 2
    assert result["hard_triples"] == 0 and result["hard"] is None  # NaN, written as null
    assert main(args[:-1]) == 0
    assert "tpms" in capsys.readouterr().out
    tsv.write_text("\n".join("\t".join(r) for r in [header, ["ghost", *rows[0][1:]]]) + "\n")
    assert main(args) == 2
    assert "no profile" in capsys.readouterr().err


def _textless_pdf(path):
    """A one-page PDF with a drawing and no text layer, as a scanner without OCR leaves it."""
    import pymupdf

    with pymupdf.open() as pdf:
        page = pdf.new_page()
        page.draw_rect(pymupdf.Rect(72, 72, 300, 200), color=(0, 0, 0), fill=(0.6, 0.6, 0.6))
        pdf.save(path)


def test_a_folder_skips_unreadable_papers_and_names_them(tmp_path):
    # trial22: one scanned PDF in a reviewer's folder refused all of their papers
    folder = tmp_path / "papers"
    folder.mkdir()
    make_paper_pdf(folder / "good.pdf", title="Attention for Machine Translation", authors=["Jane Doe"],
                   abstract="We study attention in neural machine translation systems.",
                   sections=[("Introduction", ["Translation is hard. " * 5])])
    _textless_pdf(folder / "scan.pdf")
    (folder / "broken.pdf").write_bytes(b"this is no PDF")
    profile = load_profile(folder)
    assert [p.title for p in profile.papers] == ["Attention for Machine Translation"]
    skipped = [n for n in profile.notices if n.startswith("skipped")]
    assert len(skipped) == 2 and "broken.pdf" in skipped[0] and "scan.pdf: has no text layer" in skipped[1]
    assert any(n.startswith("only 1 paper:") for n in profile.notices)
    (folder / "good.pdf").unlink()
    with pytest.raises(InputError, match=r"papers: none of its 2 file\(s\) could be read"):
        load_profile(folder)


def test_short_and_title_only_profiles_say_why_they_read_low(tmp_path):
    bib = tmp_path / "short.bib"
    bib.write_text("@article{a, title={Neural Machine Translation}, year=2021, abstract={We translate text.}}\n"
                   "@article{b, title={Rare Words in Translation}, year=2020}\n")
    notices = load_profile(bib).notices
    assert "1 of 2 profile paper(s) without an abstract (title only)" in notices[0]
    assert notices[1].startswith("only 2 papers: the score adds the best three")
    three = tmp_path / "three.bib"
    three.write_text("".join(f"@article{{k{i}, title={{Paper {i} on translation}}, year=202{i}, abstract={{Text {i}.}}}}\n"
                             for i in range(3)))
    assert load_profile(three).notices == []


def test_cli_ranks_several_reviewers_of_one_paper(tmp_path, capsys):
    archives, _ = write_track(tmp_path)
    paper = tmp_path / "paper.json"
    paper.write_text(json.dumps({"id": "s", "content": {"title": BIO_SUB.title, "abstract": BIO_SUB.abstract}}))
    args = ["expertise", "--profile", str(archives / "~nlp.jsonl"), "--profile", str(archives / "~bio.jsonl"),
            "--paper", str(paper), "--scorer", "tfidf-top3"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    table = out.split("\n\n")[0].splitlines()
    assert table[0].split() == ["reviewer", "score", "estimate", "papers", "conflicts"]
    assert [row.split()[0] for row in table[1:]] == ["bio", "nlp"]  # the biology paper: its reviewer first
    assert [row.split()[3] for row in table[1:]] == ["2", "3"]
    assert "redraft: note: bio: only 2 papers" in err and "nlp:" not in err
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["reviewer"] for r in data] == ["bio", "nlp"] and data[0]["score"] > data[1]["score"]
    copy = tmp_path / "other" / "~nlp.jsonl"
    copy.parent.mkdir()
    copy.write_text((archives / "~nlp.jsonl").read_text())
    assert main(["expertise", "--profile", str(archives / "~nlp.jsonl"), "--profile", str(copy),
                 "--paper", str(paper), "--scorer", "tfidf-top3"]) == 2
    assert "same reviewer name (nlp)" in capsys.readouterr().err


def test_the_table_exports_as_csv(tmp_path, capsys):
    import csv

    from engine.expertise.export import CSV_COLUMNS, write_expertise_csv

    archives, _ = write_track(tmp_path)
    paper = tmp_path / "paper.json"
    paper.write_text(json.dumps({"id": "s", "content": {"title": BIO_SUB.title, "abstract": BIO_SUB.abstract}}))
    out = tmp_path / "table.csv"
    assert main(["expertise", "--profile", str(archives / "~nlp.jsonl"), "--profile", str(archives / "~bio.jsonl"),
                 "--paper", str(paper), "--scorer", "tfidf-top3", "--csv", str(out)]) == 0
    assert f"redraft: wrote {out}" in capsys.readouterr().err
    with out.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r[0], r[5]) for r in rows[1:]] == [("bio", "2"), ("nlp", "3")]
    assert float(rows[1][3]) > float(rows[2][3]) and rows[1][4] == ""  # tfidf-top3 gives no 1-5 estimate
    assert set(rows[1][9].split(" | ")) == {f"{p.title} ({p.year})" for p in BIO}  # the closest papers, with years
    assert "yeast" in rows[1][8].split(", ") and rows[1][10].startswith("only 2 papers")
    report = explain(Profile("nlp", list(NLP)), MT_SUB, "tfidf-top3")
    for bad, message in ((tmp_path / "t.xlsx", "written as .csv"), (tmp_path / "no" / "t.csv", "no such folder")):
        with pytest.raises(InputError, match=message):
            write_expertise_csv([report], bad)
        assert not bad.exists()
    with pytest.raises(InputError, match="score the reviewers first"):
        write_expertise_csv([], tmp_path / "empty.csv")
    assert main(["expertise", "--matrix", "--csv", str(out)]) == 2
    assert "--csv is for --profile" in capsys.readouterr().err


def _stamped(path, stamp: str | None, created: str):
    """A paper PDF whose first page carries ``stamp`` in the left margin (turned, as arXiv sets its identifier)
    and whose metadata says it was created on ``created`` (PDF date string)."""
    import pymupdf

    make_paper_pdf(path, title="Protein Folding in Yeast", authors=["Rick Roe"],
                   abstract="We measure protein folding rates in yeast cells.",
                   sections=[("Introduction", ["Proteins fold. " * 5])])
    with pymupdf.open(path) as pdf:
        if stamp:
            pdf[0].insert_text((20, 500), stamp, fontsize=9, rotate=90)
        pdf.set_metadata({**pdf.metadata, "creationDate": created})
        pdf.save(path.with_suffix(".tmp.pdf"))
    path.with_suffix(".tmp.pdf").replace(path)


@pytest.mark.parametrize(("stamp", "year"), [
    ("arXiv:1905.01234v2 [cs.CL] 3 May 2019", 2019),   # new-style identifier, YYMM
    ("arXiv:hep-th/9711200v3 22 Jan 1998", 1997),      # old style: the first submission's year
    ("© 2016 Elsevier B.V. All rights reserved.", 2016),
    ("Copyright 2012 by the author(s).", 2012),
    ("Published online: 12 March 2018", 2018),
    (None, 2026),                                      # nothing on the page: the file's creation date
])
def test_a_pdfs_year_is_the_one_its_first_page_states(tmp_path, stamp, year):
    # trial22: a manuscript compiled this year read as this year's paper (the year came from the creation date)
    from engine.expertise.profile import read_document

    path = tmp_path / "paper.pdf"
    _stamped(path, stamp, "D:20261101120000Z")
    assert read_document(path).year == year
