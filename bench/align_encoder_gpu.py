"""The comment↔edit encoder's fine-tunings on a lent GPU machine: out-of-fold cosines of the training part (issue 32).

    # here: python -m bench.align_encoder_gpu_prep FOLDER, then on the GPU machine (torch, transformers,
    # safetensors; nothing of the engine is imported, so the file travels alone beside FOLDER):
    python3 align_encoder_gpu.py FOLDER OUT [--variants plain section] [--epochs 3] [--steps N] [--folds 0 1 ...]

The recipe, fixed before any result was seen: all-MiniLM-L6-v2 (mean pooling, normalised), word/position/type
embeddings frozen, its six layers tuned with AdamW (lr 2e-5, weight decay 0.01, 10 % warm-up then linear decay),
3 epochs, seed 0, batches of 16 answered comments. A comment scores an edit as the aligner's cosine does: the
best cosine over the sentences the edit wrote. The loss is the multi-positive contrastive (in-batch + hard
negative, as MultipleNegativesRanking, scale 20) cross-entropy of each comment over the batch's edits: its gold
edits against its hard negatives (up to 7 first-stage edits that are not gold, drawn each epoch) and every
other comment's edits. Once per fold of ``data.json`` (papers; the model never sees the fold it scores) and once
on all papers.

Writes to OUT: ``oof.npz`` (per variant and paper, ``VARIANT|PAPER``: comments × edits out-of-fold sentence-max
cosines; ``base|PAPER``: the untuned model's, float32 on the GPU), ``VARIANT_layers_a.safetensors`` and
``_b`` (the all-papers model's six layers, float16, three per file: non-embedding tensors only),
``oof_sentences.npz`` (per variant and paper: ``VARIANT|PAPER`` comments × the paper's distinct edit sentences,
out of fold, and ``VARIANT|PAPER|ids`` their text ids in ``data.json``'s numbering, so that an edit whose
sentences were all scored keeps its out-of-fold cosine when the diff moves), ``log.json`` (losses, times) and, when
the prep wrote the drafts' paragraphs (``place``, session 31), ``oof_place.npz``: per variant and paper
(``VARIANT|PAPER``) the paper's comments (``data.json``'s order) × its draft's candidate paragraphs (``place``'s
order), each the best cosine of the comment with the paragraph's texts as placement reads them at run time
(``rerank.tuned_cosines``), from the fold model that never saw the paper's repository (``bench.place_oof`` reads it),
and ``base|PAPER``, the untuned model's (``bench.place_oof --check`` compares them with the engine's at run time).
``--no-full`` skips the all-papers model (the refold's is shipped already); ``--papers``, ``--folds`` and
``--steps`` make a test run small.
"""
import argparse, copy, json, sys, time
from pathlib import Path

import numpy as np

T0 = time.time()
LR, EPOCHS, BATCH, HARD, SCALE, SEED = 2e-5, 3, 16, 7, 20.0, 0


def log(*a):
    print(f"{time.time() - T0:6.1f}s", *a, flush=True)


def paragraph_max(sims, paragraphs, column):
    """comments × paragraphs: each paragraph's best cosine over its texts (``sims``: comments × distinct texts,
    ``column``: a text's number → its column), 0 for a paragraph without a text, as ``rerank.tuned_cosines``."""
    out = np.zeros((sims.shape[0], len(paragraphs)), dtype=np.float32)
    for j, texts in enumerate(paragraphs):
        if texts:
            out[:, j] = sims[:, [column[t] for t in texts]].max(axis=1)
    return out


def main(argv=None):
    import torch
    from safetensors.torch import load_file, save_file
    from transformers import BertConfig, BertModel

    ap = argparse.ArgumentParser()
    ap.add_argument("here"), ap.add_argument("out")
    ap.add_argument("--variants", nargs="+", default=["section", "plain"])
    ap.add_argument("--epochs", type=int, default=EPOCHS)
    ap.add_argument("--steps", type=int, default=0, help="stop each training after this many steps (a test)")
    ap.add_argument("--folds", type=int, nargs="*", default=None)
    ap.add_argument("--no-full", action="store_true", help="skip the all-papers model")
    ap.add_argument("--papers", type=int, default=0, help="only the first N papers (a test)")
    args = ap.parse_args(argv)
    here, out = Path(args.here), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    torch.backends.cuda.matmul.allow_tf32 = False
    cfg = BertConfig(**json.loads((here / "config.json").read_text()))
    cfg._attn_implementation = "eager"
    base = BertModel(cfg, add_pooling_layer=False)
    sd = {k: v.float() for k, v in load_file(str(here / "weights.safetensors")).items()
          if not k.startswith("pooler") and k != "embeddings.position_ids"}
    log("load", base.load_state_dict(sd, strict=False), dev, torch.cuda.get_device_name() if dev == "cuda" else "")
    base.eval()
    tok = np.load(here / "tokens.npz")
    ids = np.split(tok["flat"].astype(np.int64), np.cumsum(tok["lens"])[:-1])
    data = json.loads((here / "data.json").read_text())
    papers = data["papers"][:args.papers or None]
    report = {"recipe": dict(lr=LR, epochs=args.epochs, batch=BATCH, hard=HARD, scale=SCALE, seed=SEED),
              "device": torch.cuda.get_device_name() if dev == "cuda" else "cpu", "runs": []}

    def encode(model, text_ids, grad=False):
        """Mean-pooled, normalised vectors of the texts ``text_ids``, in batches of similar length."""
        order = sorted(range(len(text_ids)), key=lambda k: len(ids[text_ids[k]]))
        vecs = [None] * len(text_ids)
        with torch.set_grad_enabled(grad):
            for b in range(0, len(order), 128):
                rows = order[b:b + 128]
                n = max(len(ids[text_ids[k]]) for k in rows)
                x = torch.zeros(len(rows), n, dtype=torch.long)
                m = torch.zeros(len(rows), n)
                for r, k in enumerate(rows):
                    t = ids[text_ids[k]]
                    x[r, :len(t)], m[r, :len(t)] = torch.from_numpy(t), 1
                x, m = x.to(dev), m.to(dev)
                h = model(input_ids=x, attention_mask=m, token_type_ids=torch.zeros_like(x)).last_hidden_state
                v = (h * m[..., None]).sum(1) / m.sum(1, keepdim=True).clamp(min=1e-9)
                v = torch.nn.functional.normalize(v, dim=-1)
                for r, k in enumerate(rows):
                    vecs[k] = v[r]
        return torch.stack(vecs)

    def edit_scores(model, comments, edits):
        """comments × edits: the best cosine over each edit's sentences (0 for an edit without any)."""
        sents = sorted({s for e in edits for s in e})
        where = {s: k for k, s in enumerate(sents)}
        c = encode(model, comments, grad=model.training)
        s = encode(model, sents, grad=model.training) if sents else None
        sims = c @ s.T if s is not None else None
        cols = []
        for e in edits:
            cols.append(sims[:, [where[t] for t in e]].max(dim=1).values if e
                        else torch.zeros(len(comments), device=dev))
        return torch.stack(cols, dim=1)

    def train(train_papers, variant):
        torch.manual_seed(SEED)
        rng = np.random.default_rng(SEED)
        model = copy.deepcopy(base).to(dev)
        for p in model.embeddings.parameters():
            p.requires_grad_(False)
        items = [(p, i) for p in train_papers for i, g in enumerate(p["gold"]) if g]
        per_epoch = (len(items) + BATCH - 1) // BATCH
        steps = args.epochs * per_epoch
        if args.steps:
            steps = min(steps, args.steps)
        if not steps:
            raise SystemExit("no answered comment to train on")
        opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=LR, weight_decay=0.01)
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda s: min(1.0, (s + 1) / max(1.0, 0.1 * steps)) * max(0.0, 1 - s / steps))
        model.train()
        step, losses = 0, []
        for _ in range(args.epochs):
            order = rng.permutation(len(items))
            for b in range(0, len(order), BATCH):
                if step >= steps:
                    break
                batch = [items[k] for k in order[b:b + BATCH]]
                keys, edits = {}, []
                for p, i in batch:
                    hard = p["hard"][i]
                    hard = list(rng.choice(hard, size=min(HARD, len(hard)), replace=False)) if hard else []
                    for j in list(p["gold"][i]) + hard:
                        if (p["id"], int(j)) not in keys:
                            keys[(p["id"], int(j))] = len(edits)
                            edits.append(p["edits"][variant][int(j)])
                scores = SCALE * edit_scores(model, [p["comments"][i] for p, i in batch], edits)
                pos = torch.zeros_like(scores, dtype=torch.bool)
                for r, (p, i) in enumerate(batch):
                    for j in p["gold"][i]:
                        pos[r, keys[(p["id"], int(j))]] = True
                loss = (torch.logsumexp(scores, 1) - torch.logsumexp(scores.masked_fill(~pos, -1e4), 1)).mean()
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
                losses.append(float(loss.detach()))
                step += 1
        model.eval()
        return model, losses

    def score_papers(model, held, variant, tag, store, sentences=None, place=None):
        with torch.no_grad():
            for p in held:
                m = edit_scores(model, p["comments"], p["edits"][variant])
                store[f"{tag}|{p['id']}"] = m.float().cpu().numpy()
                if place is not None and "place" in p:  # the draft's paragraphs, as placement reads them
                    texts = sorted({t for para in p["place"]["paragraphs"] for t in para})
                    sims = ((encode(model, p["comments"]) @ encode(model, texts).T).float().cpu().numpy()
                            if texts else np.zeros((len(p["comments"]), 0), np.float32))
                    place[f"{tag}|{p['id']}"] = paragraph_max(sims, p["place"]["paragraphs"],
                                                              {t: k for k, t in enumerate(texts)})
                if sentences is not None:  # comments × each distinct sentence, so a moved diff can be matched later
                    sents = sorted({s for e in p["edits"][variant] for s in e})
                    sentences[f"{tag}|{p['id']}|ids"] = np.array(sents, dtype=np.int64)
                    sentences[f"{tag}|{p['id']}"] = (
                        (encode(model, p["comments"]) @ encode(model, sents).T).float().cpu().numpy()
                        if sents else np.zeros((len(p["comments"]), 0), np.float32))

    store, sentences, place = {}, {}, {}
    score_papers(base.to(dev), papers, "plain", "base", store, place=place)  # base|PAPER: checked against run time
    folds = args.folds if args.folds is not None else list(range(data["folds"]))
    for variant in args.variants:
        for k in folds:
            model, losses = train([p for p in papers if p["fold"] != k], variant)
            trained = time.time()
            score_papers(model, [p for p in papers if p["fold"] == k], variant, variant, store, sentences, place)
            report["runs"].append({"variant": variant, "fold": k, "steps": len(losses), "loss_first": losses[:3],
                                   "loss_last": losses[-3:], "score_s": round(time.time() - trained, 1),
                                   "t": round(time.time() - T0, 1)})
            log(variant, "fold", k, "steps", len(losses), "loss", losses[:1], "->", losses[-1:])
            np.savez_compressed(out / "oof.npz", **store)
            np.savez_compressed(out / "oof_sentences.npz", **sentences)
            if place:
                np.savez_compressed(out / "oof_place.npz", **place)
        if not args.no_full:
            model, losses = train(papers, variant)
            report["runs"].append({"variant": variant, "fold": "all", "steps": len(losses), "loss_last": losses[-3:],
                                   "t": round(time.time() - T0, 1)})
            state = {k: v.detach().half().cpu().contiguous() for k, v in model.state_dict().items()
                     if k.startswith("encoder.")}
            for half, layers in (("a", "012"), ("b", "345")):
                save_file({k: v for k, v in state.items() if k.split(".")[2] in layers},
                          str(out / f"{variant}_layers_{half}.safetensors"))
            log(variant, "all papers", len(losses), "steps; loss", losses[-1:])
    report["seconds"] = round(time.time() - T0, 1)
    (out / "log.json").write_text(json.dumps(report, indent=1))
    log("end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
