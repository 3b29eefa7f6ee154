"""What the page's scripts read as a modifier's ``value``: the number added per count, or, for a modifier
worked out from a formula, its amount by count ({"0": 0, "1": 0, "2": -1, ...}), which the scripts look up
(``v[n] ?? v * n``) where they would multiply."""

from __future__ import annotations


def page_value(mod) -> int | dict[str, int]:
    if mod.formula is None:
        return mod.value
    return {str(count): amount for count, amount in mod.amounts()}
