"""A built site drops the YAML positions after the check (memory); any later question gets the same answer."""

from __future__ import annotations

from pathlib import Path

from rulecraft.loader import load_rulebook
from rulecraft.models.completeness import designer_notes, todo_items
from rulecraft.models.index import build_index, iter_models, iter_strings

RULES = Path(__file__).resolve().parents[3] / "rules_data"


def every_answer(book) -> list:
    """Every location a check could ask for: each field (value and key) of every model, and a spot inside
    each of its texts (block, folded and quoted strings give per-line answers)."""
    found = []
    for game in book.games.values():
        for obj in iter_models(game):
            for name in obj.__dict__:  # the fields, in declaration order (models and records alike)
                found.append(game.where(obj, name))
                found.append(game.where(obj, name, key=True))
            for subpath, _name, text in iter_strings(obj):
                if len(text) > 1:
                    middle = len(text) // 2
                    found.append(game.where_in_text(obj, subpath, middle, text[middle]))
    return found


def test_positions_read_again_after_release_are_the_same():
    book = load_rulebook(RULES)
    assert len(book.games) >= 5
    before = every_answer(book)
    book.release_positions()
    docs = [doc for game in book.games.values() for doc in game.documents.values()]
    assert docs and all(doc.released and not doc.values and not doc.keys and doc.data is None for doc in docs)
    assert every_answer(book) == before
    assert not any(doc.released for doc in docs)  # asked again: read again, once


def test_the_status_page_locations_need_no_second_read():
    fresh = load_rulebook(RULES)
    expected = {g: (list(todo_items(build_index(game))), list(designer_notes(build_index(game))))
                for g, game in fresh.games.items()}
    book = load_rulebook(RULES)
    book.release_positions()
    for game_id, game in book.games.items():
        index = build_index(game)
        got = ([(o.source_path, w, str(loc)) for o, w, loc in todo_items(index)],
               [(o.source_path, n, str(loc)) for o, n, loc in designer_notes(index)])
        todos, notes = expected[game_id]
        assert got == ([(o.source_path, w, str(loc)) for o, w, loc in todos],
                       [(o.source_path, n, str(loc)) for o, n, loc in notes])
    assert all(doc.released for game in book.games.values() for doc in game.documents.values())
    assert any(expected[g][0] or expected[g][1] for g in expected)  # the data has TODOs or notes to find


def test_a_book_from_the_snapshot_is_the_checked_book(tmp_path):
    """What a build reads from the snapshot (snapshot.py) is the loaded book: the same models, the same
    answers to every location question, the same derived views."""
    from rulecraft import snapshot
    from rulecraft.models import records

    book = load_rulebook(RULES)
    book.release_positions()
    snapshot.store(tmp_path / "book.pickle", "k", book)
    again = snapshot.load(tmp_path / "book.pickle", "k")
    assert again is not None and again is not book and list(again.games) == list(book.games)
    for game_id, game in book.games.items():
        copy = again.games[game_id]
        models, copied = list(iter_models(game)), list(iter_models(copy))
        assert [type(m).__name__ for m in copied] == [type(m).__name__ for m in models] and copied == models
        assert all(isinstance(m, records.Record) for m in copied)  # plain objects: no pydantic needed
        for derived in (todo_items, designer_notes):
            assert [(o, t, loc) for o, t, loc in derived(build_index(copy))] == \
                [(o, t, loc) for o, t, loc in derived(build_index(game))]
    assert every_answer(again) == every_answer(book)
