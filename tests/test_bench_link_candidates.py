"""Session 31's link-recall candidates (bench.link_candidates), on hand-made rows."""

from __future__ import annotations

import numpy as np

from bench.link_candidates import Paper, apply, changeable, choose, next_to, row_links, shown_at, weaker_links


def paper(score, gold=None, sections=None, positions=None, cap=5, mask=None) -> Paper:
    score = np.asarray(score, float)
    n = score.shape[1]
    near, same = next_to(sections or ["Zorb"] * n, positions or list(range(n)))
    return Paper(score, np.ones(score.shape, bool) if mask is None else np.asarray(mask, bool),
                 np.zeros(score.shape, bool) if gold is None else np.asarray(gold, bool), near, same, cap)


def test_next_to_needs_one_section_and_one_unit():
    near, same = next_to(["A", "A", "B", "A"], [0, 1, 2, 4])
    assert near[0, 1] and near[1, 0]
    assert not near[1, 2]  # another section
    assert not near[1, 3]  # three units apart (an unchanged unit between)
    assert same[0, 3] and not same[0, 2]


def test_shown_at_keeps_the_cap_in_decide_order():
    got = shown_at(np.array([[1.5, 0.2, 1.1, 1.0, 3.0]]), 1.0, 2)
    assert got.tolist() == [[True, False, False, False, True]]


def test_n1_takes_a_shown_links_neighbours_only():
    p = paper([[0.1, 0.6, 2.0, 0.7, 0.65]])
    assert row_links(p, 0, "N1", 0.5).tolist() == [False, True, True, True, False]
    assert row_links(p, 0, "N1", 0.68).tolist() == [False, False, True, True, False]
    # a run goes on through each unit it takes
    assert row_links(p, 0, "N3", 0.5).tolist() == [False, True, True, True, True]
    assert row_links(p, 0, "N3", 0.68).tolist() == [False, False, True, True, False]


def test_neighbours_need_a_shown_link_room_and_the_first_stage():
    assert not row_links(paper([[0.9, 0.8]]), 0, "N1", 0.1).any()  # no link shown: nothing
    full = paper([[2.0, 0.9, 1.5]], cap=2)
    assert row_links(full, 0, "N3", 0.1).tolist() == [True, False, True]  # the cap is full
    outside = paper([[2.0, 0.9]], mask=[[True, False]])
    assert row_links(outside, 0, "N1", 0.1).tolist() == [True, False]
    # added links come after the row's own, in document order, within the cap
    p = paper([[0.8, 0.9, 2.0, 0.95]], cap=2)
    assert row_links(p, 0, "N1", 0.5).tolist() == [False, True, True, False]


def test_c_drops_an_edits_weaker_second_link():
    score = np.array([[3.0, 1.2, 0.0],   # comment 0: best e0, second e1
                      [0.0, 2.5, 1.1]])  # comment 1 holds e1 more strongly
    p = paper(score)
    assert weaker_links(score, p.base).tolist() == [[False, True, False], [False, False, False]]
    assert row_links(p, 0, "C", 1.3).tolist() == [True, False, False]
    assert row_links(p, 0, "C", 1.2).tolist() == [True, True, False]
    assert changeable(p, 0, "C", 1.0, 2.0).tolist() == [1.2]
    # the best link of a comment never moves
    assert row_links(p, 1, "C", 9.0).tolist() == [False, True, True]


def test_choose_finds_the_cut_at_the_best_f1_and_keeps_1_on_ties():
    score = [[2.0, 0.8, 0.4, 0.1]]
    right = paper(score, gold=[[True, True, False, False]])
    assert choose([right], "N1") == 0.8
    wrong = paper(score, gold=[[True, False, False, False]])
    assert choose([wrong], "N1") == 1.0  # adding only costs: nothing changes
    run = paper(score, gold=[[True, True, True, False]])
    assert choose([run], "N3") == 0.4 and choose([run], "N1") == 0.8


def test_apply_matches_each_row():
    p = paper([[2.0, 0.9, 0.0], [0.0, 0.0, 0.0]])
    got = apply(p, "N1", 0.5)
    assert got.tolist() == [[True, True, False], [False, False, False]]
    assert apply(p, "N1", 0.5, 1 + 1e-6).tolist() == got.tolist()


def test_the_bench_refuses_a_missing_folds_file_in_one_line(tmp_path, capsys):
    from bench.measure_link_recall import main

    assert main(["measure", str(tmp_path / "none.pkl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such file" in err
