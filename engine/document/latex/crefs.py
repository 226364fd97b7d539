"""cleveref's references to several labels at once: ``\\cref{a,b,c}`` and ``\\crefrange{a}{b}``.

One label reads as before (``LatexText.ref_label``: "section 2", "eq. (3)"); several, as cleveref prints them:
the labels of one kind after one plural name, three or more consecutive numbers as a range ("sections 2 to 4",
"figs. 1 and 3", "section 2 and fig. 5"), a range as its two ends ("tables 1 to 3"). Before, the reader looked up
the whole list as one label and printed "??" (session 33, a revised side's range of sections).
"""

from __future__ import annotations

from collections.abc import Callable

RANGES = ("crefrange", "Crefrange")


def several(ref_label: Callable[[str, str], str], labels: dict[str, tuple[str, str]], name: str,
            keys: list[str], is_range: bool = False) -> str:
    """The text of ``\\cref``/``\\Cref`` (``name``) over ``keys``; ``is_range`` for ``\\crefrange``."""
    single = "Cref" if name.startswith("C") else "cref"
    groups: list[tuple[str, str, list[str]]] = []  # (kind, name, numbers as printed)
    for key in keys:
        kind, number = labels.get(key, ("", "??"))
        text = ref_label(single, key)
        shown = f"({number})" if text.endswith(f"({number})") else number
        word = text[: len(text) - len(shown)].strip() if text.endswith(shown) else ""
        if groups and groups[-1][0] == kind and kind and groups[-1][1] == word:
            groups[-1][2].append(shown)
        else:
            groups.append((kind, word, [shown]))
    parts = []
    for _, word, numbers in groups:
        if is_range and len(numbers) == 2 and numbers[0] == numbers[-1]:  # a range within one number: that number
            numbers = numbers[:1]
        listed = f"{numbers[0]} to {numbers[-1]}" if is_range and len(numbers) == 2 else _numbers(numbers)
        plural = _plural(word) if len(numbers) > 1 else word
        parts.append(f"{plural} {listed}".strip())
    return _join(parts)


def _numbers(numbers: list[str]) -> str:
    """Numbers joined, runs of three or more consecutive integers as "a to b" (cleveref's compression)."""
    runs: list[list[str]] = []
    for n in numbers:
        digits = n.strip("()")
        if runs and digits.isdigit() and runs[-1][-1].strip("()").isdigit() and int(runs[-1][-1].strip("()")) + 1 == int(digits):
            runs[-1].append(n)
        else:
            runs.append([n])
    return _join([f"{r[0]} to {r[-1]}" if len(r) >= 3 else " and ".join(r) if len(r) == 2 else r[0] for r in runs])


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _plural(word: str) -> str:
    """cleveref's plural of a reference name: "section" -> "sections", "fig." -> "figs.", "Appendix" -> "Appendices"."""
    if not word:
        return word
    if word.endswith("."):
        return word[:-1] + "s."
    if word.endswith("ix"):
        return word[:-2] + "ices"
    return word if word.endswith("s") else word + "s"
