"""bench.sort_misses: each cause of a miss, on synthetic token lists (no corpus needed)."""

from bench.sort_misses import classify, table, text_layer

WORDS = ("we measure the response of each sample under load and compare it with the model that the previous "
         "section derived from first principles while the noise stays small").split()


def test_split_over_two_pieces_with_other_text():
    window = [["a", "running", "head"], WORDS[:14] + ["figure", "caption", "words", "here", "and", "more"],
              ["table", "one"], WORDS[14:]]
    cause, detail = classify(WORDS, set(), window, text_layer(WORDS))
    assert cause == "split"
    assert detail["pieces"] == 2


def test_words_joined_and_hyphens():
    pdf = WORDS[:4] + ["ofeach"] + WORDS[6:12] + ["wi", "th"] + WORDS[13:]
    cause, detail = classify(WORDS, set(), [pdf], text_layer(pdf))
    assert cause == "words"
    assert detail["weights"]["words"] >= 3


def test_maths_tokens():
    ref = WORDS[:10] + ["x", "i", "alpha", "beta", "j"] + WORDS[10:]
    pdf = WORDS[:10] + ["α", "β"] + WORDS[10:]
    cause, _ = classify(ref, {"x", "i", "alpha", "beta", "j"}, [pdf], text_layer(pdf))
    assert cause == "maths"


def test_absent_from_paragraphs_but_in_text_layer_and_latex_side():
    tail = "this sentence was printed in the margin".split()
    ref = WORDS + tail
    layer = text_layer(WORDS + ["x"] + tail)
    assert classify(ref, set(), [WORDS], layer)[0] == "absent"
    assert classify(ref, set(), [WORDS], text_layer(WORDS))[0] == "latex-side"


def test_interleaved_float_text_and_run_in():
    pdf = WORDS[:12] + "table two lists the samples and their loads".split() + WORDS[12:]
    assert classify(WORDS, set(), [pdf], text_layer(pdf))[0] == "run-in"  # all there, inside one paragraph
    for k in (4, 9, 20):  # three words lost besides: under 0.9 covered
        pdf[k if k < 12 else k + 8] = "zz"
    cause, detail = classify(WORDS, set(), [pdf], text_layer(pdf))
    assert cause == "interleaved", detail


def test_table_counts_per_class():
    results = {"a": {"class": "plos", "misses": [{"cause": "split"}, {"cause": "words"}]},
               "b": {"class": "llncs", "misses": [{"cause": "split"}]}}
    rows = [row.split() for row in table(results).splitlines()]
    col = {name: k for k, name in enumerate(rows[0])}
    last = rows[-1]
    assert [last[0], last[col["misses"]], last[col["split"]], last[col["words"]]] == ["all", "3", "2", "1"]
    assert [rows[2][0], rows[2][col["split"]]] == ["plos", "1"]


def test_breaks_and_maths_between_pieces():
    window = [WORDS[:14], WORDS[14:]]
    assert classify(WORDS, set(), window, text_layer(WORDS), ["body", "body"], breaks=True)[0] == "breaks"
    window = [WORDS[:14], ["x", "y"], WORDS[14:]]
    cause, detail = classify(WORDS, set(), window, text_layer(WORDS), ["body", "equation", "body"])
    assert cause == "split-maths" and detail["between"] == ["equation"]


def test_a_piece_further_off_than_the_window():
    tail = "this sentence was printed in the margin".split()
    ref = WORDS + tail
    layer = text_layer(WORDS + ["x"] + tail)
    cause, _ = classify(ref, set(), [WORDS], layer, read=text_layer(tail))
    assert cause == "split-far"
