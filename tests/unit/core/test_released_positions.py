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
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
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


def _references(root, fields) -> list:
    """The book's object graph as the order in which each reference reaches an object: (type name, the
    object's number, first visit or not). Equal for two books when the same objects are shared in each."""
    numbers: dict[int, int] = {}
    out = []
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, (str, int, float, type(None), Path)):
            continue
        first = id(obj) not in numbers
        number = numbers.setdefault(id(obj), len(numbers))
        out.append((type(obj).__name__ if not hasattr(obj, "source_file") else "model", number, first))
        if not first:
            continue
        if isinstance(obj, dict):
            stack.extend(x for k in obj for x in (k, dict.__getitem__(obj, k)))
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(sorted(obj) if isinstance(obj, (set, frozenset)) else obj)
        elif hasattr(obj, "source_file"):
            stack.extend(obj.__dict__.values())
        elif type(obj) in fields:
            stack.extend(getattr(obj, f.name) for f in fields[type(obj)])
    return out


def test_the_snapshot_keeps_every_shared_object_shared(tmp_path):
    """An object the book references from several places (a term in its file and in the index, a phase
    in its file and in the numbering, a document in the game and in its lookup table, the game from its
    index) comes back as one object referenced from the same places: the reference graphs are the same."""
    from rulecraft import snapshot
    from rulecraft.checks import check_book

    book = load_rulebook(RULES)
    check_book(book, RULES.parent / "docs", summaries=False)  # the views the checks build are stored too
    book.release_positions()
    snapshot.store(tmp_path / "book.json", "k", book)
    again = snapshot.load(tmp_path / "book.json", "k")
    graph = _references(book, snapshot._FIELDS)
    assert _references(again, snapshot._FIELDS) == graph
    assert sum(not first for _, _, first in graph) > 1000  # the data shares many objects
    for game_id, game in again.games.items():
        index = game.cache.index
        assert game.cache.strings is None and index._matcher is None  # made again on use, not stored
        assert book.games[game_id].cache.strings is not None
        assert index.game is game and all(index.terms[t.id] is t for t in game.terms)
        assert [n.phase for n in index.numbered if n.parent is None] == game.phases
        assert all(n.phase is p for n, p in zip((n for n in index.numbered if n.parent is None), game.phases))
        assert index.term_mentions() == book.games[game_id].cache.index.term_mentions()
        words = [w for t in game.terms for w in t.words][:50]
        assert index.matcher.find(" ".join(words)) == book.games[game_id].cache.index.matcher.find(" ".join(words))
