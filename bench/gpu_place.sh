#!/bin/bash
# Session 31's one call on a lent GPU machine (bench/gpu_bundle.py says how to prepare it: prep-place, untrack, size):
# from the repository root there, with .gpu carried, OUT set by the device tool. The refold's five fold models
# (session 30's recipe, no all-papers model: that one is shipped), each scoring its held-out papers' comment-edit
# pairs and its drafts' paragraphs as placement reads them. What comes back: $OUT/align/ (oof.npz, oof_sentences.npz,
# oof_place.npz, log.json), four files of the tool's eight. Extra arguments go to bench/align_encoder_gpu.py (a
# test: --folds 0 1 --steps 2); PYTHON picks the interpreter (python3 there). Logs go to the output's tail.
export PYTHONUNBUFFERED=1
PY=${PYTHON:-python3}; PREP=${PREP:-.gpu/align}  # PREP: the prepared folder (a test: elsewhere)
mkdir -p "$OUT/align"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null || echo "no nvidia-smi: on the CPU"
[ -f "$PREP/weights.safetensors" ] || { echo "$PREP is not prepared (bench.gpu_bundle prep-place)"; exit 1; }
timeout 560 "$PY" bench/align_encoder_gpu.py "$PREP" "$OUT/align" --variants section --no-full "$@" \
  > /tmp/gpu-place.log 2>&1
rc=$?
echo "align rc $rc"
grep -v "step " /tmp/gpu-place.log | tail -40
ls -la "$OUT/align"
exit $rc
