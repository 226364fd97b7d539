"""Measurements behind the figures in README.md and docs/, run as modules from the repository root.

    .venv/bin/python -m bench.bench_extract          # one script: python -m bench.<name>
    make bench                                       # every bench_* module, one after another

Prefixes:

- ``bench_*``: speed and quality figures that ``make bench`` reruns (each prints its table);
- ``measure_*``, ``choose_*``, ``tune_*``, ``build_*``: one-off measurements, choices of a setting and
  gold-label builders that the docs cite; run by hand, some pinned by a test that imports them.

Nothing here is shipped (the wheel and the bundle hold ``engine``, ``widgets``, ``desktop``,
``redraft_app`` and ``resources``); tests may import from here (``bench.measure_fact_checks``), never the reverse; the tiny-GGUF
factory both use is in ``testkit/``.
"""
