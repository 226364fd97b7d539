"""The comment encoder's five fold fine-tunings on a lent GPU machine: out-of-fold logits for DISAPERE train.

    # here: python -m bench.crossfit_encoder_gpu_prep ../shared/data/disapere/train.jsonl FOLDER (an ignored folder
    # of the checkout that travels), then on the GPU machine, from the repository root:
    python3 -m bench.crossfit_encoder_gpu FOLDER OUT [base] [bal1] [e3] [ctx2]
    # and here again: python -m bench.score_encoder_oof OUT/oof_base.npz

The shipped recipe of ``bench.train_comment_encoder`` (six layers, 2 epochs, lr 5e-5, batch 32, seed 0; variants:
``bal1`` class-weighted fine-type loss of weight 1, ``e3`` three epochs, ``ctx2`` the sentence before as a pair),
once per fold of ``engine.reviews.fit``'s five folds of forums, each model exported to int8 ONNX as it ships and
each held-out sentence scored alone on ONNX Runtime (with ``exact_int8``'s rewrite): ``OUT/oof_NAME.npz`` holds
``zq``/``zfq`` (int8, as shipped) and ``z``/``zf`` (the float model on the GPU); for ``base`` also each fold
model's mean-pooled vectors of every unit (``vecsK.npy``, float16), for a fine-type head fitted out of fold.
Needs torch, transformers, onnx, onnxruntime and scikit-learn (the GPU machine's image has them); nothing is
shipped from here. Run in issue 33's fifth round as two inline drafts of this module on an H100 (about 100 s
each); the figures are in docs/comments.md.
"""
import copy, json, os, sys, time
from pathlib import Path
import numpy as np

from bench.train_comment_encoder import BATCH, EPOCHS, FINE, FOLDS, SEED

T0 = time.time()
#: The shipped encoder's learning rate (``resources/models/comments/encoder.json``, ``training.lr``; the trainer's
#: ``--lr``), not the trainer's default.
LR = 5e-5
DEV = "cuda"


def log(*a):
    print(f"{time.time() - T0:6.1f}s", *a, flush=True)


def main(argv=None):
    global states, DEV
    import torch
    DEV = "cuda" if torch.cuda.is_available() else "cpu"  # the CPU only for a smoke test (SMOKE_UNITS)
    from transformers import BertConfig, BertModel
    from safetensors.torch import load_file
    args = argv if argv is not None else sys.argv[1:]
    HERE, OUT = Path(args[0]), Path(args[1])
    names = args[2:] or ["base"]
    OUT.mkdir(parents=True, exist_ok=True)
    cfg = BertConfig(**json.loads((HERE / "config.json").read_text()))
    try:
        base = BertModel._from_config(cfg, attn_implementation="eager")
    except Exception as e:
        log("from_config:", e); cfg._attn_implementation = "eager"; base = BertModel(cfg)
    sd = {k: v.float() for k, v in load_file(str(HERE / "weights.safetensors")).items() if k != "embeddings.position_ids"}
    r = base.load_state_dict(sd, strict=False); log("load", r)
    base.eval()
    u = np.load(HERE / "units.npz")
    y, fine, group = u["y"].astype(np.float32), u["fine"], u["group"]
    ids = np.split(u["flat"], np.cumsum(u["lens"])[:-1])
    if os.environ.get("SMOKE_UNITS"):  # a smoke test: the first N units only
        n = int(os.environ["SMOKE_UNITS"]); y, fine, group, ids = y[:n], fine[:n], group[:n], ids[:n]
    pr = np.load(HERE / "pairs.npz")
    pids = np.split(pr["flat"], np.cumsum(pr["lens"])[:-1]); ptypes = np.split(pr["types"], np.cumsum(pr["lens"])[:-1])
    pids, ptypes = pids[:len(ids)], ptypes[:len(ids)]
    log(len(ids), "units", int(y.sum()), "actionable", torch.cuda.get_device_name() if DEV == "cuda" else "cpu")
    def embed(idl, tyl=None):
        out = []
        with torch.no_grad():
            for j, s in enumerate(idl):
                t = torch.tensor([s.astype(np.int64)])
                tt = torch.zeros_like(t) if tyl is None else torch.tensor([tyl[j].astype(np.int64)])
                out.append(base.embeddings(input_ids=t, token_type_ids=tt)[0].numpy().astype(np.float16))
        return out
    single_states = embed(ids); pair_states = embed(pids, ptypes); states = single_states
    log("states")
    def make_top(n_top=6):
        class Top(torch.nn.Module):
            def __init__(self):
                super().__init__()
                n = cfg.num_hidden_layers
                self.layers = torch.nn.ModuleList(copy.deepcopy(base.encoder.layer[n - n_top:]))
                self.binary = torch.nn.Linear(cfg.hidden_size, 1)
                self.fine = torch.nn.Linear(cfg.hidden_size, len(FINE))
            def forward(self, h, mask, pooled_too=False):
                ext = (1.0 - mask[:, None, None, :]) * -1e4
                for layer in self.layers:
                    out = layer(h, attention_mask=ext)
                    h = out[0] if isinstance(out, tuple) else out
                pooled = (h * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
                if pooled_too:
                    return self.binary(pooled)[:, 0], self.fine(pooled), pooled
                return self.binary(pooled)[:, 0], self.fine(pooled)
        return Top()
    def batch(idx):
        n = max(len(states[i]) for i in idx)
        h = torch.zeros(len(idx), n, states[idx[0]].shape[1]); m = torch.zeros(len(idx), n)
        for k, i in enumerate(idx):
            h[k, :len(states[i])] = torch.from_numpy(states[i].astype(np.float32)); m[k, :len(states[i])] = 1
        return h.to(DEV), m.to(DEV)
    def train_top(idx, fine_w=0.5, balanced=False, epochs=EPOCHS):
        torch.manual_seed(SEED); rng = np.random.default_rng(SEED)
        top = make_top().to(DEV)
        opt = torch.optim.AdamW(top.parameters(), lr=LR, weight_decay=0.01)
        steps = epochs * ((len(idx) + BATCH - 1) // BATCH)
        sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps))
        pw = torch.tensor((1 - y[idx].mean()) / y[idx].mean()).to(DEV)
        cw = None
        if balanced:
            f = fine[idx]; cnt = np.bincount(f[f >= 0], minlength=len(FINE)).astype(np.float32)
            cw = torch.tensor(cnt.sum() / (len(FINE) * np.maximum(cnt, 1))).to(DEV)
        top.train()
        for ep in range(epochs):
            order = idx[np.argsort([len(states[i]) + rng.random() * 8 for i in idx])]
            bs = [order[b:b + BATCH] for b in range(0, len(order), BATCH)]; rng.shuffle(bs)
            tot = 0.0
            for bidx in bs:
                h, m = batch(list(bidx)); zb, zf = top(h, m)
                loss = torch.nn.functional.binary_cross_entropy_with_logits(zb, torch.from_numpy(y[bidx]).to(DEV), pos_weight=pw)
                f = torch.from_numpy(fine[bidx]).to(DEV)
                if (f >= 0).any():
                    loss = loss + fine_w * torch.nn.functional.cross_entropy(zf[f >= 0], f[f >= 0], weight=cw)
                opt.zero_grad(); loss.backward(); opt.step(); sched.step(); tot += float(loss.detach())
            log(f"  epoch {ep+1} loss {tot/len(bs):.4f}")
        top.eval(); return top
    def predict(top, idx):
        zb, zf, pv = [], [], []
        with torch.no_grad():
            for b in range(0, len(idx), 256):
                h, m = batch(list(idx[b:b + 256])); a, f, p = top(h, m, True)
                zb.append(a.cpu().numpy()); zf.append(f.cpu().numpy()); pv.append(p.cpu().numpy())
        return np.concatenate(zb), np.concatenate(zf), np.concatenate(pv)
    def onnx_logits(top, idx, tag, pair=False, keep=None):
        import importlib.util
        spec = importlib.util.spec_from_file_location('exact_int8', Path(__file__).resolve().parents[1] / 'engine' / 'models' / 'encoders' / 'exact_int8.py')
        mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod); exact_integer_products = mod.exact_integer_products
        import onnx, onnxruntime as ort
        from onnxruntime.quantization import QuantType, quantize_dynamic
        top = top.cpu()
        class Export(torch.nn.Module):
            def __init__(self):
                super().__init__(); self.embeddings = base.embeddings; self.top = top
            def forward(self, input_ids, attention_mask, token_type_ids):
                h = self.embeddings(input_ids=input_ids, token_type_ids=token_type_ids)
                return self.top(h, attention_mask.to(h.dtype))
        model = Export().eval(); x = torch.ones(2, 16, dtype=torch.long)
        fp32, q = f"/tmp/{tag}_fp32.onnx", f"/tmp/{tag}_int8.onnx"
        kw = dict(input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["actionable", "fine"], opset_version=17,
                  dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"}, "token_type_ids": {0: "batch", 1: "tokens"},
                                "actionable": {0: "batch"}, "fine": {0: "batch"}})
        try:
            torch.onnx.export(model, (x, torch.ones_like(x), torch.zeros_like(x)), fp32, dynamo=False, **kw)
        except Exception as e:
            log("legacy export failed:", repr(e)[:300]); torch.onnx.export(model, (x, torch.ones_like(x), torch.zeros_like(x)), fp32, dynamo=True, **kw)
        if keep is not None:
            import shutil; shutil.copy(fp32, keep); return None
        quantize_dynamic(fp32, q, weight_type=QuantType.QInt8)
        g = onnx.load(q); exact_integer_products(g)
        o = ort.SessionOptions(); o.intra_op_num_threads = 1; o.log_severity_level = 3
        sess = ort.InferenceSession(g.SerializeToString(), o, providers=["CPUExecutionProvider"])
        from concurrent.futures import ThreadPoolExecutor
        def one(i):
            a = np.array([(pids if pair else ids)[i].astype(np.int64)])
            tt = np.array([ptypes[i].astype(np.int64)]) if pair else np.zeros_like(a)
            zb, zf = sess.run(None, {"input_ids": a, "attention_mask": np.ones_like(a), "token_type_ids": tt})
            return zb[0], zf[0]
        with ThreadPoolExecutor(14) as ex:
            res = list(ex.map(one, idx))
        return np.array([r[0] for r in res], dtype=np.float32), np.array([r[1] for r in res], dtype=np.float32)
    N = len(ids)
    variants = {"base": (dict(), False), "bal1": (dict(fine_w=1.0, balanced=True), False),
                "e3": (dict(epochs=3), False), "ctx2": (dict(), True)}
    for name in names:
        kw, pair = variants[name]
        states = pair_states if pair else single_states
        z = np.zeros(N, np.float32); zf = np.zeros((N, len(FINE)), np.float32)
        zq = np.full(N, np.nan, np.float32); zfq = np.full((N, len(FINE)), np.nan, np.float32)
        for k in range(FOLDS):
            held = np.flatnonzero(group % FOLDS == k); log(name, "fold", k)
            top = train_top(np.flatnonzero(group % FOLDS != k), **kw)
            a, f, p = predict(top, np.arange(N)); z[held], zf[held] = a[held], f[held]
            if name == "base":
                np.save(OUT / f"vecs{k}.npy", p.astype(np.float16))
            zq[held], zfq[held] = onnx_logits(top, held, f"{name}{k}", pair)
            log("int8 against float, largest logit difference:", float(np.abs(zq[held] - z[held]).max()))
            np.savez(OUT / f"oof_{name}.npz", z=z, zf=zf, zq=zq, zfq=zfq, done=k + 1)
    log("end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
