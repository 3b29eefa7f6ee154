"""Versions: every ``changed_in`` names a version of the game's changelog; versions are listed once."""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from ..models.accepts import subject_of
from ..models.index import GameIndex, iter_models
from ..problems import Problem, warning

_KIND = {"Phase": "phase", "Term": "term", "Card": "card"}


def check(index: GameIndex) -> Iterator[Problem]:
    game = index.game
    changelog = game.info.changelog if game.info else []
    known: dict[str, object] = {}
    for entry in changelog:
        if entry.version in known:
            yield warning("changelog-duplicate", f"version {entry.version} appears twice in the changelog",
                          game.where(entry, "version"), "merge the two entries", game.id,
                          subject_of(entry))
        known.setdefault(entry.version, entry)
    shared = {id(term) for term in game.shared_terms}  # shared glossaries follow no single game's changelog
    for obj in iter_models(game):
        version = getattr(obj, "changed_in", None)
        if version is None or id(obj) in shared or version in known:
            continue
        kind = _KIND.get(type(obj).__name__, type(obj).__name__.lower())
        name = getattr(obj, "id", None) or "?"
        close = difflib.get_close_matches(version, list(known), n=1, cutoff=0.6)
        if close:
            hint = f"did you mean '{close[0]}'? versions in the changelog: " + ", ".join(known)
        elif known:
            hint = f"add a changelog entry for {version} in game.yaml, or use one of: " + ", ".join(known)
        else:
            hint = f"add it to game.yaml: changelog: [{{version: \"{version}\", changes: [...]}}]"
        yield warning("changed-in-unknown", f"{kind} '{name}' is marked changed_in {version}, but the changelog "
                      f"has no version {version}", game.where(obj, "changed_in"), hint, game.id, subject_of(obj))
