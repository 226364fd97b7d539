"""Expertise speed: a whole track on CPU, and the encoder's throughput.

1. Area-chair matrix: 500 reviewers × 20 profile papers × 1,000 submissions
   with the fused scorer (TF-IDF + embeddings, top-3). Texts are synthetic
   abstracts (Zipf-distributed random letter words, 5,000 of them); their
   embeddings are random unit vectors written into the embedding cache
   beforehand, so the run measures the real path (cache lookup, TF-IDF, the
   similarity products, the vectorised per-reviewer top-3) but no encoding.
   Target: < 60 s. The other scorers are timed on the same track.
2. MiniLM throughput on CPU: real titles + abstracts from the gold-standard
   data (or synthetic ones without it), empty cache, texts per second.

    .venv/bin/python -m bench.bench_expertise [--data ../shared/data] [--reviewers 500] [--submissions 1000]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.shared_data import shared_data_folder



def synthetic_track(n_reviewers: int, n_papers: int, n_subs: int, seed: int = 0):
    from engine.expertise.profile import Paper, Profile

    rng = np.random.default_rng(seed)
    letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
    vocab = sorted({"".join(rng.choice(letters, size=int(rng.integers(4, 11)))) for _ in range(5200)})[:5000]
    weights = 1.0 / np.arange(1, len(vocab) + 1)
    weights /= weights.sum()

    def paper(pid: str, topic: np.ndarray) -> Paper:
        words = rng.choice(vocab, size=int(rng.integers(120, 200)), p=topic)
        return Paper(pid, " ".join(words[:10]), " ".join(words[10:]), int(rng.integers(2010, 2024)))

    def topic() -> np.ndarray:
        t = weights * rng.gamma(0.3, size=len(vocab))
        return t / t.sum()

    profiles = []
    for r in range(n_reviewers):
        t = topic()
        profiles.append(Profile(f"r{r}", [paper(f"r{r}p{k}", t) for k in range(n_papers)]))
    submissions = [paper(f"s{s}", topic()) for s in range(n_subs)]
    return profiles, submissions


def bench_matrix(args: argparse.Namespace) -> None:
    from engine.expertise.matrix import score_matrix
    from engine.models.encoders.embed_cache import EmbeddingCache
    from engine.models.embedded import encoder_path
    from engine.models.encoders.encoder import open_encoder

    t0 = time.perf_counter()
    profiles, submissions = synthetic_track(args.reviewers, args.papers, args.submissions)
    texts = [p.title_abstract() for prof in profiles for p in prof.papers] + [s.title_abstract() for s in submissions]
    print(f"track: {args.reviewers} reviewers x {args.papers} papers, {args.submissions} submissions "
          f"({len(texts)} texts, built in {time.perf_counter() - t0:.1f} s)")
    cache = EmbeddingCache()
    encoder = open_encoder(encoder_path(), name="all-MiniLM-L6-v2", cache=cache)
    t0 = time.perf_counter()
    key = encoder.model_key
    vectors = np.random.default_rng(1).standard_normal((len(texts), encoder.dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    cache.put_many(key, texts, vectors)
    print(f"cache filled with random unit vectors in {time.perf_counter() - t0:.1f} s (model key hashed once)")
    for scorer in args.scorer:
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        result = score_matrix(profiles, submissions, scorer, encoder)
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        assert result.scores.shape == (args.reviewers, args.submissions)
        verdict = "" if scorer != "fused" else ("  (target < 60 s: " + ("met" if wall < 60 else "MISSED") + ")")
        print(f"  {scorer:<11} {wall:6.1f} s wall, {cpu:6.1f} s CPU{verdict}")
    t0 = time.perf_counter()
    out = Path(tempfile.mkdtemp()) / "scores.json"
    out.write_text(json.dumps(result.to_dict()))
    print(f"  writing the {args.reviewers}x{args.submissions} JSON: {time.perf_counter() - t0:.1f} s, "
          f"{out.stat().st_size / 1e6:.1f} MB")


def bench_throughput(args: argparse.Namespace) -> None:
    from engine.models.embedded import encoder_path
    from engine.models.encoders.encoder import open_encoder

    subs = args.data / "expertise" / "d_20_1" / "submissions.json"
    if subs.is_file():
        from engine.expertise.matrix import read_submissions

        texts = [p.title_abstract() for p in read_submissions(subs)][: args.texts]
        source = "gold-standard titles + abstracts"
    else:
        _, papers = synthetic_track(1, 1, args.texts)
        texts, source = [p.title_abstract() for p in papers], "synthetic abstracts"
    encoder = open_encoder(encoder_path(), name="all-MiniLM-L6-v2", cache=None)
    t0 = time.perf_counter()
    encoder.load()
    load = time.perf_counter() - t0
    t0 = time.perf_counter()
    encoder.encode(texts, batch_size=32)
    wall = time.perf_counter() - t0
    words = np.mean([len(t.split()) for t in texts])
    print(f"MiniLM on CPU ({os.cpu_count()} cores, {source}, {len(texts)} texts, {words:.0f} words each, "
          f"256-token cap): load {load:.1f} s, {len(texts) / wall:.1f} texts/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=shared_data_folder())
    parser.add_argument("--reviewers", type=int, default=500)
    parser.add_argument("--papers", type=int, default=20)
    parser.add_argument("--submissions", type=int, default=1000)
    parser.add_argument("--texts", type=int, default=256, help="texts for the throughput figure")
    parser.add_argument("--scorer", action="append", help="scorers to time (default: fused, tpms, tfidf-top3, embed-top3)")
    args = parser.parse_args()
    args.scorer = args.scorer or ["fused", "tpms", "tfidf-top3", "embed-top3"]
    with tempfile.TemporaryDirectory() as home:
        os.environ["REDRAFT_HOME"] = home
        bench_matrix(args)
        bench_throughput(args)


if __name__ == "__main__":
    main()
