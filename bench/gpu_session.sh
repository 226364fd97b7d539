#!/bin/bash
# The one call on a lent GPU machine (bench/gpu_bundle.py says how to prepare it): from the repository root there,
# with .gpu carried, OUT set by the device tool. Both fine-tunings run side by side on the one GPU (each is small);
# what comes back: $OUT/align/ (oof.npz, oof_sentences.npz, log.json, section_layers_{a,b}.safetensors) and
# $OUT/ctx/ (oof_ctx2.npz, oof_base.npz), and since session 31 $OUT/align/oof_place.npz (the drafts' paragraphs,
# bench.place_oof): eight files, the tool's eight. Logs go to the output's tail.
export PYTHONUNBUFFERED=1
L=/tmp/gpu-logs; mkdir -p "$L" "$OUT/align" "$OUT/ctx" /tmp/ctxout
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
python3 -m bench.gpu_bundle assemble .gpu || { echo "assemble failed"; exit 1; }
( timeout 530 python3 bench/align_encoder_gpu.py .gpu/align "$OUT/align" --variants section > "$L/align.log" 2>&1
  echo "align rc $?" >> "$L/rc" ) &
( timeout 530 python3 -m bench.crossfit_encoder_gpu .gpu/ctx /tmp/ctxout ctx2 base > "$L/ctx.log" 2>&1
  echo "ctx rc $?" >> "$L/rc"; cp /tmp/ctxout/oof_ctx2.npz /tmp/ctxout/oof_base.npz "$OUT/ctx/" 2>/dev/null ) &
wait
cat "$L/rc"
echo "==== align"; grep -v "step " "$L/align.log" | tail -40
echo "==== ctx"; grep -v "step " "$L/ctx.log" | tail -40
ls -la "$OUT/align" "$OUT/ctx"
