"""Rule data as a group's ruling reads it: a dice table with a ruling's changes applied, and which question
rules which table or constant. Pydantic-free (records and models both copy with ``model_copy``), shared by
the checker (checks/rulings.py) and the pages (render/rulings.py)."""

from __future__ import annotations

RULED_KINDS = ("phase", "dice", "section")  # an `at:` entry is kind:id of these, or `end`


def ruled_table(table, ruling):
    """``table`` as ``ruling`` reads it (its modifiers' counts or values, its rows); unknown modifiers are
    left as they are (the checker reports them)."""
    change = ruling.dice
    mods = []
    for mod in table.modifiers:
        edit = change.modifiers.get(mod.id)
        update = {} if edit is None else {k: v for k, v in (("count", edit.count), ("value", edit.value))
                                          if v is not None}
        if "count" in update:
            update["assumed"] = None  # the ruling settles the count: no longer an assumption
        mods.append(mod.model_copy(update=update) if update else mod)
    update = {"modifiers": mods}
    if change.rows is not None:
        update["rows"] = list(change.rows)
    return table.model_copy(update=update)


def questions_with_rulings(info) -> list:
    return [q for q in (info.open_questions if info else []) if q.rulings]


def table_rulings(info) -> dict[str, object]:
    """The question whose rulings change each dice table, by table id (the first, where the checker refuses
    a second)."""
    found: dict[str, object] = {}
    for question in questions_with_rulings(info):
        for ruling in question.rulings:
            if ruling.dice is not None:
                found.setdefault(ruling.dice.table, question)
    return found


def constant_rulings(info) -> dict[str, object]:
    """The question whose rulings set each constant, by constant id (the first, as above)."""
    found: dict[str, object] = {}
    for question in questions_with_rulings(info):
        for ruling in question.rulings:
            if ruling.const is not None:
                found.setdefault(ruling.const, question)
    return found


def questions_at(info, kind: str, target: str | None = None) -> list:
    """The questions with rulings that arise at a rule: ('dice', 'retirement'), ('end', None)."""
    key = kind if target is None else f"{kind}:{target}"
    return [q for q in questions_with_rulings(info) if key in q.at]
