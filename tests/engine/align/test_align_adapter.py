"""The learned similarity over frozen encoder vectors (session 23: ``engine.align.adapter``) and its measurement
(``bench.measure_adapter``): synthetic vectors and built revisions only."""

from __future__ import annotations

import numpy as np
import pytest

import engine.align.learn as learn
from engine.align.adapter import (Block, Diagonal, Projection, contrastive, diagonal_inputs, fit_diagonal,
                                  fit_projection, initial_projection, untuned_best)


def _unit(rng, n: int, dim: int) -> np.ndarray:
    v = rng.normal(size=(n, dim))
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _planted(seed: int = 0, comments: int = 30, per: int = 6, dim: int = 24):
    """Comments whose gold edit has one sentence sharing a hidden direction with them (the rest noise), the other
    edits random sentences: a projection onto that direction separates them, the untuned cosine barely."""
    rng = np.random.default_rng(seed)
    noise = _unit(rng, comments * per * 3 + comments, dim) * 3.0
    hidden = rng.normal(size=(comments, 2))
    rows, comment, owner, starts, sentences, label = [], [], [], [0], [], []
    for c in range(comments):
        cv = noise[len(rows)].copy()
        cv[:2] += 2.0 * hidden[c]
        rows.append(cv)
        crow = len(rows) - 1
        for j in range(per):
            for k in range(1 + j % 3):
                sv = noise[len(rows)].copy()
                if j == 0 and k == 0:
                    sv[:2] += 2.0 * hidden[c]
                rows.append(sv)
                sentences.append(len(rows) - 1)
            comment.append(crow), owner.append(c), starts.append(len(sentences)), label.append(j == 0)
    v = np.array(rows)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v.astype(np.float32), Block(np.array(comment), np.array(owner), np.array(starts), np.array(sentences),
                                       np.array(label))


def _hit1(scores: np.ndarray, block: Block) -> float:
    hits = [block.label[block.owner == c][np.argmax(scores[block.owner == c])] for c in np.unique(block.owner)]
    return float(np.mean(hits))


def test_the_contrastive_gradient_is_the_loss_s_derivative() -> None:
    v, block = _planted(comments=5, per=4, dim=8)
    rows = np.unique(np.concatenate([block.comment, block.sentences]))
    p = initial_projection(v, rows, 3) + 0.2 * np.random.default_rng(1).normal(size=(8, 3))
    loss, grad = contrastive(p, v, block, rows, 5.0)
    num = np.zeros_like(p)
    for i, j in np.ndindex(*p.shape):
        up, down = p.copy(), p.copy()
        up[i, j] += 1e-6
        down[i, j] -= 1e-6
        num[i, j] = (contrastive(up, v, block, rows, 5.0)[0] - contrastive(down, v, block, rows, 5.0)[0]) / 2e-6
    assert loss > 0 and np.abs(num - grad).max() < 1e-6 * max(1.0, np.abs(grad).max())


def test_a_fitted_projection_finds_the_planted_direction_and_ranks_gold_edits_first() -> None:
    v, block = _planted()
    rows = np.unique(np.concatenate([block.comment, block.sentences]))
    start = Projection(initial_projection(v, rows, 4).astype(np.float32))
    fitted = fit_projection(v, block, k=4, lr=0.01, steps=150)
    assert contrastive(fitted.matrix.astype(np.float64), v, block, rows, 20.0)[0] < \
        contrastive(start.matrix.astype(np.float64), v, block, rows, 20.0)[0]
    assert _hit1(fitted.scores(v, block), block) > _hit1(start.scores(v, block), block)
    assert _hit1(fitted.scores(v, block), block) >= 0.9
    # deterministic: no seed, the same fit twice
    assert np.array_equal(fitted.matrix, fit_projection(v, block, k=4, lr=0.01, steps=150).matrix)


def test_a_projection_scores_an_edit_by_its_best_sentence_and_the_first_on_a_tie() -> None:
    v = np.eye(4, dtype=np.float32)
    v = np.vstack([v, v[1]])  # row 4 equals row 1
    block = Block(np.array([0, 0]), np.array([0, 0]), np.array([0, 3, 4]), np.array([2, 1, 0, 3]),
                  np.array([True, False]))
    assert Projection(np.eye(4, dtype=np.float32)).scores(v, block).tolist() == [1.0, 0.0]
    for sentences in ([4, 1], [1, 4], [3, 2]):  # equal sentences, or both orthogonal to the comment: the first
        comment = 1 if 1 in sentences else 0
        tie = Block(np.array([comment]), np.array([0]), np.array([0, 2]), np.array(sentences), np.array([True]))
        assert untuned_best(v, tie).tolist() == [sentences[0]]
    best = Block(np.array([1]), np.array([0]), np.array([0, 2]), np.array([3, 4]), np.array([True]))
    assert untuned_best(v, best).tolist() == [4]


def test_the_diagonal_model_scores_as_scikit_learn_and_learns_the_planted_dimensions() -> None:
    v, block = _planted(dim=16)
    model = fit_diagonal(v, block, c=1.0)
    from sklearn.linear_model import LogisticRegression

    x = diagonal_inputs(v, block)
    lr = LogisticRegression(C=1.0, max_iter=2000, random_state=0).fit((x - model.mean) / model.scale,
                                                                      block.label.astype(int))
    assert np.allclose(model.scores(v, block), lr.decision_function((x - model.mean) / model.scale), atol=1e-5)
    assert isinstance(model, Diagonal) and np.argsort(-model.coef)[:2].tolist() in ([0, 1], [1, 0])


def test_nested_folds_over_one_feature_set_are_leave_papers_out() -> None:
    """With every block reading the same pairs, the nested folds are ``learn.leave_papers_out``'s models; with
    blocks reading other pairs, each outer fold scores and fits on its own block's set only."""
    from bench.measure_adapter import nested_folds
    from tests.engine.align.test_align_answered import _paper

    papers = [_paper(f"p{k}", k) for k in range(5)]
    block = [0, 1, 0, 1, 1]
    got = nested_folds({0: papers, 1: papers}, block, learn.C)
    want = learn.leave_papers_out(papers)
    assert [m.to_dict() for _, m, _, _ in got] == [m.to_dict() for _, m, _ in want]
    assert [a.to_dict() for _, _, a, _ in got] == [a.to_dict() for _, _, a in want]
    other = [_paper(f"p{k}", k + 10) for k in range(5)]
    mixed = nested_folds({0: papers, 1: other}, block, learn.C)
    assert all(pp is (papers if b == 0 else other)[k] for k, ((pp, *_), b) in enumerate(zip(mixed, block)))
    assert [m.to_dict() for _, m, _, _ in mixed][1] == learn.leave_papers_out(other)[1][1].to_dict()


def test_the_adapt_columns_sit_inside_the_first_stage_with_their_rank() -> None:
    from bench.measure_adapter import ADAPT, adapt_features, with_adapt
    from engine.align.learned import FEATURES, inverse_rank
    from tests.engine.align.test_align_answered import _paper

    pp = _paper("p0", 0)
    pp.mask[1, :] = False
    n = int(pp.mask.sum())
    got = with_adapt(pp, None, np.arange(n, dtype=np.float32) + 1)
    assert got.x.shape[-1] == len(FEATURES) + 2 and np.array_equal(got.x[..., :-2], pp.x)
    assert (got.x[~pp.mask][:, -2:] == 0).all() and np.array_equal(got.x[..., -1], inverse_rank(got.x[..., -2],
                                                                                                pp.mask))
    other = _paper("p1", 1)
    with adapt_features():
        assert learn.FEATURES == FEATURES + ADAPT
        model = learn.fit_weights([got, with_adapt(other, None, np.ones(int(other.mask.sum()), np.float32))])
        assert model.features == FEATURES + ADAPT and len(model.coef) == len(FEATURES) + 2
    assert learn.FEATURES == FEATURES


def test_the_measuring_script_refuses_a_missing_file_in_one_line(tmp_path, capsys) -> None:
    from bench.measure_adapter import main

    assert main([str(tmp_path / "none.pkl"), str(tmp_path / "none.npz")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("k", [2, 3])
def test_the_starting_projection_is_the_leading_singular_directions(k: int) -> None:
    v = _unit(np.random.default_rng(3), 40, 6)
    p = initial_projection(v, np.arange(40), k)
    _, _, vt = np.linalg.svd(v.astype(np.float64), full_matrices=False)
    assert np.allclose(np.abs(p.T @ vt[:k].T), np.eye(k), atol=1e-8)
    assert (p[np.argmax(np.abs(p), axis=0), np.arange(k)] > 0).all()


def test_each_similarity_alone_is_ranked_from_the_kept_vectors_and_adapters(tmp_path) -> None:
    """``bench.measure_adapter --rank-alone``: the comments' texts read through the vectors file, each paper scored
    by its block's adapter (a projection that is the identity scores as the untuned cosine)."""
    import pickle

    from bench.adapter_vectors import all_texts
    from bench.measure_adapter import BLOCKS, paper_blocks, rank_alone
    from engine.align.tuned import sentence_key
    from tests.engine.align.test_align_answered import _paper

    papers = [_paper(f"p{k}", k) for k in range(3)]
    texts = all_texts(papers)
    vectors = _unit(np.random.default_rng(0), len(texts), 8).astype(np.float32)
    np.savez(tmp_path / "v.npz", keys=np.array([sentence_key(t) for t in texts]), vectors=vectors)
    assert all(len(b.comment) == int(pp.mask.sum()) for b, pp in zip(paper_blocks(papers, np.load(tmp_path / "v.npz")
                                                                                 ["keys"]), papers))
    identity = {(b,): Projection(np.eye(8, dtype=np.float32)) for b in range(BLOCKS)}
    (tmp_path / "adapters-A1.pkl").write_bytes(pickle.dumps(identity))
    got = rank_alone(papers, tmp_path / "v.npz", tmp_path)
    assert set(got) == {"untuned", "tuned", "A1"} and got["A1"] == got["untuned"]
    assert 0 <= got["tuned"] <= 100
