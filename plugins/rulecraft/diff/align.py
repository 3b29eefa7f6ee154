"""Matching the items of two lists (rows, steps, modifiers) across versions."""

from __future__ import annotations

from difflib import SequenceMatcher


def align(old: list, new: list, key_of, text_of) -> list[tuple[int | None, int | None]]:
    """Pairs (old index, new index) of the same item in two lists, None on the side it is missing from: by
    key where both have one, the rest by their text in order (a reworded item in its place is a change)."""
    pairs: list[tuple[int | None, int | None]] = []
    new_by_key: dict[str, int] = {}
    for j, item in enumerate(new):
        key = key_of(item)
        if key is not None:
            new_by_key.setdefault(key, j)
    matched_old, matched_new = set(), set()
    for i, item in enumerate(old):
        key = key_of(item)
        j = new_by_key.get(key) if key is not None else None
        if j is not None and j not in matched_new:
            pairs.append((i, j))
            matched_old.add(i)
            matched_new.add(j)
    rest_old = [i for i, item in enumerate(old) if i not in matched_old and key_of(item) is None]
    rest_new = [j for j, item in enumerate(new) if j not in matched_new and key_of(item) is None]
    a, b = [text_of(old[i]) for i in rest_old], [text_of(new[j]) for j in rest_new]
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal" or tag == "replace":
            for k in range(min(i2 - i1, j2 - j1)):
                pairs.append((rest_old[i1 + k], rest_new[j1 + k]))
            extra_old, extra_new = range(i1 + min(i2 - i1, j2 - j1), i2), range(j1 + min(i2 - i1, j2 - j1), j2)
        else:
            extra_old, extra_new = range(i1, i2), range(j1, j2)
        pairs.extend((rest_old[k], None) for k in extra_old)
        pairs.extend((None, rest_new[k]) for k in extra_new)
    matched_old.update(i for i, _ in pairs if i is not None)
    matched_new.update(j for _, j in pairs if j is not None)
    pairs.extend((i, None) for i in range(len(old)) if i not in matched_old)
    pairs.extend((None, j) for j in range(len(new)) if j not in matched_new)
    return sorted(pairs, key=lambda p: (p[1] if p[1] is not None else p[0] - 0.5, p[0] or 0))
